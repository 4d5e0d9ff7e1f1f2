-- Issue 46 point 3: the owner's sales figures written at the commit. daily_sales has one row per branch and day (and
-- one for the online store), daily_product_sales one per product of it, daily_product_totals one per product and
-- day: every sale, card payment, voucher paid and cancel of the day adds to the same rows. Written by the orders'
-- triggers (0018, 0019, 0027) in the middle of the transaction, each row stayed locked until the commit, through the
-- credits, the receipt and every round trip after it: the day's sales queued on it, and a sale (its client's account,
-- then the day's row) and a cancel (the day's row, then the client's account) could deadlock.
--
-- Now what those triggers add is kept in the transaction (a temporary table of the connection) and added to the rows
-- when it commits, by a constraint trigger deferred to the commit, as 0027 does for the sessions and the ledger: a
-- row is locked only while its transaction commits, after every other lock of it, and always in one order
-- (daily_sales first, then the others by name, each by its key): no deadlock between two commits, nor with the
-- accounts. The triggers' own functions are unchanged: an INSERT they make into one of these rollups (each is a sum:
-- its conflict adds every column) is caught before it happens, kept, and made at the commit, summed by key with the
-- others of the transaction. A statement of the app or of a migration (not from a trigger) writes a rollup at once,
-- as before. (A sale's change of invoice cover, 0027, adds to its day by an insert too: kept for the commit alike.)
CREATE FUNCTION "owner_figures_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "target" regclass;
  "keys" text;
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
    SELECT string_agg(format('%I', "a"."attname"), ', ' ORDER BY "k"."n") INTO "keys"
    FROM "pg_constraint" "c"
    CROSS JOIN LATERAL unnest("c"."conkey") WITH ORDINALITY AS "k"("attnum", "n")
    JOIN "pg_attribute" "a" ON "a"."attrelid" = "c"."conrelid" AND "a"."attnum" = "k"."attnum"
    WHERE "c"."conrelid" = "target" AND "c"."contype" IN ('p', 'u');
    SELECT string_agg(format('%I', "a"."attname"), ', ' ORDER BY "a"."attnum"),
           string_agg(format('sum(%I)', "a"."attname"), ', ' ORDER BY "a"."attnum"),
           string_agg(format('%1$I = "r".%1$I + excluded.%1$I', "a"."attname"), ', ' ORDER BY "a"."attnum")
      INTO "columns", "sums", "adds"
    FROM "pg_attribute" "a"
    WHERE "a"."attrelid" = "target" AND "a"."attnum" > 0 AND NOT "a"."attisdropped"
      AND "a"."attnum" <> ALL (SELECT unnest("c"."conkey") FROM "pg_constraint" "c"
                                WHERE "c"."conrelid" = "target" AND "c"."contype" IN ('p', 'u'));
    -- Summed by key and written in the key's order: two commits lock the rows of a rollup in the same order.
    EXECUTE format(
      'INSERT INTO %1$s AS "r" (%2$s, %3$s) SELECT %2$s, %4$s '
      'FROM pg_temp."owner_figures_pending" "p", jsonb_populate_record(NULL::%1$s, "p"."delta") '
      'WHERE "p"."rollup" = %6$L::regclass GROUP BY %2$s ORDER BY %2$s ON CONFLICT (%2$s) DO UPDATE SET %5$s',
      "target", "keys", "columns", "sums", "adds", "target"::oid);
  END LOOP;
  DELETE FROM pg_temp."owner_figures_pending";
  -- Written: a later insert of this commit (another deferred trigger's) is kept and written again.
  PERFORM set_config('sala.owner_figures', '', true);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before an insert into a rollup: made by a trigger (depth 2: the orders' trigger, then this one), kept for the
-- commit; made by a statement, or by the commit's own writing, let through.
CREATE FUNCTION "owner_figures_defer"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "state" text := current_setting('sala.owner_figures', true);
BEGIN
  IF pg_trigger_depth() < 2 OR "state" = 'flushing' THEN
    RETURN NEW;
  END IF;
  -- Two tables of the connection, emptied by every commit: what the transaction adds, and one row per transaction
  -- whose deferred trigger writes it at the commit.
  IF to_regclass('pg_temp.owner_figures_pending') IS NULL THEN
    CREATE TEMPORARY TABLE "owner_figures_pending" ("rollup" regclass NOT NULL, "delta" jsonb NOT NULL)
      ON COMMIT DELETE ROWS;
    CREATE TEMPORARY TABLE "owner_figures_commit" ("at" timestamptz NOT NULL DEFAULT now()) ON COMMIT DELETE ROWS;
    CREATE CONSTRAINT TRIGGER "owner_figures_commit_flush" AFTER INSERT ON pg_temp."owner_figures_commit"
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "owner_figures_flush"();
  END IF;
  IF "state" IS DISTINCT FROM 'kept' THEN
    PERFORM set_config('sala.owner_figures', 'kept', true);
    INSERT INTO pg_temp."owner_figures_commit" DEFAULT VALUES;
  END IF;
  INSERT INTO pg_temp."owner_figures_pending" ("rollup", "delta") VALUES (TG_RELID, to_jsonb(NEW));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "daily_sales_at_commit" BEFORE INSERT ON "daily_sales"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_defer"();
--> statement-breakpoint
CREATE TRIGGER "daily_product_sales_at_commit" BEFORE INSERT ON "daily_product_sales"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_defer"();
--> statement-breakpoint
CREATE TRIGGER "daily_product_totals_at_commit" BEFORE INSERT ON "daily_product_totals"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_defer"();
