-- Nearest-first rides (decision 083): GiST over (event_id, the cell on the unit sphere). Both
-- extensions are trusted: a database owner may create them without a superuser.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX "rides_event_point_idx";--> statement-breakpoint
CREATE INDEX "rides_event_near_idx" ON "rides" USING gist ("event_id",cube(array[cos(radians((round("departure_lat" * 100) / 100))) * cos(radians((round("departure_lng" * 100) / 100))), cos(radians((round("departure_lat" * 100) / 100))) * sin(radians((round("departure_lng" * 100) / 100))), sin(radians((round("departure_lat" * 100) / 100)))])) WHERE "rides"."departure_lat" is not null;
