-- How many people carry each full name, kept by triggers on profiles. The console's user search
-- counts matching names here (one row per distinct name) instead of re-checking every matching
-- profile's heap row: "okafor" over 200,000 people rechecked 10,101 rows on 2,107 pages to count
-- them (decision 144). Exact: every insert, delete, rename and truncate of profiles passes
-- through, and the invariant profile_name_counts checks it against profiles.
CREATE TABLE "profile_name_counts" (
	"full_name" text PRIMARY KEY NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "profile_name_counts_people_check" CHECK ("people" >= 0)
);
--> statement-breakpoint
CREATE INDEX "profile_name_counts_trgm_idx" ON "profile_name_counts" USING gin ("full_name" gin_trgm_ops);
--> statement-breakpoint
INSERT INTO profile_name_counts (full_name, people)
  SELECT full_name, count(*) FROM profiles GROUP BY full_name;
--> statement-breakpoint
-- Statement-level with the rows as a transition table, so a bulk insert is one grouped upsert.
-- Names are taken in order, so two statements lock the shared rows in the same order.
CREATE FUNCTION profile_name_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_name_counts AS c (full_name, people)
    SELECT full_name, count(*) FROM new_rows GROUP BY full_name ORDER BY full_name
  ON CONFLICT (full_name) DO UPDATE SET people = c.people + excluded.people;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One UPDATE re-reads a row another transaction changed before subtracting (so no decrement is
-- lost), then the names left at zero go.
CREATE FUNCTION profile_name_counts_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_name_counts c SET people = c.people - o.n
    FROM (SELECT full_name, count(*)::int AS n FROM old_rows GROUP BY full_name ORDER BY full_name) o
    WHERE c.full_name = o.full_name;
  DELETE FROM profile_name_counts c
    WHERE c.people = 0 AND c.full_name IN (SELECT full_name FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_name_counts_rename() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_name_counts SET people = people - 1 WHERE full_name = OLD.full_name;
  DELETE FROM profile_name_counts WHERE full_name = OLD.full_name AND people = 0;
  INSERT INTO profile_name_counts AS c (full_name, people) VALUES (NEW.full_name, 1)
  ON CONFLICT (full_name) DO UPDATE SET people = c.people + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION profile_name_counts_clear() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE profile_name_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profile_name_counts_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_name_counts_add();
--> statement-breakpoint
CREATE TRIGGER profile_name_counts_delete AFTER DELETE ON profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_name_counts_remove();
--> statement-breakpoint
CREATE TRIGGER profile_name_counts_update AFTER UPDATE OF full_name ON profiles FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION profile_name_counts_rename();
--> statement-breakpoint
CREATE TRIGGER profile_name_counts_truncate AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION profile_name_counts_clear();
--> statement-breakpoint
-- Bulk loads that turn triggers off (session_replication_role = replica) still keep the counts.
ALTER TABLE profiles ENABLE ALWAYS TRIGGER profile_name_counts_insert;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ALWAYS TRIGGER profile_name_counts_delete;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ALWAYS TRIGGER profile_name_counts_update;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ALWAYS TRIGGER profile_name_counts_truncate;
