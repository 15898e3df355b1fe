import { randomInt } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, type VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import {
  MAX_CODES_PER_PROMOTION,
  type TCodeGenerateInput,
  type TFileOutput,
  type TPromotion,
  type TPromotionCreateInput,
  type TPromotionUpdateInput,
} from '../../schemas';
import { csvFile } from '../csv';
import { isUniqueViolation } from '../orders/write-order';
import { foldCode, PROMOTIONS_CACHE_KEY, promotionRuleSelect } from './promotion-store';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const PROMOTION_NOT_FOUND = 'Nincs ilyen akció.';
export const CODE_TAKEN = 'Ez a kuponkód már létezik.';
export const NO_CODES_FOR_AUTOMATIC = 'Automatikus akcióhoz nem tartoznak kuponkódok.';
const SHOWN_CODES = 20;

const adminSelect = {
  ...promotionRuleSelect,
  createdAt: true,
  updatedAt: true,
  _count: { select: { codes: true } },
  codes: { orderBy: { id: 'asc' }, take: SHOWN_CODES, select: { code: true, usageLimit: true, uses: true } },
} as const satisfies Prisma.PromotionSelect;

type AdminRow = Prisma.PromotionGetPayload<{ select: typeof adminSelect }>;
type Results = { uses: number; discountTotal: number; revenue: number };
const NO_RESULTS: Results = { uses: 0, discountTotal: 0, revenue: 0 };

/** What promotions brought: orders not cancelled before payment, their discounts and grand totals. */
async function resultsOf(prisma: PrismaClient, ids: readonly number[]): Promise<Map<number, Results>> {
  const rows = await prisma.$queryRaw<
    { promotionId: number; uses: bigint; discountTotal: bigint; revenue: bigint }[]
  >`
    SELECT d."promotionId", count(*) AS uses, sum(d.amount) AS "discountTotal", sum(o."grandTotal") AS revenue
    FROM "OrderDiscount" d JOIN "Order" o ON o.id = d."orderId"
    WHERE d."promotionId" = ANY(${[...ids]}::int[]) AND d."releasedAt" IS NULL AND o.status <> 'cancelled'
    GROUP BY d."promotionId"`;
  return new Map(
    rows.map((row) => [
      row.promotionId,
      { uses: Number(row.uses), discountTotal: Number(row.discountTotal), revenue: Number(row.revenue) },
    ]),
  );
}

function stateOf(row: AdminRow, now: Date): TPromotion['state'] {
  if (row.paused) return 'paused';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'running';
}

