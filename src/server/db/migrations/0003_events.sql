CREATE TYPE "public"."event_status" AS ENUM('draft', 'published', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."event_visibility" AS ENUM('public', 'private');--> statement-breakpoint
CREATE TABLE "categories" (
	"name" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"occurrences" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"venue_name" text,
	"address" text,
	"city" text,
	"country" text,
	"location" text DEFAULT '' NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"online_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"capacity" integer,
	"is_free" boolean DEFAULT true NOT NULL,
	"event_status" "event_status" DEFAULT 'draft' NOT NULL,
	"visibility" "event_visibility" DEFAULT 'public' NOT NULL,
	"access_token" text,
	"total_tickets_sold" integer DEFAULT 0 NOT NULL,
	"free_tickets_sold" integer DEFAULT 0 NOT NULL,
	"paid_tickets_sold" integer DEFAULT 0 NOT NULL,
	"signup_count" integer DEFAULT 0 NOT NULL,
	"earnings" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_referral_based" boolean DEFAULT false NOT NULL,
	"referral_code" text,
	"payment_status" text,
	"vendor_fee_amount" numeric(10, 2),
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cover_image" text,
	"series_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("events"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("events"."location", '') || ' ' || coalesce("events"."category", '')), 'B') || setweight(to_tsvector('english', left(coalesce("events"."description", ''), 4000)), 'C')) STORED,
	CONSTRAINT "events_access_token_unique" UNIQUE("access_token"),
	CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" is null or "events"."capacity" > 0),
	CONSTRAINT "events_counters_nonnegative" CHECK ("events"."total_tickets_sold" >= 0 and "events"."signup_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organizer_follows" (
	"follower_id" uuid NOT NULL,
	"organizer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizer_follows_follower_id_organizer_id_pk" PRIMARY KEY("follower_id","organizer_id")
);
--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_categories_name_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_follows" ADD CONSTRAINT "organizer_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_follows" ADD CONSTRAINT "organizer_follows_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_public_list_idx" ON "events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "events"."event_status" = 'published' and "events"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "events_public_date_idx" ON "events" USING btree ("date") WHERE "events"."event_status" = 'published' and "events"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_user_idx" ON "events" USING btree ("user_id","starts_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_expiry_idx" ON "events" USING btree ("starts_at") WHERE "events"."event_status" in ('published', 'draft');--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizer_follows_organizer_idx" ON "organizer_follows" USING btree ("organizer_id");--> statement-breakpoint
-- spec §3 event categories: reference data.
INSERT INTO "categories" ("name", "slug") VALUES
('Conference', 'conference'),
('Convention', 'convention'),
('Festival', 'festival'),
('Fundraiser', 'fundraiser'),
('Gala', 'gala'),
('Meeting', 'meeting'),
('Networking', 'networking'),
('Non-Profit Event', 'non-profit-event'),
('Open House', 'open-house'),
('Party', 'party'),
('Performance', 'performance'),
('Professional Event', 'professional-event'),
('Retreat', 'retreat'),
('Reunion', 'reunion'),
('Screening', 'screening'),
('Seminar', 'seminar'),
('Sporting Event or Competition', 'sporting-event-or-competition'),
('Tasting', 'tasting'),
('Tour', 'tour'),
('Trip', 'trip'),
('Wedding', 'wedding'),
('Workshop or Class', 'workshop-or-class'),
('Workshop', 'workshop'),
('Music', 'music'),
('Arts', 'arts'),
('Business', 'business'),
('Sports', 'sports'),
('Food', 'food'),
('Other', 'other')
ON CONFLICT DO NOTHING;
