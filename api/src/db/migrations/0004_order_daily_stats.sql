CREATE TABLE "order_daily_stats" (
	"day" date NOT NULL,
	"status" "order_status" NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_stats_day_status_pk" PRIMARY KEY("day","status")
);
