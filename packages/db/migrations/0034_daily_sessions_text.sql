-- Issue 46: the owner's year-long report of every branch read daily_sessions' 11 000 rows of a chain's year and
-- turned their 264 000 hourly counts into text at every read (to_char and array_to_string: 20 of the statement's
-- 25 ms on PostgreSQL, the longest of the report's statements; on PGlite 23–37 ms). The text is now a stored
-- generated column, written with the row by the commit that changes it (about 30 µs more per write of a branch-day),
-- and the report joins it (5 ms). Its format is the one apps/api/src/modules/dashboard/day-counts.ts reads.
-- array_to_string and to_char are marked stable because some element types' output and some patterns depend on
-- settings; for integers and 'YYYY-MM-DD' they do not, so the wrapper is immutable, as a generated column asks.
CREATE FUNCTION "daily_sessions_text"("day" date, "by_hour" integer[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_char("day", 'YYYY-MM-DD') || ' ' || array_to_string("by_hour", ',') $$;
--> statement-breakpoint
ALTER TABLE "daily_sessions" ADD COLUMN "day_text" text GENERATED ALWAYS AS (daily_sessions_text(date, by_hour)) STORED;
