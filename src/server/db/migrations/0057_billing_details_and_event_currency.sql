ALTER TABLE "events" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- An existing event's currency is the one its first ticket type was priced in.
UPDATE "events" e SET "currency" = t."currency"
FROM (SELECT DISTINCT ON ("event_id") "event_id", "currency" FROM "ticket_types" ORDER BY "event_id", "created_at", "id") t
WHERE t."event_id" = e."id";
