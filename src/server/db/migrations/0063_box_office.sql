CREATE TABLE "box_office_sales" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"seller_id" uuid,
	"method" text NOT NULL,
	"total_cents" integer NOT NULL,
	"tendered_cents" integer,
	"change_cents" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_sales_total_nonnegative" CHECK ("box_office_sales"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "door_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"allow_re_entry" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "box_office_sales" ADD CONSTRAINT "box_office_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_sales" ADD CONSTRAINT "box_office_sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_sales" ADD CONSTRAINT "box_office_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_settings" ADD CONSTRAINT "door_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_sales_key" ON "box_office_sales" USING btree ("event_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "box_office_sales_seller_idx" ON "box_office_sales" USING btree ("event_id","seller_id","created_at");