-- Check-in lists by day or gate (decision 116): an organizer-defined list of ticket types, a gate
-- and a window; the door app downloads its rules with the tickets and decides offline.
CREATE TABLE "door_check_in_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"gate" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "door_check_in_lists_window" CHECK ("door_check_in_lists"."valid_from" is null or "door_check_in_lists"."valid_until" is null or "door_check_in_lists"."valid_from" < "door_check_in_lists"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "door_check_in_lists" ADD CONSTRAINT "door_check_in_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_check_in_lists_event_idx" ON "door_check_in_lists" USING btree ("event_id","created_at");