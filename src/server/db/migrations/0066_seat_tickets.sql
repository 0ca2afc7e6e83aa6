ALTER TABLE "event_seats" ADD COLUMN "ticket_type_id" uuid;--> statement-breakpoint
ALTER TABLE "event_seats" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_seats_ticket_idx" ON "event_seats" USING btree ("ticket_id");