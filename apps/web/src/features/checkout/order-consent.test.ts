// @vitest-environment happy-dom
import { ZPlaceOrderInput } from '@shop/api/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from '../consent/consent-state';
import { type CheckoutValues, initialValues, orderInputOf } from './checkout-values';

const values: CheckoutValues = {
  ...initialValues(),
  email: 'anna@example.hu',
  lastName: 'Kovács',
  firstName: 'Anna',
  phone: '06 30 123 4567',
  shipping: {
    name: 'Kovács Anna',
    postcode: '1065',
    city: 'Budapest',
    street: 'Bögre utca 12.',
    floorDoor: '',
  },
  shippingMethod: 1,
  paymentMethod: 2,
  acceptTerms: true,
};

const CONSENT_ID = '3f1c9f0e-6a0b-4c53-9a4f-2b7d51c0e8a1';

function decide(marketing: boolean) {
  window.localStorage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({
      id: CONSENT_ID,
      statistics: true,
      marketing,
      version: CONSENT_POLICY_VERSION,
      decidedAt: new Date().toISOString(),
    }),
  );
}

afterEach(() => window.localStorage.clear());

describe('the order and the cookie choice', () => {
  it('carries the consent id only when the visitor allowed marketing, for the server’s Conversions API', () => {
    decide(true);
    expect(ZPlaceOrderInput.parse(orderInputOf(values, undefined, [])).consentId).toBe(CONSENT_ID);
    decide(false);
    expect(orderInputOf(values, undefined, [])).not.toHaveProperty('consentId');
    window.localStorage.clear();
    expect(orderInputOf(values, undefined, [])).not.toHaveProperty('consentId');
  });
});
