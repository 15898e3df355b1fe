import {
  type TAddress,
  type TPaymentMethod,
  type TShippingMethod,
  type TUserDetails,
  ZPlaceOrderInput,
} from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { touchedIn } from '../../components/form/use-touched-fields';
import {
  allowedPaymentMethods,
  type CheckoutValues,
  checkoutOnlyErrors,
  EMPTY_ADDRESS,
  initialValues,
  orderInputOf,
  prefillFromCustomer,
  withPreselectedShipping,
  withShippingMethod,
} from './checkout-values';

const shippingMethod = (id: number, extra: Partial<TShippingMethod> = {}): TShippingMethod => ({
  id,
  name: `Szállítás ${id}`,
  description: null,
  fee: 1990,
  freeAbove: null,
  needsAddress: true,
  pickupCarrier: null,
  deliveryTime: null,
  paymentMethods: [],
  enabled: true,
  position: id,
  ...extra,
});
const paymentMethod = (id: number, provider: TPaymentMethod['provider']): TPaymentMethod => ({
  id,
  name: provider,
  description: null,
  provider,
  fee: provider === 'cash_on_delivery' ? 490 : 0,
  enabled: true,
  position: id,
});

const card = paymentMethod(1, 'barion');
const cash = paymentMethod(2, 'cash_on_delivery');
const transfer = paymentMethod(3, 'bank_transfer');
const payments = [card, cash, transfer];
const courier = shippingMethod(10);
const pickup = shippingMethod(11, { needsAddress: false, fee: 0, paymentMethods: [cash.id, transfer.id] });

const filled: CheckoutValues = {
  ...withPreselectedShipping(initialValues(), [courier, pickup], payments, undefined),
  email: ' Anna@Example.hu ',
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
  acceptTerms: true,
};

describe('checkout values', () => {
  it("starts with the cart estimate's shipping method and a payment method it allows, terms unticked", () => {
    const values = withPreselectedShipping(initialValues(), [courier, pickup], payments, pickup.id);
    expect(values.shippingMethod).toBe(pickup.id);
    expect(values.paymentMethod).toBe(cash.id);
    expect(values.acceptTerms).toBe(false);
    // Without an estimate, the shop's first method; once the shopper chose, their choice.
    expect(
      withPreselectedShipping(initialValues(), [courier, pickup], payments, undefined).shippingMethod,
    ).toBe(courier.id);
    const chosen = withShippingMethod(initialValues(), courier, payments);
    expect(withPreselectedShipping(chosen, [courier, pickup], payments, pickup.id).shippingMethod).toBe(
      courier.id,
    );
  });

  it('keeps the payment method when the new shipping method allows it, else takes its first', () => {
    expect(allowedPaymentMethods(courier, payments)).toEqual(payments);
    expect(allowedPaymentMethods(pickup, payments)).toEqual([cash, transfer]);
    const onCard = { ...filled, paymentMethod: card.id };
    expect(withShippingMethod(onCard, pickup, payments).paymentMethod).toBe(cash.id);
    const onTransfer = { ...filled, paymentMethod: transfer.id };
    expect(withShippingMethod(onTransfer, pickup, payments).paymentMethod).toBe(transfer.id);
  });

  it('bills to the shipping address by default and passes the API schema as a guest order', () => {
    const parsed = ZPlaceOrderInput.parse(orderInputOf(filled, courier, [{ product: 5, quantity: 2 }]));
    expect(parsed.cart).toEqual([{ product: 5, quantity: 2 }]);
    expect(parsed.customer).toEqual({
      email: 'anna@example.hu',
      lastName: 'Kovács',
      firstName: 'Anna',
      phone: '+36 30 123 4567',
    });
    expect(parsed.billingAddress).toMatchObject({ name: 'Kovács Anna', postcode: '1065', companyName: null });
    expect(parsed.note).toBeNull();
  });

  it('sends no shipping address for personal pickup and asks for the billing address instead', () => {
    const input = orderInputOf({ ...filled, shippingMethod: pickup.id }, pickup, undefined);
    expect(input.shippingAddress).toBeNull();
    expect(input).not.toHaveProperty('cart');
    const result = ZPlaceOrderInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('billingAddress.name');
  });

  it('sends the company only when buying as a company, and requires its name and tax number then', () => {
    const company = { ...filled, asCompany: true, companyName: 'Bögre Kft.', taxNumber: '' };
    expect(checkoutOnlyErrors(company)).toEqual({ 'billingAddress.taxNumber': 'Az adószám kötelező.' });
    const wrong = ZPlaceOrderInput.safeParse(
      orderInputOf({ ...company, taxNumber: '12345678-1-13' }, courier, []),
    );
    expect(wrong.error?.issues[0]?.path.join('.')).toBe('billingAddress.taxNumber');
    const person = orderInputOf({ ...company, asCompany: false }, courier, []);
    expect(person.billingAddress).toMatchObject({ companyName: '', taxNumber: '' });
    expect(checkoutOnlyErrors({ ...filled, shippingMethod: null })).toEqual({
      shippingMethod: 'Válassz szállítási módot!',
    });
  });

  it('fills from the customer only what the shopper has not touched, and never mixes the two', () => {
    const user = {
      email: 'anna@example.hu',
      firstName: 'Anna',
      lastName: 'Kovács',
      phone: '+36 30 123 4567',
      companyName: null,
      taxNumber: null,
    } as TUserDetails;
    const address = (id: number, type: TAddress['type'], city: string, isDefault: boolean): TAddress => ({
      id,
      type,
      name: 'Kovács Anna',
      postcode: '6720',
      city,
      street: 'Fő utca 1.',
      floorDoor: null,
      phone: null,
      companyName: type === 'billing' ? 'Anna Bt.' : null,
      taxNumber: type === 'billing' ? '12345676-1-42' : null,
      euVatNumber: null,
      isDefault,
    });
    const start = { ...initialValues(), firstName: 'Panni', phone: '+36 70' };
    // The first name was typed, the phone field is being typed into; the e-mail field was focused, still empty.
    const touched = ['firstName', 'phone', 'email'];
    const addresses = [
      address(1, 'shipping', 'Szeged', false),
      address(2, 'shipping', 'Pécs', true),
      address(3, 'billing', 'Győr', true),
    ];
    const next = prefillFromCustomer(start, user, addresses, (name) => touchedIn(touched, name));
    expect(next).toMatchObject({ email: '', firstName: 'Panni', lastName: 'Kovács', phone: '+36 70' });
    expect(next.shipping.city).toBe('Pécs');
    expect(next.billing.city).toBe('Győr');
    expect(next.billingSameAsShipping).toBe(false);
    expect(next).toMatchObject({ asCompany: true, companyName: 'Anna Bt.', taxNumber: '12345676-1-42' });

    // A touched address block keeps what the shopper typed, every field of it.
    const typedStreet = { ...start, shipping: { ...EMPTY_ADDRESS, street: 'Kossuth u. 2.' } };
    const kept = prefillFromCustomer(typedStreet, user, addresses, (name) =>
      touchedIn(['shipping.street'], name),
    );
    expect(kept.shipping).toEqual(typedStreet.shipping);
    expect(kept.email).toBe('anna@example.hu');
  });
});
