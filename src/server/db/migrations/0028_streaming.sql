CREATE TABLE "stream_access_grants" (
	"stream_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_access_grants_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_invites" (
	"stream_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_invites_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_viewers" (
	"stream_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stream_viewers_stream_id_viewer_key_pk" PRIMARY KEY("stream_id","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"scheduled_start" timestamp with time zone NOT NULL,
	"access" text NOT NULL,
	"access_code" text,
	"stream_ticket_type_id" uuid,
	"chat_enabled" boolean DEFAULT true NOT NULL,
	"recording_enabled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"stream_key" text NOT NULL,
	"activated_order_id" uuid,
	"activated_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_input_at" timestamp with time zone,
	"recording_key" text,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_code_when_code" CHECK ("streams"."access" <> 'code' or "streams"."access_code" is not null)
);
--> statement-breakpoint
ALTER TABLE "stream_access_grants" ADD CONSTRAINT "stream_access_grants_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_access_grants" ADD CONSTRAINT "stream_access_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_invites" ADD CONSTRAINT "stream_invites_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_invites" ADD CONSTRAINT "stream_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_stream_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("stream_ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_activated_order_id_orders_id_fk" FOREIGN KEY ("activated_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_access_user_idx" ON "stream_access_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "streams_event_uidx" ON "streams" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "streams_key_uidx" ON "streams" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "streams_owner_idx" ON "streams" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "streams_live_idx" ON "streams" USING btree ("last_input_at") WHERE "streams"."status" = 'live';