ALTER TYPE "public"."order_kind" ADD VALUE 'ad_budget';--> statement-breakpoint
ALTER TYPE "public"."order_kind" ADD VALUE 'streaming';--> statement-breakpoint
ALTER TYPE "public"."order_kind" ADD VALUE 'ride_seat';