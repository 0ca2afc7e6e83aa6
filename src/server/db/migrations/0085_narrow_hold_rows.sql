-- A flash sale's holds write less (decision 165): the local provider's checkout page of a batched
-- hold keeps only its id, order, status and expiry, the rest drawn from the order when the page
-- is opened; and the paid-date index leaves out unpaid orders (every reader asks for paid ones).
DROP INDEX "orders_paid_idx";--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "amount_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "currency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "lines" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "success_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_checkout_sessions" ALTER COLUMN "cancel_url" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;