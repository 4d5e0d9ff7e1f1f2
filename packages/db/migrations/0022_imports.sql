-- Issue 41 (decision 029): the old ids of imported records, and the ledger reason of an imported balance.
CREATE TABLE "import_ids" (
	"source" text NOT NULL,
	"collection" text NOT NULL,
	"old_id" text NOT NULL,
	"new_id" uuid NOT NULL,
	"credits" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_ids_pkey" PRIMARY KEY("source","collection","old_id"),
	CONSTRAINT "import_ids_source_valid" CHECK ("import_ids"."source" in ('firebase', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_valid";--> statement-breakpoint
CREATE INDEX "import_ids_new_id_idx" ON "import_ids" USING btree ("new_id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_valid" CHECK ("credit_ledger"."reason" in ('purchase', 'pos', 'booking', 'booking_refund', 'order_cancel', 'adjustment', 'account_closed', 'reschedule', 'import'));