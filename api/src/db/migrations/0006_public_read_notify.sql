-- Every committed change to what the public reads answer (GET /api/services, /api/products,
-- /api/events) notifies the API processes, which drop their in-memory copies
-- (api/src/cache/listen-for-invalidation.ts). Statement triggers: one notice per statement,
-- and PostgreSQL folds identical notices of one transaction into one, sent at commit.
CREATE OR REPLACE FUNCTION notify_public_read_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_read_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_public_read_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION notify_public_read_changed();
--> statement-breakpoint
CREATE TRIGGER services_public_read_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
FOR EACH STATEMENT EXECUTE FUNCTION notify_public_read_changed();
--> statement-breakpoint
CREATE TRIGGER events_public_read_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
FOR EACH STATEMENT EXECUTE FUNCTION notify_public_read_changed();
