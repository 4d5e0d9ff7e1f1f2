-- Composite foreign keys keep a room's, session's and block's zone equal to its branch's (a branch that moves
-- zone takes them along: ON UPDATE CASCADE); login throttling and trusted devices (docs/decisions/006).
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_throttles_failures_non_negative" CHECK ("login_throttles"."failures" >= 0)
);--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "day_blocks" DROP CONSTRAINT "day_blocks_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "day_blocks" DROP CONSTRAINT "day_blocks_branch_id_branches_id_fk";--> statement-breakpoint
ALTER TABLE "room_blocks" DROP CONSTRAINT "room_blocks_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "room_blocks" DROP CONSTRAINT "room_blocks_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "room_blocks" DROP CONSTRAINT "room_blocks_branch_id_branches_id_fk";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_branch_id_branches_id_fk";--> statement-breakpoint
ALTER TABLE "room_sessions" DROP CONSTRAINT "room_sessions_branch_id_branches_id_fk";--> statement-breakpoint
ALTER TABLE "room_sessions" DROP CONSTRAINT "room_sessions_city_id_cities_id_fk";--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttles_last_failure_idx" ON "login_throttles" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "trusted_devices_user_idx" ON "trusted_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trusted_devices_expires_idx" ON "trusted_devices" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_id_city_key" UNIQUE("id","city_id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_id_branch_city_key" UNIQUE("id","branch_id","city_id");--> statement-breakpoint
ALTER TABLE "day_blocks" ADD CONSTRAINT "day_blocks_branch_city_fk" FOREIGN KEY ("branch_id","city_id") REFERENCES "public"."branches"("id","city_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_branch_city_fk" FOREIGN KEY ("room_id","branch_id","city_id") REFERENCES "public"."rooms"("id","branch_id","city_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_branch_city_fk" FOREIGN KEY ("branch_id","city_id") REFERENCES "public"."branches"("id","city_id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_branch_city_fk" FOREIGN KEY ("branch_id","city_id") REFERENCES "public"."branches"("id","city_id") ON DELETE restrict ON UPDATE cascade;
