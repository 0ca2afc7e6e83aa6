CREATE SEQUENCE "public"."realtime_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "event_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"send_push" boolean NOT NULL,
	"send_email" boolean NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_user_id_endpoint_pk" PRIMARY KEY("user_id","endpoint")
);
--> statement-breakpoint
CREATE TABLE "stream_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_title" text NOT NULL,
	"message" text NOT NULL,
	"notification_type" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"seq" bigint DEFAULT nextval('realtime_seq') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigint DEFAULT nextval('realtime_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_notifications" ADD CONSTRAINT "stream_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_notifications" ADD CONSTRAINT "stream_notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_announcements_event_created_idx" ON "event_announcements" USING btree ("event_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stream_notifications_user_unread_idx" ON "stream_notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "stream_notifications"."read" = false;--> statement-breakpoint
CREATE INDEX "stream_notifications_seq_idx" ON "stream_notifications" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "stream_notifications_user_seq_idx" ON "stream_notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_undispatched_idx" ON "notifications" USING btree ("seq") WHERE "notifications"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_seq_idx" ON "notifications" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
-- Rows from before push and email delivery existed are not sent now.
UPDATE "notifications" SET "dispatched_at" = "created_at";--> statement-breakpoint
-- Every update gets a new realtime sequence number, whichever code path makes it, so the socket
-- carries it (spec §4: update events replace the stored copy). Hand-written: drizzle-kit has no triggers.
CREATE FUNCTION "realtime_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := nextval('realtime_seq');
  NEW.updated_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
-- Claiming a row for push and email delivery (dispatched_at) is not a change anyone sees.
CREATE TRIGGER "notifications_realtime_touch" BEFORE UPDATE ON "notifications"
  FOR EACH ROW WHEN (
    OLD.read IS DISTINCT FROM NEW.read OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.message IS DISTINCT FROM NEW.message OR OLD.metadata IS DISTINCT FROM NEW.metadata
  ) EXECUTE FUNCTION "realtime_touch"();--> statement-breakpoint
CREATE TRIGGER "stream_notifications_realtime_touch" BEFORE UPDATE ON "stream_notifications"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "realtime_touch"();
