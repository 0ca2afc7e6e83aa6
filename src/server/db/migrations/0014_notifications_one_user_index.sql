-- Notifications are the table written thousands of times a second (docs/decisions/007): an insert
-- cost 40-49 µs of PostgreSQL's time, of which the foreign key to users (it locks the user's row)
-- took about 12 and the three per-user indexes about 15. Hand-written: drizzle-kit has neither
-- INCLUDE nor triggers.
--
-- One per-user index instead of three: (user_id, created_at desc) serves the list, the unread
-- count, mark all read and a reconnect's catch-up, each of which reads one user's rows; it carries
-- read, so the count can be answered from the index alone once the rows are all-visible.
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
DROP INDEX "notifications_user_seq_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST) INCLUDE ("read");--> statement-breakpoint
-- No foreign key: a deleted user's notifications go with a trigger on users instead, which costs
-- nothing per notification. Notifications are only ever written for users read from the database.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";--> statement-breakpoint
CREATE FUNCTION "delete_user_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" WHERE "user_id" = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_delete_notifications" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "delete_user_notifications"();
