import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

/**
 * The baseline: a bare node:http server that answers each benchmarked request with SQL through
 * `pg` (the same pool size as the shop), no framework, no validation, no cache. Where the shop
 * issues SQL (the product page) this issues the same statements; where the shop answers from
 * memory (filters, the category tree, quick search) this answers the same question in SQL, the
 * way an uncached implementation would. Statements are named (prepared once per connection) as
 * Prisma's driver adapter prepares them, so PostgreSQL plans them the same way.
 */

/** Filters: a category subtree, two property filters (disjunctive facets), a price range, sorted by price. */
const FILTERS_SQL = `
WITH RECURSIVE scope AS (
  SELECT id FROM "Category" WHERE id = $1 AND enabled
  UNION ALL
  SELECT c.id FROM "Category" c JOIN scope s ON c."parentId" = s.id WHERE c.enabled
),
base AS (
  SELECT DISTINCT p.id, p."grossPrice" AS price, p.stock
  FROM "ProductCategory" pc JOIN "Product" p ON p.id = pc."productId"
  WHERE pc."categoryId" IN (SELECT id FROM scope) AND p.enabled
),
flags AS (
  SELECT b.*,
    EXISTS (SELECT 1 FROM "ProductPropertyValue" v WHERE v."productId" = b.id AND v."propertyValueId" = ANY($2::int[])) AS ok1,
    EXISTS (SELECT 1 FROM "ProductPropertyValue" v WHERE v."productId" = b.id AND v."propertyValueId" = ANY($3::int[])) AS ok2
  FROM base b
),
priced AS (SELECT * FROM flags WHERE price >= $4 AND price <= $5),
matched AS (SELECT * FROM priced WHERE ok1 AND ok2)
SELECT
  (SELECT count(*)::int FROM matched) AS total,
  (SELECT json_build_object('min', min(price), 'max', max(price)) FROM flags WHERE ok1 AND ok2) AS price,
  (SELECT coalesce(json_agg(row_to_json(t)), '[]') FROM (
     SELECT m.id, p.slug || '-' || m.id AS slug, d.title, m.price, m.stock > 0 AS "inStock",
            '/media/' || i."mediaId" || '/card' AS image
     FROM matched m JOIN "Product" p ON p.id = m.id
     LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "productId" = m.id
                        ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
     LEFT JOIN LATERAL (SELECT "mediaId" FROM "ProductImage" WHERE "productId" = m.id
                        ORDER BY position, id LIMIT 1) i ON true
     ORDER BY m.price, m.id LIMIT $6 OFFSET $7) t) AS items,
  (SELECT coalesce(json_agg(row_to_json(f)), '[]') FROM (
     SELECT v."propertyValueId" AS "valueId", count(*)::int AS count
     FROM priced x
     JOIN "ProductPropertyValue" v ON v."productId" = x.id
     JOIN "PropertyValue" pv ON pv.id = v."propertyValueId"
     WHERE (x.ok1 AND x.ok2) OR (pv."propertyId" = $8 AND x.ok2) OR (pv."propertyId" = $9 AND x.ok1)
     GROUP BY 1) f) AS facets`;

/** Quick search as SQL alone answers it: Hungarian full text or trigram word similarity over the
 * `ProductSearch` rows the shop's triggers keep, ranked in the database (after set_config). */
const SEARCH_SQL = `
WITH q AS (
  SELECT to_tsquery('hungarian', $1) || to_tsquery('hungarian', $2) || to_tsquery('simple', $2) AS tsq
)
SELECT s."productId" AS id,
       (CASE WHEN s.document LIKE $4 THEN 10 ELSE 0 END
        + ts_rank(s.vector, q.tsq) * 10
        + word_similarity($3, s.document) * 5)::float8 AS score
FROM "ProductSearch" s, q
WHERE s.vector @@ q.tsq OR $3 <% s.document
ORDER BY score DESC, s."productId"
LIMIT $5`;

/** The cards of the hits, which the shop takes from its in-memory catalogue. */
const CARDS_SQL = `
SELECT p.id, p.slug || '-' || p.id AS slug, d.title, p."grossPrice" AS price, p.stock > 0 AS "inStock"
FROM "Product" p
LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "productId" = p.id
                   ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
WHERE p.id = ANY($1::int[]) AND p.enabled`;

const SEARCH_CATEGORIES_SQL = `
SELECT c.id, d.title FROM "Category" c JOIN "Description" d ON d."categoryId" = c.id
WHERE c.enabled AND shop_fold(d.title) LIKE '%' || $1 || '%'
ORDER BY d.title LIMIT 5`;

/** The product page: the row, descriptions, images, tiers, categories and property values. */
const PRODUCT_SQL = `
SELECT p.id, p.slug, p."kutiId", p."grossPrice", p.stock, p."vatRate", p."weightGrams", p."unitsSold",
       p."createdAt", p."updatedAt",
       (SELECT json_agg(json_build_object('id', d.id, 'language', d.language, 'title', d.title, 'body', d.body,
                 'metaTitle', d."metaTitle", 'metaDescription', d."metaDescription"))
          FROM "Description" d WHERE d."productId" = p.id) AS descriptions,
       (SELECT json_agg(json_build_object('id', m.id, 'alt', m.alt) ORDER BY i.position, i.id)
          FROM "ProductImage" i JOIN "Media" m ON m.id = i."mediaId" WHERE i."productId" = p.id) AS images,
       (SELECT json_agg(json_build_object('minQuantity', t."minQuantity", 'grossPrice', t."grossPrice")
                        ORDER BY t."minQuantity")
          FROM "ProductPriceTier" t WHERE t."productId" = p.id) AS tiers,
       (SELECT array_agg("categoryId" ORDER BY "primary" DESC, "categoryId")
          FROM "ProductCategory" WHERE "productId" = p.id) AS "categoryIds",
       (SELECT json_agg(json_build_object('id', v.id, 'propertyId', v."propertyId", 'title', vd.title))
          FROM "ProductPropertyValue" pv JOIN "PropertyValue" v ON v.id = pv."propertyValueId"
          LEFT JOIN "Description" vd ON vd."propertyValueId" = v.id AND vd.language = 'hu'
          WHERE pv."productId" = p.id) AS properties
FROM "Product" p WHERE p.id = $1 AND p.enabled`;

