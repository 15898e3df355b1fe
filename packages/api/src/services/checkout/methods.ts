import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, type VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type {
  TPaymentMethod,
  TPaymentMethodCreateInput,
  TPaymentMethodUpdateInput,
  TPickupCarrier,
  TShippingMethod,
  TShippingMethodCreateInput,
  TShippingMethodUpdateInput,
} from '../../schemas';

export const SHIPPING_METHOD_NOT_FOUND = 'A szállítási mód nem található.';
export const PAYMENT_METHOD_NOT_FOUND = 'A fizetési mód nem található.';

const shippingSelect = {
  id: true,
  name: true,
  description: true,
  grossPrice: true,
  freeAbove: true,
  needsAddress: true,
  pickupCarrier: true,
  deliveryTime: true,
  allowedPaymentMethodIds: true,
  enabled: true,
  position: true,
} as const satisfies Prisma.ShippingMethodSelect;
type ShippingRow = Prisma.ShippingMethodGetPayload<{ select: typeof shippingSelect }>;

const paymentSelect = {
  id: true,
  name: true,
  description: true,
  provider: true,
  grossFee: true,
  enabled: true,
  position: true,
} as const satisfies Prisma.PaymentMethodSelect;
type PaymentRow = Prisma.PaymentMethodGetPayload<{ select: typeof paymentSelect }>;

function toShippingDto({
  grossPrice,
  allowedPaymentMethodIds,
  pickupCarrier,
  ...row
}: ShippingRow): TShippingMethod {
  return {
    ...row,
    pickupCarrier: pickupCarrier as TPickupCarrier | null,
    fee: grossPrice,
    paymentMethods: allowedPaymentMethodIds,
  };
}

function toPaymentDto({ grossFee, ...row }: PaymentRow): TPaymentMethod {
  return { ...row, fee: grossFee };
}

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/**
 * Every cart answer and every order reads the methods; they change only when an admin edits one,
 * so each server keeps them in memory and drops them when a write bumps this key.
 */
const METHODS_CACHE_KEY = 'checkout-methods';

export type CheckoutMethods = { shipping: TShippingMethod[]; payment: TPaymentMethod[] };

/** Every method, disabled ones too, in their display order. */
export function getCheckoutMethods({ prisma, cache }: Deps): Promise<CheckoutMethods> {
  return cache.get(METHODS_CACHE_KEY, async () => {
    const byPosition = [{ position: 'asc' }, { id: 'asc' }] as const;
    const [shipping, payment] = await Promise.all([
      prisma.shippingMethod.findMany({ orderBy: [...byPosition], select: shippingSelect }),
      prisma.paymentMethod.findMany({ orderBy: [...byPosition], select: paymentSelect }),
    ]);
    return { shipping: shipping.map(toShippingDto), payment: payment.map(toPaymentDto) };
  });
}

/** Writes a method and marks the methods changed in the same transaction. */
async function changeMethods<T>(deps: Deps, write: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const result = await deps.prisma.$transaction(async (tx) => {
    const written = await write(tx);
    await bumpCacheVersion(tx, METHODS_CACHE_KEY);
    return written;
  });
  deps.cache.invalidate(METHODS_CACHE_KEY);
  return result;
}

const visible = <T extends { enabled: boolean }>(items: T[], includeDisabled: boolean) =>
  includeDisabled ? items : items.filter((item) => item.enabled);

/** Shoppers see the enabled methods; an admin sees every one. */
export async function listShippingMethods(deps: Deps, includeDisabled: boolean) {
  return { items: visible((await getCheckoutMethods(deps)).shipping, includeDisabled) };
}

/** An admin (`includeDisabled`) also learns how many orders chose the method, which deleting it would concern. */
export async function getShippingMethod(deps: Deps, id: number, includeDisabled: boolean) {
  const method = visible((await getCheckoutMethods(deps)).shipping, includeDisabled).find(
    (item) => item.id === id,
  );
  if (!method) throw new DomainError('not_found', SHIPPING_METHOD_NOT_FOUND);
  if (!includeDisabled) return method;
  return { ...method, orderCount: await deps.prisma.order.count({ where: { shippingMethodId: id } }) };
}

/**
 * Who asks for payment methods: an admin sees every one; a shopper the enabled ones the shop can
 * take now, so card payment is not offered while no Barion account is set up (barion-config.ts).
 */
export type PaymentMethodViewer = { admin: true } | { admin: false; takesCards: boolean };

function paymentMethodsFor(methods: TPaymentMethod[], viewer: PaymentMethodViewer) {
  if (viewer.admin) return methods;
  return visible(methods, false).filter((method) => viewer.takesCards || method.provider !== 'barion');
}

export async function listPaymentMethods(deps: Deps, viewer: PaymentMethodViewer) {
  return { items: paymentMethodsFor((await getCheckoutMethods(deps)).payment, viewer) };
}

export async function getPaymentMethod(deps: Deps, id: number, viewer: PaymentMethodViewer) {
  const includeDisabled = viewer.admin;
  const method = paymentMethodsFor((await getCheckoutMethods(deps)).payment, viewer).find(
    (item) => item.id === id,
  );
  if (!method) throw new DomainError('not_found', PAYMENT_METHOD_NOT_FOUND);
  if (!includeDisabled) return method;
  return { ...method, orderCount: await deps.prisma.order.count({ where: { paymentMethodId: id } }) };
}

