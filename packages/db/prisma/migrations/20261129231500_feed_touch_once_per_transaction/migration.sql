-- The change feeds' row trigger skips the upsert when this transaction has just touched the same
-- entity of the same feed: an order's lines follow the order itself, and each line asked the feed's
-- row again for nothing, since shop_feed_touch leaves a second touch in one transaction alone (a
-- deletion still always goes through). The last entity touched per feed is kept in a setting local to
-- the transaction, so it is forgotten at commit, and a rolled-back savepoint forgets it together with
-- its own touch. Placing an order spent about as long in these triggers as in the rest of its statement.
CREATE OR REPLACE FUNCTION shop_feed_row() RETURNS trigger
LANGUAGE plpgsql
AS E'
DECLARE
  feed TEXT := TG_ARGV[0]\073
  own BOOLEAN := TG_ARGV[1] = ''id''\073
  last_touched TEXT := ''shop.feed_last_'' || TG_ARGV[0]\073
  new_id INTEGER\073
  old_id INTEGER\073
BEGIN
  IF TG_OP <> ''DELETE'' THEN new_id := (to_jsonb(NEW) ->> TG_ARGV[1])::int\073 END IF\073
  IF TG_OP <> ''INSERT'' THEN old_id := (to_jsonb(OLD) ->> TG_ARGV[1])::int\073 END IF\073
  IF TG_NARGS > 2 THEN
    SELECT "productId" INTO new_id FROM "ProductVariant" WHERE "id" = new_id\073
    SELECT "productId" INTO old_id FROM "ProductVariant" WHERE "id" = old_id\073
  END IF\073
  IF new_id IS NOT NULL AND new_id::text IS DISTINCT FROM current_setting(last_touched, true) THEN
    PERFORM shop_feed_touch(feed, new_id, false)\073
    PERFORM set_config(last_touched, new_id::text, true)\073
  END IF\073
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM shop_feed_touch(feed, old_id, own AND TG_OP = ''DELETE'')\073
  END IF\073
  RETURN NULL\073
END
';
