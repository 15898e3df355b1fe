import { describe, expect, it } from 'vitest';
import { refundDeadline, withdrawalDeadline, withdrawalRefusal } from './withdrawal-rules';

describe('withdrawalDeadline', () => {
  it('ends with the 14th Budapest day after completion, in summer and in winter time', () => {
    // 12:00 in Budapest (UTC+2) on 1 July: the period ends at midnight after 15 July.
    expect(withdrawalDeadline(new Date('2026-07-01T10:00:00Z')).toISOString()).toBe(
      '2026-07-15T21:59:59.999Z',
    );
    // 00:30 in Budapest (UTC+1) on 11 January counts as the 11th, not the 10th (UTC's day).
    expect(withdrawalDeadline(new Date('2026-01-10T23:30:00Z')).toISOString()).toBe(
      '2026-01-25T22:59:59.999Z',
    );
  });

  it('counts across the change to summer time', () => {
    // Completed on 20 March (winter time); the period ends on 3 April, in summer time.
    expect(withdrawalDeadline(new Date('2026-03-20T09:00:00Z')).toISOString()).toBe(
      '2026-04-03T21:59:59.999Z',
    );
  });
});

describe('withdrawalRefusal', () => {
  const completedAt = new Date('2026-07-01T10:00:00Z');
  const open = { status: 'completed' as const, completedAt, openWithdrawalAt: null };

  it('allows withdrawal before completion and until the end of the period', () => {
    expect(
      withdrawalRefusal({ ...open, status: 'shipped', completedAt: null }, new Date('2027-01-01')),
    ).toBeNull();
    expect(withdrawalRefusal(open, new Date('2026-07-15T21:59:59.999Z'))).toBeNull();
  });

  it('refuses after the period, with the dates in Hungarian', () => {
    expect(withdrawalRefusal(open, new Date('2026-07-15T22:00:00.000Z'))).toBe(
      'Az elállási határidő lejárt: a rendelés teljesítésétől (2026. 07. 01.) számított 14 nap 2026. 07. 15. napján véget ért.',
    );
  });

  it('refuses cancelled, fully refunded and unpaid orders, and a second open withdrawal', () => {
    const now = new Date('2026-07-02T10:00:00Z');
    expect(withdrawalRefusal({ ...open, status: 'cancelled' }, now)).toMatch(/törölt/);
    expect(withdrawalRefusal({ ...open, status: 'refunded' }, now)).toMatch(/visszatérítettük/);
    expect(withdrawalRefusal({ ...open, status: 'awaiting_payment', completedAt: null }, now)).toMatch(
      /fizetésre váró/,
    );
    expect(withdrawalRefusal({ ...open, status: 'partially_refunded' }, now)).toBeNull();
    expect(withdrawalRefusal({ ...open, openWithdrawalAt: new Date('2026-07-02T08:05:00Z') }, now)).toBe(
      'Ehhez a rendeléshez már van folyamatban lévő elállási nyilatkozatod (2026. 07. 02. 10:05). A visszatérítésről e-mailben értesítünk.',
    );
  });
});

describe('refundDeadline', () => {
  it('is 14 days after the withdrawal', () => {
    expect(refundDeadline(new Date('2026-07-02T10:00:00Z')).toISOString()).toBe('2026-07-16T10:00:00.000Z');
  });
});
