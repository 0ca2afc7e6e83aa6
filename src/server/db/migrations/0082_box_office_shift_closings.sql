-- A seller's shift at the box office closed with a drawer count: the opening float, the cash
-- counted at the close, who closed it and when, and who re-opened it (decision 147). One row
-- per event, seller and day in the event's time zone, the same key the shift summary groups by;
-- a shift with no row has a float of 0 and is open. The seller stays null when their account
-- is erased (the organizer's accounts keep the count), so the key is a unique index, not the
-- primary key.
CREATE TABLE "box_office_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"seller_id" uuid,
	"day" date NOT NULL,
	"float_cents" integer DEFAULT 0 NOT NULL,
	"counted_cents" integer,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopened_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_office_shifts_float_nonnegative" CHECK ("float_cents" >= 0),
	CONSTRAINT "box_office_shifts_counted_nonnegative" CHECK ("counted_cents" >= 0),
	CONSTRAINT "box_office_shifts_closed_counted" CHECK (("closed_at" IS NULL) = ("counted_cents" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_office_shifts" ADD CONSTRAINT "box_office_shifts_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "box_office_shifts_key" ON "box_office_shifts" USING btree ("event_id","seller_id","day");
