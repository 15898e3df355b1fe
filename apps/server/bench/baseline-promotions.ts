import type pg from 'pg';

/**
 * The baseline's promotions (#25): what the shop does from memory and one statement, done the way an
 * uncached implementation would: the running automatic rules and the cart products' categories with
 * their ancestors read per request, the typed code looked up with its promotion, percent and forint
 * discounts spread over the lines by the largest remainder, the code's use taken in the order's own
 * statement (baseline-server.ts).
 */

const RULES_SQL = `
SELECT id, name, kind::text AS kind, value, "minCartValue", "categoryIds", "productIds", combines
FROM "Promotion"
WHERE automatic AND NOT paused AND ("startsAt" IS NULL OR "startsAt" <= now()) AND ("endsAt" IS NULL OR "endsAt" > now())
ORDER BY id`;

/** Each product's categories with their ancestors (the bench's tree has three levels). */
const LINEAGE_SQL = `
SELECT pc."productId", array_remove(array_agg(DISTINCT x.id), NULL) AS "categoryIds"
FROM "ProductCategory" pc
JOIN "Category" c ON c.id = pc."categoryId"
LEFT JOIN "Category" p ON p.id = c."parentId"
CROSS JOIN LATERAL (VALUES (c.id), (c."parentId"), (p."parentId")) AS x(id)
WHERE pc."productId" = ANY($1::int[])
GROUP BY pc."productId"`;

const COUPON_SQL = `
SELECT c.id AS "codeId", c.code, c."usageLimit" AS "codeLimit", c.uses AS "codeUses",
       p.id, p.name, p.kind::text AS kind, p.value, p."minCartValue", p."categoryIds", p."productIds", p.combines
FROM "CouponCode" c JOIN "Promotion" p ON p.id = c."promotionId"
WHERE c.code = upper($1) AND NOT p.paused AND NOT p.automatic
  AND (p."startsAt" IS NULL OR p."startsAt" <= now()) AND (p."endsAt" IS NULL OR p."endsAt" > now())`;

type Rule = {
  id: number;
  name: string;
  kind: string;
  value: number;
  minCartValue: number | null;
  categoryIds: number[];
  productIds: number[];
  combines: boolean;
};
type Coupon = Rule & { codeId: number; code: string; codeLimit: number | null; codeUses: number };

export type BaselineDiscount = {
  promotionId: number;
  codeId: number | null;
  code: string | null;
  label: string;
  amount: number;
};
export type BaselineDiscounts = {
  lineDiscounts: number[];
  discounts: BaselineDiscount[];
  couponRefused: string | null;
};

function spread(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left-- <= 0) break;
    shares[index]! += 1;
  }
  return shares;
}

/** The discounts of priced lines: the running rules, then the code (when every part combines). */
export async function baselineDiscounts(
  pool: pg.Pool,
  lines: readonly { productId: number; lineTotal: number }[],
  couponCode: string | null,
): Promise<BaselineDiscounts> {
  const [rules, lineage, coupon] = await Promise.all([
    pool.query<Rule>({ name: 'promotion-rules', text: RULES_SQL }),
    pool.query<{ productId: number; categoryIds: number[] }>(
      { name: 'promotion-lineage', text: LINEAGE_SQL },
      [lines.map((line) => line.productId)],
    ),
    couponCode
      ? pool.query<Coupon>({ name: 'promotion-coupon', text: COUPON_SQL }, [couponCode])
      : { rows: [] as Coupon[] },
  ]);
  const categories = new Map(lineage.rows.map((row) => [row.productId, row.categoryIds]));
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const remaining = lines.map((line) => line.lineTotal);
  const lineDiscounts = lines.map(() => 0);
  const discounts: BaselineDiscount[] = [];
  const found = coupon.rows[0];
  const couponRefused =
    couponCode === null
      ? null
      : !found
        ? 'Nincs ilyen kuponkód.'
        : found.codeLimit !== null && found.codeUses >= found.codeLimit
          ? 'Ez a kuponkód már elfogyott.'
          : null;
  const applied: (Rule & { codeId?: number; code?: string })[] = rules.rows.filter(
    (rule) => rule.minCartValue === null || subtotal >= rule.minCartValue,
  );
  if (found && !couponRefused) applied.push(found);
  for (const rule of applied) {
    const eligible = lines.flatMap((line, index) => {
      const open = rule.categoryIds.length === 0 && rule.productIds.length === 0;
      const hit =
        open ||
        rule.productIds.includes(line.productId) ||
        (categories.get(line.productId) ?? []).some((id) => rule.categoryIds.includes(id));
      return hit && remaining[index]! > 0 ? [index] : [];
    });
    const base = eligible.reduce((sum, index) => sum + remaining[index]!, 0);
    const wanted = rule.kind === 'percent' ? Math.round((base * rule.value) / 100) : rule.value;
    const shares = spread(
      Math.min(wanted, base),
      eligible.map((index) => remaining[index]!),
    );
    let amount = 0;
    eligible.forEach((index, position) => {
      remaining[index]! -= shares[position]!;
      lineDiscounts[index]! += shares[position]!;
      amount += shares[position]!;
    });
    if (amount > 0 || rule.codeId !== undefined) {
      discounts.push({
        promotionId: rule.id,
        codeId: rule.codeId ?? null,
        code: rule.code ?? null,
        label: rule.name,
        amount,
      });
    }
  }
  return { lineDiscounts, discounts, couponRefused };
}
