CREATE TABLE "affiliate_attributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"reversed_for_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_attributions_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_commission_rules" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commission_rules_value" CHECK ("affiliate_commission_rules"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"attribution_id" uuid,
	"event_id" uuid,
	"reference" text,
	"available_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_w9" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"business_name" text,
	"tax_classification" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"tin_type" text NOT NULL,
	"tin_sealed" text NOT NULL,
	"tin_last4" text NOT NULL,
	"signature_name" text NOT NULL,
	"signed_on" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_w9_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"read_by" uuid,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"payout_method" text,
	"payout_details" text,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"bucket" integer NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"event_id" uuid,
	"referral_code" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"earnings_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_counts_nonnegative" CHECK ("referrals"."clicks" >= 0 and "referrals"."conversions" >= 0)
);
--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commission_rules" ADD CONSTRAINT "affiliate_commission_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_attribution_id_affiliate_attributions_id_fk" FOREIGN KEY ("attribution_id") REFERENCES "public"."affiliate_attributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_w9" ADD CONSTRAINT "affiliate_w9_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_w9_reads" ADD CONSTRAINT "affiliate_w9_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_w9_reads" ADD CONSTRAINT "affiliate_w9_reads_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_attributions_open_idx" ON "affiliate_attributions" USING btree ("status") WHERE "affiliate_attributions"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "affiliate_ledger_affiliate_idx" ON "affiliate_ledger" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_one_commission_key" ON "affiliate_ledger" USING btree ("attribution_id") WHERE "affiliate_ledger"."kind" = 'commission';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_clicks_once_key" ON "referral_clicks" USING btree ("referral_id","visitor_key","bucket","test");--> statement-breakpoint
CREATE INDEX "referral_clicks_referral_idx" ON "referral_clicks" USING btree ("referral_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_event_key" ON "referrals" USING btree ("referrer_id","event_id") WHERE "referrals"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_site_key" ON "referrals" USING btree ("referrer_id") WHERE "referrals"."event_id" is null;