-- Trigram indexes (gin_trgm_ops) back the ILIKE '%term%' searches of every list screen.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
