-- The list index carries what a search walk reads (docs/decisions/005): the search document and
-- the columns the list's filters test. A search for frequent words walks the newest listed
-- events until it has its candidates (24,700 events for "techno London" at 1,000,000 events);
-- with the columns in the index that walk never reads the table. Hand-written: drizzle-kit has
-- no INCLUDE, so the schema declares the index's keys and predicate only.
DROP INDEX "events_public_list_idx";--> statement-breakpoint
CREATE INDEX "events_public_list_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_vector","date","starts_at","ends_at","category","is_free","is_referral_based","user_id") WHERE "events"."event_status" = 'published' and "events"."visibility" = 'public';
