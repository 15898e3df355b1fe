import { hashPassword } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import type pg from 'pg';

/** Shape of the generated catalogue; the scenarios pick their requests from it. */
export const CATALOGUE = {
  products: 100_000,
  roots: 8,
  childrenPerRoot: 5,
  leavesPerChild: 5,
  media: 40,
} as const;

export const ADJECTIVES = [
  'kék',
  'piros',
  'zöld',
  'sárga',
  'fehér',
  'fekete',
  'rózsaszín',
  'szürke',
  'barna',
  'lila',
];
export const MATERIALS = ['porcelán', 'kerámia', 'üveg', 'fa', 'bambusz', 'rozsdamentes', 'pamut', 'len'];
export const NOUNS = [
  'bögre',
  'tányér',
  'pohár',
  'csésze',
  'tál',
  'kancsó',
  'váza',
  'serpenyő',
  'lábas',
  'fazék',
  'kés',
  'olló',
  'törölköző',
  'párna',
  'takaró',
  'lámpa',
  'gyertya',
  'kosár',
  'doboz',
  'tálca',
];
const SIZES = ['kicsi', 'közepes', 'nagy', 'családi', 'mini'];
export const BRANDS = [
  'Hollóháza',
  'Zsolnay',
  'Herendi',
  'Alföldi',
  'Ajka',
  'Kőbányai',
  'Pécsi',
  'Tiszai',
  'Balatoni',
  'Mátrai',
  'Bakonyi',
  'Őrségi',
];
const PATTERNS = ['egyszínű', 'pöttyös', 'csíkos', 'virágos', 'kalocsai', 'matyó'];
export const CAPACITIES = ['1 dl', '2 dl', '3 dl', '5 dl', '1 l', '2 l'];
const ROOT_TITLES = [
  'Konyha',
  'Étkezés',
  'Lakberendezés',
  'Fürdőszoba',
  'Háló',
  'Kert',
  'Ajándék',
  'Ünnepek',
];

/**
 * What buying needs. Orders take stock from a pool of products spread over the catalogue, each with
 * more stock than any run sells, so the load never runs out and orders rarely wait on one another's
 * row locks; the probe products hold a few pieces each, for the sold-out visibility measurement.
 * Ids ≡ 2 and ≡ 3 (mod 50): every one enabled (every 50th product is disabled).
 */
export const BUYING = {
  orderProducts: 2000,
  orderStock: 1_000_000,
  probeProducts: 20,
  probeStock: 3,
  customers: 50,
  customerPassword: 'Bench-jelszo-2026',
  /** Every n-th customer belongs to the reseller group (10 % off): the cart prices both kinds. */
  groupEvery: 4,
  shipping: { courier: 1, parcelLocker: 2, pickup: 3 },
  payment: { cashOnDelivery: 1, transfer: 2 },
} as const;

export const orderProductId = (k: number) => 2 + 50 * (k % BUYING.orderProducts);
export const probeProductId = (k: number) => 3 + 50 * (k % BUYING.probeProducts);
export const customerEmail = (i: number) => `vasarlo${i}@bench.kekbogre.hu`;
export const productCode = (id: number) => `KB-${String(id).padStart(6, '0')}`;

/** Properties in id order; value ids are consecutive across properties from 1. */
export const PROPERTIES = [
  { code: 'szin', title: 'Szín', values: ADJECTIVES },
  { code: 'anyag', title: 'Anyag', values: MATERIALS },
  { code: 'meret', title: 'Méret', values: SIZES },
  { code: 'marka', title: 'Márka', values: BRANDS },
  { code: 'minta', title: 'Minta', values: PATTERNS },
  { code: 'urtartalom', title: 'Űrtartalom', values: CAPACITIES },
] as const;

/** Value id of the n-th value (0-based) of the p-th property (0-based). */
export function valueId(property: number, value: number): number {
  let offset = 0;
  for (let i = 0; i < property; i++) offset += PROPERTIES[i]!.values.length;
  return offset + value + 1;
}

