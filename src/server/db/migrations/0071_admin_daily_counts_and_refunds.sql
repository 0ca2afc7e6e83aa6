CREATE TABLE "admin_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"sign_ups" integer NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_daily_refunds" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "admin_daily_refunds_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
-- Days rolled up before these tables existed hold no counts or refunds: forgetting them makes the
-- overview read those days from the source tables until the hourly job has rolled them up again.
DELETE FROM "admin_rollup_days";
