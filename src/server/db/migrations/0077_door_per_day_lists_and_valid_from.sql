-- One entry per day on a check-in list, the server's re-check of a list's rules on sync (a reason
-- on a refused scan, the list and day of each scan), and a ticket type's validity start.
ALTER TABLE "door_check_in_lists" ADD COLUMN "per_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "door_scans" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "door_scans" ADD COLUMN "list_id" uuid;--> statement-breakpoint
ALTER TABLE "door_scans" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "door_scans" ADD CONSTRAINT "door_scans_list_id_door_check_in_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."door_check_in_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_scans_list_day_idx" ON "door_scans" USING btree ("list_id","day","ticket_id");