/**
 * Links that open something by a secret in them: a guest's order page (`/order/{id}?key=…`), a
 * quote (`/quote/{token}`), a newsletter confirmation or unsubscribe link, a review request's
 * opt-out link and an abandoned-cart reminder's restore link. The shopper gets them in the message; the outbox, which admins read and which keeps
 * messages for months, shows them with the secret replaced, like a reset link's body.
 */
const ORDER_KEY = /(\/order\/\d+\?(?:[^\s"'<>#]*?&(?:amp;)?)?key=)[^&\s"'<>#]+/g;
/** A quote token is 256 random bits in base64url (43 characters); shorter segments are other pages. */
const QUOTE_TOKEN = /(\/quote\/)[A-Za-z0-9_-]{16,}/g;

/** The review request's opt-out link: its token stops the buyer's review requests (services/reviews). */
const REVIEW_OPT_OUT_TOKEN = /(\/review-request\/unsubscribe\?token=)[A-Za-z0-9_%-]{16,}/g;

/** A newsletter link: its token confirms or ends a subscription (services/newsletter). */
const NEWSLETTER_TOKEN =
  /(\/hirlevel\/(?:megerosites|leiratkozas)\?token=|\/api\/newsletter\/one-click\/)[A-Za-z0-9_%-]{16,}/g;

/** The abandoned-cart reminder's restore link: its token gives back a shopper's cart (services/abandoned-carts). */
const CART_RESTORE_TOKEN = /(\/hirlevel\/kosar\?token=)[A-Za-z0-9_%-]{16,}/g;

export const REDACTED_SECRET = '[elrejtve]';

/** The text or HTML with every secret of the links above replaced by `[elrejtve]`. */
export function redactSecretLinks(body: string): string {
  return body
    .replace(ORDER_KEY, `$1${REDACTED_SECRET}`)
    .replace(QUOTE_TOKEN, `$1${REDACTED_SECRET}`)
    .replace(NEWSLETTER_TOKEN, `$1${REDACTED_SECRET}`)
    .replace(REVIEW_OPT_OUT_TOKEN, `$1${REDACTED_SECRET}`)
    .replace(CART_RESTORE_TOKEN, `$1${REDACTED_SECRET}`);
}
