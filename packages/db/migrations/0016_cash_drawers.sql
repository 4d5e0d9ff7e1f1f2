CREATE TABLE "cash_drawers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_float_cents" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_by_id" uuid,
	"opened_by_name" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid,
	"closed_by_name" text,
	"expected_cents" integer,
	"counted_cents" integer,
	"difference_cents" integer,
	"count_detail" jsonb,
	"note" text,
	"reopenings" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_drawers_float_non_negative" CHECK ("cash_drawers"."opening_float_cents" >= 0),
	CONSTRAINT "cash_drawers_counted_non_negative" CHECK ("cash_drawers"."counted_cents" is null or "cash_drawers"."counted_cents" >= 0),
	CONSTRAINT "cash_drawers_closed_has_count" CHECK ("cash_drawers"."status" = 'open' or ("cash_drawers"."closed_at" is not null and "cash_drawers"."counted_cents" is not null and "cash_drawers"."expected_cents" is not null))
);
--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_drawers" ADD CONSTRAINT "cash_drawers_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_drawers_branch_date_key" ON "cash_drawers" USING btree ("branch_id","date");