CREATE TABLE "event_transfer_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"allowed" boolean DEFAULT false NOT NULL,
	"cutoff_hours" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_transfer_settings_cutoff" CHECK ("event_transfer_settings"."cutoff_hours" between 0 and 8760)
);
--> statement-breakpoint
CREATE TABLE "ticket_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"from_user_id" uuid,
	"to_email" text NOT NULL,
	"to_user_id" uuid,
	"status" text NOT NULL,
	"claim_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "ticket_transfers_claim_token_hash_unique" UNIQUE("claim_token_hash")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "code_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "transfer_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_transfer_settings" ADD CONSTRAINT "event_transfer_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_idx" ON "ticket_transfers" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_transfers_event_idx" ON "ticket_transfers" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_transfers_one_pending" ON "ticket_transfers" USING btree ("ticket_id") WHERE "ticket_transfers"."status" = 'pending';