CREATE TABLE "apple_pass_registrations" (
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"needs_push" boolean DEFAULT false NOT NULL,
	"push_after" timestamp with time zone,
	"push_failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apple_pass_registrations_device_library_id_pass_type_id_ticket_id_pk" PRIMARY KEY("device_library_id","pass_type_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_event_changes" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_ticket_changes" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apple_pass_registrations" ADD CONSTRAINT "apple_pass_registrations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_event_changes" ADD CONSTRAINT "wallet_pass_event_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_ticket_changes" ADD CONSTRAINT "wallet_pass_ticket_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_ticket_idx" ON "apple_pass_registrations" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_due_idx" ON "apple_pass_registrations" USING btree ("push_after") WHERE "apple_pass_registrations"."needs_push";--> statement-breakpoint
-- Hand-written, like every trigger: drizzle-kit has none. A wallet pass changes when what it
-- shows changes (decision 089), whichever path made the change: its ticket's code (a transfer),
-- holder, type or refund; its seat; its event's title, time, place or cancellation. The change
-- is stamped for Apple's "passes updated since" and Last-Modified, and the devices that
-- registered the pass are marked to be woken through APNs.
CREATE FUNCTION wallet_pass_touch_ticket(changed uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_pass_ticket_changes (ticket_id, changed_at) VALUES (changed, now())
    ON CONFLICT (ticket_id) DO UPDATE SET changed_at = excluded.changed_at;
  UPDATE apple_pass_registrations SET needs_push = true, push_after = NULL, push_failures = 0
    WHERE ticket_id = changed;
END $$;
--> statement-breakpoint
CREATE FUNCTION wallet_pass_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.status = 'void') IS DISTINCT FROM (OLD.status = 'void')
    OR NEW.code_version IS DISTINCT FROM OLD.code_version
    OR NEW.transfer_pending IS DISTINCT FROM OLD.transfer_pending
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
    OR NEW.ticket_type_id IS DISTINCT FROM OLD.ticket_type_id THEN
    PERFORM wallet_pass_touch_ticket(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_wallet_pass_changes AFTER UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_ticket_changed();
--> statement-breakpoint
CREATE FUNCTION wallet_pass_seat_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.ticket_id IS NOT NULL
    AND (TG_OP = 'DELETE' OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id
      OR OLD.seat_id IS DISTINCT FROM NEW.seat_id) THEN
    PERFORM wallet_pass_touch_ticket(OLD.ticket_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.ticket_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR OLD.ticket_id IS DISTINCT FROM NEW.ticket_id
      OR OLD.seat_id IS DISTINCT FROM NEW.seat_id) THEN
    PERFORM wallet_pass_touch_ticket(NEW.ticket_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER event_seats_wallet_pass_changes AFTER INSERT OR UPDATE OR DELETE ON event_seats
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_seat_changed();
--> statement-breakpoint
CREATE FUNCTION wallet_pass_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title
    OR NEW.starts_at IS DISTINCT FROM OLD.starts_at
    OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
    OR NEW.location IS DISTINCT FROM OLD.location
    OR (NEW.event_status = 'cancelled') IS DISTINCT FROM (OLD.event_status = 'cancelled') THEN
    INSERT INTO wallet_pass_event_changes (event_id, changed_at) VALUES (NEW.id, now())
      ON CONFLICT (event_id) DO UPDATE SET changed_at = excluded.changed_at;
    UPDATE apple_pass_registrations r SET needs_push = true, push_after = NULL, push_failures = 0
      FROM tickets t WHERE t.id = r.ticket_id AND t.event_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_wallet_pass_changes AFTER UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION wallet_pass_event_changed();
