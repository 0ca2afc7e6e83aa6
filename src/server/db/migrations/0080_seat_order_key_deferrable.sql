-- A seat checkout's claim writes the order id into its seats' rows in the same insert that takes
-- them, before the hold creates that order later in the same statement (db/functions/
-- seat_hold_batch.sql). The key to orders may therefore be checked at the end of that function:
-- it defers it for itself only (SET CONSTRAINTS ... DEFERRED, then IMMEDIATE before it returns);
-- every other writer keeps the check at each statement, as before.
ALTER TABLE "event_seats" DROP CONSTRAINT "event_seats_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;