const sqlArray = (items: readonly string[]) =>
  `ARRAY[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;

export type FillTimings = { step: string; ms: number }[];

/**
 * Fills an empty, migrated database with a generated catalogue in set-based SQL (generate_series),
 * about a minute for 100 000 products. Ids are explicit so the scenarios can name them; the search
 * rows are built at the end by the migration's own `shop_refresh_product_search`, exactly as its
 * triggers would, in one statement.
 */
export async function fillCatalogue(client: pg.Client, log: (line: string) => void): Promise<FillTimings> {
  const timings: FillTimings = [];
  const step = async (name: string, sql: string) => {
    const started = performance.now();
    await client.query(sql);
    const ms = performance.now() - started;
    timings.push({ step: name, ms });
    log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
  };
  const { products, roots, childrenPerRoot, leavesPerChild, media } = CATALOGUE;
  const children = roots * childrenPerRoot;
  const leaves = children * leavesPerChild;

  // Triggers (search rows) and foreign-key checks off while loading; superusers only, so a shared
  // BENCH_DATABASE_URL without that right keeps them on (the triggers are per statement, still fast).
  await client.query('SET session_replication_role = replica').catch(() => undefined);

  await step(
    'kategóriák (3 szint)',
    `
    INSERT INTO "Category" (id, "parentId", slug, position, enabled, "updatedAt")
    SELECT r, NULL, 'kat-' || r, r, true, now() FROM generate_series(1, ${roots}) r;
    INSERT INTO "Category" (id, "parentId", slug, position, enabled, "updatedAt")
    SELECT ${roots} + c, 1 + (c - 1) / ${childrenPerRoot}, 'kat-' || (1 + (c - 1) / ${childrenPerRoot}) || '-' || c, c, true, now()
    FROM generate_series(1, ${children}) c;
    INSERT INTO "Category" (id, "parentId", slug, position, enabled, "updatedAt")
    SELECT ${roots + children} + l, ${roots} + 1 + (l - 1) / ${leavesPerChild}, 'kat-lev-' || l, l, true, now()
    FROM generate_series(1, ${leaves}) l;
    INSERT INTO "Description" (language, title, body, "categoryId")
    SELECT 'hu',
           CASE WHEN c.id <= ${roots} THEN (${sqlArray(ROOT_TITLES)})[c.id]
                WHEN c.id <= ${roots + children} THEN (${sqlArray(MATERIALS)})[1 + c.id % 8] || ' ' || (${sqlArray(NOUNS)})[1 + c.id % 20] || 'ek'
                ELSE (${sqlArray(ADJECTIVES)})[1 + c.id % 10] || ' ' || (${sqlArray(NOUNS)})[1 + c.id % 20] || ' ' || c.id END,
           'Válogatott termékek a kategóriában, gyors szállítással.', c.id
    FROM "Category" c;
    SELECT setval(pg_get_serial_sequence('"Category"', 'id'), (SELECT max(id) FROM "Category"));`,
  );

  const propertyRows = PROPERTIES.map((property, i) => `(${i + 1}, '${property.code}', ${i})`).join(',');
  const valueRows = PROPERTIES.flatMap((property, p) =>
    property.values.map((value, v) => `(${valueId(p, v)}, ${p + 1}, ${v}, '${value}')`),
  ).join(',');
  await step(
    'tulajdonságok és értékeik',
    `
    INSERT INTO "Property" (id, code, position, filterable, "updatedAt")
    SELECT id, code, position, true, now() FROM (VALUES ${propertyRows}) AS v(id, code, position);
    INSERT INTO "Description" (language, title, "propertyId")
    SELECT 'hu', title, id FROM (VALUES ${PROPERTIES.map((property, i) => `(${i + 1}, '${property.title}')`).join(',')}) AS v(id, title);
    CREATE TEMP TABLE bench_values (id int, property int, position int, title text);
    INSERT INTO bench_values VALUES ${valueRows};
    INSERT INTO "PropertyValue" (id, "propertyId", position) SELECT id, property, position FROM bench_values;
    INSERT INTO "Description" (language, title, "propertyValueId") SELECT 'hu', title, id FROM bench_values;
    SELECT setval(pg_get_serial_sequence('"Property"', 'id'), ${PROPERTIES.length});
    SELECT setval(pg_get_serial_sequence('"PropertyValue"', 'id'), (SELECT max(id) FROM bench_values));`,
  );

  const svg = (i: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="hsl(${(i * 37) % 360},60%,60%)"/></svg>`;
  await step(
    'képek',
    `
    INSERT INTO "Media" (id, "originalName", "mimeType", width, height, "sizeBytes")
    SELECT m, 'kep-' || m || '.svg', 'image/svg+xml', 800, 800, 120 FROM generate_series(1, ${media}) m;
    INSERT INTO "MediaVariant" ("mediaId", name, "mimeType", width, height, data)
    SELECT m, 'original', 'image/svg+xml', 800, 800, convert_to(v.svg, 'UTF8')
    FROM (VALUES ${Array.from({ length: media }, (_, i) => `(${i + 1}, '${svg(i + 1)}')`).join(',')}) AS v(m, svg);
    SELECT setval(pg_get_serial_sequence('"Media"', 'id'), ${media});`,
  );

  // The title's parts come from the same indexes as the property values below, so filters and
  // titles agree ("kék porcelán bögre" has the values kék and porcelán).
  const titleSql = `initcap((${sqlArray(ADJECTIVES)})[1 + i % 10]) || ' ' || (${sqlArray(MATERIALS)})[1 + (i / 10) % 8] || ' ' ||
      (${sqlArray(NOUNS)})[1 + (i / 7) % 20] || ' ' || (${sqlArray(CAPACITIES)})[1 + (i / 3) % 6] || ' ' ||
      (${sqlArray(BRANDS)})[1 + (i / 13) % 12] || ' ' || i`;
  await step(
    `${products.toLocaleString('hu-HU')} termék`,
    `
    INSERT INTO "Product" (id, slug, "kutiId", "grossPrice", "vatRate", stock, unit, enabled, featured,
                           "unitsSold", "createdAt", "updatedAt")
    SELECT i,
           'termek-' || i,
           'KB-' || lpad(i::text, 6, '0'),
           490 + ((i * 7919) % 500) * 100,
           27,
           CASE WHEN i % 5 = 0 THEN 0 ELSE 1 + (i * 31) % 200 END,
           'db',
           i % 50 <> 0,
           i % 100 = 7,
           (i * 13) % 1000,
           now() - make_interval(days => i % 365),
           now() - make_interval(days => i % 30)
    FROM generate_series(1, ${products}) i;
    SELECT setval(pg_get_serial_sequence('"Product"', 'id'), ${products});`,
  );
  await step(
    'termékleírások',
    `
    INSERT INTO "Description" (language, title, body, "productId")
    SELECT 'hu', ${titleSql},
           '<p>' || (${sqlArray(MATERIALS)})[1 + (i / 10) % 8] || ' anyagú, ' || (${sqlArray(ADJECTIVES)})[1 + i % 10] ||
           ' színű termék a mindennapokra. Mosogatógépben mosható, tartós, magyar tervezés.</p>',
           i
    FROM generate_series(1, ${products}) i;
    UPDATE "Product" p SET slug = left(regexp_replace(shop_fold(d.title), '[^a-z0-9]+', '-', 'g'), 80)
    FROM "Description" d WHERE d."productId" = p.id;
    UPDATE "Product" SET slug = rtrim(regexp_replace(slug, '-[0-9]+$', ''), '-');`,
  );
  await step(
    'kategória-, tulajdonság-, ár- és képkapcsolatok',
    `
    INSERT INTO "ProductCategory" ("productId", "categoryId", "primary")
    SELECT i, ${roots + children} + 1 + (i % ${leaves}), true FROM generate_series(1, ${products}) i;
    INSERT INTO "ProductPropertyValue" ("productId", "propertyValueId")
    SELECT i, v FROM generate_series(1, ${products}) i,
      LATERAL (VALUES
        (${valueId(0, 0)} + i % 10),
        (${valueId(1, 0)} + (i / 10) % 8),
        (${valueId(2, 0)} + (i / 17) % 5),
        (${valueId(3, 0)} + (i / 13) % 12),
        (${valueId(4, 0)} + (i * 7) % 6),
        (${valueId(5, 0)} + (i / 3) % 6)) AS values(v);
    INSERT INTO "ProductPriceTier" ("productId", "minQuantity", "grossPrice")
    SELECT i, q.min, ((490 + ((i * 7919) % 500) * 100) * q.factor / 100 / 10) * 10
    FROM generate_series(1, ${products}) i, (VALUES (10, 90), (50, 80)) AS q(min, factor)
    WHERE i % 3 = 0;
    INSERT INTO "ProductImage" ("productId", "mediaId", position)
    SELECT i, 1 + i % ${media}, 0 FROM generate_series(1, ${products}) i;
    INSERT INTO "CustomerGroup" (id, name, "discountPercent", "updatedAt") VALUES (1, 'Viszonteladók', 10, now());
    SELECT setval(pg_get_serial_sequence('"CustomerGroup"', 'id'), 1);
    INSERT INTO "ProductGroupPrice" ("productId", "groupId", "grossPrice", hidden)
    SELECT i, 1, 390 + ((i * 7919) % 500) * 90, false FROM generate_series(20, ${products}, 20) i;
    INSERT INTO "Page" (slug, published, "inFooter", position, "updatedAt")
    VALUES ('szallitasi-informaciok', true, true, 0, now()), ('impresszum', true, true, 1, now());`,
  );
  await fillBuying(step);
  await client.query('SET session_replication_role = DEFAULT').catch(() => undefined);
  await step(
    'keresési dokumentumok (shop_refresh_product_search)',
    `SELECT shop_refresh_product_search(ARRAY(SELECT id FROM "Product"))`,
  );
  // Statistics for the planner and a fresh visibility map (index-only scans), as autovacuum would
  // leave them some minutes after a bulk load.
  await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
  return timings;
}

