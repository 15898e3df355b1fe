import { z } from 'zod';
import {
  euVatNumberMismatch,
  normalizePhone,
  PHONE_FORMAT_MESSAGE,
  ZFirstName,
  ZLastName,
  ZOptionalCompanyName,
  ZOptionalEuVatNumber,
  ZOptionalFloorDoor,
  ZOptionalTaxNumber,
} from './account';
import { ZCartLinesInput } from './cart';
import { ZPaymentProvider } from './checkout';
import { ZId } from './common';
import { CONSENT_ID_PATTERN } from './consent';
import { ZOrderInvoice } from './invoice';
import { ORDER_STATUSES, PAYMENT_STATES } from './order-enums';
import { ZAccessKey } from './order-key';
import { ZPaidStatus } from './order-payment';
import { ZOrderShipment } from './order-shipment';
import { ZOrderParcel } from './parcel';
import { ZPickupPointChoice, ZPickupPointSnapshot } from './pickup-point';
import { ZCouponCode, ZDiscount } from './promotion-discount';
import { ZOrderWithdrawalInfo } from './refund';
import { ZVatClass } from './vat';

// Written in order-enums.ts, which needs no zod; whoever imports the schemas still finds them here.
export { ORDER_STATUSES, PAYMENT_STATES };

export const ZOrderStatus = z.enum(ORDER_STATUSES, { error: 'Ismeretlen rendelési állapot.' }).meta({
  description:
    'A rendelés állapota: awaiting_payment fizetésre vár, received új, processing feldolgozás alatt, packed csomagolva, shipped átadva a futárnak, ready_for_pickup átvehető, completed teljesítve, cancelled törölve, payment_failed sikertelen fizetés, refunded visszatérítve, partially_refunded részben visszatérítve.',
});
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** The Hungarian name of every status, used by every screen and e-mail. */
export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  awaiting_payment: 'Fizetésre vár',
  received: 'Új',
  processing: 'Feldolgozás alatt',
  packed: 'Csomagolva',
  shipped: 'Átadva a futárnak',
  ready_for_pickup: 'Átvehető',
  completed: 'Teljesítve',
  cancelled: 'Törölve',
  payment_failed: 'Sikertelen fizetés',
  refunded: 'Visszatérítve',
  partially_refunded: 'Részben visszatérítve',
};

/** Fulfilment steps an order may move to once it is paid for (or needs no online payment). */
const FULFILMENT: readonly TOrderStatus[] = [
  'processing',
  'packed',
  'shipped',
  'ready_for_pickup',
  'completed',
];

/**
 * Every allowed status change, in one table: from each status, where an order may go next. Anything
 * else is refused with 409. `refunded` and `partially_refunded` are reached only through a refund,
 * `received` from `awaiting_payment` only through a succeeded payment, `payment_failed` only through a
 * failed or expired one; the admin's status operation offers the rest.
 */
export const ORDER_TRANSITIONS: Record<TOrderStatus, readonly TOrderStatus[]> = {
  awaiting_payment: ['received', 'payment_failed', 'cancelled'],
  received: [...FULFILMENT, 'cancelled', 'refunded', 'partially_refunded'],
  processing: [
    'packed',
    'shipped',
    'ready_for_pickup',
    'completed',
    'cancelled',
    'refunded',
    'partially_refunded',
  ],
  packed: ['shipped', 'ready_for_pickup', 'completed', 'cancelled', 'refunded', 'partially_refunded'],
  shipped: ['ready_for_pickup', 'completed', 'cancelled', 'refunded', 'partially_refunded'],
  ready_for_pickup: ['completed', 'cancelled', 'refunded', 'partially_refunded'],
  completed: ['refunded', 'partially_refunded'],
  // A failed card payment can be paid again (a new payment), or the order given up.
  payment_failed: ['awaiting_payment', 'cancelled'],
  // Some lines refunded (e.g. one was out of stock): the rest of the order still goes on.
  partially_refunded: [...FULFILMENT, 'cancelled', 'refunded', 'partially_refunded'],
  // A cancelled order that was paid (by card, or a card payment that succeeded after the cancel) is
  // refunded from here; cancelling itself moves no money.
  cancelled: ['refunded', 'partially_refunded'],
  refunded: [],
};

/** Statuses only the payment and refund flows set; the admin's status change refuses them. */
export const SYSTEM_ONLY_STATUSES: readonly TOrderStatus[] = [
  'payment_failed',
  'refunded',
  'partially_refunded',
];

