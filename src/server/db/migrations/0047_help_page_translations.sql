CREATE TABLE "help_article_translations" (
	"article_id" uuid NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector((case "help_article_translations"."language" when 'es' then 'spanish'::regconfig when 'fr' then 'french'::regconfig when 'de' then 'german'::regconfig when 'pt-BR' then 'portuguese'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce("help_article_translations"."title", '')), 'A') || setweight(to_tsvector((case "help_article_translations"."language" when 'es' then 'spanish'::regconfig when 'fr' then 'french'::regconfig when 'de' then 'german'::regconfig when 'pt-BR' then 'portuguese'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), coalesce("help_article_translations"."summary", '')), 'B') || setweight(to_tsvector((case "help_article_translations"."language" when 'es' then 'spanish'::regconfig when 'fr' then 'french'::regconfig when 'de' then 'german'::regconfig when 'pt-BR' then 'portuguese'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), left(coalesce("help_article_translations"."body", ''), 20000)), 'C')) STORED,
	CONSTRAINT "help_article_translations_article_id_language_pk" PRIMARY KEY("article_id","language")
);
--> statement-breakpoint
CREATE TABLE "site_page_translations" (
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_page_translations_slug_language_pk" PRIMARY KEY("slug","language")
);
--> statement-breakpoint
ALTER TABLE "help_article_translations" ADD CONSTRAINT "help_article_translations_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_page_translations" ADD CONSTRAINT "site_page_translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_article_translations_search_idx" ON "help_article_translations" USING gin ("search_vector");