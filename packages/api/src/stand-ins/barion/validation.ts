import { z } from 'zod';
import { modelValidationError } from './api-errors';

/**
 * The request checks Barion makes on `Payment/Start` and `Payment/Refund`, from node-barion's limits
 * and a public OpenAPI description of Barion's API (client-api/barion-python). Field names are matched
 * exactly as documented, so a client that drifts from Barion's spelling fails here first. Messages are
 * English like Barion's own.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const CURRENCY_DECIMALS = { HUF: 0, EUR: 2, USD: 2, CZK: 2 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;

/**
 * .NET's TimeSpan text `[d.]hh:mm:ss` in milliseconds, or null for anything else (`P1D`, `30`,
 * `0.24:00:00`): Barion deserialises these fields with .NET, not as ISO-8601 durations.
 */
export function parseTimeSpan(text: string): number | null {
  const match = /^(?:(\d+)\.)?([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * MINUTE_MS + Number(seconds) * 1000;
}

function timeSpan(minMs: number, maxMs: number, range: string) {
  return z.string().transform((text, ctx) => {
    const ms = parseTimeSpan(text);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a TimeSpan "d.hh:mm:ss", e.g. "0.00:30:00"' });
      return z.NEVER;
    }
    if (ms < minMs || ms > maxMs) {
      ctx.addIssue({ code: 'custom', message: `must be between ${range}` });
      return z.NEVER;
    }
    return ms;
  });
}

const text = (max: number) => z.string().max(max);
const webAddress = z.url({ protocol: /^https?$/ }).max(2000);
// Digits only, no "+" and no leading zero: 36301234567.
const phoneNumber = z
  .string()
  .max(30)
  .regex(/^[1-9]\d*$/, { error: 'must be digits only, without "+" or a leading zero, e.g. 36301234567' });

const address = {
  Country: z.string().length(2),
  City: text(50).nullish(),
  Region: z.string().length(2).nullish(),
  Zip: text(16).nullish(),
  Street: text(50).nullish(),
  Street2: text(50).nullish(),
  Street3: text(50).nullish(),
};

const ZItem = z.object({
  Name: text(250),
  Description: text(500),
  Quantity: z.number().min(0),
  Unit: text(50),
  UnitPrice: z.number(),
  ItemTotal: z.number(),
  SKU: text(100).nullish(),
  ImageUrl: z.string().nullish(),
});

const ZPaymentTransaction = z.object({
  POSTransactionId: z.string().min(1),
  Payee: z.email(),
  Total: z.number().positive(),
  Comment: z.string().nullish(),
  Items: z.array(ZItem).min(1),
});

const ZStartRequest = z
  .object({
    PaymentType: z.enum(['Immediate', 'Reservation', 'DelayedCapture']),
    ReservationPeriod: timeSpan(MINUTE_MS, 365 * DAY_MS, '0.00:01:00 and 365.00:00:00').optional(),
    DelayedCapturePeriod: timeSpan(MINUTE_MS, 365 * DAY_MS, '0.00:01:00 and 365.00:00:00').optional(),
    PaymentWindow: timeSpan(MINUTE_MS, 7 * DAY_MS, '0.00:01:00 and 7.00:00:00').default(() => 30 * MINUTE_MS),
    GuestCheckOut: z.boolean({
      error: (issue) =>
        issue.input === undefined
          ? undefined
          : 'must be a JSON boolean (true or false); integer evaluation is not supported',
    }),
    InitiateRecurrence: z.boolean().nullish(),
    RecurrenceId: text(100).nullish(),
    TraceId: text(100).nullish(),
    FundingSources: z
      .array(z.enum(['All', 'Balance', 'BankCard', 'GooglePay', 'ApplePay', 'BankTransfer']))
      .min(1),
    PaymentRequestId: text(100).min(1),
    PayerHint: z.email().max(256).nullish(),
    CardHolderNameHint: z.string().min(2).max(45).nullish(),
    RedirectUrl: webAddress,
    CallbackUrl: webAddress,
    Transactions: z.array(ZPaymentTransaction).min(1),
    OrderNumber: text(100).nullish(),
    ShippingAddress: z.object({ ...address, FullName: text(45).nullish() }).nullish(),
    BillingAddress: z.object(address).nullish(),
    Locale: z.enum(['hu-HU', 'cs-CZ', 'de-DE', 'en-US', 'es-ES', 'fr-FR', 'sk-SK', 'sl-SI']),
    Currency: z.enum(Object.keys(CURRENCY_DECIMALS) as [Currency, ...Currency[]]),
    PayerPhoneNumber: phoneNumber.nullish(),
    PayerWorkPhoneNumber: phoneNumber.nullish(),
    PayerHomeNumber: phoneNumber.nullish(),
    ChallengePreference: z.enum(['NoPreference', 'ChallengeRequired', 'NoChallengeNeeded']).nullish(),
  })
  .superRefine((request, ctx) => {
    const decimals = CURRENCY_DECIMALS[request.Currency];
    const checkDecimals = (amount: number, path: (string | number)[]) => {
      if (!hasAtMostDecimals(amount, decimals)) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `must have at most ${decimals} decimals in ${request.Currency}`,
        });
      }
    };
    request.Transactions.forEach((transaction, t) => {
      checkDecimals(transaction.Total, ['Transactions', t, 'Total']);
      transaction.Items.forEach((item, i) => {
        checkDecimals(item.UnitPrice, ['Transactions', t, 'Items', i, 'UnitPrice']);
        checkDecimals(item.ItemTotal, ['Transactions', t, 'Items', i, 'ItemTotal']);
      });
      const itemsTotal = transaction.Items.reduce((sum, item) => sum + toMinorUnits(item.ItemTotal), 0);
      if (itemsTotal !== toMinorUnits(transaction.Total)) {
        ctx.addIssue({
          code: 'custom',
          path: ['Transactions', t, 'Total'],
          message: `must equal the sum of the ItemTotal of its Items (${itemsTotal / 100})`,
        });
      }
    });
    if (request.ReservationPeriod !== undefined && request.PaymentType !== 'Reservation') {
      ctx.addIssue({
        code: 'custom',
        path: ['ReservationPeriod'],
        message: 'is only allowed for Reservation',
      });
    }
    if (request.DelayedCapturePeriod !== undefined && request.PaymentType !== 'DelayedCapture') {
      ctx.addIssue({
        code: 'custom',
        path: ['DelayedCapturePeriod'],
        message: 'is only allowed for DelayedCapture',
      });
    }
  });

