CREATE TABLE "platform_tax_item_rates" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_thousandths" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_tax_item_rates_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "platform_tax_item_rates_rate_range" CHECK ("platform_tax_item_rates"."rate_thousandths" >= 0 and "platform_tax_item_rates"."rate_thousandths" <= 100000),
	CONSTRAINT "platform_tax_item_rates_kind" CHECK ("platform_tax_item_rates"."kind" in ('plan', 'vendor_fee', 'ad_budget'))
);
