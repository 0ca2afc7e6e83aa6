CREATE TYPE "public"."booking_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."vendor_payment_status" AS ENUM('pending', 'not_required', 'paid');--> statement-breakpoint
CREATE TYPE "public"."vendor_request_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "booking_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_vendors" (
	"event_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"request_id" uuid,
	"status" text DEFAULT 'approved' NOT NULL,
	"vendor_fee_amount" numeric(10, 2),
	"payment_status" "vendor_payment_status" NOT NULL,
	"paid_order_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_vendors_event_id_vendor_id_pk" PRIMARY KEY("event_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"service_area" text DEFAULT '' NOT NULL,
	"availability" text DEFAULT '' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ratings_rating_range" CHECK ("vendor_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "vendor_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"status" "vendor_request_status" DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"seq" bigint DEFAULT nextval('realtime_seq') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_vendors" ADD CONSTRAINT "event_vendors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_vendors" ADD CONSTRAINT "event_vendors_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_vendors" ADD CONSTRAINT "event_vendors_request_id_vendor_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."vendor_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_vendors" ADD CONSTRAINT "event_vendors_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_requests" ADD CONSTRAINT "vendor_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_requests" ADD CONSTRAINT "vendor_requests_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_requests" ADD CONSTRAINT "vendor_requests_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_open_idx" ON "bookings" USING btree ("event_id","vendor_id") WHERE "bookings"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "bookings_organizer_idx" ON "bookings" USING btree ("organizer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_vendor_idx" ON "bookings" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "event_vendors_vendor_idx" ON "event_vendors" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ratings_event_vendor_idx" ON "vendor_ratings" USING btree ("event_id","vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_ratings_vendor_idx" ON "vendor_ratings" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_requests_one_pending_idx" ON "vendor_requests" USING btree ("event_id","vendor_id") WHERE "vendor_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "vendor_requests_event_created_idx" ON "vendor_requests" USING btree ("event_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_requests_organizer_created_idx" ON "vendor_requests" USING btree ("organizer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_requests_vendor_created_idx" ON "vendor_requests" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_requests_seq_idx" ON "vendor_requests" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "vendor_requests_organizer_seq_idx" ON "vendor_requests" USING btree ("organizer_id","seq");--> statement-breakpoint
CREATE INDEX "vendor_requests_vendor_seq_idx" ON "vendor_requests" USING btree ("vendor_id","seq");--> statement-breakpoint
-- Every change to an application gets a new realtime sequence number, whichever code path makes it,
-- so the organizer's Vendor Applications screen reloads live (spec §7 realtime). Hand-written:
-- drizzle-kit has no triggers; realtime_touch() comes from 0007.
CREATE TRIGGER "vendor_requests_realtime_touch" BEFORE UPDATE ON "vendor_requests"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "realtime_touch"();
