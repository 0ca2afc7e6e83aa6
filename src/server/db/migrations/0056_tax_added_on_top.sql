ALTER TABLE "order_items" ADD COLUMN "tax_added" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" drop column "net_cents";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "net_cents" integer GENERATED ALWAYS AS ("order_items"."quantity" * "order_items"."unit_price_cents" - "order_items"."discount_cents" - case when "order_items"."tax_added" then 0 else "order_items"."tax_cents" end) STORED NOT NULL;