/** Shipping and payment methods, the e-mail templates, the terms page, customers and the stock orders take. */
async function fillBuying(step: (name: string, sql: string) => Promise<void>): Promise<void> {
  const { shipping, payment } = BUYING;
  const templates = EMAIL_TEMPLATES.map(
    (template) =>
      `(${[template.key, template.name, template.subject, template.bodyHtml].map((text) => `'${text.replace(/'/g, "''")}'`).join(', ')}, now())`,
  ).join(',\n');
  // One hash for every customer: argon2 takes tens of milliseconds per hash by design.
  const passwordHash = (await hashPassword(BUYING.customerPassword)).replace(/'/g, "''");
  const orderIds = Array.from({ length: BUYING.orderProducts }, (_, k) => orderProductId(k)).join(',');
  const probeIds = Array.from({ length: BUYING.probeProducts }, (_, k) => probeProductId(k)).join(',');
  await step(
    'rendeléshez: szállítási és fizetési módok, e-mail-sablonok, ÁSZF, vásárlók, készlet',
    `
    INSERT INTO "ShippingMethod" (id, name, "grossPrice", "freeAbove", "needsAddress", "deliveryTime", position, "updatedAt")
    VALUES (${shipping.courier}, 'GLS házhozszállítás', 1990, 20000, true, '1–2 munkanap', 0, now()),
           (${shipping.parcelLocker}, 'Foxpost csomagautomata', 1290, NULL, true, '1–2 munkanap', 1, now()),
           (${shipping.pickup}, 'Személyes átvétel (Budapest)', 0, NULL, false, 'általában 1 munkanap', 2, now());
    SELECT setval(pg_get_serial_sequence('"ShippingMethod"', 'id'), 3);
    INSERT INTO "PaymentMethod" (id, name, provider, "grossFee", position, "updatedAt")
    VALUES (${payment.cashOnDelivery}, 'Utánvét', 'cash_on_delivery', 490, 0, now()),
           (${payment.transfer}, 'Banki átutalás', 'bank_transfer', 0, 1, now());
    SELECT setval(pg_get_serial_sequence('"PaymentMethod"', 'id'), 2);
    INSERT INTO "EmailTemplate" (key, name, subject, "bodyHtml", "updatedAt") VALUES ${templates};
    INSERT INTO "Page" (slug, published, "inFooter", position, "updatedAt")
    VALUES ('altalanos-szerzodesi-feltetelek', true, true, 2, now());
    INSERT INTO "User" (email, "passwordHash", role, "firstName", "lastName", "groupId", "termsAcceptedAt", "updatedAt")
    SELECT 'vasarlo' || i || '@bench.kekbogre.hu', '${passwordHash}', 'customer', 'Vásárló', 'Teszt ' || i,
           CASE WHEN i % ${BUYING.groupEvery} = 0 THEN 1 END, now(), now()
    FROM generate_series(0, ${BUYING.customers - 1}) i;
    UPDATE "Product" SET stock = ${BUYING.orderStock} WHERE id IN (${orderIds});
    UPDATE "Product" SET stock = ${BUYING.probeStock} WHERE id IN (${probeIds});`,
  );
}
