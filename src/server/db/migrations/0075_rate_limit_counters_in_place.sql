-- Every hit on a counter rewrites count and reset_at. With reset_at indexed, each hit was a new
-- row version with an entry in both indexes (a message send's counter doubled its index work);
-- with only the key indexed and half-full pages (fillfactor, hand-added: Drizzle has no option
-- for it), the new version stays on its page with no index entry (a HOT update) and the page's
-- dead versions are reclaimed as it is read. The prune every 5 minutes reads the table instead.
DROP INDEX "rate_limit_counters_reset_at_idx";
--> statement-breakpoint
ALTER TABLE "rate_limit_counters" SET (fillfactor = 50);
