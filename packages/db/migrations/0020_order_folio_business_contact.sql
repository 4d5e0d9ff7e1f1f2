-- Issue 39: every order gets a short folio for people ("A-00123"), from one sequence; the orders there already are
-- numbered in the order they were made.
CREATE SEQUENCE "orders_folio_seq" AS integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "folio" integer;--> statement-breakpoint
UPDATE "orders" AS "o" SET "folio" = "n"."rn"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "rn" FROM "orders") AS "n"
WHERE "o"."id" = "n"."id";--> statement-breakpoint
SELECT setval('orders_folio_seq', coalesce((SELECT max("folio") FROM "orders"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "folio" SET DEFAULT nextval('orders_folio_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "folio" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "orders_folio_seq" OWNED BY "orders"."folio";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_folio_key" UNIQUE("folio");--> statement-breakpoint
-- How clients reach the business: shown in the footer, the side menu and every "comunícate con la recepción".
ALTER TABLE "business_settings" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "instagram_url" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "facebook_url" text;
