ALTER TYPE "public"."subscriber_status" ADD VALUE 'pending';--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
-- Addresses subscribed before double opt-in stay as they are; their consent is their sign-up.
UPDATE "subscribers" SET "consented_at" = "created_at" WHERE "source" <> 'unsubscribe';
