CREATE TYPE "public"."status_source" AS ENUM('customer', 'admin', 'job', 'webhook', 'chain');--> statement-breakpoint
CREATE TABLE "submission_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"status" "payment_state" NOT NULL,
	"source" "status_source" NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "source" "status_source";--> statement-breakpoint
-- Rows written before sources were kept: the customer opened the order, an admin changed it
-- (changed_by), the release job cancelled it, a webhook refunded it.
UPDATE "order_status_history" SET "source" = CASE
  WHEN "changed_by" IS NOT NULL AND "status" <> 'pending' THEN 'admin'
  WHEN "status" = 'pending' THEN 'customer'
  WHEN "status" = 'cancelled' THEN 'job'
  ELSE 'webhook'
END::status_source;--> statement-breakpoint
-- Orders paid online before this change have no "paid" row (markPaid wrote none): add it, at
-- the moment the payment was confirmed, from what confirmed it.
INSERT INTO "order_status_history" ("order_id", "status", "source", "created_at")
SELECT p."order_id", 'paid', CASE
    WHEN p."method" <> 'paypal' THEN 'chain'
    WHEN e."source" = 'client' THEN 'customer'
    WHEN e."source" IN ('job', 'webhook', 'admin') THEN e."source"::text
    ELSE 'customer'
  END::status_source, coalesce(p."confirmed_at", o."paid_at", now())
FROM "payments" p
JOIN "orders" o ON o."id" = p."order_id"
LEFT JOIN LATERAL (
  SELECT pe."source" FROM "payment_events" pe
  WHERE pe."payment_id" = p."id" AND pe."to_status" = 'confirmed'
  ORDER BY pe."created_at" LIMIT 1
) e ON true
WHERE p."order_id" IS NOT NULL AND p."confirmed_at" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "order_status_history" h WHERE h."order_id" = p."order_id" AND h."status" = 'paid'
  );--> statement-breakpoint
ALTER TABLE "order_status_history" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD CONSTRAINT "submission_status_history_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_status_history" ADD CONSTRAINT "submission_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_status_history_submission_id_idx" ON "submission_status_history" USING btree ("submission_id","created_at");--> statement-breakpoint
-- Each submission's history so far: sent unpaid, then paid when its payment was confirmed.
INSERT INTO "submission_status_history" ("submission_id", "status", "source", "created_at")
SELECT s."id", 'unpaid', 'customer', s."created_at" FROM "project_submissions" s;--> statement-breakpoint
INSERT INTO "submission_status_history" ("submission_id", "status", "source", "created_at")
SELECT s."id", 'paid', CASE
    WHEN p."method" <> 'paypal' THEN 'chain'
    WHEN e."source" IN ('job', 'webhook', 'admin') THEN e."source"::text
    ELSE 'customer'
  END::status_source, coalesce(s."paid_at", p."confirmed_at", now())
FROM "project_submissions" s
JOIN LATERAL (
  SELECT * FROM "payments" p WHERE p."submission_id" = s."id" AND p."confirmed_at" IS NOT NULL
  ORDER BY p."confirmed_at" LIMIT 1
) p ON true
LEFT JOIN LATERAL (
  SELECT pe."source" FROM "payment_events" pe
  WHERE pe."payment_id" = p."id" AND pe."to_status" = 'confirmed'
  ORDER BY pe."created_at" LIMIT 1
) e ON true
WHERE s."payment_state" = 'paid';
