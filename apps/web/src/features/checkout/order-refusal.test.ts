import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { orderRefusalKind } from './order-refusal';

function refusal(httpStatus: number, issues?: { path: string; message: string }[]) {
  return TRPCClientError.from({
    error: { code: -32600, message: 'Elutasítva', data: { httpStatus, issues } },
  });
}

describe('orderRefusalKind', () => {
  it('sends a sold-out or vanished product back to the cart', () => {
    expect(
      orderRefusalKind(refusal(409, [{ path: 'cart.0.product', message: 'Ez a termék már nem kapható.' }])),
    ).toBe('cart');
    expect(orderRefusalKind(refusal(409))).toBe('cart');
  });

  it('keeps a pickup point that closed meanwhile at its field in the checkout', () => {
    const closed = refusal(409, [{ path: 'pickupPoint.id', message: 'Ez a csomagpont időközben bezárt.' }]);
    expect(orderRefusalKind(closed)).toBe('fields');
  });

  it('shows field messages of a 400 at their fields, and anything else as it is', () => {
    expect(
      orderRefusalKind(refusal(400, [{ path: 'customer.email', message: 'Érvénytelen e-mail-cím.' }])),
    ).toBe('fields');
    expect(orderRefusalKind(refusal(503))).toBe('other');
  });
});
