CREATE TABLE "daily_product_sales" (
	"date" date NOT NULL,
	"branch_id" uuid,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_product_sales_date_branch_name_key" UNIQUE NULLS NOT DISTINCT("date","branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "daily_sales" (
	"date" date NOT NULL,
	"branch_id" uuid,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"card_cents" bigint DEFAULT 0 NOT NULL,
	"transfer_cents" bigint DEFAULT 0 NOT NULL,
	"online_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_sales_date_branch_key" UNIQUE NULLS NOT DISTINCT("date","branch_id")
);
--> statement-breakpoint
CREATE INDEX "credit_ledger_created_at_idx" ON "credit_ledger" USING btree ("created_at","reason","delta");--> statement-breakpoint
CREATE INDEX "room_sessions_active_starts_at_idx" ON "room_sessions" USING btree ("starts_at","branch_id") WHERE "room_sessions"."cancelled_at" is null;--> statement-breakpoint
-- The owner's figures (issue 22): daily_sales and daily_product_sales are what the completed orders add up to, per
-- Mexico City day and branch. The database keeps them, in the transaction of every change to an order or its lines:
-- an order counts while it is completed, and counts no more once cancelled (or deleted).
CREATE FUNCTION "owner_figures_apply"("o" "orders", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "day" date := ("o"."created_at" AT TIME ZONE 'America/Mexico_City')::date;
BEGIN
  IF "o"."status" <> 'completed' THEN
    RETURN;
  END IF;
  INSERT INTO "daily_sales" AS "s" ("date", "branch_id", "cash_cents", "card_cents", "transfer_cents", "online_cents", "orders")
  VALUES (
    "day",
    "o"."branch_id",
    "sign" * CASE WHEN "o"."is_pos" THEN "o"."paid_cash_cents" - "o"."change_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."is_pos" THEN "o"."paid_card_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."is_pos" THEN "o"."paid_transfer_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."is_pos" THEN 0 ELSE "o"."total_cents" END,
    "sign"
  )
  ON CONFLICT ("date", "branch_id") DO UPDATE SET
    "cash_cents" = "s"."cash_cents" + excluded."cash_cents",
    "card_cents" = "s"."card_cents" + excluded."card_cents",
    "transfer_cents" = "s"."transfer_cents" + excluded."transfer_cents",
    "online_cents" = "s"."online_cents" + excluded."online_cents",
    "orders" = "s"."orders" + excluded."orders";
  INSERT INTO "daily_product_sales" AS "p" ("date", "branch_id", "name", "quantity", "total_cents")
  SELECT "day", "o"."branch_id", "i"."name", "sign" * sum("i"."quantity"), "sign" * sum("i"."quantity"::bigint * "i"."unit_price_cents")
  FROM "order_items" "i"
  WHERE "i"."order_id" = "o"."id"
  GROUP BY "i"."name"
  ON CONFLICT ("date", "branch_id", "name") DO UPDATE SET
    "quantity" = "p"."quantity" + excluded."quantity",
    "total_cents" = "p"."total_cents" + excluded."total_cents";
END;
$$;
--> statement-breakpoint
-- An order's own change: the old row's sums out, the new row's in. Before a delete, while its lines still exist.
CREATE FUNCTION "owner_figures_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "owner_figures_apply"(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "owner_figures_apply"(NEW, 1);
  END IF;
  -- Before a delete, the row to delete (NULL would cancel it); after an insert or an update, nothing.
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_owner_figures_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_orders"();
--> statement-breakpoint
-- Only a change to what the figures read moves them (a cancel's claim, a refund reference, updated_at do not).
CREATE TRIGGER "orders_owner_figures_update" AFTER UPDATE ON "orders"
  FOR EACH ROW
  WHEN ((OLD."status", OLD."created_at", OLD."branch_id", OLD."is_pos", OLD."total_cents", OLD."paid_cash_cents",
         OLD."paid_card_cents", OLD."paid_transfer_cents", OLD."change_cents")
        IS DISTINCT FROM
        (NEW."status", NEW."created_at", NEW."branch_id", NEW."is_pos", NEW."total_cents", NEW."paid_cash_cents",
         NEW."paid_card_cents", NEW."paid_transfer_cents", NEW."change_cents"))
  EXECUTE FUNCTION "owner_figures_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_owner_figures_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_orders"();
--> statement-breakpoint
-- A line added to (or changed in, or taken from) a completed order: its product's figures follow. The order's own
-- trigger counted the lines it had then; a line of an order being deleted finds no order and counts nothing.
CREATE FUNCTION "owner_figures_line"("line" "order_items", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "o" "orders";
BEGIN
  SELECT * INTO "o" FROM "orders" WHERE "id" = "line"."order_id";
  IF NOT FOUND OR "o"."status" <> 'completed' THEN
    RETURN;
  END IF;
  INSERT INTO "daily_product_sales" AS "p" ("date", "branch_id", "name", "quantity", "total_cents")
  VALUES (
    ("o"."created_at" AT TIME ZONE 'America/Mexico_City')::date,
    "o"."branch_id",
    "line"."name",
    "sign" * "line"."quantity",
    "sign" * "line"."quantity"::bigint * "line"."unit_price_cents"
  )
  ON CONFLICT ("date", "branch_id", "name") DO UPDATE SET
    "quantity" = "p"."quantity" + excluded."quantity",
    "total_cents" = "p"."total_cents" + excluded."total_cents";
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "owner_figures_order_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "owner_figures_line"(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "owner_figures_line"(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_owner_figures" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION "owner_figures_order_items"();
--> statement-breakpoint
-- The orders there already.
INSERT INTO "daily_sales" ("date", "branch_id", "cash_cents", "card_cents", "transfer_cents", "online_cents", "orders")
SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, "branch_id",
       coalesce(sum("paid_cash_cents" - "change_cents") FILTER (WHERE "is_pos"), 0),
       coalesce(sum("paid_card_cents") FILTER (WHERE "is_pos"), 0),
       coalesce(sum("paid_transfer_cents") FILTER (WHERE "is_pos"), 0),
       coalesce(sum("total_cents") FILTER (WHERE NOT "is_pos"), 0),
       count(*)
FROM "orders" WHERE "status" = 'completed'
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "daily_product_sales" ("date", "branch_id", "name", "quantity", "total_cents")
SELECT ("o"."created_at" AT TIME ZONE 'America/Mexico_City')::date, "o"."branch_id", "i"."name",
       sum("i"."quantity"), sum("i"."quantity"::bigint * "i"."unit_price_cents")
FROM "order_items" "i" JOIN "orders" "o" ON "o"."id" = "i"."order_id"
WHERE "o"."status" = 'completed'
GROUP BY 1, 2, 3;
