import { Prisma, type PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { withArticle } from '../../schemas/hungarian';

/**
 * Product codes (the spec's "kuti id"): a code names one sellable thing, a product or a variant, and
 * codes that differ only in case are one code, as the shop looks codes up with case folded. The
 * database holds this with unique indexes on lower("kutiId") and a trigger across the two tables
 * (migration product_codes_ignore_case); the writers ask `codeHolders` first, so a clash is a 409 that
 * names the code, and read a unique violation a concurrent writer caused with `clashedCode`.
 */

type Db = PrismaClient | Prisma.TransactionClient;

/** A stored code equal to an asked one ignoring case, and the product or variant that holds it. */
export type CodeHolder = { asked: string; code: string; productId: number; variantId: number | null };

/**
 * The holders of `codes`, compared with the database's lower() as its unique indexes compare them (index
 * lookups), each with the code as asked: at most one product or variant per code. Every lookup by code
 * (stock sync, update by code, the import) goes through here or `productIdOfCode`.
 */
export async function codeHolders(db: Db, codes: readonly string[]): Promise<CodeHolder[]> {
  if (codes.length === 0) return [];
  return db.$queryRaw<CodeHolder[]>`
    WITH asked AS (SELECT DISTINCT code FROM unnest(${[...codes]}::text[]) AS code)
    SELECT asked.code AS asked, p."kutiId" AS code, p.id AS "productId", NULL::int AS "variantId"
    FROM asked JOIN "Product" p ON lower(p."kutiId") = lower(asked.code)
    UNION ALL
    SELECT asked.code, v."kutiId", v."productId", v.id
    FROM asked JOIN "ProductVariant" v ON lower(v."kutiId") = lower(asked.code)`;
}

/**
 * The product whose code is `code` ignoring case, as an integrator syncing by its own codes names it: an
 * index lookup on lower("kutiId"), which holds at most one.
 */
export async function productIdOfCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM "Product" WHERE lower("kutiId") = lower(${code})`;
  return row ? Number(row.id) : null;
}

/**
 * The key two codes in hand are compared by (the codes of one sheet, before the database is asked):
 * lower-cased, as the database's lower() does to the letters codes are made of, Hungarian accents too.
 */
export function codeKey(code: string): string {
  return code.toLowerCase();
}

/** The text of every string in a driver error's details (the database's own message sits deep inside). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * Whether a failed write broke a product code's uniqueness, when another writer took the code between
 * the check and the write: the code the trigger names ("shop:duplicate-code X"), null when only a
 * unique index on kutiId says so, undefined for any other failure.
 */
export function clashedCode(error: unknown): string | null | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return undefined;
  const details = stringsOf(error.meta);
  for (const text of details) {
    const named = /^shop:duplicate-code (.+)$/s.exec(text);
    if (named?.[1]) return named[1];
  }
  return details.some((text) => text.includes('kutiId')) ? null : undefined;
}

/** Whether a failed write broke the unique product code (two writers racing for one code). */
export function isCodeClash(error: unknown): boolean {
  return clashedCode(error) !== undefined;
}

/** A product code another product already has: a 409 that names the code. */
export function duplicateCodeError(code: string, cause?: unknown): DomainError {
  const message = `${withArticle(`„${code}”`, { capital: true })} termékkód már egy másik termékhez tartozik. Adj meg másik kódot!`;
  return new DomainError('conflict', message, [{ path: 'kutiId', message }], { cause });
}

/** A code another product or variant already has: a 409 naming the code and the field it came in. */
export function codeTakenError(code: string, path: string, cause?: unknown): DomainError {
  const message = `${withArticle(`„${code}”`, { capital: true })} termékkód már egy másik termékhez vagy változathoz tartozik. Adj meg másik kódot!`;
  return new DomainError('conflict', message, [{ path, message }], { cause });
}
