-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "ratingAverage" DOUBLE PRECISION,
ADD COLUMN     "ratingCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ReviewSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "requestEnabled" BOOLEAN NOT NULL DEFAULT true,
    "requestDelayDays" INTEGER NOT NULL DEFAULT 7,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewRequest" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "token" VARCHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReviewRequestOptOut" (
    "digest" VARCHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewRequestOptOut_pkey" PRIMARY KEY ("digest")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReviewRequest_orderId_key" ON "ReviewRequest"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewRequest_token_key" ON "ReviewRequest"("token");

-- Hand-written (Prisma's schema diff ignores triggers and functions).
-- A product's rating is the average and count of its approved reviews. Every writer of reviews
-- (moderation, the cascade of a deleted account or product, the seed) keeps it through this trigger,
-- in the writer's own transaction. Only a change that moves an approved review recounts, and only a
-- changed rating marks the catalogue changed, so its in-memory index rebuilds with the new numbers.
-- Function bodies are E-strings that write each semicolon as \073, since Prisma's pg adapter splits a
-- migration at every semicolon.
CREATE FUNCTION shop_refresh_product_rating(product_id INTEGER) RETURNS void
LANGUAGE plpgsql
AS E'
DECLARE
  new_average DOUBLE PRECISION\073
  new_count INTEGER\073
BEGIN
  SELECT avg("rating")::double precision, count(*)::int INTO new_average, new_count
    FROM "Review" WHERE "productId" = product_id AND "status" = ''approved''\073
  UPDATE "Product" SET "ratingAverage" = new_average, "ratingCount" = new_count
    WHERE "id" = product_id
      AND ("ratingAverage" IS DISTINCT FROM new_average OR "ratingCount" IS DISTINCT FROM new_count)\073
  IF FOUND THEN
    INSERT INTO "CacheVersion" ("key", "version", "updatedAt") VALUES (''catalogue'', 1, CURRENT_TIMESTAMP)
      ON CONFLICT ("key") DO UPDATE
        SET "version" = "CacheVersion"."version" + 1, "updatedAt" = CURRENT_TIMESTAMP\073
  END IF\073
END';

CREATE FUNCTION shop_review_rating_changed() RETURNS trigger
LANGUAGE plpgsql
AS E'
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD."status" = ''approved'' THEN
    PERFORM shop_refresh_product_rating(OLD."productId")\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."status" = ''approved''
     AND (TG_OP = ''INSERT'' OR OLD."status" <> ''approved'' OR OLD."productId" <> NEW."productId"
          OR OLD."rating" <> NEW."rating") THEN
    PERFORM shop_refresh_product_rating(NEW."productId")\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER review_rating AFTER INSERT OR DELETE OR UPDATE OF "status", "rating", "productId" ON "Review"
  FOR EACH ROW EXECUTE FUNCTION shop_review_rating_changed();

-- The reviews approved before this migration count from the start.
UPDATE "Product" p SET "ratingAverage" = r.average, "ratingCount" = r.count
  FROM (
    SELECT "productId", avg("rating")::double precision AS average, count(*)::int AS count
    FROM "Review" WHERE "status" = 'approved' GROUP BY "productId"
  ) r
  WHERE p."id" = r."productId";
