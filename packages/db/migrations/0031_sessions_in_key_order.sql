-- Issue 46: daily_sessions written at the commit in the order of its key. 0027 wrote each session's change at the
-- commit in the order the rows changed. A reschedule cancels the old session, then books the new one: moved from day A
-- to day B it took A's row, then B's, and a session moved from B to A at the same instant took B's, then A's. Each
-- commit waited on the other until PostgreSQL aborted one of them (deadlock_detected: the `aborted` envelope).
--
-- Now each statement notes what its rows add, summed by day, branch and hour (a statement trigger over its transition
-- tables), in a setting of the transaction; the commit (0027's constraint triggers, deferred) writes the notes summed,
-- in the order of (date, branch). Two commits take the rows they share in one order. A savepoint rolled back takes its
-- notes with it, as it takes its rows. A bulk insert (the import) notes once per statement, not once per row.
CREATE FUNCTION "daily_sessions_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "branches" uuid[];
  "starts" timestamptz[];
  "signs" integer[];
  "noted" text;
BEGIN
  -- The statement's sessions: +1 for each active after it, -1 for each active before it. The transition tables are
  -- named by each trigger below; a query names only those its operation has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("branch_id"), array_agg("starts_at"), array_agg(1) INTO "branches", "starts", "signs"
    FROM "added" WHERE "cancelled_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("branch_id"), array_agg("starts_at"), array_agg(-1) INTO "branches", "starts", "signs"
    FROM "removed" WHERE "cancelled_at" IS NULL;
  ELSE
    -- Only what the figure reads: being active, the branch and the hour (a reminder sent or a note do not).
    SELECT array_agg("c"."branch_id"), array_agg("c"."starts_at"), array_agg("c"."n")
      INTO "branches", "starts", "signs"
    FROM "removed" "o" JOIN "added" "a" ON "a"."id" = "o"."id"
    CROSS JOIN LATERAL (VALUES ("o"."branch_id", "o"."starts_at", -1, "o"."cancelled_at" IS NULL),
                               ("a"."branch_id", "a"."starts_at", 1, "a"."cancelled_at" IS NULL))
      AS "c"("branch_id", "starts_at", "n", "active")
    WHERE "c"."active"
      AND ("o"."cancelled_at" IS NULL, "o"."branch_id", "o"."starts_at")
          IS DISTINCT FROM ("a"."cancelled_at" IS NULL, "a"."branch_id", "a"."starts_at");
  END IF;
  -- Summed by Mexico City day, branch and hour (1-based, as by_hour): "day branch hour n;…".
  SELECT string_agg(concat_ws(' ', "day", "branch", "h", "n"), ';') INTO "noted" FROM (
    SELECT "local"::date AS "day", "branch", extract(hour FROM "local")::integer + 1 AS "h", sum("n") AS "n"
    FROM (SELECT "branch", "at" AT TIME ZONE 'America/Mexico_City' AS "local", "n"
          FROM unnest("branches", "starts", "signs") AS "u"("branch", "at", "n")) "r"
    GROUP BY 1, 2, 3) "s";
  IF "noted" IS NOT NULL THEN
    PERFORM set_config('sala.daily_sessions',
                       concat_ws(';', nullif(current_setting('sala.daily_sessions', true), ''), "noted"), true);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "room_sessions_note_insert" AFTER INSERT ON "room_sessions"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "daily_sessions_note"();
--> statement-breakpoint
CREATE TRIGGER "room_sessions_note_update" AFTER UPDATE ON "room_sessions"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "daily_sessions_note"();
--> statement-breakpoint
CREATE TRIGGER "room_sessions_note_delete" AFTER DELETE ON "room_sessions"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "daily_sessions_note"();
--> statement-breakpoint
-- At the commit (0027's three constraint triggers, one event per changed row): the first event writes every note of
-- the transaction, summed, day by day and branch by branch; the others find nothing left.
CREATE OR REPLACE FUNCTION "daily_sessions_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "noted" text := current_setting('sala.daily_sessions', true);
  "e" record;
  "fresh" integer[];
BEGIN
  IF coalesce("noted", '') = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('sala.daily_sessions', '', true);
  FOR "e" IN
    SELECT split_part("x", ' ', 1)::date AS "day", split_part("x", ' ', 2)::uuid AS "branch",
           split_part("x", ' ', 3)::integer AS "h", sum(split_part("x", ' ', 4)::integer)::integer AS "n"
    FROM regexp_split_to_table("noted", ';') AS "x"
    GROUP BY 1, 2, 3 HAVING sum(split_part("x", ' ', 4)::integer) <> 0
    ORDER BY 1, 2, 3
  LOOP
    "fresh" := array_fill(0, ARRAY[24]);
    "fresh"["e"."h"] := "e"."n";
    INSERT INTO "daily_sessions" AS "d" ("date", "branch_id", "by_hour") VALUES ("e"."day", "e"."branch", "fresh")
    ON CONFLICT ("date", "branch_id") DO UPDATE SET "by_hour"["e"."h"] = "d"."by_hour"["e"."h"] + "e"."n";
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Called by nothing now: the commit writes the rows itself.
DROP FUNCTION "daily_sessions_apply"(uuid, timestamptz, integer);