export function canTransition(from: TOrderStatus, to: TOrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export const ZPaymentState = z.enum(PAYMENT_STATES).meta({
  description:
    'A legutóbbi online (bankkártyás) fizetési kísérlet állapota; hogy mennyit fizettek, a paidStatus és a paidTotal mondja meg: none nincs online fizetés, pending folyamatban, succeeded sikeres, failed sikertelen, cancelled megszakítva, expired lejárt, refunded visszatérítve.',
});
export type TPaymentState = z.infer<typeof ZPaymentState>;

export const PAYMENT_STATE_LABELS: Record<TPaymentState, string> = {
  none: 'Nincs online fizetés',
  pending: 'Fizetés folyamatban',
  succeeded: 'Kifizetve',
  failed: 'Sikertelen fizetés',
  cancelled: 'Megszakított fizetés',
  expired: 'Lejárt fizetés',
  refunded: 'Visszatérítve',
};

/** The final button's exact text (45/2014. Korm. rendelet: the order must say it means paying). */
export const ORDER_BUTTON_TEXT = 'Megrendelés fizetési kötelezettséggel';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} kötelező.` })
    .trim()
    .min(1, { error: `${label} kötelező.` })
    .max(max, { error: `${label} legfeljebb ${max} karakter lehet.` });

const ZPostcode = z
  .string({ error: 'Az irányítószám kötelező.' })
  .trim()
  .regex(/^\d{4}$/, { error: 'Az irányítószám 4 számjegyből áll.' })
  .meta({ example: '1052' });

export const ZRequiredPhone = z
  .string({ error: 'A telefonszám kötelező.' })
  .trim()
  .max(40, { error: PHONE_FORMAT_MESSAGE })
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone) return phone;
    ctx.issues.push({ code: 'custom', message: PHONE_FORMAT_MESSAGE, input: value });
    return z.NEVER;
  });

export const ZOrderCustomerInput = z.strictObject({
  email: z
    .string({ error: 'Az e-mail-cím kötelező.' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Az e-mail-cím túl hosszú.' })
    .pipe(z.email({ error: 'Érvénytelen e-mail-cím.' })),
  firstName: ZFirstName,
  lastName: ZLastName,
  /** The courier calls this number; stored as "+36 30 123 4567". */
  phone: ZRequiredPhone,
});

export const ZShippingAddressInput = z.strictObject({
  name: requiredText('A név', 200),
  postcode: ZPostcode,
  city: requiredText('A település', 100),
  street: requiredText('Az utca, házszám', 200),
  floorDoor: ZOptionalFloorDoor,
});
export type TShippingAddressInput = z.infer<typeof ZShippingAddressInput>;

export const EU_VAT_NUMBER_NEEDS_COMPANY =
  'Közösségi adószámot cégként vásárolva, a cégnévvel együtt lehet megadni.';

export const ZBillingAddressInput = ZShippingAddressInput.extend({
  companyName: ZOptionalCompanyName,
  /** A Hungarian tax number, checksum checked ("12345678-1-12"). */
  taxNumber: ZOptionalTaxNumber,
  /** Optional beside the tax number: "HU12345676", or another member state's. */
  euVatNumber: ZOptionalEuVatNumber,
}).superRefine((billing, ctx) => {
  if (!billing.euVatNumber) return;
  const problem = billing.companyName
    ? euVatNumberMismatch(billing.euVatNumber, billing.taxNumber)
    : EU_VAT_NUMBER_NEEDS_COMPANY;
  if (problem)
    ctx.addIssue({ code: 'custom', path: ['euVatNumber'], message: problem, input: billing.euVatNumber });
});
export type TBillingAddressInput = z.infer<typeof ZBillingAddressInput>;

/**
 * POST /api/cart/order. A guest sends the cart in the body; a signed-in customer's server cart is used
 * (a `cart` sent with a session is ignored). Prices come from the catalogue, never from the client.
 */
export const ZPlaceOrderInput = z.strictObject({
  cart: ZCartLinesInput.optional(),
  customer: ZOrderCustomerInput,
  /** Needed unless the shipping method is personal pickup. */
  shippingAddress: ZShippingAddressInput.nullish(),
  billingAddress: ZBillingAddressInput,
  shippingMethod: ZId,
  paymentMethod: ZId,
  note: z
    .string()
    .trim()
    .max(2000, { error: 'A megjegyzés legfeljebb 2000 karakter lehet.' })
    .transform((value) => (value === '' ? null : value))
    .nullish(),
  /** Required (and only allowed) when the shipping method delivers to a pickup point of a carrier. */
  pickupPoint: ZPickupPointChoice.nullish(),
  /** One code per order; refused codes answer why, and the shopper may order without one. */
  couponCode: ZCouponCode.nullish(),
  acceptTerms: z.literal(true, {
    error: 'A rendeléshez el kell fogadnod az Általános Szerződési Feltételeket.',
  }),
  consentId: z
    .string({ error: 'A sütihozzájárulás azonosítója szöveg.' })
    .regex(CONSENT_ID_PATTERN, { error: 'A sütihozzájárulás azonosítója érvénytelen.' })
    .nullish()
    .meta({
      example: '3f1c9f0e-6a0b-4c53-9a4f-2b7d51c0e8a1',
      description:
        'A böngészőben tárolt sütiválasztás azonosítója (POST /api/consent). Ha az ehhez rögzített választás engedi a marketingsütiket, a kifizetett rendelés vásárlását a szerver a Meta Conversions API-nak is jelenti.',
    }),
});
export type TPlaceOrderInput = z.infer<typeof ZPlaceOrderInput>;

export const ZOrderAddress = z
  .object({
    name: z.string(),
    postcode: z.string(),
    city: z.string(),
    street: z.string(),
    floorDoor: z.string().nullable(),
  })
  .meta({ id: 'OrderAddress', description: 'A rendelésben rögzített szállítási cím.' });
export const ZOrderBillingAddress = ZOrderAddress.extend({
  companyName: z.string().nullable().meta({ description: 'A vásárló cég neve; null, ha magánszemély.' }),
  taxNumber: z
    .string()
    .nullable()
    .meta({ description: 'A cég magyar adószáma (12345678-1-12); null, ha nincs.' }),
  euVatNumber: z
    .string()
    .nullable()
    .meta({ description: 'A cég közösségi (EU-s) adószáma (pl. HU12345676); null, ha nem adta meg.' }),
}).meta({ id: 'OrderBillingAddress', description: 'A rendelésben rögzített számlázási cím.' });

export const ZOrderLine = z
  .object({
    /** The order line's own id (withdrawals and refunds name lines by it). */
    id: z.number().int(),
    product: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A termék azonosítója; null, ha a terméket azóta törölték.' }),
    variant: z.number().int().nullable().meta({
      description:
        'A megrendelt változat azonosítója; null, ha a termék egyféle (vagy a változatot azóta törölték).',
    }),
    title: z.string().meta({
      description: 'A termék neve a rendelés idején, változatnál az opcióértékekkel (pl. "Póló, kék, M").',
    }),
    kutiId: z.string().nullable().meta({
      description:
        'A termék (változatnál a változat) külső kódja (kutiId) a rendelés idején; null, ha nem volt.',
    }),
    quantity: z.number().int().meta({ description: 'Mennyiség darabban.' }),
    unitPrice: z.number().int().meta({ description: 'Bruttó darabár egész forintban a rendelés idején.' }),
    lineTotal: z.number().int().meta({
      description:
        'A tételért fizetett bruttó összeg forintban: unitPrice × quantity, csökkentve a kedvezményekből rá eső résszel (discount). A számla, a Barion és a visszatérítés ezzel számol.',
    }),
    discount: z.number().int().meta({
      description:
        'Az akciók és a kupon kedvezményéből erre a tételre eső rész forintban (a tételek bruttó értékének arányában, legnagyobb maradék szerint); 0, ha nem volt kedvezmény.',
    }),
    gift: z
      .boolean()
      .meta({ description: 'Igaz: egy ajándék-akció ingyenes darabja (discount = a teljes ára).' }),
    vatRate: z.number().int().meta({
      description:
        'ÁFA-kulcs százalékban (27, 18, 5; 0 a tárgyi és alanyi adómentes tételnél), a rendelés idején.',
    }),
    vatClass: ZVatClass.meta({
      description:
        'A tétel ÁFA-osztálya a rendelés idején: "27", "18", "5", "TAM" (tárgyi adómentes) vagy "AAM" (alanyi adómentes bolt).',
    }),
  })
  .meta({ id: 'OrderLine', description: 'A rendelés egy tétele a rendeléskori árral.' });
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZOrderHistoryEntry = z.object({
  status: ZOrderStatus,
  /** ISO time (UTC). */
  at: z.string(),
  note: z.string().nullable(),
});

export const ZVatLine = z.object({
  vatClass: ZVatClass.meta({ description: 'Az ÁFA-osztály: "27", "18", "5", "TAM" vagy "AAM".' }),
  rate: z.number().int().meta({ description: 'ÁFA-kulcs százalékban (TAM és AAM: 0).' }),
  gross: z.number().int().meta({ description: 'Az e kulcs alá eső bruttó összeg forintban.' }),
  vat: z.number().int().meta({ description: 'A benne foglalt ÁFA forintban.' }),
});

export const ZOrder = z
  .object({
    id: z.number().int(),
    /** Readable order number, e.g. "2026-000123". */
    number: z.string(),
    status: ZOrderStatus,
    createdAt: z.string().meta({ description: 'A rendelés leadásának ideje (UTC, ISO 8601).' }),
    updatedAt: z.string().meta({
      description:
        'A rendelés saját adatainak utolsó módosítása (UTC, ISO 8601). A fizetései, számlái és csomagja változását a rendelések változásfolyama (`GET /api/order/changes`) is jelzi.',
    }),
    customer: z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
    }),
    shippingAddress: ZOrderAddress.nullable(),
    billingAddress: ZOrderBillingAddress,
    shippingMethod: z
      .object({
        id: z.number().int().nullable(),
        name: z.string(),
        fee: z.number().int(),
        deliveryTime: z.string().nullable(),
      })
      .meta({ description: 'A választott szállítási mód a rendelés idején; `fee` a díja bruttó forintban.' }),
    paymentMethod: z
      .object({
        id: z.number().int().nullable(),
        name: z.string(),
        provider: ZPaymentProvider,
        fee: z.number().int(),
      })
      .meta({ description: 'A választott fizetési mód a rendelés idején; `fee` a díja bruttó forintban.' }),
    lines: z.array(ZOrderLine),
    itemsTotal: z.number().int().meta({
      description:
        'A tételekért fizetett bruttó összeg egész forintban (a tételek lineTotal értékének összege, kedvezmények után).',
    }),
    discounts: z.array(ZDiscount).meta({ description: 'A rendelés akciói és kuponja, kedvezményükkel.' }),
    discountTotal: z.number().int().meta({
      description: 'A kedvezmények összege forintban, az elengedett szállítási díjjal együtt.',
    }),
    rounding: z.number().int().meta({
      description:
        'Kerekítés 0-ra vagy 5-re végződő összegre forintban (csak utánvétnél), pozitív vagy negatív.',
    }),
    total: z.number().int().meta({
      description: 'A fizetendő bruttó végösszeg forintban: tételek + szállítás + fizetési díj + kerekítés.',
    }),
    vatContent: z.number().int().meta({ description: 'A végösszegben foglalt ÁFA forintban.' }),
    vat: z.array(ZVatLine).meta({
      description:
        'Az ÁFA-tartalom osztályonként (27, 18, 5, TAM, AAM sorrendben); a szállítás, a díjak és a kerekítés 27%-osak, alanyi adómentes boltnál AAM.',
    }),
    note: z.string().nullable(),
    /** The version of the ÁSZF the customer accepted. */
    termsVersion: z.string(),
    paymentState: ZPaymentState,
    canPay: z.boolean().meta({
      description: 'Igaz, amíg a rendelés bankkártyás fizetésre vár, amit a vásárló (újra)indíthat.',
    }),
    trackingNumber: z.string().nullable().meta({
      description:
        'Az első csomagszám (a `shipments` első eleme), a korábbi kliensekkel való összhang miatt; null, ha nincs.',
    }),
    shipments: z.array(ZOrderShipment).meta({
      description:
        'A rendelés csomagszámai felvételük sorrendjében; egy rendelés több csomagban is utazhat. Felvétel, javítás, törlés: `/api/order/{id}/shipment`.',
    }),
    completedAt: z.string().nullable().meta({
      description:
        'A teljesítés (kézbesítés vagy átvétel) ideje (UTC, ISO 8601); ettől fut az elállási határidő.',
    }),
    history: z.array(ZOrderHistoryEntry).meta({ description: 'Az állapotváltozások időrendben.' }),
    refundedTotal: z
      .number()
      .int()
      .meta({ description: 'Az eddig sikeresen visszatérített összeg forintban.' }),
    paidTotal: z.number().int().meta({
      description:
        'Az eddig beérkezett összeg forintban: sikeres bankkártyás fizetés, illetve utánvétnél és átutalásnál a bolt által rögzített befizetések.',
    }),
    paidStatus: ZPaidStatus,
    paidAt: z.string().nullable().meta({
      description: 'Mikor lett a rendelés teljesen kifizetve (UTC, ISO 8601); null, amíg nincs.',
    }),
    withdrawal: ZOrderWithdrawalInfo,
    invoice: ZOrderInvoice.nullable().meta({
      description: 'A rendelés számlája (száma és a bolt PDF-letöltési linkje); null, amíg nincs kiállítva.',
    }),
    parcel: ZOrderParcel.nullable().meta({
      description: 'A szállítónál feladott csomag (csomagszám, címke, követés); null, amíg nincs feladva.',
    }),
    pickupPoint: ZPickupPointSnapshot.nullable().meta({
      description:
        'A választott csomagpont, ahogy a rendeléskor volt; null, ha nem csomagpontra szól a szállítás.',
    }),
  })
  .meta({
    id: 'Order',
    description: 'Egy rendelés, ahogy a vásárló látja: tételek, összegek forintban, állapot, fizetés.',
  });
export type TOrder = z.infer<typeof ZOrder>;

/** Said in the API reference of every field a caller without `customers:read` is not sent. */
const HIDDEN_WITHOUT_CUSTOMERS_READ =
  'Hiányzik, ha a hívó munkatárs, és a szerepköre nem ad `customers:read` jogosultságot (API-kulcs mindig megkapja).';

/**
 * An order as staff and API keys get it. A staff role without `customers:read` (the warehouse) is not
 * sent the customer's e-mail, phone and billing address
 * (services/orders/customer-data.ts says why exactly those): the fields are left out, so a caller with
 * full permissions gets the very same JSON as before.
 */
export const ZStaffOrder = ZOrder.extend({
  customer: z.object({
    email: z.string().optional().meta({ description: HIDDEN_WITHOUT_CUSTOMERS_READ }),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable().optional().meta({ description: HIDDEN_WITHOUT_CUSTOMERS_READ }),
  }),
  billingAddress: ZOrderBillingAddress.optional().meta({ description: HIDDEN_WITHOUT_CUSTOMERS_READ }),
}).meta({
  id: 'StaffOrder',
  description: `Egy rendelés, ahogy a bolt munkatársai és az API-kulcsok látják. A vásárló e-mail-címe, telefonszáma és számlázási címe munkatársnak csak \`customers:read\` jogosultsággal érkezik, API-kulcsnak mindig (ahogy az 1.0.0 óta); a szállítási cím, a csomagpont és a név mindenkinek.`,
});
export type TStaffOrder = z.infer<typeof ZStaffOrder>;

