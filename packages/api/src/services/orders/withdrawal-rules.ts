import type { TOrderStatus } from '../../schemas';
import { WITHDRAWAL_PERIOD_DAYS, WITHDRAWAL_REFUND_DAYS } from '../../schemas/refund';
import { formatBudapestDate, formatBudapestTime } from '../email/format';

/**
 * When a customer may withdraw (elállás), stated once for the order page, the operation and its tests:
 *
 * 1. From placement: a paid order (or one paid on delivery or by transfer) in any fulfilment status,
 *    also one partly refunded. Not a cancelled, fully refunded or still unpaid card order.
 * 2. Until the end of the 14th day (Budapest) after the order was completed (delivered or picked up);
 *    before completion the period has not started, so withdrawal is open.
 * 3. One open withdrawal per order at a time; after the shop settles it, another may follow for what is left.
 */
const WITHDRAWABLE: ReadonlySet<TOrderStatus> = new Set<TOrderStatus>([
  'received',
  'processing',
  'packed',
  'shipped',
  'ready_for_pickup',
  'completed',
  'partially_refunded',
]);

const DAY_MS = 24 * 3600 * 1000;

const budapestParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Budapest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function budapestWallClock(instant: Date): { year: number; month: number; day: number; hour: number } {
  const parts = budapestParts.formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour') };
}

/** The UTC instant of 00:00 in Budapest on a calendar day (UTC+1 in winter, UTC+2 in summer). */
function budapestMidnight(year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(utcMidnight - offsetHours * 3600 * 1000);
    const local = budapestWallClock(candidate);
    if (local.day === day && local.hour === 0) return candidate;
  }
  return new Date(utcMidnight - 3600 * 1000);
}

/** The last moment of the withdrawal period: the end of the 14th Budapest day after completion. */
export function withdrawalDeadline(completedAt: Date): Date {
  const { year, month, day } = budapestWallClock(completedAt);
  const dayAfterLast = new Date(Date.UTC(year, month - 1, day + WITHDRAWAL_PERIOD_DAYS + 1));
  const start = budapestMidnight(
    dayAfterLast.getUTCFullYear(),
    dayAfterLast.getUTCMonth() + 1,
    dayAfterLast.getUTCDate(),
  );
  return new Date(start.getTime() - 1);
}

/** The day the shop must have refunded by: 14 days after it learnt of the withdrawal. */
export function refundDeadline(withdrawnAt: Date): Date {
  return new Date(withdrawnAt.getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS);
}

export type WithdrawalState = {
  status: TOrderStatus;
  completedAt: Date | null;
  /** When the order's open withdrawal was made, if one is open. */
  openWithdrawalAt: Date | null;
};

/** Why this order cannot be withdrawn from now, in Hungarian; null when it can. */
export function withdrawalRefusal(order: WithdrawalState, now: Date): string | null {
  if (order.status === 'cancelled') return 'A törölt rendeléstől nem lehet elállni.';
  if (order.status === 'refunded') {
    return 'A rendelés teljes árát már visszatérítettük, ezért ettől a rendeléstől már nem lehet elállni.';
  }
  if (!WITHDRAWABLE.has(order.status)) {
    return 'A fizetésre váró rendeléstől nem lehet elállni. Ha nem szeretnéd megkapni, ne fizesd ki: kifizetetlen rendelést nem adunk fel.';
  }
  if (order.completedAt) {
    const deadline = withdrawalDeadline(order.completedAt);
    if (now.getTime() > deadline.getTime()) {
      return `Az elállási határidő lejárt: a rendelés teljesítésétől (${formatBudapestDate(order.completedAt)}) számított ${WITHDRAWAL_PERIOD_DAYS} nap ${formatBudapestDate(deadline)} napján véget ért.`;
    }
  }
  if (order.openWithdrawalAt) {
    return `Ehhez a rendeléshez már van folyamatban lévő elállási nyilatkozatod (${formatBudapestTime(order.openWithdrawalAt)}). A visszatérítésről e-mailben értesítünk.`;
  }
  return null;
}
