CREATE TABLE "daily_product_totals" (
	"date" date NOT NULL,
	"name" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_product_totals_pkey" PRIMARY KEY("date","name")
);
--> statement-breakpoint
CREATE TABLE "daily_credits" (
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"slot" smallint NOT NULL,
	"delta" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_credits_pkey" PRIMARY KEY("date","reason","slot")
);
--> statement-breakpoint
CREATE TABLE "daily_sessions" (
	"date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"by_hour" integer[] NOT NULL,
	CONSTRAINT "daily_sessions_pkey" PRIMARY KEY("date","branch_id")
);
--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "whatsapp_messages_created_at_idx";--> statement-breakpoint
ALTER TABLE "daily_sales" ADD COLUMN "total_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_sales" ADD COLUMN "invoiced_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_sales" ADD COLUMN "in_global_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_cover" text;--> statement-breakpoint
CREATE INDEX "audit_log_actor_name_trgm_idx" ON "audit_log" USING gin ("actor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_label_trgm_idx" ON "audit_log" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_trgm_idx" ON "audit_log" USING gin ("entity_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "daily_product_sales_branch_date_idx" ON "daily_product_sales" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "email_outbox_to_address_trgm_idx" ON "email_outbox" USING gin ("to_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_subject_trgm_idx" ON "email_outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "whatsapp_messages_to_phone_trgm_idx" ON "whatsapp_messages" USING gin ("to_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_at_idx" ON "whatsapp_messages" USING btree ("created_at","id");
--> statement-breakpoint
-- The owner's figures at a chain's size (issue 46): daily_sessions (active sessions per branch, day and hour) and
-- daily_credits (the ledger's deltas per Mexico City day, reason and slot) are what the rows add up to. The database
-- keeps them by constraint triggers deferred to the commit: the shared row is locked only while the transaction
-- commits, not while it does the rest of its work.
CREATE FUNCTION "daily_sessions_apply"("branch" uuid, "at" timestamptz, "n" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "local" timestamp := "at" AT TIME ZONE 'America/Mexico_City';
  "h" integer := extract(hour FROM "local")::integer + 1;
  "fresh" integer[] := array_fill(0, ARRAY[24]);
BEGIN
  "fresh"["h"] := "n";
  INSERT INTO "daily_sessions" AS "d" ("date", "branch_id", "by_hour") VALUES ("local"::date, "branch", "fresh")
  ON CONFLICT ("date", "branch_id") DO UPDATE SET "by_hour"["h"] = "d"."by_hour"["h"] + "n";
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "daily_sessions_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."cancelled_at" IS NULL THEN
    PERFORM "daily_sessions_apply"(OLD."branch_id", OLD."starts_at", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."cancelled_at" IS NULL THEN
    PERFORM "daily_sessions_apply"(NEW."branch_id", NEW."starts_at", 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "room_sessions_daily_insert" AFTER INSERT ON "room_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."cancelled_at" IS NULL)
  EXECUTE FUNCTION "daily_sessions_track"();
--> statement-breakpoint
-- Only what the figure reads: being active, the branch and the hour (a reminder sent or a note do not).
CREATE CONSTRAINT TRIGGER "room_sessions_daily_update" AFTER UPDATE ON "room_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."cancelled_at" IS NULL, OLD."branch_id", OLD."starts_at")
        IS DISTINCT FROM (NEW."cancelled_at" IS NULL, NEW."branch_id", NEW."starts_at"))
  EXECUTE FUNCTION "daily_sessions_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "room_sessions_daily_delete" AFTER DELETE ON "room_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."cancelled_at" IS NULL)
  EXECUTE FUNCTION "daily_sessions_track"();
--> statement-breakpoint
CREATE FUNCTION "daily_credits_apply"("l" "credit_ledger", "sign" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "daily_credits" AS "d" ("date", "reason", "slot", "delta")
  VALUES (("l"."created_at" AT TIME ZONE 'America/Mexico_City')::date, "l"."reason",
          hashtext("l"."id"::text) & 7, "sign" * "l"."delta")
  ON CONFLICT ("date", "reason", "slot") DO UPDATE SET "delta" = "d"."delta" + excluded."delta";
$$;
--> statement-breakpoint
CREATE FUNCTION "daily_credits_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "daily_credits_apply"(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "daily_credits_apply"(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_ledger_daily_insert" AFTER INSERT ON "credit_ledger"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "daily_credits_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_ledger_daily_update" AFTER UPDATE ON "credit_ledger"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."created_at", OLD."reason", OLD."delta") IS DISTINCT FROM (NEW."created_at", NEW."reason", NEW."delta"))
  EXECUTE FUNCTION "daily_credits_track"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_ledger_daily_delete" AFTER DELETE ON "credit_ledger"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "daily_credits_track"();
--> statement-breakpoint
-- Both rollups made again from their rows: for the rows there already, and for a bulk load that set their
-- triggers aside (bench/lib/owner-data.ts loads a million sessions so).
CREATE FUNCTION "daily_sessions_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "daily_sessions";
  INSERT INTO "daily_sessions" ("date", "branch_id", "by_hour")
  SELECT "date", "branch_id", array_agg(coalesce("n", 0) ORDER BY "h")
  FROM (
    SELECT "d"."date", "d"."branch_id", "h", "c"."n"
    FROM (SELECT DISTINCT ("starts_at" AT TIME ZONE 'America/Mexico_City')::date AS "date", "branch_id"
          FROM "room_sessions" WHERE "cancelled_at" IS NULL) "d"
    CROSS JOIN generate_series(0, 23) AS "h"
    LEFT JOIN (
      SELECT ("starts_at" AT TIME ZONE 'America/Mexico_City')::date AS "date", "branch_id",
             extract(hour FROM "starts_at" AT TIME ZONE 'America/Mexico_City')::integer AS "hour",
             count(*)::integer AS "n"
      FROM "room_sessions" WHERE "cancelled_at" IS NULL GROUP BY 1, 2, 3
    ) "c" ON "c"."date" = "d"."date" AND "c"."branch_id" = "d"."branch_id" AND "c"."hour" = "h"
  ) "cells"
  GROUP BY "date", "branch_id";
$$;
--> statement-breakpoint
CREATE FUNCTION "daily_credits_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "daily_credits";
  INSERT INTO "daily_credits" ("date", "reason", "slot", "delta")
  SELECT ("created_at" AT TIME ZONE 'America/Mexico_City')::date, "reason", hashtext("id"::text) & 7, sum("delta")
  FROM "credit_ledger" GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT "daily_sessions_rebuild"(), "daily_credits_rebuild"();
--> statement-breakpoint
-- The report's invoicing (issue 42) at a chain's size: each completed sale's cover — its own live invoice, else a
-- live global invoice that lists it, else none — is kept on the order by the database (orders.invoice_cover), and
-- daily_sales sums the totals by cover, so a period's figures are a sum of days, not a walk of every order.
CREATE FUNCTION "order_invoice_cover"("order_id" uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (
      SELECT 1 FROM "invoices" "i"
      WHERE "i"."order_id" = "order_invoice_cover"."order_id" AND "i"."kind" = 'order'
        AND "i"."status" IN ('queued', 'valid') AND ("i"."cancel_state" IS NULL OR "i"."cancel_state" IN ('rejected', 'expired'))
    ) THEN 'own'
    WHEN EXISTS (
      SELECT 1 FROM "global_invoice_sales" "s" JOIN "invoices" "g" ON "g"."id" = "s"."invoice_id"
      WHERE "s"."order_id" = "order_invoice_cover"."order_id"
        AND "g"."status" IN ('queued', 'valid') AND ("g"."cancel_state" IS NULL OR "g"."cancel_state" IN ('rejected', 'expired'))
    ) THEN 'global'
  END;
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_invoice_cover_refresh"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "orders" "o" SET "invoice_cover" = "c"."cover"
  FROM (SELECT DISTINCT "id", "order_invoice_cover"("id") AS "cover" FROM unnest("ids") AS "id") "c"
  WHERE "o"."id" = "c"."id" AND "o"."invoice_cover" IS DISTINCT FROM "c"."cover";
$$;
--> statement-breakpoint
-- An invoice written, or its state changed: its sale (a client's invoice) or every sale it lists (a global one).
CREATE FUNCTION "invoices_cover_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "inv" "invoices" := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."order_id" IS DISTINCT FROM NEW."order_id" AND OLD."order_id" IS NOT NULL THEN
    PERFORM "orders_invoice_cover_refresh"(ARRAY[OLD."order_id"]);
  END IF;
  IF "inv"."order_id" IS NOT NULL THEN
    PERFORM "orders_invoice_cover_refresh"(ARRAY["inv"."order_id"]);
  END IF;
  IF "inv"."kind" = 'global' THEN
    PERFORM "orders_invoice_cover_refresh"(ARRAY(SELECT "order_id" FROM "global_invoice_sales" WHERE "invoice_id" = "inv"."id"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_cover_insert_delete" AFTER INSERT OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_cover_track"();
--> statement-breakpoint
CREATE TRIGGER "invoices_cover_update" AFTER UPDATE ON "invoices"
  FOR EACH ROW
  WHEN ((OLD."kind", OLD."order_id", OLD."status", OLD."cancel_state")
        IS DISTINCT FROM (NEW."kind", NEW."order_id", NEW."status", NEW."cancel_state"))
  EXECUTE FUNCTION "invoices_cover_track"();
--> statement-breakpoint
-- A global invoice's sales listed or taken off: one refresh per statement (a global lists thousands at once).
CREATE FUNCTION "global_invoice_sales_cover_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "orders_invoice_cover_refresh"(ARRAY(SELECT "order_id" FROM "new_rows"));
  ELSE
    PERFORM "orders_invoice_cover_refresh"(ARRAY(SELECT "order_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "global_invoice_sales_cover_insert" AFTER INSERT ON "global_invoice_sales"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "global_invoice_sales_cover_track"();
--> statement-breakpoint
CREATE TRIGGER "global_invoice_sales_cover_delete" AFTER DELETE ON "global_invoice_sales"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "global_invoice_sales_cover_track"();
--> statement-breakpoint
-- A completed sale's cover changed (and nothing else the figures read): its day's sums by cover move.
CREATE FUNCTION "owner_figures_cover"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An insert that adds to the day's row (every column a sum): it works whether the row exists yet or not.
  INSERT INTO "daily_sales" AS "s" ("date", "branch_id", "invoiced_cents", "in_global_cents")
  VALUES (
    (coalesce(NEW."paid_at", NEW."created_at") AT TIME ZONE 'America/Mexico_City')::date,
    NEW."branch_id",
    CASE WHEN NEW."invoice_cover" = 'own' THEN NEW."total_cents" ELSE 0 END
      - CASE WHEN OLD."invoice_cover" = 'own' THEN OLD."total_cents" ELSE 0 END,
    CASE WHEN NEW."invoice_cover" = 'global' THEN NEW."total_cents" ELSE 0 END
      - CASE WHEN OLD."invoice_cover" = 'global' THEN OLD."total_cents" ELSE 0 END
  )
  ON CONFLICT ("date", "branch_id") DO UPDATE SET
    "invoiced_cents" = "s"."invoiced_cents" + excluded."invoiced_cents",
    "in_global_cents" = "s"."in_global_cents" + excluded."in_global_cents";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A product's units and amount of a day: of its branch, and of every branch together.
CREATE FUNCTION "product_sales_apply"("day" date, "branch" uuid, "product" text, "units" bigint, "cents" bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "daily_product_sales" AS "p" ("date", "branch_id", "name", "quantity", "total_cents")
  VALUES ("day", "branch", "product", "units", "cents")
  ON CONFLICT ("date", "branch_id", "name") DO UPDATE SET
    "quantity" = "p"."quantity" + excluded."quantity",
    "total_cents" = "p"."total_cents" + excluded."total_cents";
  INSERT INTO "daily_product_totals" AS "t" ("date", "name", "quantity", "total_cents")
  VALUES ("day", "product", "units", "cents")
  ON CONFLICT ("date", "name") DO UPDATE SET
    "quantity" = "t"."quantity" + excluded."quantity",
    "total_cents" = "t"."total_cents" + excluded."total_cents";
$$;
--> statement-breakpoint
-- The sums of 0019, the totals by cover, and the products through product_sales_apply.
CREATE OR REPLACE FUNCTION "owner_figures_apply"("o" "orders", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "day" date := (coalesce("o"."paid_at", "o"."created_at") AT TIME ZONE 'America/Mexico_City')::date;
BEGIN
  IF "o"."status" <> 'completed' THEN
    RETURN;
  END IF;
  INSERT INTO "daily_sales" AS "s" ("date", "branch_id", "cash_cents", "card_cents", "transfer_cents", "online_cents",
                                    "orders", "total_cents", "invoiced_cents", "in_global_cents")
  VALUES (
    "day",
    "o"."branch_id",
    "sign" * CASE WHEN "o"."is_pos" THEN "o"."paid_cash_cents" - "o"."change_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."is_pos" THEN "o"."paid_card_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."is_pos" THEN "o"."paid_transfer_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."is_pos" THEN 0 ELSE "o"."total_cents" END,
    "sign",
    "sign" * "o"."total_cents",
    "sign" * CASE WHEN "o"."invoice_cover" = 'own' THEN "o"."total_cents" ELSE 0 END,
    "sign" * CASE WHEN "o"."invoice_cover" = 'global' THEN "o"."total_cents" ELSE 0 END
  )
  ON CONFLICT ("date", "branch_id") DO UPDATE SET
    "cash_cents" = "s"."cash_cents" + excluded."cash_cents",
    "card_cents" = "s"."card_cents" + excluded."card_cents",
    "transfer_cents" = "s"."transfer_cents" + excluded."transfer_cents",
    "online_cents" = "s"."online_cents" + excluded."online_cents",
    "orders" = "s"."orders" + excluded."orders",
    "total_cents" = "s"."total_cents" + excluded."total_cents",
    "invoiced_cents" = "s"."invoiced_cents" + excluded."invoiced_cents",
    "in_global_cents" = "s"."in_global_cents" + excluded."in_global_cents";
  PERFORM "product_sales_apply"("day", "o"."branch_id", "i"."name", ("sign" * sum("i"."quantity"))::bigint,
                                ("sign" * sum("i"."quantity"::bigint * "i"."unit_price_cents"))::bigint)
  FROM "order_items" "i"
  WHERE "i"."order_id" = "o"."id"
  GROUP BY "i"."name";
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "owner_figures_line"("line" "order_items", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "o" "orders";
BEGIN
  SELECT * INTO "o" FROM "orders" WHERE "id" = "line"."order_id";
  IF NOT FOUND OR "o"."status" <> 'completed' THEN
    RETURN;
  END IF;
  PERFORM "product_sales_apply"((coalesce("o"."paid_at", "o"."created_at") AT TIME ZONE 'America/Mexico_City')::date,
                                "o"."branch_id", "line"."name", ("sign" * "line"."quantity")::bigint,
                                "sign" * "line"."quantity"::bigint * "line"."unit_price_cents");
END;
$$;
--> statement-breakpoint
-- The orders there already: their cover (before the trigger below reads it), then the days' totals by cover.
UPDATE "orders" SET "invoice_cover" = "order_invoice_cover"("id")
WHERE "id" IN (SELECT "order_id" FROM "invoices" WHERE "order_id" IS NOT NULL
               UNION SELECT "order_id" FROM "global_invoice_sales");
--> statement-breakpoint
-- The orders' three rollups made again from the completed orders and their lines (the sums of 0018 and 0019, with
-- the totals by cover and every branch's products): for the rows there already, and for a bulk load that set the
-- orders' triggers aside (bench/lib/owner-data.ts loads 300 000 orders so).
CREATE FUNCTION "owner_figures_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "daily_sales";
  DELETE FROM "daily_product_sales";
  DELETE FROM "daily_product_totals";
  INSERT INTO "daily_sales" ("date", "branch_id", "cash_cents", "card_cents", "transfer_cents", "online_cents",
                             "orders", "total_cents", "invoiced_cents", "in_global_cents")
  SELECT (coalesce("paid_at", "created_at") AT TIME ZONE 'America/Mexico_City')::date, "branch_id",
         coalesce(sum("paid_cash_cents" - "change_cents") FILTER (WHERE "is_pos"), 0),
         coalesce(sum("paid_card_cents") FILTER (WHERE "is_pos"), 0),
         coalesce(sum("paid_transfer_cents") FILTER (WHERE "is_pos"), 0),
         coalesce(sum("total_cents") FILTER (WHERE NOT "is_pos"), 0),
         count(*), sum("total_cents"),
         coalesce(sum("total_cents") FILTER (WHERE "invoice_cover" = 'own'), 0),
         coalesce(sum("total_cents") FILTER (WHERE "invoice_cover" = 'global'), 0)
  FROM "orders" WHERE "status" = 'completed'
  GROUP BY 1, 2;
  INSERT INTO "daily_product_sales" ("date", "branch_id", "name", "quantity", "total_cents")
  SELECT (coalesce("o"."paid_at", "o"."created_at") AT TIME ZONE 'America/Mexico_City')::date, "o"."branch_id",
         "i"."name", sum("i"."quantity"), sum("i"."quantity"::bigint * "i"."unit_price_cents")
  FROM "order_items" "i" JOIN "orders" "o" ON "o"."id" = "i"."order_id"
  WHERE "o"."status" = 'completed'
  GROUP BY 1, 2, 3;
  INSERT INTO "daily_product_totals" ("date", "name", "quantity", "total_cents")
  SELECT "date", "name", sum("quantity"), sum("total_cents") FROM "daily_product_sales" GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT "owner_figures_rebuild"();
--> statement-breakpoint
-- From now on a change of cover alone moves the day's sums by cover (the app never changes the cover and what
-- orders_owner_figures_update follows in one statement: the database alone writes the cover).
CREATE TRIGGER "orders_owner_figures_cover" AFTER UPDATE OF "invoice_cover" ON "orders"
  FOR EACH ROW
  WHEN (OLD."invoice_cover" IS DISTINCT FROM NEW."invoice_cover" AND NEW."status" = 'completed'
        AND (OLD."status", OLD."created_at", OLD."paid_at", OLD."branch_id", OLD."total_cents")
            IS NOT DISTINCT FROM (NEW."status", NEW."created_at", NEW."paid_at", NEW."branch_id", NEW."total_cents"))
  EXECUTE FUNCTION "owner_figures_cover"();
