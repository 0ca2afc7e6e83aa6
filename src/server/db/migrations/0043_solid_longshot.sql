CREATE TABLE "admin_daily_event_sales" (
	"day" date NOT NULL,
	"event_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"tickets" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "admin_daily_event_sales_day_event_id_currency_pk" PRIMARY KEY("day","event_id","currency")
);
--> statement-breakpoint
CREATE TABLE "admin_daily_orders" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "admin_daily_orders_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
CREATE TABLE "admin_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
