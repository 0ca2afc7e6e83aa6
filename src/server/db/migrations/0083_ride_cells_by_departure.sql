-- Rides by distance, nearest first, without reading a whole cell's tie group: the list walks the
-- event's 0.01° cells nearest first (ride_cells, GiST) and reads each cell's offers already in the
-- page's order from rides_event_cell_departs_idx (event, cell, departure, id). The old GiST walk
-- over the rides themselves read every offer of the nearest cell (1,753 for a page of 200) to sort
-- them by departure (decisions 083, 124, 154).
CREATE TABLE "ride_cells" (
	"event_id" uuid NOT NULL,
	"cell_lat" double precision NOT NULL,
	"cell_lng" double precision NOT NULL,
	CONSTRAINT "ride_cells_event_id_cell_lat_cell_lng_pk" PRIMARY KEY("event_id","cell_lat","cell_lng")
);
--> statement-breakpoint
DROP INDEX "rides_event_near_idx";--> statement-breakpoint
ALTER TABLE "ride_cells" ADD CONSTRAINT "ride_cells_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_cells_near_idx" ON "ride_cells" USING gist ("event_id",cube(array[cos(radians("cell_lat")) * cos(radians("cell_lng")), cos(radians("cell_lat")) * sin(radians("cell_lng")), sin(radians("cell_lat"))]));--> statement-breakpoint
CREATE INDEX "rides_event_cell_departs_idx" ON "rides" USING btree ("event_id",(round("departure_lat" * 100) / 100),(round("departure_lng" * 100) / 100),"departs_at","id") WHERE "rides"."departure_lat" is not null;
--> statement-breakpoint
INSERT INTO ride_cells (event_id, cell_lat, cell_lng)
  SELECT DISTINCT event_id, round(departure_lat * 100) / 100, round(departure_lng * 100) / 100
  FROM rides WHERE departure_lat IS NOT NULL;
--> statement-breakpoint
-- A cell is added with its first offer (the same rounding as the index above, so the lookups
-- match exactly) and never removed: a cell left without a live offer reads as empty.
-- Statement-level for inserts, so a bulk insert is one grouped insert; cells in order, so two
-- statements adding the same cells take them in the same order.
CREATE FUNCTION ride_cells_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ride_cells (event_id, cell_lat, cell_lng)
    SELECT DISTINCT event_id, round(departure_lat * 100) / 100, round(departure_lng * 100) / 100
    FROM new_rows WHERE departure_lat IS NOT NULL
    ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Row-level for updates, and only when the point or the event changes: a transition table would
-- run the function on every seat taken or given back (those updates touch rides too).
CREATE FUNCTION ride_cells_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ride_cells (event_id, cell_lat, cell_lng)
    VALUES (NEW.event_id, round(NEW.departure_lat * 100) / 100, round(NEW.departure_lng * 100) / 100)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ride_cells_insert AFTER INSERT ON rides
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ride_cells_add();
--> statement-breakpoint
CREATE TRIGGER ride_cells_update AFTER UPDATE OF event_id, departure_lat, departure_lng ON rides
  FOR EACH ROW WHEN (NEW.departure_lat IS NOT NULL AND (OLD.departure_lat IS DISTINCT FROM NEW.departure_lat
    OR OLD.departure_lng IS DISTINCT FROM NEW.departure_lng OR OLD.event_id IS DISTINCT FROM NEW.event_id))
  EXECUTE FUNCTION ride_cells_move();
--> statement-breakpoint
-- Bulk loads that turn triggers off (session_replication_role = replica) still add their cells.
ALTER TABLE rides ENABLE ALWAYS TRIGGER ride_cells_insert;
--> statement-breakpoint
ALTER TABLE rides ENABLE ALWAYS TRIGGER ride_cells_update;
