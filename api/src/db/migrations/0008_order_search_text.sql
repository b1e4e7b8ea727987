ALTER TABLE "orders" ADD COLUMN "search_text" text;--> statement-breakpoint
-- orders.search_text is what the admin orders search matches: the order number, the customer's
-- e-mail and "first last", lower-cased and joined by U+0001 so that no match spans two of them.
-- One trigram index on it replaces a scan of every customer per search (issue 13).
CREATE OR REPLACE FUNCTION order_search_text(text, uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower($1 || chr(1) || coalesce(
    (SELECT u.email || chr(1) || u.first_name || ' ' || u.last_name FROM users u WHERE u.id = $2),
    ''))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_search_text_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := order_search_text(NEW.order_number, NEW.user_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- search_text is listed too, so any write to it (the NULLs below) recomputes it.
CREATE TRIGGER orders_search_text
BEFORE INSERT OR UPDATE OF order_number, user_id, search_text ON orders
FOR EACH ROW EXECUTE FUNCTION orders_search_text_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_order_search_text_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.email, NEW.first_name, NEW.last_name) IS DISTINCT FROM (OLD.email, OLD.first_name, OLD.last_name) THEN
    UPDATE orders SET search_text = NULL WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_order_search_text
AFTER UPDATE OF email, first_name, last_name ON users
FOR EACH ROW EXECUTE FUNCTION users_order_search_text_sync();
--> statement-breakpoint
UPDATE orders SET search_text = NULL;--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);
