CREATE TABLE "event_page_views" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_page_views_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_by_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_page_views" ADD CONSTRAINT "event_page_views_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_page_views_day_idx" ON "event_page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "profiles_full_name_idx" ON "profiles" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at");