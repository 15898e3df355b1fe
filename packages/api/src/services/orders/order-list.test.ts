import { describe, expect, it } from 'vitest';
import { orderNumberRange } from './order-list';

describe('orderNumberRange', () => {
  it('turns the beginning of an order number into a range of the number index', () => {
    expect(orderNumberRange('2026-045')).toEqual({ from: '2026-045', below: '2026-046' });
    expect(orderNumberRange('2026-000123')).toEqual({ from: '2026-000123', below: '2026-000124' });
    expect(orderNumberRange('2026-099')).toEqual({ from: '2026-099', below: '2026-100' });
    expect(orderNumberRange('2026-9')).toEqual({ from: '2026-9', below: '2027-0' });
    expect(orderNumberRange('9999-99')).toEqual({ from: '9999-99', below: null });
  });

  it('leaves every other word to the text search', () => {
    for (const word of ['2026', '2026-', '045', 'kovacs', '2026-0451234', '26-045', 'a2026-045']) {
      expect(orderNumberRange(word)).toBeNull();
    }
  });
});
