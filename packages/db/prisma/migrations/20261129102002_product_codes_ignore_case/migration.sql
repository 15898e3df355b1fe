-- Hand-written: a product code is unique across products and variants whatever its case, since the shop
-- looks codes up with case folded (quick order, search, the admin's duplicate-code check) and an ERP or
-- marketplace matching "ABC-1" would mix it up with "abc-1". Prisma cannot express an index on an
-- expression and its schema diff ignores one, so schema.prisma keeps its plain @unique.

-- First, before anything changes, the stored codes that differ only in case, all reported at once with
-- what holds each and how to go on. On PostgreSQL the migration stays recorded as failed, which stops
-- every version from starting until it is marked rolled back (as `prisma migrate resolve --rolled-back`
-- would). Function bodies write each semicolon as \073 (see migration product_variants).
DO E'
DECLARE
  report text\073
BEGIN
  WITH codes AS (
    SELECT "kutiId" AS code, ''termék #'' || id AS holder, 0 AS kind, id
    FROM "Product" WHERE "kutiId" IS NOT NULL
    UNION ALL
    SELECT "kutiId", ''változat #'' || id || '', termék #'' || "productId", 1, id
    FROM "ProductVariant" WHERE "kutiId" IS NOT NULL
  ), clashes AS (
    SELECT ''- '' || string_agg(''„'' || code || ''” ('' || holder || '')'', '', '' ORDER BY kind, id) AS line
    FROM codes GROUP BY lower(code) HAVING count(*) > 1
  )
  SELECT string_agg(line, E''\\n'' ORDER BY line) INTO report FROM clashes\073
  IF report IS NOT NULL THEN
    RAISE EXCEPTION USING MESSAGE = ''A frissítés leállt, és semmi nem változott: a termékkód ezután ''
      || ''kis- és nagybetűtől függetlenül egyedi, de ezek a kódok csak ebben különböznek egymástól:''
      || E''\\n'' || report || E''\\n'' || ''Így javítsd:'' || E''\\n''
      || ''1. Jelöld visszavontnak a félbemaradt frissítést: UPDATE "_prisma_migrations" SET rolled_back_at = now() ''
      || ''WHERE migration_name = ''''20261129102002_product_codes_ignore_case'''' AND finished_at IS NULL'' || E''\\n''
      || ''2. Indítsd el az előző verziót, és az adminban csoportonként egy kivételével nevezd át a kódokat ''
      || ''(a termékét a termék szerkesztőjében, a változatét a Változatok lapon).'' || E''\\n''
      || ''3. Indítsd el újra a frissítést.''\073
  END IF\073
END
';

-- CreateIndex
CREATE UNIQUE INDEX "Product_kutiId_lower_key" ON "Product"(lower("kutiId"));

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariant_kutiId_lower_key" ON "ProductVariant"(lower("kutiId"));

-- The cross-table check of migration product_variants, now ignoring case as the indexes do. It still
-- answers as a unique index would (23505), naming the code the write asked for.
CREATE OR REPLACE FUNCTION shop_product_code_free() RETURNS trigger
LANGUAGE plpgsql
AS E'
BEGIN
  IF NEW."kutiId" IS NOT NULL AND (
    (TG_TABLE_NAME = ''Product''
      AND EXISTS (SELECT 1 FROM "ProductVariant" WHERE lower("kutiId") = lower(NEW."kutiId")))
    OR (TG_TABLE_NAME = ''ProductVariant''
      AND EXISTS (SELECT 1 FROM "Product" WHERE lower("kutiId") = lower(NEW."kutiId")))
  ) THEN
    RAISE EXCEPTION ''shop:duplicate-code %'', NEW."kutiId" USING ERRCODE = ''23505''\073
  END IF\073
  RETURN NEW\073
END
';
