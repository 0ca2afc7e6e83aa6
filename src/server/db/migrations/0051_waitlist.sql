CREATE SEQUENCE "public"."waitlist_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"language" text,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"position" bigint,
	"offered_quantity" integer,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_quantity_positive" CHECK ("waitlist_entries"."quantity" > 0),
	CONSTRAINT "waitlist_entries_offer_shape" CHECK ("waitlist_entries"."status" <> 'offered' or ("waitlist_entries"."offered_quantity" > 0 and "waitlist_entries"."offer_expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "waitlist_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"offer_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_settings_offer_hours" CHECK ("waitlist_settings"."offer_hours" between 1 and 336)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_settings" ADD CONSTRAINT "waitlist_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("ticket_type_id","status","position");--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_idx" ON "waitlist_entries" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_due_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_entries_order_idx" ON "waitlist_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_email_key" ON "waitlist_entries" USING btree ("ticket_type_id",lower("email")) WHERE "waitlist_entries"."status" in ('unconfirmed', 'waiting', 'offered');