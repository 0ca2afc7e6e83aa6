CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'merchandise' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"sold_alone" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_nonnegative" CHECK ("products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_add_on_rules" (
	"product_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"min_per_ticket" integer DEFAULT 0 NOT NULL,
	"max_per_ticket" integer NOT NULL,
	CONSTRAINT "product_add_on_rules_product_id_ticket_type_id_pk" PRIMARY KEY("product_id","ticket_type_id"),
	CONSTRAINT "product_add_on_rules_range" CHECK ("product_add_on_rules"."min_per_ticket" >= 0 and "product_add_on_rules"."max_per_ticket" >= 1 and "product_add_on_rules"."max_per_ticket" >= "product_add_on_rules"."min_per_ticket")
);
--> statement-breakpoint
CREATE TABLE "event_question_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"answers_editable_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"scope" text NOT NULL,
	"type" text NOT NULL,
	"label" text NOT NULL,
	"help_text" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link_url" text,
	"min_value" integer,
	"max_value" integer,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"condition_question_id" uuid,
	"condition_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_at_check_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"ticket_type_id" uuid,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"ticket_id" uuid,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_answers_ordinal_nonnegative" CHECK ("question_answers"."ordinal" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "kind" text DEFAULT 'admission' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "variation" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_rules" ADD CONSTRAINT "product_add_on_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_add_on_rules" ADD CONSTRAINT "product_add_on_rules_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_question_settings" ADD CONSTRAINT "event_question_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_event_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_event_idx" ON "products" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE INDEX "product_add_on_rules_type_idx" ON "product_add_on_rules" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "event_questions_event_idx" ON "event_questions" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "question_answers_order_idx" ON "question_answers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "question_answers_ticket_idx" ON "question_answers" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "question_answers_question_idx" ON "question_answers" USING btree ("question_id");--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_types_product_idx" ON "ticket_types" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_product_kind" CHECK (("ticket_types"."kind" = 'product') = ("ticket_types"."product_id" is not null));