-- Issue 46 point 3: the owner's sales figures kept for the commit (0028) are written there by three plain
-- statements, one per rollup, where 0028 read each rollup's key and columns from the catalog and built its INSERT
-- with EXECUTE at every commit: two catalog queries and a statement parsed and planned afresh, per rollup, per sale.
-- Plain statements are planned once per connection (PL/pgSQL keeps their plans), and write the same rows in the same
-- order: daily_sales first, then daily_product_sales and daily_product_totals (each by its key), so two commits still
-- lock the rows of a rollup in the same order. A column added to a rollup must be added here too: the stress run's
-- invariants and apps/api/test/owner-rollups.test.ts compare every column with the orders.
CREATE OR REPLACE FUNCTION "owner_figures_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('sala.owner_figures', 'flushing', true);
  INSERT INTO "daily_sales" AS "r" ("date", "branch_id", "cash_cents", "card_cents", "transfer_cents", "online_cents",
                                    "orders", "total_cents", "invoiced_cents", "in_global_cents")
  SELECT "d"."date", "d"."branch_id", sum("d"."cash_cents"), sum("d"."card_cents"), sum("d"."transfer_cents"),
         sum("d"."online_cents"), sum("d"."orders"), sum("d"."total_cents"), sum("d"."invoiced_cents"),
         sum("d"."in_global_cents")
  FROM pg_temp."owner_figures_pending" "p", jsonb_populate_record(NULL::"daily_sales", "p"."delta") "d"
  WHERE "p"."rollup" = '"daily_sales"'::regclass
  GROUP BY "d"."date", "d"."branch_id" ORDER BY "d"."date", "d"."branch_id"
  ON CONFLICT ("date", "branch_id") DO UPDATE SET
    "cash_cents" = "r"."cash_cents" + excluded."cash_cents",
    "card_cents" = "r"."card_cents" + excluded."card_cents",
    "transfer_cents" = "r"."transfer_cents" + excluded."transfer_cents",
    "online_cents" = "r"."online_cents" + excluded."online_cents",
    "orders" = "r"."orders" + excluded."orders",
    "total_cents" = "r"."total_cents" + excluded."total_cents",
    "invoiced_cents" = "r"."invoiced_cents" + excluded."invoiced_cents",
    "in_global_cents" = "r"."in_global_cents" + excluded."in_global_cents";
  INSERT INTO "daily_product_sales" AS "r" ("date", "branch_id", "name", "quantity", "total_cents")
  SELECT "d"."date", "d"."branch_id", "d"."name", sum("d"."quantity"), sum("d"."total_cents")
  FROM pg_temp."owner_figures_pending" "p", jsonb_populate_record(NULL::"daily_product_sales", "p"."delta") "d"
  WHERE "p"."rollup" = '"daily_product_sales"'::regclass
  GROUP BY "d"."date", "d"."branch_id", "d"."name" ORDER BY "d"."date", "d"."branch_id", "d"."name"
  ON CONFLICT ("date", "branch_id", "name") DO UPDATE SET
    "quantity" = "r"."quantity" + excluded."quantity",
    "total_cents" = "r"."total_cents" + excluded."total_cents";
  INSERT INTO "daily_product_totals" AS "r" ("date", "name", "quantity", "total_cents")
  SELECT "d"."date", "d"."name", sum("d"."quantity"), sum("d"."total_cents")
  FROM pg_temp."owner_figures_pending" "p", jsonb_populate_record(NULL::"daily_product_totals", "p"."delta") "d"
  WHERE "p"."rollup" = '"daily_product_totals"'::regclass
  GROUP BY "d"."date", "d"."name" ORDER BY "d"."date", "d"."name"
  ON CONFLICT ("date", "name") DO UPDATE SET
    "quantity" = "r"."quantity" + excluded."quantity",
    "total_cents" = "r"."total_cents" + excluded."total_cents";
  DELETE FROM pg_temp."owner_figures_pending";
  -- Written: a later insert of this commit (another deferred trigger's) is kept and written again.
  PERFORM set_config('sala.owner_figures', '', true);
  RETURN NULL;
END;
$$;
