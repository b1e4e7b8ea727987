ALTER TABLE "project_uploads" ADD COLUMN "counted_offset" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Uploads in flight: what was counted so far is where the store stood (nothing re-sent).
UPDATE "project_uploads" SET "counted_offset" = LEAST("received_bytes", "size_bytes");