export type StartRequest = z.output<typeof ZStartRequest>;
export type StartItem = z.output<typeof ZItem>;

const ZRefundRequest = z.object({
  PaymentId: z.string().min(1),
  TransactionsToRefund: z
    .array(
      z.object({
        TransactionId: z.string().min(1),
        POSTransactionId: z.string().min(1),
        AmountToRefund: z.number().positive(),
        Comment: text(640).nullish(),
      }),
    )
    .min(1),
});

export type RefundRequest = z.output<typeof ZRefundRequest>;

export function hasAtMostDecimals(amount: number, decimals: number): boolean {
  const scale = 10 ** decimals;
  return Math.round(amount * scale) / scale === amount;
}

/** Hundredths, so sums of EUR amounts compare without floating-point drift. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

/** One English sentence per issue kind, independent of the locale zod is configured with elsewhere. */
function describeIssue(issue: z.core.$ZodRawIssue): string {
  if (issue.input === undefined || (issue.code === 'invalid_type' && issue.input === null))
    return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be an absolute http(s) URL' : `must be a valid ${issue.format}`;
    case 'too_small':
      if (issue.origin === 'array') return `must have at least ${issue.minimum} element(s)`;
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters long`;
      return issue.inclusive ? `must be at least ${issue.minimum}` : `must be greater than ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
      return `must be at most ${issue.maximum}`;
    default:
      return 'is invalid';
  }
}

/** `Transactions[0].Items[1].Name`, the way .NET model validation names a field. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

function parseOrThrow<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body, { error: describeIssue });
  if (result.success) return result.data;
  throw modelValidationError(
    result.error.issues.map((issue) => {
      const field = fieldName(issue.path) || 'request';
      return { title: `The ${field} field is invalid.`, description: `${field} ${issue.message}.` };
    }),
  );
}

/** The validated request, or a `ModelValidationError` naming every failing field. */
export function parseStartRequest(body: unknown): StartRequest {
  return parseOrThrow(ZStartRequest, body);
}

export function parseRefundRequest(body: unknown): RefundRequest {
  return parseOrThrow(ZRefundRequest, body);
}

/**
 * A `ModelValidationError` for each of the payment's callback and return addresses that is not on the
 * shop's origin (scheme, host and port; `http://bolt@evil.example/` is evil.example's). Real Barion
 * takes any address of the shop's choosing; the stand-in, which anyone may call with its published
 * key, must not become a way to make the shop's server post anywhere or send a payer off-site.
 */
export function refuseForeignAddresses(
  request: Pick<StartRequest, 'CallbackUrl' | 'RedirectUrl'>,
  shopOrigin: string,
): void {
  const allowed = new URL(shopOrigin).origin;
  const foreign = (['CallbackUrl', 'RedirectUrl'] as const).filter(
    (field) => new URL(request[field]).origin !== allowed,
  );
  if (foreign.length === 0) return;
  throw modelValidationError(
    foreign.map((field) => ({
      title: `The ${field} field is invalid.`,
      description: `${field} must be an address of the shop (${allowed}); the stand-in calls and redirects nowhere else.`,
    })),
  );
}
