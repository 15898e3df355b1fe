import { describe, expect, it } from 'vitest';
import { shippingEstimateNote } from './shipping-estimate-note';

const estimate = { methodId: 2, fee: 1290, freeAbove: 20_000, remainingForFree: 15_510 };

describe('shippingEstimateNote', () => {
  it('tells that a pickup point method has its point chosen at the checkout', () => {
    const note = shippingEstimateNote({
      ...estimate,
      name: 'Foxpost csomagautomata',
      pickupCarrier: 'foxpost',
    });
    expect(note).toBe(
      'A csomagpontot vagy automatát a pénztárban választod ki; ott más szállítási módot is választhatsz.',
    );
  });

  it('asks for nothing more when the method delivers to an address', () => {
    const note = shippingEstimateNote({ ...estimate, name: 'GLS házhozszállítás', pickupCarrier: null });
    expect(note).toBe('A pénztárban más szállítási módot is választhatsz.');
  });
});
