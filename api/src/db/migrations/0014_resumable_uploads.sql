CREATE TABLE "project_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"draft_id" uuid NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text,
	"size_bytes" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_write_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_drafts_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "project_uploads" ADD CONSTRAINT "project_uploads_draft_id_upload_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."upload_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_uploads" ADD CONSTRAINT "project_uploads_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_uploads_draft_id_idx" ON "project_uploads" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "project_uploads_last_write_at_idx" ON "project_uploads" USING btree ("last_write_at");--> statement-breakpoint
CREATE INDEX "upload_drafts_created_at_idx" ON "upload_drafts" USING btree ("created_at");