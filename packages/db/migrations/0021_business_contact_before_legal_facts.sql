-- Issue 39 (decision 026): the business's phone, WhatsApp and social links can be saved before its legal facts, which
-- stay all there or all missing.
ALTER TABLE "business_settings" ALTER COLUMN "legal_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ALTER COLUMN "privacy_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_legal_facts_together" CHECK (("business_settings"."legal_name" is null) = ("business_settings"."address" is null) and ("business_settings"."address" is null) = ("business_settings"."privacy_email" is null));
