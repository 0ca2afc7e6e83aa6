CREATE TABLE "badge_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"subtitle_question_id" uuid,
	"show_ticket_type" boolean DEFAULT true NOT NULL,
	"show_qr" boolean DEFAULT true NOT NULL,
	"show_logo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"apple_pass_type_id" text,
	"apple_team_id" text,
	"apple_certificate_pem" text,
	"apple_wwdr_pem" text,
	"apple_key_sealed" text,
	"google_issuer_id" text,
	"google_service_account_email" text,
	"google_key_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_pass_configs_owner" UNIQUE NULLS NOT DISTINCT("owner_id")
);
--> statement-breakpoint
ALTER TABLE "badge_templates" ADD CONSTRAINT "badge_templates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_templates" ADD CONSTRAINT "badge_templates_subtitle_question_id_event_questions_id_fk" FOREIGN KEY ("subtitle_question_id") REFERENCES "public"."event_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pass_configs" ADD CONSTRAINT "wallet_pass_configs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_templates_event_idx" ON "badge_templates" USING btree ("event_id","created_at");