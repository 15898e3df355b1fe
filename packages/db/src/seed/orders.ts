import { createHash, randomBytes } from 'node:crypto';
import type { OrderStatus, Prisma } from '../generated/prisma/client';
import { DEMO_FOXPOST_LOCKERS } from './checkout';
import { DEMO_CUSTOMERS } from './customers';
import { createRandom, type Random } from './random';
import type { SeedContext } from './seed-context';
import { DAY_MS } from './text';

/**
 * Demo orders over the last 30 days, so the dashboard and the order admin show real figures from the
 * first start. They are written as `place-order.ts` writes a placed order and as the status, payment
 * and refund flows later change it:
 *
 * 1. Prices from the catalogue: one or two pieces of a product (below every quantity tier), by guests
 *    and by the two demo customers whose prices are the list prices (no group price applies to them).
 * 2. Totals: shipping free from the method's threshold, the cash-on-delivery total rounded to 5 Ft, VAT
 *    content per line at the product's rate and on the fees at 27 %, rounded per line (vatBreakdown).
 * 3. Numbers from `OrderNumberCounter` per Budapest year, in the order they were placed.
 * 4. Each order's history from `received` (a card order from `awaiting_payment`, with its settled
 *    Barion payment) through the fulfilment steps as far as its age allows; stock taken, and given back for
 *    a cancelled or failed one; some cancelled, refunded in part or whole, one open withdrawal.
 * 5. The money as the shop would have recorded it (`paidTotal`, a payment each): a card order when Barion
 *    reported success, a transfer order when its money arrived (the shop starts processing it then), a
 *    cash-on-delivery order when it was delivered (completed). Younger ones are still unpaid.
 *
 * No e-mail is queued: these orders were never placed by anyone.
 */

const ORDERS_SEED = 20_261_124;
const ORDER_COUNT = 42;
const HOUR_MS = 3600 * 1000;
const REFUNDED = 5;
const PARTLY_REFUNDED = 6;
const GENERAL_VAT_RATE = 27;
/** Two demo customers whose prices are the list prices (no group or own price applies to them). */
const ORDERING_CUSTOMERS = ['kovacs.anna@example.hu', 'toth.gergely@example.hu'];

const GUESTS = [
  ['Eszter', 'Varga', '+36 20 314 1592', '1114', 'Budapest', 'Bartók Béla út 41.'],
  ['Balázs', 'Horváth', '+36 30 265 3589', '7621', 'Pécs', 'Király utca 12.'],
  ['Zsófia', 'Kiss', '+36 70 793 2384', '3525', 'Miskolc', 'Széchenyi István út 5.'],
  ['Márton', 'Molnár', '+36 20 626 4338', '8000', 'Székesfehérvár', 'Fő utca 7.'],
  ['Réka', 'Farkas', '+36 30 327 9502', '6000', 'Kecskemét', 'Rákóczi út 18.'],
  ['Dániel', 'Balogh', '+36 70 884 1971', '9400', 'Sopron', 'Várkerület 96.'],
  ['Lilla', 'Papp', '+36 20 693 9937', '2000', 'Szentendre', 'Dumtsa Jenő utca 3.'],
  ['Ádám', 'Lakatos', '+36 30 510 5820', '5000', 'Szolnok', 'Baross utca 22.'],
] as const;

const REASONS_CANCELLED = ['A vásárló kérésére törölve.', 'A vásárló telefonon lemondta.'];
const TRACKING_PREFIX = { gls: 'GLS', foxpost: 'FP', mpl: 'MPL' } as const;

type Product = {
  id: number;
  title: string;
  kutiId: string | null;
  grossPrice: number;
  vatClass: string;
  vatRate: number;
  unit: string;
};
type Shipping = {
  id: number;
  name: string;
  grossPrice: number;
  freeAbove: number | null;
  needsAddress: boolean;
  pickupCarrier: string | null;
  deliveryTime: string | null;
};
type Payment = {
  id: number;
  name: string;
  provider: 'barion' | 'cash_on_delivery' | 'bank_transfer';
  grossFee: number;
};
type Buyer = {
  userId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  postcode: string;
  city: string;
  street: string;
};

