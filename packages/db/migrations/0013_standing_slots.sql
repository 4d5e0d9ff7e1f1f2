CREATE TABLE "session_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"hour" text NOT NULL,
	"every_weeks" smallint NOT NULL,
	"count" smallint NOT NULL,
	"booked_by" uuid,
	"idempotency_key" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_series_every_weeks" CHECK ("session_series"."every_weeks" in (1, 2)),
	CONSTRAINT "session_series_count" CHECK ("session_series"."count" between 2 and 52)
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "standing_weeks_max" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_series_user_idx" ON "session_series" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_series_idempotency_key" ON "session_series" USING btree ("booked_by","idempotency_key") WHERE "session_series"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_series_id_session_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."session_series"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_sessions_series_idx" ON "room_sessions" USING btree ("series_id") WHERE "room_sessions"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_standing_weeks_range" CHECK ("branches"."standing_weeks_max" between 0 and 52);