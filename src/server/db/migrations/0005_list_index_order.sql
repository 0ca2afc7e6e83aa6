DROP INDEX "events_public_list_idx";--> statement-breakpoint
DROP INDEX "events_category_idx";--> statement-breakpoint
DROP INDEX "events_user_idx";--> statement-breakpoint
CREATE INDEX "events_public_list_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "events"."event_status" = 'published' and "events"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "events_category_idx" ON "events" USING btree ("category","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_user_idx" ON "events" USING btree ("user_id","starts_at" DESC NULLS FIRST);