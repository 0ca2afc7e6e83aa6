-- Every change to a subscription row, or to a plan, is told to every server process on the
-- session channel (platform/auth/session-events.ts), whatever wrote it: the web process, a worker's
-- renewal job, a Stripe webhook, an admin's SQL. Each process then forgets its cached
-- check-subscription answers for those people (decision 021). NOTIFY is sent at
-- commit only, so a rolled-back change is never told.
--
-- Statement-level, with the changed rows as a transition table: a renewal batch of 500 rows is one
-- notice ("many changed": every process drops its whole cache) rather than 500; a change to one or
-- a few people names each of them (payload {"k":"s","u":"<user id>"}).
CREATE OR REPLACE FUNCTION subscriptions_announce_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
  person text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id::text) INTO changed
      FROM (SELECT user_id FROM old_rows LIMIT 21) s;
  ELSE
    SELECT array_agg(DISTINCT user_id::text) INTO changed
      FROM (SELECT user_id FROM new_rows LIMIT 21) s;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  IF array_length(changed, 1) > 20 THEN
    PERFORM pg_notify('mea_sessions', '{"k":"s","u":"*"}');
  ELSE
    FOREACH person IN ARRAY changed LOOP
      PERFORM pg_notify('mea_sessions', json_build_object('k', 's', 'u', person)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_changed_insert AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_announce_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_changed_update AFTER UPDATE ON subscriptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_announce_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_changed_delete AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_announce_change();
--> statement-breakpoint
-- A plan's name or flags changed: every cached answer naming it may be stale.
CREATE OR REPLACE FUNCTION subscription_plans_announce_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mea_sessions', '{"k":"s","u":"*"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_plans_changed AFTER UPDATE OR DELETE ON subscription_plans
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_plans_announce_change();
