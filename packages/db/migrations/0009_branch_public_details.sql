ALTER TABLE "branches" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "map_url" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "description" text DEFAULT '' NOT NULL;