async function checkPaymentIds(prisma: PrismaClient, ids: readonly number[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const found = await prisma.paymentMethod.count({ where: { id: { in: [...ids] } } });
  if (found !== new Set(ids).size) {
    throw new DomainError('invalid_input', 'Hibás adat: paymentMethods – ismeretlen fizetési mód.', [
      { path: 'paymentMethods', message: 'Ismeretlen fizetési mód.' },
    ]);
  }
}

function shippingData(input: Partial<TShippingMethodCreateInput>) {
  return {
    name: input.name,
    description: input.description,
    grossPrice: input.fee,
    freeAbove: input.freeAbove,
    // A pickup point method delivers to the chosen point, never to an address.
    needsAddress: input.pickupCarrier ? false : input.needsAddress,
    pickupCarrier: input.pickupCarrier,
    deliveryTime: input.deliveryTime,
    allowedPaymentMethodIds: input.paymentMethods ? [...new Set(input.paymentMethods)] : undefined,
    enabled: input.enabled,
    position: input.position,
  };
}

export async function createShippingMethod(deps: Deps, input: TShippingMethodCreateInput) {
  await checkPaymentIds(deps.prisma, input.paymentMethods);
  const row = await changeMethods(deps, (tx) =>
    tx.shippingMethod.create({
      data: { ...shippingData(input), name: input.name, grossPrice: input.fee },
      select: shippingSelect,
    }),
  );
  return toShippingDto(row);
}

export async function updateShippingMethod(deps: Deps, { id, ...input }: TShippingMethodUpdateInput) {
  await checkPaymentIds(deps.prisma, input.paymentMethods);
  const updated = await changeMethods(deps, (tx) =>
    tx.shippingMethod.updateManyAndReturn({
      where: { id },
      data: shippingData(input),
      select: shippingSelect,
    }),
  );
  const row = updated[0];
  if (!row) throw new DomainError('not_found', SHIPPING_METHOD_NOT_FOUND);
  return toShippingDto(row);
}

/** Orders keep their own copy of the method's name and fee, so deleting a used method changes no order. */
export async function deleteShippingMethod(deps: Deps, id: number): Promise<void> {
  const { count } = await changeMethods(deps, (tx) => tx.shippingMethod.deleteMany({ where: { id } }));
  if (count === 0) throw new DomainError('not_found', SHIPPING_METHOD_NOT_FOUND);
}

function paymentData(input: Partial<TPaymentMethodCreateInput>) {
  return {
    name: input.name,
    description: input.description,
    provider: input.provider,
    grossFee: input.fee,
    enabled: input.enabled,
    position: input.position,
  };
}

export async function createPaymentMethod(deps: Deps, input: TPaymentMethodCreateInput) {
  const row = await changeMethods(deps, (tx) =>
    tx.paymentMethod.create({
      data: { ...paymentData(input), name: input.name, provider: input.provider },
      select: paymentSelect,
    }),
  );
  return toPaymentDto(row);
}

export async function updatePaymentMethod(deps: Deps, { id, ...input }: TPaymentMethodUpdateInput) {
  const updated = await changeMethods(deps, (tx) =>
    tx.paymentMethod.updateManyAndReturn({
      where: { id },
      data: paymentData(input),
      select: paymentSelect,
    }),
  );
  const row = updated[0];
  if (!row) throw new DomainError('not_found', PAYMENT_METHOD_NOT_FOUND);
  return toPaymentDto(row);
}

export async function deletePaymentMethod(deps: Deps, id: number): Promise<void> {
  const { count } = await changeMethods(deps, (tx) => tx.paymentMethod.deleteMany({ where: { id } }));
  if (count === 0) throw new DomainError('not_found', PAYMENT_METHOD_NOT_FOUND);
}

export const REORDER_MISMATCH =
  'A sorrendben minden módnak pontosan egyszer kell szerepelnie; frissítsd az oldalt.';

/** Puts the methods in the given order (positions 0, 1, 2, …) in one transaction; the list must name each once. */
async function reorder(
  deps: Deps,
  ids: readonly number[],
  table: 'shippingMethod' | 'paymentMethod',
): Promise<void> {
  await changeMethods(deps, async (tx) => {
    const existing =
      table === 'shippingMethod'
        ? await tx.shippingMethod.findMany({ select: { id: true } })
        : await tx.paymentMethod.findMany({ select: { id: true } });
    const known = new Set(existing.map((row) => row.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new DomainError('conflict', REORDER_MISMATCH);
    }
    for (const [position, id] of ids.entries()) {
      if (table === 'shippingMethod') {
        await tx.shippingMethod.update({ where: { id }, data: { position }, select: { id: true } });
      } else {
        await tx.paymentMethod.update({ where: { id }, data: { position }, select: { id: true } });
      }
    }
  });
}

export async function reorderShippingMethods(deps: Deps, ids: readonly number[]) {
  await reorder(deps, ids, 'shippingMethod');
  return listShippingMethods(deps, true);
}

export async function reorderPaymentMethods(deps: Deps, ids: readonly number[]) {
  await reorder(deps, ids, 'paymentMethod');
  return listPaymentMethods(deps, { admin: true });
}
