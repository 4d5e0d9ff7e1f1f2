ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason_valid";--> statement-breakpoint
ALTER TABLE "room_sessions" ADD COLUMN "rescheduled_from" uuid;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD COLUMN "calendar_uid" uuid;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD COLUMN "calendar_sequence" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_sessions" ADD CONSTRAINT "room_sessions_rescheduled_from_room_sessions_id_fk" FOREIGN KEY ("rescheduled_from") REFERENCES "public"."room_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_sessions_rescheduled_from_key" ON "room_sessions" USING btree ("rescheduled_from") WHERE "room_sessions"."rescheduled_from" is not null;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason_valid" CHECK ("credit_ledger"."reason" in ('purchase', 'pos', 'booking', 'booking_refund', 'order_cancel', 'adjustment', 'account_closed', 'reschedule'));