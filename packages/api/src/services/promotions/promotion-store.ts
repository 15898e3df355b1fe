import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import type { CouponRule, PromotionRule } from './rules';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/**
 * Every cart answer and every order reads the automatic rules; they change only when an admin edits a
 * promotion, so each server keeps them in memory and drops them when a write bumps this key. Whether a
 * rule is running is decided at each read (rules.ts isRunning), so a rule starts and ends on time on
 * every server without a write at that moment.
 */
export const PROMOTIONS_CACHE_KEY = 'promotions';

export const promotionRuleSelect = {
  id: true,
  name: true,
  automatic: true,
  kind: true,
  value: true,
  giftProductId: true,
  minCartValue: true,
  categoryIds: true,
  productIds: true,
  propertyValueIds: true,
  customerGroupIds: true,
  firstOrderOnly: true,
  combines: true,
  startsAt: true,
  endsAt: true,
  paused: true,
  usageLimit: true,
  uses: true,
  perCustomerLimit: true,
} as const satisfies Prisma.PromotionSelect;

type PromotionRow = Prisma.PromotionGetPayload<{ select: typeof promotionRuleSelect }>;

export function toRule(row: PromotionRow): PromotionRule {
  return {
    ...row,
    categoryIds: new Set(row.categoryIds),
    productIds: new Set(row.productIds),
    propertyValueIds: new Set(row.propertyValueIds),
  };
}

/** The automatic rules not paused and not over, in id order (the order they apply in). */
export function automaticRules({ prisma, cache }: Deps): Promise<PromotionRule[]> {
  return cache.get(PROMOTIONS_CACHE_KEY, async () => {
    const rows = await prisma.promotion.findMany({
      where: { automatic: true, paused: false, OR: [{ endsAt: null }, { endsAt: { gt: new Date() } }] },
      orderBy: { id: 'asc' },
      select: promotionRuleSelect,
    });
    return rows.map(toRule);
  });
}

/** Codes are kept in upper case; the shopper may type them in any case and with spaces around. */
export function foldCode(code: string): string {
  return code.trim().toUpperCase();
}

type CouponRow = {
  couponId: number;
  code: string;
  codeUsageLimit: number | null;
  codeUses: number;
} & Omit<PromotionRow, 'categoryIds' | 'productIds' | 'propertyValueIds' | 'customerGroupIds'> & {
    categoryIds: number[];
    productIds: number[];
    propertyValueIds: number[];
    customerGroupIds: number[];
  };

/**
 * The code with its promotion, read fresh: its uses decide whether it is still there to take. One
 * statement, as every order with a code runs it (a nested select would be two).
 */
export async function findCoupon(prisma: PrismaClient, code: string): Promise<CouponRule | null> {
  const [row] = await prisma.$queryRaw<CouponRow[]>`
    SELECT c.id AS "couponId", c.code, c."usageLimit" AS "codeUsageLimit", c.uses AS "codeUses",
      p.id, p.name, p.automatic, p.kind::text AS kind, p.value, p."giftProductId", p."minCartValue",
      p."categoryIds", p."productIds", p."propertyValueIds", p."customerGroupIds", p."firstOrderOnly",
      p.combines, p."startsAt", p."endsAt", p.paused, p."usageLimit", p.uses, p."perCustomerLimit"
    FROM "CouponCode" c JOIN "Promotion" p ON p.id = c."promotionId"
    WHERE c.code = ${foldCode(code)}`;
  if (!row) return null;
  const { couponId, code: stored, codeUsageLimit, codeUses, ...promotion } = row;
  return {
    id: couponId,
    code: stored,
    usageLimit: codeUsageLimit,
    uses: codeUses,
    promotion: toRule(promotion),
  };
}

/** Whom a promotion's uses are counted for: the signed-in customer, else the guest's e-mail address. */
export function customerKey(userId: number | null, email: string | null): string | null {
  if (userId !== null) return `u:${userId}`;
  return email ? `e:${email.trim().toLowerCase()}` : null;
}

/**
 * What the per-customer conditions need: whether this is the customer's first order (none placed
 * before that was not cancelled or failed), and their uses of the promotions limited per customer.
 * Unknown (null, empty) for a guest without an e-mail yet.
 */
export async function customerHistory(
  prisma: PrismaClient,
  who: { userId: number | null; email: string | null },
  rules: readonly PromotionRule[],
): Promise<{ firstOrder: boolean | null; customerUses: Map<number, number> }> {
  const key = customerKey(who.userId, who.email);
  if (key === null) return { firstOrder: null, customerUses: new Map() };
  const needsOrders = rules.some((rule) => rule.firstOrderOnly);
  const limited = rules.filter((rule) => rule.perCustomerLimit !== null).map((rule) => rule.id);
  const notFailed: Prisma.OrderWhereInput = { status: { notIn: ['cancelled', 'payment_failed'] } };
  const [previous, uses] = await Promise.all([
    needsOrders
      ? prisma.order.findFirst({
          where:
            who.userId !== null
              ? { userId: who.userId, ...notFailed }
              : { email: { equals: who.email ?? '', mode: 'insensitive' }, ...notFailed },
          select: { id: true },
        })
      : null,
    limited.length > 0
      ? prisma.promotionCustomerUse.findMany({
          where: { customer: key, promotionId: { in: limited } },
          select: { promotionId: true, uses: true },
        })
      : [],
  ]);
  return {
    firstOrder: needsOrders ? previous === null : null,
    customerUses: new Map(uses.map((use) => [use.promotionId, use.uses])),
  };
}
