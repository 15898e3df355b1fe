import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type {
  TPaymentMethod,
  TPaymentMethodCreateInput,
  TPaymentMethodUpdateInput,
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

function toShippingDto({ grossPrice, allowedPaymentMethodIds, ...row }: ShippingRow): TShippingMethod {
  return { ...row, fee: grossPrice, paymentMethods: allowedPaymentMethodIds };
}

function toPaymentDto({ grossFee, ...row }: PaymentRow): TPaymentMethod {
  return { ...row, fee: grossFee };
}

const byPosition = [{ position: 'asc' }, { id: 'asc' }] as const;

/** Shoppers see the enabled methods; an admin sees every one. */
export async function listShippingMethods(prisma: PrismaClient, includeDisabled: boolean) {
  const rows = await prisma.shippingMethod.findMany({
    where: includeDisabled ? {} : { enabled: true },
    orderBy: [...byPosition],
    select: shippingSelect,
  });
  return { items: rows.map(toShippingDto) };
}

export async function getShippingMethod(prisma: PrismaClient, id: number, includeDisabled: boolean) {
  const row = await prisma.shippingMethod.findFirst({
    where: { id, ...(includeDisabled ? {} : { enabled: true }) },
    select: shippingSelect,
  });
  if (!row) throw new DomainError('not_found', SHIPPING_METHOD_NOT_FOUND);
  return toShippingDto(row);
}

export async function listPaymentMethods(prisma: PrismaClient, includeDisabled: boolean) {
  const rows = await prisma.paymentMethod.findMany({
    where: includeDisabled ? {} : { enabled: true },
    orderBy: [...byPosition],
    select: paymentSelect,
  });
  return { items: rows.map(toPaymentDto) };
}

export async function getPaymentMethod(prisma: PrismaClient, id: number, includeDisabled: boolean) {
  const row = await prisma.paymentMethod.findFirst({
    where: { id, ...(includeDisabled ? {} : { enabled: true }) },
    select: paymentSelect,
  });
  if (!row) throw new DomainError('not_found', PAYMENT_METHOD_NOT_FOUND);
  return toPaymentDto(row);
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
    needsAddress: input.needsAddress,
    deliveryTime: input.deliveryTime,
    allowedPaymentMethodIds: input.paymentMethods ? [...new Set(input.paymentMethods)] : undefined,
    enabled: input.enabled,
    position: input.position,
  };
}

export async function createShippingMethod(prisma: PrismaClient, input: TShippingMethodCreateInput) {
  await checkPaymentIds(prisma, input.paymentMethods);
  const row = await prisma.shippingMethod.create({
    data: { ...shippingData(input), name: input.name, grossPrice: input.fee },
    select: shippingSelect,
  });
  return toShippingDto(row);
}

export async function updateShippingMethod(
  prisma: PrismaClient,
  { id, ...input }: TShippingMethodUpdateInput,
) {
  await checkPaymentIds(prisma, input.paymentMethods);
  const updated = await prisma.shippingMethod.updateManyAndReturn({
    where: { id },
    data: shippingData(input),
    select: shippingSelect,
  });
  const row = updated[0];
  if (!row) throw new DomainError('not_found', SHIPPING_METHOD_NOT_FOUND);
  return toShippingDto(row);
}

/** Orders keep their own copy of the method's name and fee, so deleting a used method changes no order. */
export async function deleteShippingMethod(prisma: PrismaClient, id: number): Promise<void> {
  const { count } = await prisma.shippingMethod.deleteMany({ where: { id } });
  if (count === 0) throw new DomainError('not_found', SHIPPING_METHOD_NOT_FOUND);
}

export async function createPaymentMethod(prisma: PrismaClient, input: TPaymentMethodCreateInput) {
  const row = await prisma.paymentMethod.create({
    data: {
      name: input.name,
      description: input.description,
      provider: input.provider,
      grossFee: input.fee,
      enabled: input.enabled,
      position: input.position,
    },
    select: paymentSelect,
  });
  return toPaymentDto(row);
}

export async function updatePaymentMethod(prisma: PrismaClient, { id, ...input }: TPaymentMethodUpdateInput) {
  const updated = await prisma.paymentMethod.updateManyAndReturn({
    where: { id },
    data: {
      name: input.name,
      description: input.description,
      provider: input.provider,
      grossFee: input.fee,
      enabled: input.enabled,
      position: input.position,
    },
    select: paymentSelect,
  });
  const row = updated[0];
  if (!row) throw new DomainError('not_found', PAYMENT_METHOD_NOT_FOUND);
  return toPaymentDto(row);
}

export async function deletePaymentMethod(prisma: PrismaClient, id: number): Promise<void> {
  const { count } = await prisma.paymentMethod.deleteMany({ where: { id } });
  if (count === 0) throw new DomainError('not_found', PAYMENT_METHOD_NOT_FOUND);
}
