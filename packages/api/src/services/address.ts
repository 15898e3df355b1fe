import type { AddressType, Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import {
  MAX_ADDRESSES_PER_USER,
  type TAddress,
  type TAddressCreateInput,
  type TAddressUpdateInput,
} from '../schemas';
import { customerAddressesChanged } from './webhooks/customer-events';

export const addressSelect = {
  id: true,
  type: true,
  name: true,
  postcode: true,
  city: true,
  street: true,
  floorDoor: true,
  phone: true,
  companyName: true,
  taxNumber: true,
  euVatNumber: true,
  isDefault: true,
} as const satisfies Prisma.AddressSelect;

/** Defaults first within each type, then the newest. */
export const addressOrder: Prisma.AddressOrderByWithRelationInput[] = [
  { type: 'asc' },
  { isDefault: 'desc' },
  { id: 'desc' },
];

export async function listAddresses(
  prisma: PrismaClient | Prisma.TransactionClient,
  userId: number,
): Promise<TAddress[]> {
  return prisma.address.findMany({ where: { userId }, orderBy: addressOrder, select: addressSelect });
}

/** Another customer's address is answered exactly like a missing one, so ids reveal nothing. */
async function findOwnAddress(tx: Prisma.TransactionClient, userId: number, id: number) {
  const address = await tx.address.findFirst({
    where: { id, userId },
    select: { id: true, type: true, isDefault: true },
  });
  if (!address) throw new DomainError('not_found', MESSAGES.notFound);
  return address;
}

/** Makes `addressId` the only default of its type. */
async function takeDefault(
  tx: Prisma.TransactionClient,
  userId: number,
  type: AddressType,
  addressId: number,
) {
  await tx.address.updateMany({
    where: { userId, type, isDefault: true, id: { not: addressId } },
    data: { isDefault: false },
  });
}

/** When a type lost its default (deleted or moved away), its newest address takes over. */
async function promoteDefault(tx: Prisma.TransactionClient, userId: number, type: AddressType) {
  const hasDefault = await tx.address.count({ where: { userId, type, isDefault: true } });
  if (hasDefault > 0) return;
  const newest = await tx.address.findFirst({
    where: { userId, type },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  if (newest)
    await tx.address.update({ where: { id: newest.id }, data: { isDefault: true }, select: { id: true } });
}

export async function createAddress(
  prisma: PrismaClient,
  userId: number,
  input: TAddressCreateInput,
): Promise<TAddress> {
  return prisma.$transaction(async (tx) => {
    const count = await tx.address.count({ where: { userId } });
    if (count >= MAX_ADDRESSES_PER_USER) {
      throw new DomainError('conflict', `Legfeljebb ${MAX_ADDRESSES_PER_USER} címet menthetsz el.`);
    }
    const firstOfType = (await tx.address.count({ where: { userId, type: input.type } })) === 0;
    const created = await tx.address.create({
      data: { ...input, userId, isDefault: input.isDefault === true || firstOfType },
      select: { id: true },
    });
    if (input.isDefault) await takeDefault(tx, userId, input.type, created.id);
    await customerAddressesChanged(tx, userId);
    return tx.address.findUniqueOrThrow({ where: { id: created.id }, select: addressSelect });
  });
}

export async function updateAddress(
  prisma: PrismaClient,
  userId: number,
  { id, ...changes }: TAddressUpdateInput,
): Promise<TAddress> {
  return prisma.$transaction(async (tx) => {
    const before = await findOwnAddress(tx, userId, id);
    const type = changes.type ?? before.type;
    const moved = type !== before.type;
    // A default moved to the other type does not push that type's own default aside.
    const isDefault = changes.isDefault ?? (moved ? false : before.isDefault);
    await tx.address.update({ where: { id }, data: { ...changes, isDefault }, select: { id: true } });
    if (isDefault) await takeDefault(tx, userId, type, id);
    if (moved && before.isDefault) await promoteDefault(tx, userId, before.type);
    await promoteDefault(tx, userId, type);
    await customerAddressesChanged(tx, userId);
    return tx.address.findUniqueOrThrow({ where: { id }, select: addressSelect });
  });
}

export async function deleteAddress(prisma: PrismaClient, userId: number, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const address = await findOwnAddress(tx, userId, id);
    await tx.address.delete({ where: { id }, select: { id: true } });
    if (address.isDefault) await promoteDefault(tx, userId, address.type);
    await customerAddressesChanged(tx, userId);
  });
}
