CREATE TABLE "credit_expiry_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"leased_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"lots" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_on" date,
	"source" text NOT NULL,
	"reference_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	"expired_credits" integer DEFAULT 0 NOT NULL,
	"warned_for" date,
	"warned_days" integer,
	CONSTRAINT "credit_lots_remaining_valid" CHECK ("credit_lots"."remaining" >= 0 and "credit_lots"."remaining" <= "credit_lots"."credits"),
	CONSTRAINT "credit_lots_credits_positive" CHECK ("credit_lots"."credits" > 0 and "credit_lots"."expired_credits" >= 0),
	CONSTRAINT "credit_lots_source_valid" CHECK ("credit_lots"."source" in ('purchase', 'pos', 'adjustment', 'import', 'booking_refund', 'opening'))
);
--> statement-breakpoint
CREATE TABLE "session_credits" (
	"session_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	CONSTRAINT "session_credits_session_id_lot_id_pk" PRIMARY KEY("session_id","lot_id"),
	CONSTRAINT "session_credits_positive" CHECK ("session_credits"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_valid";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_session_id_room_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."room_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_credits" ADD CONSTRAINT "session_credits_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_lots_user_idx" ON "credit_lots" USING btree ("user_id","expires_on");--> statement-breakpoint
CREATE INDEX "credit_lots_due_idx" ON "credit_lots" USING btree ("expires_on") WHERE "credit_lots"."remaining" > 0 and "credit_lots"."expires_on" is not null;--> statement-breakpoint
CREATE INDEX "credit_lots_reference_idx" ON "credit_lots" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "session_credits_lot_idx" ON "session_credits" USING btree ("lot_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_validity_days_valid" CHECK ("products"."validity_days" is null or "products"."validity_days" between 1 and 3650);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_valid" CHECK ("credit_ledger"."reason" in ('purchase', 'pos', 'booking', 'booking_refund', 'order_cancel', 'adjustment', 'account_closed', 'reschedule', 'import', 'expired'));--> statement-breakpoint
-- Balances from before lots existed never expire (design §15): one open lot each, so Σ lots = balance from the start.
INSERT INTO "credit_lots" ("id", "user_id", "credits", "remaining", "expires_on", "source")
SELECT gen_random_uuid(), "id", "credits", "credits", NULL, 'opening' FROM "users" WHERE "credits" > 0;