type Fate = 'fulfil' | 'cancel' | 'refund' | 'partial_refund' | 'payment_failed' | 'payment_pending';

/** The percent of a VAT class, as @shop/api's schemas/vat.ts derives it (the demo shop is not alanyi adómentes). */
const vatPercentOf = (vatClass: string) => (vatClass === 'TAM' || vatClass === 'AAM' ? 0 : Number(vatClass));
const vatContentOf = (gross: number, rate: number) =>
  rate <= 0 ? 0 : Math.round((gross * rate) / (100 + rate));
const roundCash = (total: number) => {
  const remainder = total % 5;
  return remainder < 2.5 ? total - remainder : total + (5 - remainder);
};

const budapestYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Budapest', year: 'numeric' });

export async function seedDemoOrders(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.order.count()) > 0) {
    ctx.log('rendelések: már vannak rendelések, demó rendelés nem készült');
    return;
  }
  const [productRows, shippingRows, paymentRows, users, terms] = await Promise.all([
    tx.product.findMany({
      // Demo orders name products sold as themselves; a variant's line would need its variant.
      where: { enabled: true, stock: { gte: 10 }, variants: { none: {} } },
      select: {
        id: true,
        kutiId: true,
        grossPrice: true,
        vatClass: true,
        unit: true,
        descriptions: { where: { language: 'hu' }, select: { title: true }, take: 1 },
      },
      orderBy: { id: 'asc' },
    }),
    tx.shippingMethod.findMany({ where: { enabled: true }, orderBy: { position: 'asc' } }),
    tx.paymentMethod.findMany({ where: { enabled: true }, orderBy: { position: 'asc' } }),
    tx.user.findMany({
      where: { email: { in: ORDERING_CUSTOMERS } },
      select: { id: true, email: true, firstName: true, lastName: true, phone: true },
    }),
    tx.page.findUnique({
      where: { slug: 'altalanos-szerzodesi-feltetelek' },
      select: { slug: true, updatedAt: true },
    }),
  ]);
  const products: Product[] = productRows.map((row) => ({
    id: row.id,
    title: row.descriptions[0]?.title ?? `#${row.id}`,
    kutiId: row.kutiId,
    grossPrice: row.grossPrice,
    vatClass: row.vatClass,
    vatRate: vatPercentOf(row.vatClass),
    unit: row.unit,
  }));
  if (products.length < 10 || shippingRows.length === 0 || paymentRows.length === 0) {
    ctx.log('rendelések: nincs elég termék vagy szállítási és fizetési mód, demó rendelés nem készült');
    return;
  }
  const termsVersion = terms
    ? `${terms.slug}@${terms.updatedAt.toISOString()}`
    : 'altalanos-szerzodesi-feltetelek';
  const buyers: Buyer[] = [
    ...users.map((user) => {
      const demo = DEMO_CUSTOMERS.find((customer) => customer.email === user.email);
      const address = demo?.addresses.find((candidate) => candidate.type === 'shipping');
      return {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone ?? '+36 30 000 0000',
        postcode: address?.postcode ?? '1051',
        city: address?.city ?? 'Budapest',
        street: address?.street ?? 'Október 6. utca 7.',
      };
    }),
    ...GUESTS.map(([firstName, lastName, phone, postcode, city, street]) => ({
      userId: null,
      email: `${slug(lastName)}.${slug(firstName)}@example.hu`,
      firstName,
      lastName,
      phone,
      postcode,
      city,
      street,
    })),
  ];

  const random = createRandom(ORDERS_SEED);
  const drafts = Array.from({ length: ORDER_COUNT }, (_, i) =>
    draftOrder(random, ctx.now, i, {
      products,
      shipping: shippingRows as Shipping[],
      payment: paymentRows as Payment[],
      buyers,
    }),
  ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const numbers = await orderNumbers(
    tx,
    drafts.map((draft) => draft.createdAt),
  );
  let withdrawalMade = false;
  for (const [i, draft] of drafts.entries()) {
    const number = numbers[i]!;
    const created = await tx.order.create({
      data: {
        number,
        accessKeyHash: createHash('sha256').update(randomBytes(24)).digest('hex'),
        termsVersion,
        userId: draft.buyer.userId,
        status: draft.status,
        email: draft.buyer.email,
        phone: draft.buyer.phone,
        firstName: draft.buyer.firstName,
        lastName: draft.buyer.lastName,
        ...(draft.shipping.needsAddress
          ? {
              shippingName: `${draft.buyer.lastName} ${draft.buyer.firstName}`,
              shippingPostcode: draft.buyer.postcode,
              shippingCity: draft.buyer.city,
              shippingStreet: draft.buyer.street,
            }
          : {}),
        ...(draft.shipping.pickupCarrier === 'foxpost'
          ? { pickupPoint: DEMO_FOXPOST_LOCKERS[Number(number.slice(-1)) % DEMO_FOXPOST_LOCKERS.length] }
          : {}),
        billingName: `${draft.buyer.lastName} ${draft.buyer.firstName}`,
        billingPostcode: draft.buyer.postcode,
        billingCity: draft.buyer.city,
        billingStreet: draft.buyer.street,
        shippingMethodId: draft.shipping.id,
        shippingMethodName: draft.shipping.name,
        shippingFee: draft.shippingFee,
        shippingDeliveryTime: draft.shipping.deliveryTime,
        paymentMethodId: draft.payment.id,
        paymentMethodName: draft.payment.name,
        paymentProvider: draft.payment.provider,
        paymentFee: draft.payment.grossFee,
        itemsTotal: draft.itemsTotal,
        rounding: draft.rounding,
        vatTotal: draft.vatTotal,
        grandTotal: draft.grandTotal,
        trackingNumber: draft.trackingNumber,
        completedAt: draft.completedAt,
        stockReturnedAt: draft.stockReturnedAt,
        refundedTotal: draft.refundedTotal,
        paidTotal: draft.paidAt ? draft.grandTotal : 0,
        paidAt: draft.paidAt,
        createdAt: draft.createdAt,
        lines: {
          create: draft.lines.map((line) => ({
            productId: line.product.id,
            productTitle: line.product.title,
            kutiId: line.product.kutiId,
            unitPrice: line.product.grossPrice,
            vatRate: line.product.vatRate,
            vatClass: line.product.vatClass,
            unit: line.product.unit,
            quantity: line.quantity,
            lineTotal: line.product.grossPrice * line.quantity,
          })),
        },
        statusChanges: { create: draft.history },
        // The number the order carries is its one shipment, as the shop records it.
        ...(draft.trackingNumber
          ? { shipments: { create: [{ trackingNumber: draft.trackingNumber, createdAt: draft.createdAt }] } }
          : {}),
      },
      select: {
        id: true,
        lines: { select: { id: true, quantity: true, lineTotal: true }, orderBy: { id: 'asc' } },
      },
    });
    // The order still waiting for its card payment has none recorded: Barion's payments live at Barion
    // (and in the stand-in's memory), so a made-up pending one would be asked about by the overdue
    // payment job for ever. The customer pays it from the order page, which starts a real one.
    if (draft.card && draft.card.status !== 'pending') {
      await tx.payment.create({
        data: {
          orderId: created.id,
          provider: 'barion',
          providerPaymentId: randomBytes(16).toString('hex'),
          posTransactionId: `${number}-${randomBytes(4).toString('hex')}`,
          status: draft.card.status,
          amount: draft.grandTotal,
          providerStatus: draft.card.providerStatus,
          completedAt: draft.card.completedAt,
          createdAt: draft.createdAt,
          events: {
            create: [
              { kind: 'start', providerStatus: 'Prepared', detail: {}, createdAt: draft.createdAt },
              ...(draft.card.completedAt
                ? [
                    {
                      kind: 'callback',
                      providerStatus: draft.card.providerStatus,
                      detail: {},
                      createdAt: draft.card.completedAt,
                    },
                  ]
                : []),
            ],
          },
        },
        select: { id: true },
      });
    }
    if (!draft.card && draft.paidAt) {
      await tx.payment.create({
        data: {
          orderId: created.id,
          provider: draft.payment.provider,
          status: 'succeeded',
          amount: draft.grandTotal,
          completedAt: draft.paidAt,
          createdAt: draft.paidAt,
          events: {
            create: {
              kind: 'recorded',
              providerStatus: 'Succeeded',
              detail: { reason: draft.payment.provider === 'cash_on_delivery' ? 'completed' : 'recorded' },
              createdAt: draft.paidAt,
            },
          },
        },
        select: { id: true },
      });
    }
    if (draft.refundedTotal > 0 && draft.refundedAt) {
      // A partial refund gives back the first line; a full one every line.
      const refundedLines = draft.status === 'refunded' ? created.lines : created.lines.slice(0, 1);
      await tx.refund.create({
        data: {
          orderId: created.id,
          provider: draft.payment.provider,
          status: 'succeeded',
          amount: draft.refundedTotal,
          note:
            draft.status === 'refunded' ? 'A vásárló visszaküldte a csomagot.' : 'Sérülten érkezett tétel.',
          bankAccount: draft.payment.provider === 'barion' ? null : '11773016-11111018-00000000',
          createdAt: draft.refundedAt,
          lines: {
            create: refundedLines.map((line) => ({
              orderLineId: line.id,
              quantity: line.quantity,
              amount: line.lineTotal,
            })),
          },
        },
        select: { id: true },
      });
    }
    // One customer withdrew from a recently delivered order; the shop has not refunded it yet.
    if (
      !withdrawalMade &&
      draft.status === 'completed' &&
      draft.completedAt &&
      ctx.now.getTime() - draft.completedAt.getTime() < 6 * DAY_MS
    ) {
      withdrawalMade = true;
      const line = created.lines[0]!;
      await tx.withdrawal.create({
        data: {
          orderId: created.id,
          lines: [{ orderLineId: line.id, quantity: line.quantity }],
          reason: 'Más színűre számítottam.',
          name: `${draft.buyer.lastName} ${draft.buyer.firstName}`,
          email: draft.buyer.email,
          createdAt: new Date(
            draft.completedAt.getTime() +
              Math.min(2 * DAY_MS, (ctx.now.getTime() - draft.completedAt.getTime()) / 2),
          ),
        },
        select: { id: true },
      });
    }
    for (const line of draft.lines) {
      if (draft.stockReturnedAt) continue;
      await tx.product.update({
        where: { id: line.product.id },
        data: { stock: { decrement: line.quantity }, unitsSold: { increment: line.quantity } },
        select: { id: true },
      });
    }
  }
  ctx.log(`rendelések: ${drafts.length} demó rendelés az elmúlt 30 napból`);
}

