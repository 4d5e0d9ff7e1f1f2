-- Issue 42: CFDI invoices (the issuer, each client's fiscal profile, products' SAT keys, the invoices with their queue and cancellations, and the sales of each global invoice).
CREATE TABLE "fiscal_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_system" text NOT NULL,
	"zip" text NOT NULL,
	"cfdi_use" text NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_invoice_sales" (
	"invoice_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "global_invoice_sales_pkey" PRIMARY KEY("invoice_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"customer" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_form" text NOT NULL,
	"series" text NOT NULL,
	"folio_number" integer NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"error_field" text,
	"pac_id" text,
	"uuid" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"stamped_at" timestamp with time zone,
	"pdf_base64" text,
	"xml" text,
	"period_start" date,
	"period_end" date,
	"periodicity" text,
	"related_id" uuid,
	"waits_for" uuid,
	"cancel_motive" text,
	"cancel_substitute_id" uuid,
	"cancel_state" text,
	"cancel_attempts" integer DEFAULT 0 NOT NULL,
	"cancel_next_attempt_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('order', 'global', 'credit_note')),
	CONSTRAINT "invoices_cancel_state_valid" CHECK ("invoices"."cancel_state" is null or "invoices"."cancel_state" in ('queued', 'pending', 'verifying', 'accepted', 'rejected', 'expired')),
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('queued', 'valid', 'failed', 'cancelled')),
	CONSTRAINT "invoices_order_has_sale" CHECK ("invoices"."kind" <> 'order' or "invoices"."order_id" is not null),
	CONSTRAINT "invoices_total_non_negative" CHECK ("invoices"."total_cents" >= 0),
	CONSTRAINT "invoices_stamped_when_valid" CHECK ("invoices"."status" <> 'valid' or "invoices"."uuid" is not null)
);
--> statement-breakpoint
CREATE TABLE "invoicing_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"rfc" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_system" text NOT NULL,
	"zip" text NOT NULL,
	"series" text DEFAULT 'F' NOT NULL,
	"next_folio" integer DEFAULT 1 NOT NULL,
	"default_product_key" text DEFAULT '80131502' NOT NULL,
	"default_unit_key" text DEFAULT 'E48' NOT NULL,
	"global_periodicity" text DEFAULT 'month' NOT NULL,
	"request_window_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoicing_settings_one_row" CHECK ("invoicing_settings"."id" = 1),
	CONSTRAINT "invoicing_settings_folio_positive" CHECK ("invoicing_settings"."next_folio" >= 1),
	CONSTRAINT "invoicing_settings_window_range" CHECK ("invoicing_settings"."request_window_days" is null or "invoicing_settings"."request_window_days" between 1 and 365),
	CONSTRAINT "invoicing_settings_periodicity_valid" CHECK ("invoicing_settings"."global_periodicity" in ('day', 'week', 'fortnight', 'month', 'two_months'))
);
--> statement-breakpoint
CREATE TABLE "product_sat_keys" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"product_key" text NOT NULL,
	"unit_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_profiles" ADD CONSTRAINT "fiscal_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_invoice_sales" ADD CONSTRAINT "global_invoice_sales_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_invoice_sales" ADD CONSTRAINT "global_invoice_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoicing_settings" ADD CONSTRAINT "invoicing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sat_keys" ADD CONSTRAINT "product_sat_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "global_invoice_sales_order_idx" ON "global_invoice_sales" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_live_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'order' and "invoices"."status" in ('queued', 'valid') and "invoices"."cancel_state" is null;--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "invoices_cancel_due_idx" ON "invoices" USING btree ("cancel_state","cancel_next_attempt_at");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_period_idx" ON "invoices" USING btree ("kind","period_start");--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at","id");