import { ZBarionStatusInput, ZOrderByIdInput } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import {
  parseBarionResultSearch,
  parseOrderId,
  parseOrderPageSearch,
  parseOrderRefSearch,
} from './order-search';

describe('order search values', () => {
  it('reads an order id from a path segment or a parsed search value', () => {
    expect(parseOrderId('12')).toBe(12);
    expect(parseOrderId(12)).toBe(12);
    for (const bad of ['0', '-3', '1.5', 'abc', '12abc', '', 0, -1, 1.5, null, undefined, '9999999999999999'])
      expect(parseOrderId(bad)).toBeUndefined();
    expect(parseOrderRefSearch({ order: 7 })).toEqual({ order: 7 });
    expect(parseOrderRefSearch({ order: 'x' })).toEqual({});
  });

  it('accepts exactly the access keys and payment ids the API accepts', () => {
    const keys = [
      'a'.repeat(19),
      'a'.repeat(20),
      'Ab-_9'.repeat(20),
      'x'.repeat(101),
      'kulcs szóközzel-123456789',
      'abc+/=defghijklmnopqrstu',
    ];
    for (const key of keys) {
      const accepted = ZOrderByIdInput.safeParse({ id: 1, key }).success;
      expect(parseOrderPageSearch({ key })).toEqual(accepted ? { key } : {});
    }
    const ids = ['0123456789abcdef0123456789ABCDEF', '0123456789abcdef', 'g123456789abcdef0123456789abcdef'];
    for (const paymentId of ids) {
      const accepted = ZBarionStatusInput.safeParse({ paymentId }).success;
      expect(parseBarionResultSearch({ paymentId })).toEqual(
        accepted ? { paymentId: paymentId.toLowerCase() } : {},
      );
    }
    expect(parseOrderPageSearch({ key: 12345 })).toEqual({});
  });
});
