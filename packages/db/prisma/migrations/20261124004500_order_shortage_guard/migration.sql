-- Hand-written (Prisma's schema diff ignores functions).
-- An order is written by one statement (services/orders/write-order.ts). When a line's stock cannot
-- be taken, the statement calls shop_require(false, ...), which raises, and PostgreSQL undoes the
-- whole statement: stock, order, lines, history and e-mail alike.
CREATE FUNCTION shop_require(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql
AS E'
BEGIN
  IF NOT ok THEN
    RAISE EXCEPTION USING MESSAGE = message\073
  END IF\073
  RETURN ok\073
END';
