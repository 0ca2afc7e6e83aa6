ALTER TYPE "public"."report_target" ADD VALUE 'ride';--> statement-breakpoint
CREATE TABLE "vendor_positions" (
	"event_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_positions_event_id_vendor_id_pk" PRIMARY KEY("event_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "chat_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_positions" ADD CONSTRAINT "vendor_positions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_positions" ADD CONSTRAINT "vendor_positions_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rides_event_point_idx" ON "rides" USING btree ("event_id","departure_lat","departure_lng");