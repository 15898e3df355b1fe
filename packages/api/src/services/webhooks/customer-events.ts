import type { Prisma, Role } from '@shop/db';
import type { TCustomerChange } from '../../schemas/webhook';
import { enqueueWebhookEvent, type WebhookDb } from './events';

/** The user a change was made to, as it is after the change (or was, for one that is gone). */
export type ChangedUser = { id: number; role: Role; updatedAt: Date };

export const changedUserSelect = {
  id: true,
  role: true,
  updatedAt: true,
} as const satisfies Prisma.UserSelect;

/**
 * `customer.changed` in the transaction of the change, so it is queued exactly when the change is
 * committed. Only the id, the kind of change and `updatedAt` travel: the receiver reads the customer
 * with GET /api/customer/{id}, and after a deletion there is no personal data left to send. An admin
 * account is no customer: its changes queue nothing.
 */
export async function enqueueCustomerChanged(
  db: WebhookDb,
  change: TCustomerChange,
  user: ChangedUser,
): Promise<number> {
  if (user.role !== 'customer') return 0;
  return enqueueWebhookEvent(db, 'customer.changed', {
    id: user.id,
    change,
    updatedAt: user.updatedAt.toISOString(),
  });
}

/**
 * A change to a customer's addresses is a change of the customer: their `updatedAt` moves on with it
 * (as GET /api/customer/{id} then answers), and `customer.changed` is queued.
 */
export async function customerAddressesChanged(
  tx: Prisma.TransactionClient,
  userId: number,
): Promise<number> {
  const user = await tx.user.update({
    where: { id: userId },
    data: { updatedAt: new Date() },
    select: changedUserSelect,
  });
  return enqueueCustomerChanged(tx, 'updated', user);
}