function toDto(row: AdminRow, results: Results, now = new Date()): TPromotion {
  // `uses` there is the limit's counter; the answer's uses count the orders (resultsOf).
  const { _count, createdAt, updatedAt, startsAt, endsAt, uses: _limitCounter, ...fields } = row;
  return {
    ...fields,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    state: stateOf(row, now),
    codeCount: _count.codes,
    ...results,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export async function listPromotions(prisma: PrismaClient): Promise<{ items: TPromotion[] }> {
  const rows = await prisma.promotion.findMany({ orderBy: { id: 'desc' }, select: adminSelect });
  const results = await resultsOf(
    prisma,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toDto(row, results.get(row.id) ?? NO_RESULTS)) };
}

export async function getPromotion(prisma: PrismaClient, id: number): Promise<TPromotion> {
  const row = await prisma.promotion.findUnique({ where: { id }, select: adminSelect });
  if (!row) throw new DomainError('not_found', PROMOTION_NOT_FOUND);
  return toDto(row, (await resultsOf(prisma, [id])).get(id) ?? NO_RESULTS);
}

/** Writes promotions and marks them changed in the same transaction, so every server drops its rules. */
async function changePromotions<T>(
  deps: Deps,
  write: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const result = await deps.prisma.$transaction(async (tx) => {
    const written = await write(tx);
    await bumpCacheVersion(tx, PROMOTIONS_CACHE_KEY);
    return written;
  });
  deps.cache.invalidate(PROMOTIONS_CACHE_KEY);
  return result;
}

function columns(input: TPromotionCreateInput | TPromotionUpdateInput) {
  const noValue = input.kind === 'free_shipping' || input.kind === 'second_half' || input.kind === 'gift';
  return {
    name: input.name,
    automatic: input.automatic,
    kind: input.kind,
    value: noValue ? 0 : input.value,
    giftProductId: input.kind === 'gift' ? (input.giftProductId ?? null) : null,
    minCartValue: input.minCartValue ?? null,
    categoryIds: [...new Set(input.categoryIds)],
    productIds: [...new Set(input.productIds)],
    propertyValueIds: [...new Set(input.propertyValueIds)],
    customerGroupIds: [...new Set(input.customerGroupIds)],
    firstOrderOnly: input.firstOrderOnly,
    combines: input.combines,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    paused: input.paused,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
  };
}

const GIFT_MISSING = 'Nincs ilyen termék.';
const GIFT_IN_VARIANTS =
  'Változatokban árusított termék nem lehet ajándék: válassz egy változatok nélküli terméket.';

/** A gift promotion's product must exist and be sold as itself: the gift is one piece of it. */
async function checkGift(tx: Prisma.TransactionClient, input: TPromotionCreateInput | TPromotionUpdateInput) {
  if (input.kind !== 'gift' || !input.giftProductId) return;
  const product = await tx.product.findUnique({
    where: { id: input.giftProductId },
    select: { _count: { select: { variants: true } } },
  });
  const message = !product ? GIFT_MISSING : product._count.variants > 0 ? GIFT_IN_VARIANTS : null;
  if (message) throw new DomainError('invalid_input', message, [{ path: 'giftProductId', message }]);
}

const codeTaken = () => new DomainError('conflict', CODE_TAKEN, [{ path: 'code', message: CODE_TAKEN }]);

export async function createPromotion(deps: Deps, input: TPromotionCreateInput): Promise<TPromotion> {
  try {
    const id = await changePromotions(deps, async (tx) => {
      await checkGift(tx, input);
      const code = input.code ? foldCode(input.code) : null;
      if (code && (await tx.couponCode.findUnique({ where: { code }, select: { id: true } })))
        throw codeTaken();
      const created = await tx.promotion.create({
        data: { ...columns(input), ...(code ? { codes: { create: { code } } } : {}) },
        select: { id: true },
      });
      return created.id;
    });
    return getPromotion(deps.prisma, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * Sets every field anew. The counters behind the limits count only while there is a limit
 * (write-order.ts), so a limit set now starts from the orders that used the promotion so far.
 */
export async function updatePromotion(deps: Deps, input: TPromotionUpdateInput): Promise<TPromotion> {
  await changePromotions(deps, async (tx) => {
    const before = await tx.promotion.findUnique({
      where: { id: input.id },
      select: { usageLimit: true, perCustomerLimit: true, _count: { select: { codes: true } } },
    });
    if (!before) throw new DomainError('not_found', PROMOTION_NOT_FOUND);
    if (input.automatic && before._count.codes > 0) {
      throw new DomainError('conflict', 'Kuponkódos akció nem tehető automatikussá; előbb töröld a kódjait.');
    }
    await checkGift(tx, input);
    await tx.promotion.update({ where: { id: input.id }, data: columns(input), select: { id: true } });
    if (before.usageLimit === null && input.usageLimit) {
      await tx.$executeRaw`
        UPDATE "Promotion" SET uses = (
          SELECT count(*) FROM "OrderDiscount" WHERE "promotionId" = ${input.id} AND "releasedAt" IS NULL)
        WHERE id = ${input.id}`;
    }
    if (before.perCustomerLimit === null && input.perCustomerLimit) {
      await tx.$executeRaw`
        INSERT INTO "PromotionCustomerUse" ("promotionId", customer, uses)
        SELECT ${input.id}, customer, count(*) FROM "OrderDiscount"
        WHERE "promotionId" = ${input.id} AND "releasedAt" IS NULL GROUP BY customer
        ON CONFLICT ("promotionId", customer) DO UPDATE SET uses = EXCLUDED.uses`;
    }
  });
  return getPromotion(deps.prisma, input.id);
}

export async function setPromotionPaused(deps: Deps, id: number, paused: boolean): Promise<TPromotion> {
  await changePromotions(deps, async (tx) => {
    const updated = await tx.promotion.updateMany({ where: { id }, data: { paused } });
    if (updated.count === 0) throw new DomainError('not_found', PROMOTION_NOT_FOUND);
  });
  return getPromotion(deps.prisma, id);
}

/** Orders keep their discounts as they were (OrderDiscount keeps label, code and amount). */
export async function deletePromotion(deps: Deps, id: number): Promise<void> {
  await changePromotions(deps, async (tx) => {
    const deleted = await tx.promotion.deleteMany({ where: { id } });
    if (deleted.count === 0) throw new DomainError('not_found', PROMOTION_NOT_FOUND);
  });
}

/** No 0/O, 1/I/L: a code read out over the phone or copied from paper is not mistaken. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function randomCode(prefix: string): string {
  let tail = '';
  for (let i = 0; i < CODE_LENGTH; i++) tail += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return prefix ? `${prefix}-${tail}` : tail;
}

/**
 * Generates `count` unique codes (31^8 ≈ 850 billion tails, so a clash is rare; a clashing code is
 * skipped and another drawn). Each has its own limit, 1 by default: a newsletter's single-use codes.
 */
export async function generateCodes(
  prisma: PrismaClient,
  input: TCodeGenerateInput,
): Promise<{ created: number; codes: string[] }> {
  const promotion = await prisma.promotion.findUnique({
    where: { id: input.id },
    select: { automatic: true, _count: { select: { codes: true } } },
  });
  if (!promotion) throw new DomainError('not_found', PROMOTION_NOT_FOUND);
  if (promotion.automatic) throw new DomainError('conflict', NO_CODES_FOR_AUTOMATIC);
  if (promotion._count.codes + input.count > MAX_CODES_PER_PROMOTION) {
    const message = `Egy akcióhoz legfeljebb ${MAX_CODES_PER_PROMOTION.toLocaleString('hu-HU')} kód tartozhat.`;
    throw new DomainError('invalid_input', message, [{ path: 'count', message }]);
  }
  const codes: string[] = [];
  while (codes.length < input.count) {
    const batch = [
      ...new Set(Array.from({ length: input.count - codes.length }, () => randomCode(input.prefix))),
    ];
    const created = await prisma.couponCode.createManyAndReturn({
      data: batch.map((code) => ({ promotionId: input.id, code, usageLimit: input.usageLimit })),
      skipDuplicates: true,
      select: { code: true },
    });
    codes.push(...created.map((row) => row.code));
  }
  return { created: codes.length, codes };
}

/** Every code of a promotion as CSV, for a newsletter tool to merge into its e-mails. */
export async function downloadCodes(prisma: PrismaClient, id: number): Promise<TFileOutput> {
  const promotion = await prisma.promotion.findUnique({ where: { id }, select: { id: true } });
  if (!promotion) throw new DomainError('not_found', PROMOTION_NOT_FOUND);
  const codes = await prisma.couponCode.findMany({
    where: { promotionId: id },
    orderBy: { id: 'asc' },
    select: { code: true, usageLimit: true, uses: true },
  });
  return csvFile(
    `kuponkodok-${id}`,
    ['Kód', 'Felhasználható', 'Felhasználva'],
    codes.map((code) => [code.code, code.usageLimit, code.uses]),
  );
}
