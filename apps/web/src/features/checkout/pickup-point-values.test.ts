import type { TPaymentMethod, TPickupPoint, TShippingMethod } from '@shop/api/schemas';
import { ZPlaceOrderInput } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { checkoutOnlyErrors, initialValues, orderInputOf, withShippingMethod } from './checkout-values';

const method = (id: number, pickupCarrier: TShippingMethod['pickupCarrier']): TShippingMethod => ({
  id,
  name: pickupCarrier ? 'Foxpost csomagautomata' : 'GLS futár',
  description: null,
  fee: 1290,
  freeAbove: null,
  needsAddress: !pickupCarrier,
  pickupCarrier,
  deliveryTime: null,
  paymentMethods: [],
  enabled: true,
  position: 0,
});
const payments: TPaymentMethod[] = [
  {
    id: 9,
    name: 'Utánvét',
    description: null,
    provider: 'cash_on_delivery',
    fee: 490,
    enabled: true,
    position: 0,
  },
];
const locker: TPickupPoint = {
  carrier: 'foxpost',
  id: 'hu1356',
  kind: 'FOXPOST A-BOX',
  name: 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca',
  address: { postcode: '1117', city: 'Budapest', street: 'Október huszonharmadika utca 8.' },
  hours: [],
  findMe: null,
  lat: 47.47,
  lng: 19.05,
};
const foxpost = method(1, 'foxpost');
const courier = method(2, null);

describe('a pickup point in the checkout', () => {
  it('sends only the carrier and the id of the chosen point, and no shipping address', () => {
    const values = { ...withShippingMethod(initialValues(), foxpost, payments), pickupPoint: locker };
    const input = orderInputOf(values, foxpost, [{ product: 5, quantity: 1 }]);
    expect(input.pickupPoint).toEqual({ carrier: 'foxpost', id: 'hu1356' });
    expect(input.shippingAddress).toBeNull();
    expect(ZPlaceOrderInput.shape.pickupPoint.safeParse(input.pickupPoint).success).toBe(true);
  });

  it('asks for a point before sending, and sends none with an address method', () => {
    const values = withShippingMethod(initialValues(), foxpost, payments);
    expect(checkoutOnlyErrors(values, foxpost)).toMatchObject({
      pickupPoint: 'Válassz csomagpontot vagy automatát!',
    });
    expect(checkoutOnlyErrors({ ...values, pickupPoint: locker }, foxpost)).not.toHaveProperty('pickupPoint');
    // A GLS point kept from another method does not count for Foxpost.
    const gls = { ...locker, carrier: 'gls' as const };
    expect(checkoutOnlyErrors({ ...values, pickupPoint: gls }, foxpost)).toHaveProperty('pickupPoint');
    expect(orderInputOf({ ...values, pickupPoint: locker }, courier, [])).not.toHaveProperty('pickupPoint');
    expect(checkoutOnlyErrors(values, courier)).not.toHaveProperty('pickupPoint');
  });
});
