import type { TOrder } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { pickRows } from './pick-rows';

type Line = Pick<TOrder['lines'][number], 'product' | 'variant' | 'title' | 'kutiId' | 'quantity'>;

const order = (number: string, lines: Line[]) => ({ number, lines }) as unknown as TOrder;

describe('picking list', () => {
  it('sums each product, and each variant of a product on a row of its own', () => {
    const rows = pickRows([
      order('KB-1', [
        { product: 7, variant: 71, title: 'Póló, kék, M', kutiId: 'POLO-KEK-M', quantity: 1 },
        { product: 7, variant: 72, title: 'Póló, kék, L', kutiId: 'POLO-KEK-L', quantity: 2 },
        { product: 3, variant: null, title: 'Bögre', kutiId: 'BOGRE', quantity: 1 },
      ]),
      order('KB-2', [{ product: 7, variant: 71, title: 'Póló, kék, M', kutiId: 'POLO-KEK-M', quantity: 4 }]),
    ]);
    expect(rows.map((row) => [row.title, row.quantity, row.orders])).toEqual([
      ['Bögre', 1, ['KB-1 (1)']],
      ['Póló, kék, L', 2, ['KB-1 (2)']],
      ['Póló, kék, M', 5, ['KB-1 (1)', 'KB-2 (4)']],
    ]);
  });
});
