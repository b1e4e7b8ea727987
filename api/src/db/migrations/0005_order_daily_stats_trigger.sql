-- Keeps order_daily_stats equal to
--   SELECT (created_at AT TIME ZONE 'UTC')::date, status, count(*), sum(total_cents) FROM orders GROUP BY 1, 2
-- on every insert, update and delete of an order.
CREATE OR REPLACE FUNCTION order_daily_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO order_daily_stats AS s (day, status, orders, total_cents)
    VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, -1, -OLD.total_cents)
    ON CONFLICT (day, status) DO UPDATE
      SET orders = s.orders - 1, total_cents = s.total_cents - OLD.total_cents;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO order_daily_stats AS s (day, status, orders, total_cents)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, 1, NEW.total_cents)
    ON CONFLICT (day, status) DO UPDATE
      SET orders = s.orders + 1, total_cents = s.total_cents + NEW.total_cents;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_daily_stats
AFTER INSERT OR DELETE OR UPDATE OF status, total_cents, created_at ON orders
FOR EACH ROW EXECUTE FUNCTION order_daily_stats_apply();
--> statement-breakpoint
DELETE FROM order_daily_stats;
--> statement-breakpoint
INSERT INTO order_daily_stats (day, status, orders, total_cents)
SELECT (created_at AT TIME ZONE 'UTC')::date, status, count(*), sum(total_cents) FROM orders GROUP BY 1, 2;
