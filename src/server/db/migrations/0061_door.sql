CREATE TABLE "door_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"gate" text DEFAULT '' NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"code_version" integer NOT NULL,
	"result" text NOT NULL,
	"scanned_by" uuid
);
--> statement-breakpoint
CREATE TABLE "door_ticket_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_signing_keys" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_ticket_changes" ADD CONSTRAINT "door_ticket_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signing_keys" ADD CONSTRAINT "event_signing_keys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_scans_once_idx" ON "door_scans" USING btree ("event_id","device_id","ticket_id","scanned_at");--> statement-breakpoint
CREATE INDEX "door_scans_ticket_idx" ON "door_scans" USING btree ("ticket_id","result");--> statement-breakpoint
CREATE INDEX "door_scans_event_result_idx" ON "door_scans" USING btree ("event_id","result");--> statement-breakpoint
CREATE INDEX "door_ticket_changes_event_idx" ON "door_ticket_changes" USING btree ("event_id","seq");--> statement-breakpoint
-- Every sold ticket and every change the door must hear of (refund, transfer, check-in), from
-- whichever path made it (decision 066).
CREATE FUNCTION door_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
    OR NEW.status IS DISTINCT FROM OLD.status
    OR NEW.code_version IS DISTINCT FROM OLD.code_version
    OR NEW.transfer_pending IS DISTINCT FROM OLD.transfer_pending
    OR NEW.checked_in_at IS DISTINCT FROM OLD.checked_in_at
    OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    INSERT INTO door_ticket_changes (event_id, ticket_id) VALUES (NEW.event_id, NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_door_changes AFTER INSERT OR UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION door_ticket_changed();
