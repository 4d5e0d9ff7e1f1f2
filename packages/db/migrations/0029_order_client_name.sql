-- Issue 46: the orders table sorted by "Cliente" at a chain's size. The sort joined every order (300 000) to its
-- client before it could choose a page (p95 363 ms for the first page, 716 ms for a middle one). Each order now holds
-- its client's current name, or "Público en general" for a walk-in sale (WALK_IN_NAME in @sala/shared/pos), and the
-- sort walks an index on it. The database keeps it: when the order is made (or its client changes), and whenever a
-- client's name changes (an edit, the ARCO anonymisation), in the same transaction. The app never writes it.
ALTER TABLE "orders" ADD COLUMN "client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "orders_client_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."client_name" := coalesce((SELECT "u"."name" FROM "users" "u" WHERE "u"."id" = NEW."user_id"), 'Público en general');
  RETURN NEW;
END $$;--> statement-breakpoint
-- Also on a write of the name itself: whatever is written, the order holds its client's name.
CREATE TRIGGER "orders_client_name" BEFORE INSERT OR UPDATE OF "user_id", "client_name" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_client_name"();--> statement-breakpoint
-- A renamed client renames their orders. (The orders' own trigger above reads the new name: this statement's
-- snapshot sees the client's updated row.)
CREATE FUNCTION "users_orders_client_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "client_name" = NEW."name" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_orders_client_name" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "users_orders_client_name"();--> statement-breakpoint
-- The orders made before this migration: writing the column makes the trigger above name each one.
UPDATE "orders" SET "client_name" = '';--> statement-breakpoint
CREATE INDEX "orders_client_name_idx" ON "orders" USING btree ("client_name","id");
