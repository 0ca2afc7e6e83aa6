-- Registrations made before a holder was kept cannot say whose device they are: Wallet makes
-- them again when it next opens the pass.
DELETE FROM "apple_pass_registrations";--> statement-breakpoint
ALTER TABLE "apple_pass_registrations" ADD COLUMN "holder_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "apple_pass_registrations" ADD CONSTRAINT "apple_pass_registrations_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_holder_idx" ON "apple_pass_registrations" USING btree ("holder_id");