CREATE TABLE "capacity_pool_ticket_types" (
	"pool_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	CONSTRAINT "capacity_pool_ticket_types_pool_id_ticket_type_id_pk" PRIMARY KEY("pool_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "capacity_pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"remaining" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_pools_remaining_nonnegative" CHECK ("capacity_pools"."remaining" >= 0),
	CONSTRAINT "capacity_pools_remaining_le_capacity" CHECK ("capacity_pools"."remaining" <= "capacity_pools"."capacity")
);
--> statement-breakpoint
ALTER TABLE "capacity_pool_ticket_types" ADD CONSTRAINT "capacity_pool_ticket_types_pool_id_capacity_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."capacity_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_pool_ticket_types" ADD CONSTRAINT "capacity_pool_ticket_types_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_pools" ADD CONSTRAINT "capacity_pools_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_pool_ticket_types_type_idx" ON "capacity_pool_ticket_types" USING btree ("ticket_type_id","pool_id");--> statement-breakpoint
CREATE INDEX "capacity_pools_event_idx" ON "capacity_pools" USING btree ("event_id");