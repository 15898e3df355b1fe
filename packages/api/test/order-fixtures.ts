import type { Prisma, PrismaClient } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { cacheFor } from '../src/cache';
import type { TPlaceOrderInput } from '../src/schemas';
import { bumpCatalogue, invalidateCatalogue } from '../src/services/catalogue/in-memory-index';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { BARION_STAND_IN_POS_KEY } from '../src/services/payments/barion-config';
import { type StartedBarionStandIn, startBarionStandIn } from '../src/stand-ins/barion';

export const PAYEE = 'bolt@example.hu';

/** The project's Barion stand-in on a free port, and the config that points the shop at it. */
export async function startBarion(): Promise<{ stand: StartedBarionStandIn; config: BarionConfig }> {
  const stand = await startBarionStandIn({ posKey: BARION_STAND_IN_POS_KEY, retryDelaysMs: [50, 100] });
  return { stand, config: { apiUrl: stand.url, posKey: BARION_STAND_IN_POS_KEY, payee: PAYEE } };
}

/**
 * A product written straight to the database, as an import would; the catalogue is marked changed
 * the way every catalogue writer does it, so this server's index sees the product at once.
 */
export async function createProduct(
  prisma: PrismaClient,
  data: { slug: string; title: string; grossPrice: number; stock: number } & Record<string, unknown>,
): Promise<number> {
  const { title, ...fields } = data;
  const product = await prisma.$transaction(async (tx) => {
    const created = await tx.product.create({
      data: { ...fields, descriptions: { create: { language: 'hu', title } } } as Prisma.ProductCreateInput,
      select: { id: true },
    });
    await bumpCatalogue(tx);
    return created;
  });
  invalidateCatalogue(cacheFor(prisma));
  return product.id;
}

export type Shop = {
  products: { mug: number; plate: number; tiered: number; scarce: number; hidden: number };
  shipping: { courier: number; pickup: number; locker: number };
  payment: { card: number; cod: number; transfer: number };
};

/** The checkout's world as a real shop has it: products, methods, the e-mail templates the seed writes. */
export async function createShop(prisma: PrismaClient): Promise<Shop> {
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  await prisma.page.upsert({
    where: { slug: 'altalanos-szerzodesi-feltetelek' },
    create: {
      slug: 'altalanos-szerzodesi-feltetelek',
      descriptions: { create: { language: 'hu', title: 'ÁSZF' } },
    },
    update: {},
  });
  const product = (slug: string, title: string, grossPrice: number, stock: number, extra: object = {}) =>
    createProduct(prisma, { slug, title, grossPrice, stock, ...extra });
  const products = {
    mug: await product('kek-bogre', 'Kék bögre', 3990, 100, { kutiId: 'KB-1' }),
    plate: await product('porcelan-tanyer', 'Porcelán tányér', 2490, 100, { vatClass: '5' }),
    tiered: await product('kavescsesze', 'Kávéscsésze', 1000, 100, {
      priceTiers: { create: [{ minQuantity: 10, grossPrice: 800 }] },
    }),
    scarce: await product('utolso-darabok', 'Utolsó darabok', 5000, 10),
    hidden: await product('kifutott', 'Kifutott termék', 1000, 5, { enabled: false }),
  };
  const cod = await prisma.paymentMethod.create({
    data: { name: 'Utánvét', provider: 'cash_on_delivery', grossFee: 490 },
  });
  const card = await prisma.paymentMethod.create({ data: { name: 'Bankkártya', provider: 'barion' } });
  const transfer = await prisma.paymentMethod.create({
    data: { name: 'Átutalás', provider: 'bank_transfer' },
  });
  const courier = await prisma.shippingMethod.create({
    data: { name: 'GLS futár', grossPrice: 1990, freeAbove: 20_000, deliveryTime: '1–2 munkanap' },
  });
  const pickup = await prisma.shippingMethod.create({
    data: {
      name: 'Személyes átvétel',
      grossPrice: 0,
      needsAddress: false,
      allowedPaymentMethodIds: [card.id, transfer.id],
    },
  });
  const locker = await prisma.shippingMethod.create({ data: { name: 'Csomagautomata', grossPrice: 1290 } });
  return {
    products,
    shipping: { courier: courier.id, pickup: pickup.id, locker: locker.id },
    payment: { card: card.id, cod: cod.id, transfer: transfer.id },
  };
}

export function orderInput(shop: Shop, overrides: Partial<TPlaceOrderInput> = {}): TPlaceOrderInput {
  return {
    customer: { email: 'vevo@example.hu', firstName: 'Anna', lastName: 'Kovács', phone: '06 30 123 4567' },
    shippingAddress: { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
    billingAddress: { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
    shippingMethod: shop.shipping.courier,
    paymentMethod: shop.payment.cod,
    acceptTerms: true,
    ...overrides,
  };
}
