CREATE TABLE "event_billing_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"billing_details_required" boolean DEFAULT false NOT NULL,
	"reverse_charge_enabled" boolean DEFAULT false NOT NULL,
	"seller_country" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_billing_details" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"vat_id" text,
	"vat_id_format_valid" boolean DEFAULT false NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"file_key" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"seller_key" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"number_prefix" text NOT NULL,
	"number_format" text NOT NULL,
	"issue_mode" text DEFAULT 'automatic' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"seller_key" text NOT NULL,
	"prefix" text NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_seller_key_prefix_pk" PRIMARY KEY("seller_key","prefix")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"seller_key" text NOT NULL,
	"prefix" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refers_to_id" uuid,
	"refund_id" uuid,
	"cancels_id" uuid,
	"replaces_id" uuid,
	"currency" text NOT NULL,
	"language" text NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_billing_settings" ADD CONSTRAINT "event_billing_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_billing_details" ADD CONSTRAINT "order_billing_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_erase_idx" ON "account_deletions" USING btree ("erase_after");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("seller_key","prefix","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_first_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."replaces_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_key" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_cancels_key" ON "invoices" USING btree ("cancels_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_replaces_key" ON "invoices" USING btree ("replaces_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");