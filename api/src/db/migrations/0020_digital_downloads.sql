CREATE TYPE "public"."download_grant_status" AS ENUM('active', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."upload_purpose" AS ENUM('project', 'product-file');--> statement-breakpoint
CREATE TABLE "download_counts" (
	"grant_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"last_counted_at" timestamp with time zone,
	CONSTRAINT "download_counts_grant_id_file_id_pk" PRIMARY KEY("grant_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "download_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"user_id" uuid,
	"ip" text,
	"user_agent" text,
	"range_start" bigint DEFAULT 0 NOT NULL,
	"counted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "download_grant_status" DEFAULT 'active' NOT NULL,
	"download_limit" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "download_grants_limit_positive" CHECK ("download_grants"."download_limit" IS NULL OR "download_grants"."download_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "download_limit" integer DEFAULT 5;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "download_days" integer DEFAULT 30;--> statement-breakpoint
ALTER TABLE "upload_drafts" ADD COLUMN "purpose" "upload_purpose" DEFAULT 'project' NOT NULL;--> statement-breakpoint
ALTER TABLE "download_counts" ADD CONSTRAINT "download_counts_grant_id_download_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."download_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_counts" ADD CONSTRAINT "download_counts_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_grant_id_download_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."download_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_grants" ADD CONSTRAINT "download_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_grants" ADD CONSTRAINT "download_grants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_grants" ADD CONSTRAINT "download_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_events_grant_id_idx" ON "download_events" USING btree ("grant_id","created_at");--> statement-breakpoint
CREATE INDEX "download_events_user_id_idx" ON "download_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "download_grants_order_product_key" ON "download_grants" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "download_grants_user_id_idx" ON "download_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_files_storage_key_key" ON "product_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "product_files_product_id_idx" ON "product_files" USING btree ("product_id","created_at");--> statement-breakpoint
-- Orders paid before digital products carried files get their buyers' access now, on the
-- products' terms from today (decision 045).
INSERT INTO "download_grants" ("order_id", "product_id", "user_id", "status", "download_limit", "expires_at")
SELECT DISTINCT ON (o."id", p."id") o."id", p."id", o."user_id", 'active', p."download_limit",
  CASE WHEN p."download_days" IS NULL THEN NULL ELSE now() + p."download_days" * interval '1 day' END
FROM "orders" o
JOIN "order_items" i ON i."order_id" = o."id"
JOIN "products" p ON p."id" = i."product_id"
WHERE p."category" = 'digital' AND o."status" IN ('paid', 'processing', 'shipped', 'delivered')
ON CONFLICT DO NOTHING;