function slug(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Numbers as `nextOrderIdentity` gives them: the Budapest year and the year's counter, oldest first. */
async function orderNumbers(tx: Prisma.TransactionClient, times: Date[]): Promise<string[]> {
  const years = times.map((time) => Number(budapestYear.format(time)));
  const perYear = new Map<number, number>();
  for (const year of years) perYear.set(year, (perYear.get(year) ?? 0) + 1);
  const next = new Map<number, number>();
  for (const [year, count] of perYear) {
    const rows = await tx.$queryRaw<{ last: number }[]>`
      INSERT INTO "OrderNumberCounter" (year, last) VALUES (${year}, ${count})
      ON CONFLICT (year) DO UPDATE SET last = "OrderNumberCounter".last + ${count}
      RETURNING last`;
    next.set(year, Number(rows[0]!.last) - count + 1);
  }
  return years.map((year) => {
    const value = next.get(year)!;
    next.set(year, value + 1);
    return `${year}-${String(value).padStart(6, '0')}`;
  });
}

type Draft = {
  createdAt: Date;
  buyer: Buyer;
  shipping: Shipping;
  payment: Payment;
  lines: { product: Product; quantity: number }[];
  itemsTotal: number;
  shippingFee: number;
  rounding: number;
  vatTotal: number;
  grandTotal: number;
  status: OrderStatus;
  history: {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    note: string | null;
    trackingNumber: string | null;
    createdAt: Date;
  }[];
  trackingNumber: string | null;
  completedAt: Date | null;
  stockReturnedAt: Date | null;
  refundedTotal: number;
  refundedAt: Date | null;
  /** When the whole total was paid (rule 5); null while unpaid. */
  paidAt: Date | null;
  card: {
    status: 'pending' | 'succeeded' | 'failed' | 'expired';
    providerStatus: string;
    completedAt: Date | null;
  } | null;
};

function draftOrder(
  random: Random,
  now: Date,
  i: number,
  world: { products: Product[]; shipping: Shipping[]; payment: Payment[]; buyers: Buyer[] },
): Draft {
  // More orders lately, as a growing shop has them; the first two are from the last few hours, the one
  // still being paid by card from the last quarter of an hour (after Barion's 30-minute payment window
  // the expiry job gives its stock back, as for any payment never started), the refunded ones old
  // enough to have been delivered.
  const ageDays =
    i === 0
      ? random.next() * (15 / (24 * 60))
      : i < 2
        ? random.next() * 0.3
        : i === REFUNDED || i === PARTLY_REFUNDED
          ? 10 + random.next() * 15
          : Math.min(29.5, random.next() ** 1.4 * 30);
  const minutesEarlier = random.int(0, 50);
  const createdAt = new Date(now.getTime() - ageDays * DAY_MS - (i === 0 ? 0 : minutesEarlier * 60_000));
  const customers = world.buyers.filter((buyer) => buyer.userId !== null);
  const guests = world.buyers.filter((buyer) => buyer.userId === null);
  const buyer = customers.length > 0 && random.chance(0.45) ? random.pick(customers) : random.pick(guests);
  const shipping = random.pick(world.shipping);
  const payment =
    i === 0
      ? (world.payment.find((method) => method.provider === 'barion') ?? world.payment[0]!)
      : random.pick(world.payment);
  const picked = random.shuffle(world.products).slice(0, random.int(1, 3));
  const lines = picked.map((product) => ({ product, quantity: random.chance(0.3) ? 2 : 1 }));

  const itemsTotal = lines.reduce((sum, line) => sum + line.product.grossPrice * line.quantity, 0);
  const shippingFee =
    shipping.freeAbove !== null && itemsTotal >= shipping.freeAbove ? 0 : shipping.grossPrice;
  const exactTotal = itemsTotal + shippingFee + payment.grossFee;
  const grandTotal = payment.provider === 'cash_on_delivery' ? roundCash(exactTotal) : exactTotal;
  const vatTotal =
    lines.reduce(
      (sum, line) => sum + vatContentOf(line.product.grossPrice * line.quantity, line.product.vatRate),
      0,
    ) + vatContentOf(grandTotal - itemsTotal, GENERAL_VAT_RATE);

  const card = payment.provider === 'barion';
  const fate = fateOf(random, i, card);
  const history: Draft['history'] = [];
  let status = (card ? 'awaiting_payment' : 'received') as OrderStatus;
  let at = createdAt;
  const step = (
    to: OrderStatus,
    afterHours: number,
    note: string | null = null,
    trackingNumber: string | null = null,
  ) => {
    const next = new Date(at.getTime() + afterHours * HOUR_MS);
    if (next.getTime() > now.getTime()) return false;
    history.push({
      fromStatus: history.length ? status : null,
      toStatus: to,
      note,
      trackingNumber,
      createdAt: next,
    });
    status = to;
    at = next;
    return true;
  };
  step(status, 0, 'A rendelés beérkezett.');
  let paymentState: NonNullable<Draft['card']> | null = null;
  let stockReturnedAt: Date | null = null;
  let trackingNumber: string | null = null;
  let completedAt: Date | null = null;
  let refundedTotal = 0;
  let refundedAt: Date | null = null;

  if (card) {
    if (fate === 'payment_pending') {
      paymentState = { status: 'pending', providerStatus: 'Prepared', completedAt: null };
    } else if (fate === 'payment_failed') {
      step('payment_failed', 0.5, 'A kártyás fizetés nem sikerült.');
      stockReturnedAt = at;
      paymentState = { status: 'failed', providerStatus: 'Canceled', completedAt: at };
    } else {
      step('received', 0.05, 'A kártyás fizetés sikerült.');
      paymentState = { status: 'succeeded', providerStatus: 'Succeeded', completedAt: at };
    }
  }
  if (status === 'received') {
    if (fate === 'cancel') {
      if (step('cancelled', random.int(1, 20), random.pick(REASONS_CANCELLED))) stockReturnedAt = at;
    } else {
      // Personal pickup; a pickup point method ships to its locker like a courier does.
      const pickup = !shipping.needsAddress && !shipping.pickupCarrier;
      const parcel = pickup ? null : tracking(random, shipping.name);
      trackingNumber = parcel;
      // Each step waits for the shop: a young order has not gone through all of them yet, and some
      // wait for the shop's next working hours.
      const young = now.getTime() - createdAt.getTime() < 4 * DAY_MS;
      const act: typeof step = (...args) => !(young && random.chance(0.3)) && step(...args);
      const go =
        act('processing', random.int(1, 8)) &&
        act('packed', random.int(2, 20)) &&
        (pickup
          ? act('ready_for_pickup', random.int(1, 6), 'Átvehető a budapesti átvételi ponton.')
          : act('shipped', random.int(2, 24), null, parcel));
      if (go && act('completed', random.int(20, 60))) {
        completedAt = at;
        if (fate === 'refund' && step('refunded', random.int(24, 72), 'A vásárló visszaküldte a csomagot.')) {
          refundedTotal = grandTotal;
          refundedAt = at;
        } else if (
          fate === 'partial_refund' &&
          step('partially_refunded', random.int(4, 48), 'Sérülten érkezett tétel.')
        ) {
          refundedTotal = lines[0]!.product.grossPrice * lines[0]!.quantity;
          refundedAt = at;
        }
      }
    }
  }
  return {
    createdAt,
    buyer,
    shipping,
    payment,
    lines,
    itemsTotal,
    shippingFee,
    rounding: grandTotal - exactTotal,
    vatTotal,
    grandTotal,
    status,
    history,
    trackingNumber:
      status === 'shipped' ||
      status === 'completed' ||
      status === 'refunded' ||
      status === 'partially_refunded'
        ? trackingNumber
        : null,
    completedAt,
    stockReturnedAt,
    refundedTotal,
    refundedAt,
    paidAt: paidAtOf(payment.provider, paymentState, history, completedAt),
    card: paymentState,
  };
}

function paidAtOf(
  provider: Payment['provider'],
  card: Draft['card'],
  history: Draft['history'],
  completedAt: Date | null,
): Date | null {
  if (provider === 'barion') return card?.status === 'succeeded' ? card.completedAt : null;
  if (provider === 'cash_on_delivery') return completedAt;
  return history.find((change) => change.toStatus === 'processing')?.createdAt ?? null;
}

function fateOf(random: Random, i: number, card: boolean): Fate {
  if (i === 0 && card) return 'payment_pending';
  if (i === REFUNDED) return 'refund';
  if (i === PARTLY_REFUNDED) return 'partial_refund';
  if (card && random.chance(0.15)) return 'payment_failed';
  if (i % 10 === 3) return 'cancel';
  return 'fulfil';
}

function tracking(random: Random, shippingName: string): string {
  const prefix = /foxpost/i.test(shippingName)
    ? TRACKING_PREFIX.foxpost
    : /mpl|posta/i.test(shippingName)
      ? TRACKING_PREFIX.mpl
      : TRACKING_PREFIX.gls;
  return `${prefix}${String(random.int(10_000_000, 99_999_999))}`;
}
