CREATE TYPE "public"."outbound_mail_status" AS ENUM('pending', 'sending', 'sent', 'failed', 'unknown');--> statement-breakpoint
ALTER TYPE "public"."blast_recipient_status" ADD VALUE 'sending';--> statement-breakpoint
ALTER TYPE "public"."blast_recipient_status" ADD VALUE 'unknown';--> statement-breakpoint
CREATE TABLE "outbound_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" text NOT NULL,
	"to_address" text NOT NULL,
	"message" jsonb NOT NULL,
	"status" "outbound_mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_blast_recipients" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_blasts" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_blasts" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_mail_key_key" ON "outbound_mail" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbound_mail_status_next_idx" ON "outbound_mail" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbound_mail_created_at_idx" ON "outbound_mail" USING btree ("created_at");