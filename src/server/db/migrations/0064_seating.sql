CREATE TABLE "event_seating" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"ticket_types" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_seats" (
	"event_id" uuid NOT NULL,
	"seat_id" text NOT NULL,
	"order_id" uuid,
	"claimed_until" timestamp with time zone NOT NULL,
	CONSTRAINT "event_seats_event_id_seat_id_pk" PRIMARY KEY("event_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "seating_plan_versions" (
	"plan_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"seat_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seating_plan_versions_plan_id_version_pk" PRIMARY KEY("plan_id","version")
);
--> statement-breakpoint
CREATE TABLE "seating_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_plan_version_fk" FOREIGN KEY ("plan_id","version") REFERENCES "public"."seating_plan_versions"("plan_id","version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seating_plan_versions" ADD CONSTRAINT "seating_plan_versions_plan_id_seating_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."seating_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seating_plans" ADD CONSTRAINT "seating_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_seats_order_idx" ON "event_seats" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "seating_plans_owner_idx" ON "seating_plans" USING btree ("owner_id");