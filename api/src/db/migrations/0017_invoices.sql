CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_last_number_positive" CHECK ("invoice_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid,
	"submission_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_one_subject" CHECK (("invoices"."order_id" IS NULL) <> ("invoices"."submission_id" IS NULL)),
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_submission_id_project_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."project_submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_number_key" ON "invoices" USING btree ("year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_submission_id_key" ON "invoices" USING btree ("submission_id");--> statement-breakpoint
-- Backfill: orders and submissions paid before invoices existed get theirs, numbered per year
-- (UTC) in the order they were paid, so every paid sale has an invoice (decision 036).
INSERT INTO "invoices" ("year", "number", "order_id", "submission_id", "issued_at")
SELECT "year", row_number() OVER (PARTITION BY "year" ORDER BY "paid", "id"), "order_id", "submission_id", "paid"
FROM (
	SELECT extract(year FROM coalesce(o."paid_at", o."updated_at") AT TIME ZONE 'UTC')::int AS "year",
		coalesce(o."paid_at", o."updated_at") AS "paid", o."id", o."id" AS "order_id", NULL::uuid AS "submission_id"
	FROM "orders" o
	WHERE o."paid_at" IS NOT NULL OR o."status" IN ('paid', 'processing', 'shipped', 'delivered')
	UNION ALL
	SELECT extract(year FROM s."paid_at" AT TIME ZONE 'UTC')::int, s."paid_at", s."id", NULL::uuid, s."id"
	FROM "project_submissions" s
	WHERE s."paid_at" IS NOT NULL
) AS "paid_before";--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last_number")
SELECT "year", max("number") FROM "invoices" GROUP BY "year";
