import type {
  TAddress,
  TPaymentMethod,
  TPickupPoint,
  TShippingMethod,
  TUserDetails,
} from '@shop/api/schemas';
import type { FieldErrors } from '../../components/form/use-zod-form';
import type { GuestCartLine } from '../../lib/storage';
import { readConsent } from '../consent/consent-state';

/** What the checkout form holds; `orderInputOf` turns it into the body of POST /api/cart/order. */
export type AddressValues = {
  name: string;
  postcode: string;
  city: string;
  street: string;
  floorDoor: string;
};

export type CheckoutValues = {
  email: string;
  lastName: string;
  firstName: string;
  phone: string;
  shippingMethod: number | null;
  paymentMethod: number | null;
  shipping: AddressValues;
  /** Only asked when the goods travel to an address; personal pickup always asks for a billing address. */
  billingSameAsShipping: boolean;
  billing: AddressValues;
  asCompany: boolean;
  companyName: string;
  taxNumber: string;
  /** Optional beside the tax number: "HU12345676" or another member state's. */
  euVatNumber: string;
  note: string;
  /** Never ticked in advance (45/2014. Korm. rendelet). */
  acceptTerms: boolean;
  /** The locker or parcel shop chosen for a pickup point method (shown as searched; only its id is sent). */
  pickupPoint: TPickupPoint | null;
};

export const EMPTY_ADDRESS: AddressValues = { name: '', postcode: '', city: '', street: '', floorDoor: '' };

/** Payment methods the shipping method allows (an empty list allows every enabled one). */
export function allowedPaymentMethods(
  shipping: TShippingMethod | undefined,
  payments: readonly TPaymentMethod[],
): TPaymentMethod[] {
  if (!shipping || shipping.paymentMethods.length === 0) return [...payments];
  return payments.filter((payment) => shipping.paymentMethods.includes(payment.id));
}

/** An empty form; no method chosen yet (`withPreselectedShipping` stands in until the shopper chooses). */
export function initialValues(): CheckoutValues {
  return {
    email: '',
    lastName: '',
    firstName: '',
    phone: '',
    shippingMethod: null,
    paymentMethod: null,
    shipping: EMPTY_ADDRESS,
    billingSameAsShipping: true,
    billing: EMPTY_ADDRESS,
    asCompany: false,
    companyName: '',
    taxNumber: '',
    euVatNumber: '',
    note: '',
    acceptTerms: false,
    pickupPoint: null,
  };
}

/**
 * Until the shopper chooses a shipping method, the checkout takes the one the cart's estimate
 * assumed (the API's one rule, which also prices the product page), so the fee shown in the cart is
 * the fee preselected here; the shop's first method when the estimate names none. The payment
 * method is then the shopper's, if that method allows it, else the first it allows.
 */
export function withPreselectedShipping(
  values: CheckoutValues,
  shippings: readonly TShippingMethod[],
  payments: readonly TPaymentMethod[],
  estimated: number | undefined,
): CheckoutValues {
  if (values.shippingMethod !== null) return values;
  const method = shippings.find((candidate) => candidate.id === estimated) ?? shippings[0];
  return method ? withShippingMethod(values, method, payments) : values;
}

/** Another shipping method keeps the payment method if it allows it, otherwise takes its first one. */
export function withShippingMethod(
  values: CheckoutValues,
  shipping: TShippingMethod,
  payments: readonly TPaymentMethod[],
): CheckoutValues {
  const allowed = allowedPaymentMethods(shipping, payments);
  const keep = allowed.some((payment) => payment.id === values.paymentMethod);
  return {
    ...values,
    shippingMethod: shipping.id,
    paymentMethod: keep ? values.paymentMethod : (allowed[0]?.id ?? null),
  };
}

export function addressValuesOf(address: TAddress): AddressValues {
  return {
    name: address.name,
    postcode: address.postcode,
    city: address.city,
    street: address.street,
    floorDoor: address.floorDoor ?? '',
  };
}

const sameAddress = (a: AddressValues, b: AddressValues) =>
  (Object.keys(a) as (keyof AddressValues)[]).every((field) => a[field].trim() === b[field].trim());

function defaultOf(addresses: readonly TAddress[], type: TAddress['type']): TAddress | undefined {
  const ofType = addresses.filter((address) => address.type === type);
  return ofType.find((address) => address.isDefault) ?? ofType[0];
}

