CREATE TYPE "public"."version_file_kind" AS ENUM('preview', 'final');--> statement-breakpoint
CREATE TYPE "public"."work_actor" AS ENUM('studio', 'client');--> statement-breakpoint
CREATE TYPE "public"."work_status" AS ENUM('received', 'in_progress', 'in_review', 'changes_requested', 'approved', 'delivered', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'project-version';--> statement-breakpoint
CREATE TABLE "project_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author" "work_actor" NOT NULL,
	"author_id" uuid,
	"file_id" uuid,
	"at_seconds" real,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_version_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"kind" "version_file_kind" NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_version_files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "project_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_work_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"status" "work_status" NOT NULL,
	"actor" "work_actor" NOT NULL,
	"changed_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_submissions" ADD COLUMN "work_status" "work_status" DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_comments" ADD CONSTRAINT "project_comments_file_id_project_version_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."project_version_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_version_files" ADD CONSTRAINT "project_version_files_version_id_project_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."project_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_version_files" ADD CONSTRAINT "project_version_files_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_work_history" ADD CONSTRAINT "submission_work_history_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_work_history" ADD CONSTRAINT "submission_work_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_comments_submission_id_idx" ON "project_comments" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "project_version_files_version_id_idx" ON "project_version_files" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "project_version_files_submission_id_idx" ON "project_version_files" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_versions_submission_number_idx" ON "project_versions" USING btree ("submission_id","number");--> statement-breakpoint
CREATE INDEX "submission_work_history_submission_id_idx" ON "submission_work_history" USING btree ("submission_id","created_at");--> statement-breakpoint
-- Every project so far was received when it was submitted: its first move in the history.
INSERT INTO "submission_work_history" ("submission_id", "status", "actor", "changed_by", "created_at")
SELECT "id", 'received', 'client', "user_id", "created_at" FROM "project_submissions";
