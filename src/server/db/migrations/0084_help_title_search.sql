-- The help titles' words alone, per language: the every-word help search finds its top group
-- (every word in the title) here and orders it by title, instead of ranking every match of the
-- whole article (decision 153).
CREATE INDEX "help_article_translations_title_search_idx" ON "help_article_translations" USING gin (to_tsvector((case "language" when 'es' then 'spanish'::regconfig when 'fr' then 'french'::regconfig when 'de' then 'german'::regconfig when 'pt-BR' then 'portuguese'::regconfig when 'ar' then 'arabic'::regconfig else 'english'::regconfig end), "title"));--> statement-breakpoint
CREATE INDEX "help_articles_title_search_idx" ON "help_articles" USING gin (to_tsvector('english', "title"));
