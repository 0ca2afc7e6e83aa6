CREATE TABLE "ride_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"rider_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_bookings_seats_positive" CHECK ("ride_bookings"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "ride_positions" (
	"ride_id" uuid PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ride_id" uuid NOT NULL,
	"rater_id" uuid NOT NULL,
	"ratee_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_ratings_range" CHECK ("ride_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ride_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"rider_id" uuid NOT NULL,
	"area" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"seats" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_requests_seats_positive" CHECK ("ride_requests"."seats" > 0)
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"departure_area" text NOT NULL,
	"departure_lat" double precision,
	"departure_lng" double precision,
	"departs_at" timestamp with time zone NOT NULL,
	"return_departs_at" timestamp with time zone,
	"seats" integer NOT NULL,
	"seats_left" integer NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"car" text DEFAULT '' NOT NULL,
	"luggage" boolean DEFAULT true NOT NULL,
	"smoking" boolean DEFAULT false NOT NULL,
	"pets" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"booking_mode" text DEFAULT 'approval' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rides_seats_left_range" CHECK ("rides"."seats_left" between 0 and "rides"."seats"),
	CONSTRAINT "rides_price_nonnegative" CHECK ("rides"."price_cents" >= 0),
	CONSTRAINT "rides_point_complete" CHECK (("rides"."departure_lat" is null) = ("rides"."departure_lng" is null))
);
--> statement-breakpoint
ALTER TABLE "ride_bookings" ADD CONSTRAINT "ride_bookings_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_bookings" ADD CONSTRAINT "ride_bookings_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_bookings" ADD CONSTRAINT "ride_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_positions" ADD CONSTRAINT "ride_positions_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_ratings" ADD CONSTRAINT "ride_ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD CONSTRAINT "ride_requests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_requests" ADD CONSTRAINT "ride_requests_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_bookings_one_live" ON "ride_bookings" USING btree ("ride_id","rider_id") WHERE "ride_bookings"."status" in ('pending', 'awaiting_payment', 'confirmed');--> statement-breakpoint
CREATE INDEX "ride_bookings_rider_idx" ON "ride_bookings" USING btree ("rider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ride_ratings_once" ON "ride_ratings" USING btree ("ride_id","rater_id","ratee_id");--> statement-breakpoint
CREATE INDEX "ride_ratings_ratee_idx" ON "ride_ratings" USING btree ("ratee_id");--> statement-breakpoint
CREATE INDEX "ride_requests_event_idx" ON "ride_requests" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "rides_event_departs_idx" ON "rides" USING btree ("event_id","departs_at");--> statement-breakpoint
CREATE INDEX "rides_driver_idx" ON "rides" USING btree ("driver_id");