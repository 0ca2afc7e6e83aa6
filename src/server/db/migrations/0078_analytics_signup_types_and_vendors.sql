CREATE TABLE "admin_daily_signup_types" (
	"day" date NOT NULL,
	"user_type" "user_type" NOT NULL,
	"sign_ups" integer NOT NULL,
	CONSTRAINT "admin_daily_signup_types_day_user_type_pk" PRIMARY KEY("day","user_type")
);
--> statement-breakpoint
CREATE TABLE "admin_daily_vendor_sales" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "admin_daily_vendor_sales_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
-- Sign-ups by type count each person under today's account type. A held day's count follows a
-- change of it: one person moves from the old type to the new on the day of their sign-up. Only
-- days before today can be held, so a new account's profile does no rollup work; for older days
-- the rollup job's lock is taken, so a move and a recomputation of that day never interleave.
CREATE FUNCTION admin_signup_type_move(person uuid, joined timestamptz, was user_type, now_is user_type)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	joined_day date := (joined AT TIME ZONE 'UTC')::date;
BEGIN
	IF joined_day >= (now() AT TIME ZONE 'UTC')::date OR was IS NOT DISTINCT FROM now_is THEN
		RETURN;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtext('admin_analytics_rollup'));
	IF NOT EXISTS (SELECT 1 FROM admin_rollup_days WHERE day = joined_day) THEN
		RETURN;
	END IF;
	IF was IS NOT NULL THEN
		UPDATE admin_daily_signup_types SET sign_ups = sign_ups - 1
		WHERE day = joined_day AND user_type = was;
	END IF;
	IF now_is IS NOT NULL THEN
		INSERT INTO admin_daily_signup_types (day, user_type, sign_ups) VALUES (joined_day, now_is, 1)
		ON CONFLICT (day, user_type) DO UPDATE SET sign_ups = admin_daily_signup_types.sign_ups + 1;
	END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION admin_signup_type_profile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	joined timestamptz;
BEGIN
	-- A profile deleted with its account finds no account here: the account's trigger counted it.
	SELECT created_at INTO joined FROM users
	WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
	IF joined IS NOT NULL THEN
		PERFORM admin_signup_type_move(
			CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, joined,
			CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.user_type END,
			CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.user_type END);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_signup_type_profile AFTER INSERT OR DELETE OR UPDATE OF user_type ON profiles
	FOR EACH ROW EXECUTE FUNCTION admin_signup_type_profile();
--> statement-breakpoint
CREATE FUNCTION admin_signup_type_account_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Before the delete, while the profile (deleted with the account) still says the type.
	PERFORM admin_signup_type_move(OLD.id, OLD.created_at, p.user_type, NULL)
	FROM profiles p WHERE p.id = OLD.id;
	-- A vendor's fees go with its orders (deleted with the account): no id is kept after erasure.
	DELETE FROM admin_daily_vendor_sales WHERE user_id = OLD.id;
	-- The overview's sign-ups (every account, decision 086) stop counting it as the live count does.
	IF (OLD.created_at AT TIME ZONE 'UTC')::date < (now() AT TIME ZONE 'UTC')::date THEN
		PERFORM pg_advisory_xact_lock(hashtext('admin_analytics_rollup'));
		UPDATE admin_daily_counts c SET sign_ups = c.sign_ups - 1
		WHERE c.day = (OLD.created_at AT TIME ZONE 'UTC')::date
			AND EXISTS (SELECT 1 FROM admin_rollup_days d WHERE d.day = c.day);
	END IF;
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_signup_type_account_deleted BEFORE DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION admin_signup_type_account_deleted();
--> statement-breakpoint
-- The days held so far have no rows in these tables: forgetting them makes the analytics read
-- those days from the source tables until the hourly job has rolled them up again (decision 086).
DELETE FROM "admin_rollup_days";
