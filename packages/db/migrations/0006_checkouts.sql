CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"items" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"total_credits" integer NOT NULL,
	"gateway" text NOT NULL,
	"payment_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_id" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_payment_ref_key" UNIQUE("payment_ref"),
	CONSTRAINT "checkouts_status_valid" CHECK ("checkouts"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "checkouts_gateway_valid" CHECK ("checkouts"."gateway" in ('stripe', 'test')),
	CONSTRAINT "checkouts_amounts_non_negative" CHECK ("checkouts"."amount_cents" >= 0 and "checkouts"."total_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");