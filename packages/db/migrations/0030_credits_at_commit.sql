-- Issue 46: two transactions that each wrote several ledger rows (a standing slot's 8 charges, a refund's lots)
-- could deadlock at their commits. Migration 0027 spread each movement over one of 8 rows of its day and reason
-- (its slot, from the movement's id) and wrote them, at the commit, in the order the movements were made: one
-- transaction took slots 3 then 5, the other 5 then 3. Seen twice in a minute of `npm run bench:booking`.
--
-- Now the ledger's day rollup is written like the orders' (0028): what a transaction's triggers add is kept and
-- written at its commit, summed by key and in the key's order, so two commits take the rows of daily_credits in the
-- same order. And a transaction's movements share one slot (from the transaction's id): one row locked per day and
-- reason, where each movement could lock one of its own; consecutive transactions still fall in different slots.
-- (0028's writing named the kept rows' columns bare, and daily_credits has a "delta" like the kept rows' table: they
-- are named through the record now.)
CREATE OR REPLACE FUNCTION "owner_figures_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "target" regclass;
  "keys" text;
  "kept_keys" text;
  "columns" text;
  "sums" text;
  "adds" text;
BEGIN
  PERFORM set_config('sala.owner_figures', 'flushing', true);
  FOR "target" IN
    SELECT "r" FROM (SELECT DISTINCT "p"."rollup" AS "r" FROM pg_temp."owner_figures_pending" "p") "d"
    ORDER BY "r" <> 'daily_sales'::regclass, "r"::text
  LOOP
    -- The rollup's key (its unique constraint), and its sums: every other column.
    SELECT string_agg(format('%I', "a"."attname"), ', ' ORDER BY "k"."n"),
           string_agg(format('"x".%I', "a"."attname"), ', ' ORDER BY "k"."n")
      INTO "keys", "kept_keys"
    FROM "pg_constraint" "c"
    CROSS JOIN LATERAL unnest("c"."conkey") WITH ORDINALITY AS "k"("attnum", "n")
    JOIN "pg_attribute" "a" ON "a"."attrelid" = "c"."conrelid" AND "a"."attnum" = "k"."attnum"
    WHERE "c"."conrelid" = "target" AND "c"."contype" IN ('p', 'u');
    SELECT string_agg(format('%I', "a"."attname"), ', ' ORDER BY "a"."attnum"),
           string_agg(format('sum("x".%I)', "a"."attname"), ', ' ORDER BY "a"."attnum"),
           string_agg(format('%1$I = "r".%1$I + excluded.%1$I', "a"."attname"), ', ' ORDER BY "a"."attnum")
      INTO "columns", "sums", "adds"
    FROM "pg_attribute" "a"
    WHERE "a"."attrelid" = "target" AND "a"."attnum" > 0 AND NOT "a"."attisdropped"
      AND "a"."attnum" <> ALL (SELECT unnest("c"."conkey") FROM "pg_constraint" "c"
                                WHERE "c"."conrelid" = "target" AND "c"."contype" IN ('p', 'u'));
    -- Summed by key and written in the key's order: two commits lock the rows of a rollup in the same order.
    EXECUTE format(
      'INSERT INTO %1$s AS "r" (%2$s, %3$s) SELECT %7$s, %4$s '
      'FROM pg_temp."owner_figures_pending" "p", jsonb_populate_record(NULL::%1$s, "p"."delta") "x" '
      'WHERE "p"."rollup" = %6$L::regclass GROUP BY %7$s ORDER BY %7$s ON CONFLICT (%2$s) DO UPDATE SET %5$s',
      "target", "keys", "columns", "sums", "adds", "target"::oid, "kept_keys");
  END LOOP;
  DELETE FROM pg_temp."owner_figures_pending";
  -- Written: a later insert of this commit (another deferred trigger's) is kept and written again.
  PERFORM set_config('sala.owner_figures', '', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "daily_credits_apply"("l" "credit_ledger", "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "daily_credits" AS "d" ("date", "reason", "slot", "delta")
  VALUES (("l"."created_at" AT TIME ZONE 'America/Mexico_City')::date, "l"."reason",
          (txid_current() % 8)::integer, "sign" * "l"."delta")
  ON CONFLICT ("date", "reason", "slot") DO UPDATE SET "delta" = "d"."delta" + excluded."delta";
$$;
--> statement-breakpoint
CREATE TRIGGER "daily_credits_at_commit" BEFORE INSERT ON "daily_credits"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_defer"();
