CREATE TABLE "user_rating_prompts" (
	"user_id" uuid NOT NULL,
	"rating_type" text NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_rating_prompts_user_id_rating_type_pk" PRIMARY KEY("user_id","rating_type")
);
--> statement-breakpoint
ALTER TABLE "user_rating_prompts" ADD CONSTRAINT "user_rating_prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_experience_ratings_created_idx" ON "user_experience_ratings" USING btree ("created_at");