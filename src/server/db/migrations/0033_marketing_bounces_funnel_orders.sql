CREATE TABLE "funnel_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"funnel_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_campaign_sends" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaign_sends" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "segment" jsonb;--> statement-breakpoint
ALTER TABLE "funnel_orders" ADD CONSTRAINT "funnel_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_orders" ADD CONSTRAINT "funnel_orders_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_orders_funnel_idx" ON "funnel_orders" USING btree ("funnel_id");--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;