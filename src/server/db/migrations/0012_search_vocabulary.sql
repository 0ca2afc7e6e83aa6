-- Search vocabulary (docs/decisions/005): every lexeme of the search documents of the events
-- search can find (public, published or cancelled), with how many of them hold it. Typo
-- correction looks for similar words here (a few thousand lexemes) instead of in a million
-- titles, and a word typed last expands to the lexemes it can complete, so the tsquery matches
-- them exactly instead of building a bitmap of every event with a word of that prefix.
-- Lexemes, not words: the tsquery compares lexemes (stemmed by the 'english' configuration).
-- Byte order (COLLATE "C") lets the primary key serve prefix searches (`^@`) in any locale.
CREATE TABLE "search_vocabulary" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL,
	"events" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("lexeme" gin_trgm_ops);
--> statement-breakpoint
-- Adds each lexeme's change in count, in lexeme order (two writers lock shared rows in the same
-- order, so they cannot deadlock), and removes the lexemes no event holds any more. A lexeme
-- deleted here while another transaction adds it is inserted again by that transaction's
-- ON CONFLICT. Hand-written, like every trigger: drizzle-kit has none.
CREATE FUNCTION "search_vocabulary_change"(p_lexemes text[], p_changes integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_lexemes IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO search_vocabulary AS v (lexeme, events)
  SELECT lexeme, change FROM unnest(p_lexemes, p_changes) AS c(lexeme, change)
  ORDER BY lexeme COLLATE "C"
  ON CONFLICT (lexeme) DO UPDATE SET events = v.events + excluded.events;
  DELETE FROM search_vocabulary WHERE lexeme = ANY (p_lexemes) AND events <= 0;
END $$;
--> statement-breakpoint
-- Statement triggers: a bulk insert or delete costs one aggregate, not one call per event.
CREATE FUNCTION "search_vocabulary_events_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(array_agg(lexeme), array_agg(n)) FROM (
    SELECT lexeme, count(*)::int AS n
    FROM new_events, unnest(tsvector_to_array(search_vector)) AS lexeme
    WHERE visibility = 'public' AND event_status IN ('published', 'cancelled')
    GROUP BY lexeme
  ) AS counted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_vocabulary_events_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(array_agg(lexeme), array_agg(-n)) FROM (
    SELECT lexeme, count(*)::int AS n
    FROM old_events, unnest(tsvector_to_array(search_vector)) AS lexeme
    WHERE visibility = 'public' AND event_status IN ('published', 'cancelled')
    GROUP BY lexeme
  ) AS counted;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates fire per row, and only when the text or whether search can find the event changed:
-- ticket counters (updated on every paid order) cost nothing. The old lexemes are taken away and
-- the new ones added in one change, so a lexeme in both is not touched.
CREATE FUNCTION "search_vocabulary_event_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(array_agg(lexeme), array_agg(n)) FROM (
    SELECT lexeme, sum(n)::int AS n FROM (
      SELECT lexeme, -1 AS n FROM unnest(tsvector_to_array(OLD.search_vector)) AS lexeme
      WHERE OLD.visibility = 'public' AND OLD.event_status IN ('published', 'cancelled')
      UNION ALL
      SELECT lexeme, 1 FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme
      WHERE NEW.visibility = 'public' AND NEW.event_status IN ('published', 'cancelled')
    ) AS changes
    GROUP BY lexeme HAVING sum(n) <> 0
  ) AS counted;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_vocabulary_events_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_vocabulary;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_search_vocabulary_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION "search_vocabulary_events_inserted"();
--> statement-breakpoint
CREATE TRIGGER "events_search_vocabulary_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS old_events
  FOR EACH STATEMENT EXECUTE FUNCTION "search_vocabulary_events_deleted"();
--> statement-breakpoint
CREATE TRIGGER "events_search_vocabulary_update" AFTER UPDATE ON "events"
  FOR EACH ROW WHEN (
    OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.visibility IS DISTINCT FROM NEW.visibility
    OR OLD.event_status IS DISTINCT FROM NEW.event_status
  ) EXECUTE FUNCTION "search_vocabulary_event_updated"();
--> statement-breakpoint
CREATE TRIGGER "events_search_vocabulary_truncate" AFTER TRUNCATE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_vocabulary_events_truncated"();
--> statement-breakpoint
-- The events there already.
INSERT INTO "search_vocabulary" (lexeme, events)
SELECT lexeme, count(*)::int
FROM "events", unnest(tsvector_to_array(search_vector)) AS lexeme
WHERE visibility = 'public' AND event_status IN ('published', 'cancelled')
GROUP BY lexeme;
--> statement-breakpoint
ANALYZE "search_vocabulary";
