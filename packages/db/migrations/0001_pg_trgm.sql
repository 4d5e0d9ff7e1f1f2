-- Trigram indexes make the tables' contains-search (ILIKE '%term%') fast. pg_trgm is a trusted extension (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