/**
 * A customer's details and default addresses fill the fields the shopper has not touched (focused or
 * typed into; `touched` knows them by their name: "email", "shipping" for any shipping address field,
 * "asCompany"). A touched field keeps the shopper's text; an untouched one takes the account's value
 * whole, so the two never mix.
 */
export function prefillFromCustomer(
  values: CheckoutValues,
  user: TUserDetails | undefined,
  addresses: readonly TAddress[] | undefined,
  touched: (name: string) => boolean,
): CheckoutValues {
  const next = { ...values };
  if (user) {
    const details = {
      email: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      phone: user.phone,
    };
    for (const [field, value] of Object.entries(details) as [keyof typeof details, string | null][]) {
      if (value && !touched(field)) next[field] = value;
    }
  }
  if (!addresses) return next;
  const shipping = defaultOf(addresses, 'shipping');
  const billing = defaultOf(addresses, 'billing');
  if (shipping && !touched('shipping')) next.shipping = addressValuesOf(shipping);
  if (billing && !touched('billing')) {
    next.billing = addressValuesOf(billing);
    if (!touched('billingSameAsShipping'))
      next.billingSameAsShipping = sameAddress(next.billing, next.shipping);
  }
  const companyName = billing?.companyName ?? user?.companyName;
  const taxNumber = billing?.taxNumber ?? user?.taxNumber;
  const companyTouched = ['asCompany', 'companyName', 'taxNumber', 'euVatNumber'].some(touched);
  if (companyName && !companyTouched) {
    next.asCompany = true;
    next.companyName = companyName;
    next.taxNumber = taxNumber ?? '';
    next.euVatNumber = billing?.companyName ? (billing.euVatNumber ?? '') : '';
  }
  return next;
}

/**
 * The visitor's cookie-consent id when their choice allows marketing: the order then carries it, and the
 * server reports the paid purchase to Meta's Conversions API only if the choice recorded under that id
 * still allows marketing (api services/analytics/meta-capi.ts). Without marketing consent nothing is sent.
 */
function marketingConsent(): { consentId?: string } {
  const consent = readConsent();
  return consent?.marketing ? { consentId: consent.id } : {};
}

/**
 * The body of POST /api/cart/order, before the API's own schema (ZPlaceOrderInput) checks it. A guest
 * sends the browser cart; a signed-in customer's server cart is used.
 */
export function orderInputOf(
  values: CheckoutValues,
  shipping: TShippingMethod | undefined,
  guestCart: readonly GuestCartLine[] | undefined,
) {
  const needsAddress = shipping?.needsAddress ?? true;
  const billing = needsAddress && values.billingSameAsShipping ? values.shipping : values.billing;
  return {
    ...(guestCart ? { cart: guestCart } : {}),
    customer: {
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone,
    },
    shippingAddress: needsAddress ? values.shipping : null,
    billingAddress: {
      ...billing,
      companyName: values.asCompany ? values.companyName : '',
      taxNumber: values.asCompany ? values.taxNumber : '',
      euVatNumber: values.asCompany ? values.euVatNumber : '',
    },
    shippingMethod: values.shippingMethod ?? undefined,
    paymentMethod: values.paymentMethod ?? undefined,
    note: values.note,
    acceptTerms: values.acceptTerms,
    ...marketingConsent(),
    ...(shipping?.pickupCarrier
      ? {
          pickupPoint:
            values.pickupPoint?.carrier === shipping.pickupCarrier
              ? { carrier: values.pickupPoint.carrier, id: values.pickupPoint.id }
              : null,
        }
      : {}),
  };
}

/** What the API leaves optional but this form asks for: a chosen method, and a company's name and tax number. */
export function checkoutOnlyErrors(values: CheckoutValues, shipping?: TShippingMethod): FieldErrors {
  const errors: FieldErrors = {};
  if (shipping?.pickupCarrier && values.pickupPoint?.carrier !== shipping.pickupCarrier)
    errors.pickupPoint = 'Válassz csomagpontot vagy automatát!';
  if (values.shippingMethod === null) errors.shippingMethod = 'Válassz szállítási módot!';
  if (values.paymentMethod === null) errors.paymentMethod = 'Válassz fizetési módot!';
  if (values.asCompany && !values.companyName.trim())
    errors['billingAddress.companyName'] = 'A cégnév kötelező.';
  if (values.asCompany && !values.taxNumber.trim())
    errors['billingAddress.taxNumber'] = 'Az adószám kötelező.';
  return errors;
}
