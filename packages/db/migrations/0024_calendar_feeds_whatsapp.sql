CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"branch_id" uuid,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_one_owner" CHECK (("calendar_feeds"."user_id" is null) <> ("calendar_feeds"."branch_id" is null))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"notice_version" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	"unreachable_at" timestamp with time zone,
	"unreachable_reason" text,
	CONSTRAINT "whatsapp_consents_withdrawn_via" CHECK ("whatsapp_consents"."withdrawn_via" in ('profile', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"to_phone" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"error_code" integer,
	"wamid" text,
	"accepted_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	"dedupe_key" text NOT NULL,
	"send_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_status_valid" CHECK ("whatsapp_messages"."status" in ('pending', 'accepted', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD CONSTRAINT "whatsapp_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_key" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_branch_key" ON "calendar_feeds" USING btree ("branch_id") WHERE "calendar_feeds"."branch_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_idx" ON "whatsapp_consents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_created_at_idx" ON "whatsapp_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_user_idx" ON "whatsapp_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_dedupe_key" ON "whatsapp_messages" USING btree ("dedupe_key");