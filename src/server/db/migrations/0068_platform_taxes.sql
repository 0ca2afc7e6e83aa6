CREATE TABLE "order_platform_taxes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate_thousandths" integer NOT NULL,
	"tax_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_tax_rates" (
	"kind" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rate_thousandths" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_tax_rates_rate_range" CHECK ("platform_tax_rates"."rate_thousandths" >= 0 and "platform_tax_rates"."rate_thousandths" <= 100000),
	CONSTRAINT "platform_tax_rates_kind" CHECK ("platform_tax_rates"."kind" in ('plan', 'vendor_fee', 'ad_budget'))
);
--> statement-breakpoint
ALTER TABLE "order_platform_taxes" ADD CONSTRAINT "order_platform_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;