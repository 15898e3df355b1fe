-- CreateTable
CREATE TABLE "OrderShipment" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "carrier" VARCHAR(64),
    "trackingNumber" TEXT NOT NULL,
    "trackingUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderShipment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OrderShipment_orderId_trackingNumber_key" ON "OrderShipment"("orderId", "trackingNumber");

-- AddForeignKey
ALTER TABLE "OrderShipment" ADD CONSTRAINT "OrderShipment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written from here. Nothing stored before is lost: the number each order carried (set with the
-- shipped status) becomes its first shipment, with the carrier and tracking page of its parcel when the
-- parcel has that number, and each parcel whose number the order did not carry becomes one more.
-- Order."trackingNumber" stays, mirroring the first shipment, so readers written before keep working.
INSERT INTO "OrderShipment" ("orderId", "carrier", "trackingNumber", "trackingUrl", "createdAt", "updatedAt")
SELECT o."id", p."carrier", o."trackingNumber", p."trackingUrl",
       COALESCE(shipped."at", p."createdAt", o."updatedAt"), COALESCE(shipped."at", p."createdAt", o."updatedAt")
FROM "Order" o
LEFT JOIN "Parcel" p ON p."orderId" = o."id" AND p."parcelNumber" = o."trackingNumber"
LEFT JOIN LATERAL (
  SELECT max(c."createdAt") AS "at" FROM "OrderStatusChange" c
  WHERE c."orderId" = o."id" AND c."toStatus" = 'shipped'
) shipped ON TRUE
WHERE o."trackingNumber" IS NOT NULL AND btrim(o."trackingNumber") <> ''
ORDER BY o."id";

INSERT INTO "OrderShipment" ("orderId", "carrier", "trackingNumber", "trackingUrl", "createdAt", "updatedAt")
SELECT p."orderId", p."carrier", p."parcelNumber", p."trackingUrl", p."createdAt", p."createdAt"
FROM "Parcel" p
ORDER BY p."orderId"
ON CONFLICT ("orderId", "trackingNumber") DO NOTHING;

-- An order with a parcel but no number of its own (none is written so, but older rows may exist) shows
-- the parcel's number as its tracking number, as it now shows its first shipment.
UPDATE "Order" o SET "trackingNumber" = s."trackingNumber"
FROM "OrderShipment" s
WHERE s."orderId" = o."id" AND (o."trackingNumber" IS NULL OR btrim(o."trackingNumber") = '')
  AND s."id" = (SELECT min(f."id") FROM "OrderShipment" f WHERE f."orderId" = o."id");

-- Created after the copy, so copying moves no order in the change feed: a tracking number added,
-- corrected or removed from now on is a change of its order.
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "OrderShipment"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
