CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"auto_book" boolean DEFAULT false NOT NULL,
	"min_notice_hours" smallint DEFAULT 12 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"session_id" uuid,
	"notified_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_notice" CHECK ("waitlist_entries"."min_notice_hours" between 0 and 168),
	CONSTRAINT "waitlist_entries_ended" CHECK (("waitlist_entries"."ended_at" is null) = ("waitlist_entries"."ended_reason" is null)),
	CONSTRAINT "waitlist_entries_ended_reason" CHECK ("waitlist_entries"."ended_reason" in ('booked', 'auto_booked', 'left', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_session_id_room_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."room_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_user_slot_active_key" ON "waitlist_entries" USING btree ("user_id","branch_id","starts_at") WHERE "waitlist_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("branch_id","starts_at","seq") WHERE "waitlist_entries"."ended_at" is null;