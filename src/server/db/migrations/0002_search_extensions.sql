-- Trigram similarity for typo-tolerant event search (events_title_trgm_idx).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
