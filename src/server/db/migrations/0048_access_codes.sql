CREATE TABLE "access_code_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"access_code_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_code_ticket_types" (
	"access_code_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	CONSTRAINT "access_code_ticket_types_access_code_id_ticket_type_id_pk" PRIMARY KEY("access_code_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "access_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"usage_limit" integer,
	"valid_until" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_code_orders" ADD CONSTRAINT "access_code_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_orders" ADD CONSTRAINT "access_code_orders_access_code_id_access_codes_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."access_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_ticket_types" ADD CONSTRAINT "access_code_ticket_types_access_code_id_access_codes_id_fk" FOREIGN KEY ("access_code_id") REFERENCES "public"."access_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_code_ticket_types" ADD CONSTRAINT "access_code_ticket_types_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_code_orders_code_idx" ON "access_code_orders" USING btree ("access_code_id");--> statement-breakpoint
CREATE INDEX "access_code_ticket_types_type_idx" ON "access_code_ticket_types" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_event_code_key" ON "access_codes" USING btree ("event_id",upper("code"));--> statement-breakpoint
CREATE INDEX "access_codes_batch_idx" ON "access_codes" USING btree ("batch_id");