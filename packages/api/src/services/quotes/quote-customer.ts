import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { MAX_CART_LINES, mediaUrl, productPrettySlug, type TCart, type TQuoteView } from '../../schemas';
import { CART_FULL, getServerCart } from '../cart/server-cart';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { type AuthSession, hashToken } from '../session';
import { lastValidDay, type QuoteRow, quoteLineDto, quoteSelect, quoteStatus } from './quote-dto';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const QUOTE_NOT_FOUND = 'Ez az árajánlat-link érvénytelen, vagy azóta újabbat küldtünk.';
export const QUOTE_SIGN_IN = 'Az árajánlatot bejelentkezve teheted a kosárba.';
export const QUOTE_OTHER_CUSTOMER =
  'Ez az árajánlat egy másik vásárlónak szól: annak a fióknak a bejelentkezésével használható, amelynek az e-mail-címére küldtük.';
export const QUOTE_EXPIRED_FOR_CUSTOMER = 'Ez az árajánlat lejárt; kérj újat!';
export const QUOTE_USED_FOR_CUSTOMER =
  'Ebből az árajánlatból már rendelés készült; egy ajánlat egyszer használható.';

type Blocked = TQuoteView['blockedBy'];

export const QUOTE_BLOCK_MESSAGES: Record<NonNullable<Blocked>, string> = {
  sign_in: QUOTE_SIGN_IN,
  other_customer: QUOTE_OTHER_CUSTOMER,
  expired: QUOTE_EXPIRED_FOR_CUSTOMER,
  used: QUOTE_USED_FOR_CUSTOMER,
};

/** The customer a quote is for: its account, or while it has none, whoever signs in with its e-mail. */
export function isQuoteCustomer(
  quote: { userId: number | null; email: string },
  session: AuthSession,
): boolean {
  if (quote.userId !== null) return quote.userId === session.user.id;
  return quote.email === session.user.email.toLowerCase();
}

function blockedBy(quote: QuoteRow, session: AuthSession | null, now: Date): Blocked {
  const status = quoteStatus(quote, now);
  if (status === 'used') return 'used';
  if (status === 'expired') return 'expired';
  if (!session) return 'sign_in';
  return isQuoteCustomer(quote, session) ? null : 'other_customer';
}

async function findSentQuote(db: Prisma.TransactionClient | PrismaClient, token: string): Promise<QuoteRow> {
  const row = await db.quote.findUnique({ where: { tokenHash: hashToken(token) }, select: quoteSelect });
  if (!row || row.sentAt === null) throw new DomainError('not_found', QUOTE_NOT_FOUND);
  return row;
}

/**
 * What the e-mailed link shows: the lines and prices to anyone holding the link (it is the secret),
 * and whether the caller may put them into their cart.
 */
export async function viewQuote(
  deps: Deps,
  token: string,
  session: AuthSession | null,
  shopper: Shopper,
): Promise<TQuoteView> {
  const [row, index] = await Promise.all([findSentQuote(deps.prisma, token), getCatalogueIndex(deps)]);
  const now = new Date();
  const lines = row.lines.map((line) => {
    const product = index.byId.get(line.productId);
    const visible = product !== undefined && isVisible(product, shopper, false);
    // A colour shows its own picture, as in the cart.
    const imageId =
      (line.variantId === null ? null : index.variantsById.get(line.variantId)?.imageId) ??
      product?.imageId ??
      null;
    return {
      ...quoteLineDto(line, index),
      slug: visible ? productPrettySlug(product.slug, product.id) : null,
      image: visible && imageId !== null ? mediaUrl(imageId, 'thumb') : null,
    };
  });
  return {
    validUntil: lastValidDay(row.validUntil),
    note: row.note,
    status: quoteStatus(row, now),
    total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    lines,
    blockedBy: blockedBy(row, session, now),
  };
}

/**
 * "Kosárba teszem": the quote's lines replace the cart lines of those products and variants, at the
 * quoted quantity and tied to the quote line, so the cart and the order price them at the quote's price
 * (a quoted variant is its own cart line, beside the product's other variants). The first
 * customer account that accepts a quote sent to its e-mail becomes the quote's customer.
 */
export async function acceptQuote(
  deps: Deps,
  session: AuthSession,
  shopper: Shopper,
  token: string,
): Promise<TCart> {
  const userId = session.user.id;
  await deps.prisma.$transaction(async (tx) => {
    const quote = await findSentQuote(tx, token);
    const blocked = blockedBy(quote, session, new Date());
    if (blocked === 'other_customer') throw new DomainError('forbidden', QUOTE_OTHER_CUSTOMER);
    if (blocked !== null) throw new DomainError('conflict', QUOTE_BLOCK_MESSAGES[blocked]);
    if (quote.userId === null) await tx.quote.update({ where: { id: quote.id }, data: { userId } });
    const cart = await tx.cart.upsert({
      where: { userId },
      create: { userId },
      update: { updatedAt: new Date() },
      select: { id: true },
    });
    // Prisma cannot name a null in a compound unique key (a product sold as itself has variant null), so
    // the unique index (NULLS NOT DISTINCT) is addressed directly.
    for (const line of quote.lines) {
      await tx.$executeRaw`
        INSERT INTO "CartLine" ("cartId", "productId", "variantId", quantity, "quoteLineId")
        VALUES (${cart.id}, ${line.productId}, ${line.variantId}, ${line.quantity}, ${line.id})
        ON CONFLICT ("cartId", "productId", "variantId")
        DO UPDATE SET quantity = EXCLUDED.quantity, "quoteLineId" = EXCLUDED."quoteLineId"`;
    }
    const count = await tx.cartLine.count({ where: { cartId: cart.id } });
    if (count > MAX_CART_LINES) {
      throw new DomainError('conflict', CART_FULL);
    }
  });
  return getServerCart(deps, userId, shopper);
}