export const ZPaymentStart = z
  .object({
    /** Barion's PaymentId. */
    paymentId: z.string(),
    /** Where to send the shopper's browser to pay. */
    gatewayUrl: z.string(),
  })
  .meta({
    id: 'PaymentStart',
    description: 'A bankkártyás fizetés indítása: ide kell irányítani a vásárlót.',
  });

export const ZPlaceOrderOutput = z.object({
  order: ZOrder,
  /** Present for card payment: redirect the shopper to `gatewayUrl`. */
  payment: ZPaymentStart.nullable(),
  /**
   * The key of the order's private link (`/order/{id}?key=…`); answered only to whoever placed it,
   * the same link the confirmation e-mail carries. Null when a retried request (same Idempotency-Key)
   * answers an order placed before: only a hash of the key is kept.
   */
  accessKey: z.string().nullable(),
});
export type TPlaceOrderOutput = z.infer<typeof ZPlaceOrderOutput>;

/** GET /api/order/{id}: the owner, an admin, or whoever holds the order's private link key. */
export const ZOrderByIdInput = z.strictObject({ id: ZId, key: ZAccessKey.optional() });

/** POST /api/order/{id}/pay (beyond the spec): pay an awaiting order again, or with another method. */
export const ZOrderPayInput = z.strictObject({
  id: ZId,
  key: ZAccessKey.optional(),
  paymentMethod: ZId.optional(),
});
export const ZOrderPayOutput = z.object({ order: ZOrder, payment: ZPaymentStart.nullable() });

export const ZMyOrdersOutput = z.object({ items: z.array(ZOrder) });

/** POST /api/cart/barionstatus. */
export const ZBarionStatusInput = z.strictObject({
  paymentId: z
    .string({ error: 'A fizetés azonosítója kötelező.' })
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, { error: 'Érvénytelen fizetésazonosító.' })
    .meta({
      description: 'A Barion fizetés azonosítója (PaymentId).',
      example: '7d8c0f1e2a3b4c5d6e7f8091a2b3c4d5',
    }),
});
export const ZBarionStatusOutput = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: ZOrderStatus,
  /** `pending` until Barion reports a final state: the result page keeps asking our server, never Barion. */
  paymentState: ZPaymentState,
  total: z.number().int(),
});
export type TBarionStatusOutput = z.infer<typeof ZBarionStatusOutput>;
