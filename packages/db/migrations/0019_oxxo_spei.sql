CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text NOT NULL,
	"balance_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_gateway_pk" PRIMARY KEY("user_id","gateway"),
	CONSTRAINT "payment_customers_customer_ref_key" UNIQUE("customer_ref")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_method_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Every order there already was paid when it was made (the point of sale, a card); a cancelled one too.
UPDATE "orders" SET "paid_at" = "created_at" WHERE "status" IN ('completed', 'cancelled');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_instructions" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_funding" jsonb;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "checkouts_next_check_idx" ON "checkouts" USING btree ("next_check_at") WHERE "checkouts"."next_check_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_when_completed" CHECK ("orders"."status" <> 'completed' or "orders"."paid_at" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('pending', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_valid" CHECK ("orders"."method" in ('cash', 'card', 'transfer', 'mixed', 'oxxo', 'spei'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_method_valid" CHECK ("checkouts"."method" in ('card', 'oxxo', 'spei'));;
--> statement-breakpoint
-- Issue 24: the owner's figures count an order on the Mexico City day its money was confirmed (paid_at): the
-- moment of the sale for the point of sale and a card, days later for OXXO and SPEI. The same sums otherwise.
CREATE OR REPLACE FUNCTION "owner_figures_apply"("o" "orders", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "day" date := (coalesce("o"."paid_at", "o"."created_at") AT TIME ZONE 'America/Mexico_City')::date;
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
CREATE OR REPLACE FUNCTION "owner_figures_line"("line" "order_items", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "o" "orders";
BEGIN
  SELECT * INTO "o" FROM "orders" WHERE "id" = "line"."order_id";
  IF NOT FOUND OR "o"."status" <> 'completed' THEN
    RETURN;
  END IF;
  INSERT INTO "daily_product_sales" AS "p" ("date", "branch_id", "name", "quantity", "total_cents")
  VALUES (
    (coalesce("o"."paid_at", "o"."created_at") AT TIME ZONE 'America/Mexico_City')::date,
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
DROP TRIGGER "orders_owner_figures_update" ON "orders";
--> statement-breakpoint
-- A pending payment confirmed (status and paid_at change together) moves the figures; so does any change to what
-- they read. A cancel's claim, a refund reference, updated_at or the payment's instructions do not.
CREATE TRIGGER "orders_owner_figures_update" AFTER UPDATE ON "orders"
  FOR EACH ROW
  WHEN ((OLD."status", OLD."created_at", OLD."paid_at", OLD."branch_id", OLD."is_pos", OLD."total_cents",
         OLD."paid_cash_cents", OLD."paid_card_cents", OLD."paid_transfer_cents", OLD."change_cents")
        IS DISTINCT FROM
        (NEW."status", NEW."created_at", NEW."paid_at", NEW."branch_id", NEW."is_pos", NEW."total_cents",
         NEW."paid_cash_cents", NEW."paid_card_cents", NEW."paid_transfer_cents", NEW."change_cents"))
  EXECUTE FUNCTION "owner_figures_orders"();
--> statement-breakpoint
-- An order written already paid (the point of sale, a card, a cancelled one of history) was paid when it was made:
-- its paid_at is its created_at unless given. Only OXXO and SPEI write an order before the money (status pending).
CREATE FUNCTION "orders_paid_at_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."paid_at" IS NULL AND NEW."status" IN ('completed', 'cancelled') THEN
    NEW."paid_at" := NEW."created_at";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_paid_at_default" BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_paid_at_default"();
