import type {
  TAddress,
  TPaymentMethod,
  TPickupPoint,
  TShippingMethod,
  TUserDetails,
} from '@shop/api/schemas';
import type { FieldErrors } from '../../components/form/use-zod-form';
import type { GuestCartLine } from '../../lib/storage';

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

/** The first shipping method and the first payment method it allows are chosen to begin with. */
export function initialValues(
  shippings: readonly TShippingMethod[],
  payments: readonly TPaymentMethod[],
): CheckoutValues {
  const shipping = shippings[0];
  return {
    email: '',
    lastName: '',
    firstName: '',
    phone: '',
    shippingMethod: shipping?.id ?? null,
    paymentMethod: allowedPaymentMethods(shipping, payments)[0]?.id ?? null,
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

const isBlank = (address: AddressValues) => Object.values(address).every((value) => value.trim() === '');
const sameAddress = (a: AddressValues, b: AddressValues) =>
  (Object.keys(a) as (keyof AddressValues)[]).every((field) => a[field].trim() === b[field].trim());

function defaultOf(addresses: readonly TAddress[], type: TAddress['type']): TAddress | undefined {
  const ofType = addresses.filter((address) => address.type === type);
  return ofType.find((address) => address.isDefault) ?? ofType[0];
}

/**
 * A customer's details and default addresses fill what the form does not hold yet; nothing the
 * customer typed is overwritten.
 */
export function prefillFromCustomer(
  values: CheckoutValues,
  user: TUserDetails | undefined,
  addresses: readonly TAddress[] | undefined,
): CheckoutValues {
  const next = { ...values };
  if (user) {
    next.email ||= user.email;
    next.lastName ||= user.lastName;
    next.firstName ||= user.firstName;
    next.phone ||= user.phone ?? '';
  }
  if (!addresses) return next;
  const shipping = defaultOf(addresses, 'shipping');
  const billing = defaultOf(addresses, 'billing');
  if (shipping && isBlank(next.shipping)) next.shipping = addressValuesOf(shipping);
  if (billing && isBlank(next.billing)) {
    next.billing = addressValuesOf(billing);
    next.billingSameAsShipping = sameAddress(next.billing, next.shipping);
  }
  const companyName = billing?.companyName ?? user?.companyName;
  const taxNumber = billing?.taxNumber ?? user?.taxNumber;
  if (companyName && !next.companyName && !next.taxNumber) {
    next.asCompany = true;
    next.companyName = companyName;
    next.taxNumber = taxNumber ?? '';
    next.euVatNumber = billing?.companyName ? (billing.euVatNumber ?? '') : '';
  }
  return next;
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
