import { randomBytes } from 'node:crypto';
import type { OrderStatus, PaymentProvider, PrismaClient } from '@shop/db';
import type { TPickupPointSnapshot } from '../schemas';
import { FOXPOST_STAND_IN_ACCOUNT, type FoxpostConfig } from '../services/parcels/foxpost-config';
import { type StartedFoxpostStandIn, startFoxpostStandIn } from '../stand-ins/foxpost';

/** Two Foxpost lockers as the feed importer writes them: one open, one the feed no longer lists. */
export const FOXPOST_TEST_POINTS = {
  open: {
    carrier: 'foxpost',
    id: 'hu675',
    kind: 'FOXPOST A-BOX',
    name: 'FOXPOST A-BOX Szeged Pláza',
    postcode: '6724',
    city: 'Szeged',
    street: 'Kossuth Lajos sgrt. 119.',
    lat: 46.266431,
    lng: 20.12887,
  },
  closed: {
    carrier: 'foxpost',
    id: 'hu5400',
    kind: 'FOXPOST A-BOX',
    name: 'FOXPOST A-BOX Salgótarján Coop Erzsébet tér',
    postcode: '3100',
    city: 'Salgótarján',
    street: 'Erzsébet tér 2.',
    lat: 48.103433,
    lng: 19.80626,
  },
} as const satisfies Record<string, TPickupPointSnapshot>;

/** Writes the test lockers into the shop's PickupPoint table (the closed one inactive). */
export async function seedFoxpostPoints(prisma: PrismaClient): Promise<void> {
  for (const [key, point] of Object.entries(FOXPOST_TEST_POINTS)) {
    const data = {
      kind: point.kind,
      name: point.name,
      postcode: point.postcode,
      city: point.city,
      street: point.street,
      lat: point.lat,
      lng: point.lng,
      searchText: `${point.name} ${point.postcode} ${point.city} ${point.street}`.toLowerCase(),
      active: key === 'open',
      seenAt: new Date(),
    };
    await prisma.pickupPoint.upsert({
      where: { carrier_externalId: { carrier: 'foxpost', externalId: point.id } },
      create: { carrier: 'foxpost', externalId: point.id, ...data },
      update: data,
    });
  }
}

export type ParcelOrderOptions = {
  status?: OrderStatus;
  phone?: string | null;
  paymentProvider?: PaymentProvider;
  grandTotal?: number;
  /** null: an order shipped to an address. */
  pickupPoint?: TPickupPointSnapshot | null;
  email?: string;
};

/** An order written straight to the database, bound for a Foxpost locker unless told otherwise. */
export async function createParcelOrder(
  prisma: PrismaClient,
  options: ParcelOrderOptions = {},
): Promise<{ id: number; number: string }> {
  const grandTotal = options.grandTotal ?? 9_280;
  const pickupPoint = options.pickupPoint === undefined ? FOXPOST_TEST_POINTS.open : options.pickupPoint;
  const provider = options.paymentProvider ?? 'barion';
  return prisma.order.create({
    data: {
      number: `CS-${randomBytes(4).toString('hex')}`,
      accessKeyHash: randomBytes(32).toString('hex'),
      termsVersion: 'altalanos-szerzodesi-feltetelek',
      status: options.status ?? 'processing',
      email: options.email ?? 'csomag.vevo@example.hu',
      phone: options.phone === undefined ? '06 30 123 4567' : options.phone,
      firstName: 'Anna',
      lastName: 'Kovács',
      billingName: 'Kovács Anna',
      billingPostcode: '1137',
      billingCity: 'Budapest',
      billingStreet: 'Pozsonyi út 23.',
      ...(pickupPoint
        ? { pickupPoint }
        : {
            shippingName: 'Kovács Anna',
            shippingPostcode: '1137',
            shippingCity: 'Budapest',
            shippingStreet: 'Pozsonyi út 23.',
          }),
      shippingMethodName: pickupPoint ? 'Foxpost csomagautomata' : 'Futárszolgálat',
      shippingFee: 990,
      paymentMethodName: provider === 'cash_on_delivery' ? 'Utánvét' : 'Bankkártya',
      paymentProvider: provider,
      paymentFee: 0,
      itemsTotal: grandTotal - 990,
      vatTotal: Math.round((grandTotal * 27) / 127),
      grandTotal,
      lines: {
        create: [
          {
            productTitle: 'Kék bögre',
            unitPrice: grandTotal - 990,
            vatRate: 27,
            quantity: 1,
            lineTotal: grandTotal - 990,
          },
        ],
      },
    },
    select: { id: true, number: true },
  });
}

/** The Foxpost stand-in on its own port, and the config that points the shop at it. */
export async function startFoxpost(
  prisma: PrismaClient,
): Promise<{ stand: StartedFoxpostStandIn; config: FoxpostConfig }> {
  const stand = await startFoxpostStandIn({ prisma, ...FOXPOST_STAND_IN_ACCOUNT });
  return {
    stand,
    config: {
      apiUrl: `${stand.url}/api`,
      ...FOXPOST_STAND_IN_ACCOUNT,
      trackingPageUrl: `${stand.url}/csomagkovetes/`,
    },
  };
}
