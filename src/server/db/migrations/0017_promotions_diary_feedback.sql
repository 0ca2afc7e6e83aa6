CREATE TABLE "promo_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"headline" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_alt" text DEFAULT '' NOT NULL,
	"target_path" text NOT NULL,
	"event_id" uuid,
	"placement" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"daily_budget_cents" integer NOT NULL,
	"total_budget_cents" integer NOT NULL,
	"pricing" text NOT NULL,
	"price_cents" integer NOT NULL,
	"target_categories" text[] DEFAULT '{}' NOT NULL,
	"target_cities" text[] DEFAULT '{}' NOT NULL,
	"target_account_types" text[] DEFAULT '{}' NOT NULL,
	"frequency_cap" integer DEFAULT 5 NOT NULL,
	"spent_millicents" bigint DEFAULT 0 NOT NULL,
	"day_spent_millicents" bigint DEFAULT 0 NOT NULL,
	"spend_day" date,
	"order_id" uuid,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_campaigns_budgets" CHECK ("promo_campaigns"."daily_budget_cents" > 0 and "promo_campaigns"."total_budget_cents" >= "promo_campaigns"."daily_budget_cents" and "promo_campaigns"."price_cents" > 0),
	CONSTRAINT "promo_campaigns_spend_within_budget" CHECK ("promo_campaigns"."spent_millicents" <= "promo_campaigns"."total_budget_cents"::bigint * 1000 and "promo_campaigns"."day_spent_millicents" <= "promo_campaigns"."daily_budget_cents"::bigint * 1000)
);
--> statement-breakpoint
CREATE TABLE "promo_daily_stats" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"spend_millicents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_daily_stats_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "promo_marks" (
	"serve_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_marks_serve_id_kind_pk" PRIMARY KEY("serve_id","kind")
);
--> statement-breakpoint
CREATE TABLE "promo_viewer_caps" (
	"campaign_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_viewer_caps_viewer_day_campaign_id_pk" PRIMARY KEY("viewer","day","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "diary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"mood" text,
	"rating" integer,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_entries_user_event_key" UNIQUE("user_id","event_id"),
	CONSTRAINT "diary_entries_rating_range" CHECK ("diary_entries"."rating" is null or "diary_entries"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "diary_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "diary_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"comment_hidden" boolean DEFAULT false NOT NULL,
	"organizer_reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_feedback_event_user_key" UNIQUE("event_id","user_id"),
	CONSTRAINT "event_feedback_rating_range" CHECK ("event_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_campaigns" ADD CONSTRAINT "promo_campaigns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_daily_stats" ADD CONSTRAINT "promo_daily_stats_campaign_id_promo_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promo_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_marks" ADD CONSTRAINT "promo_marks_campaign_id_promo_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promo_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_viewer_caps" ADD CONSTRAINT "promo_viewer_caps_campaign_id_promo_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."promo_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_feeds" ADD CONSTRAINT "diary_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_photos" ADD CONSTRAINT "diary_photos_entry_id_diary_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."diary_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_photos" ADD CONSTRAINT "diary_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feedback" ADD CONSTRAINT "event_feedback_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feedback" ADD CONSTRAINT "event_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_campaigns_owner_idx" ON "promo_campaigns" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promo_campaigns_live_idx" ON "promo_campaigns" USING btree ("placement","ends_at") WHERE "promo_campaigns"."status" = 'live';--> statement-breakpoint
CREATE INDEX "promo_campaigns_review_idx" ON "promo_campaigns" USING btree ("created_at") WHERE "promo_campaigns"."status" = 'in_review';--> statement-breakpoint
CREATE INDEX "promo_marks_created_idx" ON "promo_marks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "diary_photos_entry_idx" ON "diary_photos" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "event_feedback_user_idx" ON "event_feedback" USING btree ("user_id");