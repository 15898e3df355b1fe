import { PAYMENT_STATES, type TBarionStatusOutput } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './barion-result-page';

const status = (paymentState: TBarionStatusOutput['paymentState']): TBarionStatusOutput => ({
  orderId: 7,
  orderNumber: '2026-000007',
  status: 'awaiting_payment',
  paymentState,
  total: 12_990,
});

describe('the card payment result', () => {
  it('waits while pending and never calls a payment failed before Barion reported a final state', () => {
    expect(outcomeOf(status('pending'))).toBeNull();
    expect(outcomeOf(status('succeeded'))).toBe('success');
    for (const state of ['cancelled', 'expired', 'failed'] as const)
      expect(outcomeOf(status(state))).toBe('failure');
  });

  it('sends any other state to the order page', () => {
    const others = PAYMENT_STATES.filter(
      (state) => !['pending', 'succeeded', 'cancelled', 'expired', 'failed'].includes(state),
    );
    expect(others.length).toBeGreaterThan(0);
    for (const state of others) expect(outcomeOf(status(state))).toBe('order');
  });
});