const CATEGORIES_SQL = `
SELECT c.id, c."parentId", c.slug, c.position, d.title
FROM "Category" c
LEFT JOIN LATERAL (SELECT title FROM "Description" WHERE "categoryId" = c.id
                   ORDER BY (language = 'hu') DESC, id LIMIT 1) d ON true
WHERE c.enabled`;

const MAX_WAITING = 64;

type FiltersBody = {
  category: number;
  properties: Record<string, number[]>;
  priceMin?: number;
  priceMax?: number;
  page?: number;
  pageSize?: number;
};

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

const prefixQuery = (list: string[]) => list.map((token) => `'${token}':*`).join(' & ');

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function send(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

type TreeNode = {
  id: number;
  parentId: number | null;
  slug: string;
  position: number;
  title: string;
  children: TreeNode[];
};

function buildTree(rows: Omit<TreeNode, 'children'>[]): TreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.position - b.position || a.id - b.id);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

async function main() {
  const connectionString = process.env.BENCH_SHOP_DATABASE_URL;
  if (!connectionString || !process.send) throw new Error('A benchmark indítja (bench/run.ts).');
  const pool = new pg.Pool({ connectionString, max: 10, statement_timeout: 15_000 });

  const server = createServer((request, response) => {
    // Past this backlog the run would only measure a queue; the shop's pool queue is bounded by
    // the load generator's connections in the same way.
    if (pool.waitingCount >= MAX_WAITING) return send(response, 503, { message: 'Túlterhelt.' });
    const handle = async () => {
      const url = request.url ?? '/';
      if (request.method === 'GET' && url === '/api/category') {
        const { rows } = await pool.query({ name: 'categories', text: CATEGORIES_SQL });
        return send(response, 200, buildTree(rows));
      }
      if (request.method !== 'POST') return send(response, 404, { message: 'Nincs ilyen végpont.' });
      const body = (await readBody(request)) as Record<string, unknown>;
      if (url === '/api/product/filters') {
        const input = body as FiltersBody;
        const [first, second] = Object.entries(input.properties);
        const pageSize = input.pageSize ?? 24;
        const { rows } = await pool.query({ name: 'filters', text: FILTERS_SQL }, [
          input.category,
          first?.[1] ?? [],
          second?.[1] ?? [],
          input.priceMin ?? 0,
          input.priceMax ?? 100_000_000,
          pageSize,
          ((input.page ?? 1) - 1) * pageSize,
          Number(first?.[0] ?? 0),
          Number(second?.[0] ?? 0),
        ]);
        const row = rows[0] as { total: number; price: unknown; items: unknown; facets: unknown };
        return send(response, 200, {
          items: row.items,
          total: row.total,
          facets: row.facets,
          price: row.price,
        });
      }
      if (url === '/api/product/quicksearch') {
        const query = String(body.query ?? '');
        const raw = tokens(query);
        const folded = tokens(fold(query));
        if (folded.length === 0) return send(response, 200, { products: [], categories: [] });
        const foldedText = folded.join(' ');
        const client = await pool.connect();
        let ids: number[];
        try {
          await client.query('BEGIN');
          await client.query(`SELECT set_config('pg_trgm.word_similarity_threshold', '0.45', true)`);
          const hits = await client.query<{ id: number }>({ name: 'search', text: SEARCH_SQL }, [
            prefixQuery(raw),
            prefixQuery(folded),
            foldedText,
            `${foldedText}%`,
            32,
          ]);
          await client.query('COMMIT');
          ids = hits.rows.map((row) => row.id);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          // Released before the next queries: holding it while waiting for two more would deadlock a full pool.
          client.release();
        }
        const [cards, categories] = await Promise.all([
          pool.query<{ id: number }>({ name: 'cards', text: CARDS_SQL }, [ids]),
          pool.query({ name: 'search-categories', text: SEARCH_CATEGORIES_SQL }, [foldedText]),
        ]);
        const byId = new Map(cards.rows.map((card) => [card.id, card]));
        const products = ids.flatMap((id) => byId.get(id) ?? []).slice(0, 8);
        return send(response, 200, { products, categories: categories.rows });
      }
      if (url === '/api/product/getBySlug') {
        const match = /(?:^|-)(\d{1,9})$/.exec(String(body.slug ?? ''));
        const { rows } = match
          ? await pool.query({ name: 'product', text: PRODUCT_SQL }, [Number(match[1])])
          : { rows: [] };
        return rows[0]
          ? send(response, 200, rows[0])
          : send(response, 404, { message: 'A keresett termék nem található.' });
      }
      return send(response, 404, { message: 'Nincs ilyen végpont.' });
    };
    handle().catch((error: unknown) => {
      process.stderr.write(`alapvonal hiba: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) send(response, 500, { message: 'Váratlan hiba.' });
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('disconnect', () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
