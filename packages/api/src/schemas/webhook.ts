import { z } from 'zod';
import { ZPaymentProvider } from './checkout';
import { listOf, pageOf, ZId } from './common';
import { ZOrderStatus } from './order';
import { discountFields } from './promotion-discount';

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'product.changed',
  'stock.changed',
  'invoice.issued',
  'order.shipment_changed',
  'refund.created',
  'withdrawal.received',
  'withdrawal.completed',
  'customer.changed',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS, {
  error: `Ismeretlen esemény. Lehetséges értékek: ${WEBHOOK_EVENTS.join(', ')}.`,
});
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/** Sent only by the admin's "send test" button, to the one endpoint tested; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type TWebhookAnyEvent = TWebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<TWebhookAnyEvent, string> = {
  'order.created': 'Új rendelés',
  'order.paid': 'Rendelés kifizetve',
  'order.status_changed': 'Rendelés állapota változott',
  'product.changed': 'Termék módosult',
  'stock.changed': 'Készlet változott',
  'invoice.issued': 'Számla kiállítva',
  'order.shipment_changed': 'Rendelés csomagszáma változott',
  'refund.created': 'Visszatérítés',
  'withdrawal.received': 'Elállás érkezett',
  'withdrawal.completed': 'Elállás lezárva',
  'customer.changed': 'Vásárló módosult',
  'webhook.test': 'Teszt',
};

/** When each event is sent, for the admin's dialog and the API reference. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<TWebhookEvent, string> = {
  'order.created': 'Leadtak egy rendelést (a webáruházban vagy az API-n).',
  'order.paid':
    'Pénz érkezett egy rendelésre: sikerült a bankkártyás fizetése, vagy a bolt rögzítette az utánvétes vagy átutalásos befizetését (részletben is).',
  'order.status_changed':
    'Egy rendelés állapota megváltozott (adminisztrátor vagy a fizetés folyamata által).',
  'product.changed': 'Egy terméket létrehoztak, módosítottak vagy töröltek.',
  'stock.changed': 'Termékek vagy változataik készlete változott (rendelés, lemondás vagy készletfrissítés).',
  'invoice.issued':
    'A számlázó kiállította egy rendelés számláját vagy sztornószámláját (a PDF ettől kezdve letölthető).',
  'order.shipment_changed':
    'Egy rendelés csomagszámát felvették (az „Átadva a futárnak” állapottal vagy külön), javították vagy törölték.',
  'refund.created':
    'Pénzt térítettek vissza egy rendelésből: a bankkártyás visszatérítést a Barion végrehajtotta, vagy a bolt rögzítette az átutalásos visszafizetést. A sikertelen visszatérítésről nem jön esemény.',
  'withdrawal.received':
    'A vásárló elállt egy rendeléstől (vagy egyes tételeitől) az online elállási funkcióval; a bolt ettől számítva 14 napon belül térít vissza.',
  'withdrawal.completed':
    'Egy elállást lezártak: a hozzá tartozó visszatérítés sikerült (ugyanabban a pillanatban refund.created is érkezik).',
  'customer.changed':
    'Egy vásárló regisztrált, módosította az adatait vagy a címeit (ő maga vagy az adminisztrátor), vagy törölte a fiókját. Csak az azonosítót hordozza: az aktuális adatok a `GET /api/customer/{id}` végponton olvashatók (customers:read); törölt fióknál a személyes adatok már nincsenek meg.',
};

// ---------------------------------------------------------------------------------------------
// Payloads: what `data` holds for each event. Small on purpose: a receiver that needs the whole
// order or product reads it with an API key (GET /api/order/{id}, GET /api/product/{id}).
// ---------------------------------------------------------------------------------------------

const ZKutiId = z.string().nullable().describe('A termék külső kódja (kutiId), ha van.');

const ZOrderRef = z.object({
  id: z.number().int().describe('A rendelés azonosítója (GET /api/order/{id}).'),
  number: z.string().describe('A rendelés száma, ahogy a vásárló látja (pl. 2026-000123).'),
});

export const ZWebhookOrderCreatedData = z.object({
  id: z.number().int().describe('A rendelés azonosítója (GET /api/order/{id}).'),
  number: z.string().describe('A rendelés száma, ahogy a vásárló látja (pl. 2026-000123).'),
  status: ZOrderStatus,
  paymentProvider: ZPaymentProvider,
  total: z.number().int().describe('Végösszeg forintban (mint a rendelés `total` mezője).'),
  createdAt: z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
  lines: z.array(
    z.object({
      product: z.number().int().describe('A termék azonosítója (GET /api/product/{id}).'),
      variant: z
        .number()
        .int()
        .nullable()
        .describe('A megrendelt változat azonosítója; null, ha a termék egyféle.'),
      kutiId: z
        .string()
        .nullable()
        .describe('A tétel kódja: a változaté, ha van, különben a terméké (kutiId); null, ha nincs.'),
      title: z.string().describe('A tétel neve, változatnál az opcióértékekkel (pl. "Póló, kék, M").'),
      quantity: z.number().int(),
      unitPrice: z.number().int().describe('Bruttó darabár forintban.'),
      lineTotal: z
        .number()
        .int()
        .describe('A tételért fizetett bruttó összeg: unitPrice × quantity − discount.'),
      discount: z.number().int().describe('A kedvezményekből erre a tételre eső rész forintban.'),
    }),
  ),
  discountTotal: z
    .number()
    .int()
    .describe('A kedvezmények összege forintban, az elengedett szállítási díjjal.'),
  discounts: z.array(z.object(discountFields)).describe('A rendelés akciói és kuponja.'),
});
export type TWebhookOrderCreatedData = z.infer<typeof ZWebhookOrderCreatedData>;

export const ZWebhookOrderPaidData = z.object({
  order: ZOrderRef,
  paymentProvider: ZPaymentProvider,
  amount: z.number().int().describe('A kifizetett összeg forintban.'),
  paidAt: z.iso.datetime(),
});
export type TWebhookOrderPaidData = z.infer<typeof ZWebhookOrderPaidData>;

export const ZWebhookOrderStatusChangedData = z.object({
  order: ZOrderRef,
  from: ZOrderStatus,
  to: ZOrderStatus,
  trackingNumber: z.string().nullable().describe('A csomag követési száma, ha van.'),
  changedAt: z.iso.datetime(),
});
export type TWebhookOrderStatusChangedData = z.infer<typeof ZWebhookOrderStatusChangedData>;

export const ZWebhookProductChangedData = z.object({
  items: z.array(
    z.object({
      id: z.number().int().describe('A termék azonosítója (GET /api/product/{id}).'),
      kutiId: ZKutiId,
      deleted: z.boolean().describe('Igaz, ha a terméket törölték (ekkor már nem olvasható).'),
    }),
  ),
});
export type TWebhookProductChangedData = z.infer<typeof ZWebhookProductChangedData>;

export const ZWebhookStockChangedData = z.object({
  items: z.array(
    z.object({
      product: z.number().int().describe('A termék azonosítója (GET /api/product/{id}).'),
      variant: z
        .number()
        .int()
        .nullable()
        .describe(
          'A változat azonosítója, ha a tétel egy változat készlete (a `kutiId` és a `stock` akkor a változaté); null, ha a terméké (változatos terméknél ez a változatok összesített készlete).',
        ),
      kutiId: z.string().nullable().describe('A termék vagy a változat külső kódja (kutiId), ha van.'),
      stock: z.number().int().describe('Az új készlet darabban.'),
    }),
  ),
});
export type TWebhookStockChangedData = z.infer<typeof ZWebhookStockChangedData>;

export const ZWebhookInvoiceIssuedData = z.object({
  order: ZOrderRef.describe('A rendelés, amelyhez a számla tartozik.'),
  kind: z.enum(['invoice', 'storno']).describe('invoice: a rendelés számlája; storno: a sztornószámlája.'),
  number: z.string().describe('A számla sorszáma a számlázóban (pl. KB-2026-123).'),
  grossTotal: z.number().int().describe('A számla bruttó végösszege forintban (sztornónál negatív).'),
  issuedAt: z.iso.datetime().meta({ description: 'A kiállítás ideje (UTC, ISO 8601).' }),
});
export type TWebhookInvoiceIssuedData = z.infer<typeof ZWebhookInvoiceIssuedData>;

const ZWebhookShipment = z.object({
  id: z.number().int().describe('A csomagszám azonosítója (a rendelés `shipments[].id` mezője).'),
  trackingNumber: z.string().describe('A szállító csomagszáma.'),
  carrier: z.string().nullable().describe('A szállító neve; null, ha nincs megadva.'),
  trackingUrl: z.string().nullable().describe('A szállító csomagkövető oldala; null, ha nincs megadva.'),
});

export const ZWebhookOrderShipmentChangedData = z.object({
  order: z.object({
    id: z.number().int().describe('A rendelés azonosítója (GET /api/order/{id}).'),
    number: z.string().describe('A rendelés száma, ahogy a vásárló látja (pl. 2026-000123).'),
  }),
  change: z
    .enum(['added', 'corrected', 'removed'])
    .describe('added: új csomagszám; corrected: javított csomagszám; removed: törölt csomagszám.'),
  shipment: ZWebhookShipment.describe(
    'Az érintett csomagszám: felvételnél és javításnál az új adataival, törlésnél a törölt.',
  ),
  previousTrackingNumber: z
    .string()
    .nullable()
    .describe(
      'Javításnál a korábbi csomagszám (ugyanaz, ha csak a szállító vagy a link változott); egyébként null.',
    ),
  shipments: z
    .array(ZWebhookShipment)
    .describe('A rendelés összes csomagszáma a változás után, felvételük sorrendjében.'),
  changedAt: z.iso.datetime().meta({ description: 'A változás ideje (UTC, ISO 8601).' }),
});
export type TWebhookOrderShipmentChangedData = z.infer<typeof ZWebhookOrderShipmentChangedData>;

// The payloads below use the names the REST answers use for the same things (ZOrder, ZRefund,
// ZWithdrawal, the customer detail): `id` is the entity's own, the order it belongs to is
// `order: { id, number }`, money is `amount`/`refundedTotal`, times end in `At`.

export const ZWebhookRefundCreatedData = z.object({
  id: z
    .number()
    .int()
    .describe('A visszatérítés azonosítója (a GET /api/order/{id}/refunds `refunds` listájában).'),
  order: ZOrderRef.extend({
    status: ZOrderStatus.describe(
      'A rendelés állapota a visszatérítés után (refunded vagy partially_refunded).',
    ),
    refundedTotal: z
      .number()
      .int()
      .describe('A rendelésből eddig visszatérített összeg forintban, ezzel a visszatérítéssel együtt.'),
  }),
  amount: z.number().int().describe('A visszatérített bruttó összeg forintban.'),
  provider: ZPaymentProvider.describe(
    'Hogyan ment vissza a pénz: barion a fizetéshez használt kártyára, különben banki átutalással.',
  ),
  note: z.string().nullable().describe('A visszatérítés oka vagy megjegyzése, ha megadták.'),
  withdrawal: z
    .number()
    .int()
    .nullable()
    .describe('Az elállás azonosítója, amelyet ez a visszatérítés lezár; null, ha nem elálláshoz tartozik.'),
  lines: z
    .array(
      z.object({
        line: z.number().int().describe('A rendelés tételének azonosítója.'),
        title: z.string(),
        quantity: z.number().int(),
        amount: z.number().int().describe('A tételre eső visszatérített összeg forintban.'),
      }),
    )
    .describe('A visszatérített tételek; üres, ha csak összeget térítettek vissza.'),
  createdAt: z.iso.datetime().meta({ description: 'A visszatérítés rögzítésének ideje (UTC, ISO 8601).' }),
});
export type TWebhookRefundCreatedData = z.infer<typeof ZWebhookRefundCreatedData>;

/** `withdrawal.received` and `withdrawal.completed` carry the withdrawal as it is after the change. */
export const ZWebhookWithdrawalData = z.object({
  id: z
    .number()
    .int()
    .describe('Az elállás azonosítója (a GET /api/order/{id}/refunds `withdrawals` listájában).'),
  order: ZOrderRef,
  status: z.enum(['open', 'completed']).describe('open: a visszatérítés még hátravan; completed: lezárva.'),
  reason: z.string().nullable().describe('A vásárló indoklása, ha adott.'),
  lines: z
    .array(z.object({ line: z.number().int(), title: z.string(), quantity: z.number().int() }))
    .describe('A tételek és darabszámok, amelyektől a vásárló elállt.'),
  createdAt: z.iso.datetime().meta({ description: 'Az elállás beérkezésének ideje (UTC, ISO 8601).' }),
  refundDeadline: z.iso
    .datetime()
    .meta({ description: 'Eddig kell visszatéríteni (a beérkezéstől 14 nap; UTC, ISO 8601).' }),
  completedAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'A lezárás ideje (UTC, ISO 8601); null, amíg nyitott.' }),
  refund: z
    .number()
    .int()
    .nullable()
    .describe('A lezáró visszatérítés azonosítója (withdrawal.completed); null, amíg nyitott.'),
});
export type TWebhookWithdrawalData = z.infer<typeof ZWebhookWithdrawalData>;

export const CUSTOMER_CHANGES = ['created', 'updated', 'deleted'] as const;
export type TCustomerChange = (typeof CUSTOMER_CHANGES)[number];

export const ZWebhookCustomerChangedData = z.object({
  id: z.number().int().describe('A vásárló azonosítója (GET /api/customer/{id}).'),
  change: z
    .enum(CUSTOMER_CHANGES)
    .describe(
      'created: regisztrált; updated: módosultak az adatai, a címei vagy a vásárlói csoportja; deleted: törölte a fiókját (ha voltak rendelései, a fiók anonimizálva megmarad, különben a GET 404-et ad).',
    ),
  updatedAt: z.iso.datetime().meta({
    description:
      'A vásárló utolsó módosításának ideje a változás után (UTC, ISO 8601), mint a GET /api/customer/{id} `updatedAt` mezője; ami ennél régebbi, elavult.',
  }),
});
export type TWebhookCustomerChangedData = z.infer<typeof ZWebhookCustomerChangedData>;

export const ZWebhookTestData = z.object({ message: z.string() });

/** The `data` of every event, for `enqueueWebhookEvent`'s type and the API reference. */
export const WEBHOOK_EVENT_DATA = {
  'order.created': ZWebhookOrderCreatedData,
  'order.paid': ZWebhookOrderPaidData,
  'order.status_changed': ZWebhookOrderStatusChangedData,
  'product.changed': ZWebhookProductChangedData,
  'stock.changed': ZWebhookStockChangedData,
  'invoice.issued': ZWebhookInvoiceIssuedData,
  'order.shipment_changed': ZWebhookOrderShipmentChangedData,
  'refund.created': ZWebhookRefundCreatedData,
  'withdrawal.received': ZWebhookWithdrawalData,
  'withdrawal.completed': ZWebhookWithdrawalData,
  'customer.changed': ZWebhookCustomerChangedData,
  'webhook.test': ZWebhookTestData,
} as const;
export type TWebhookEventData = { [E in TWebhookAnyEvent]: z.infer<(typeof WEBHOOK_EVENT_DATA)[E]> };

/** The JSON body of one delivery of `event`: `{id, event, createdAt, data}`. */
export function webhookPayloadSchema<E extends TWebhookAnyEvent>(event: E) {
  return z.object({
    id: z.uuid().describe('Az esemény azonosítója; újraküldéskor ugyanaz, így az ismétlés kiszűrhető.'),
    event: z.literal(event),
    createdAt: z.iso.datetime().describe('Mikor történt az esemény (UTC).'),
    data: WEBHOOK_EVENT_DATA[event],
  });
}

// ---------------------------------------------------------------------------------------------
// The admin's operations.
// ---------------------------------------------------------------------------------------------

/** One endpoint as the admin's list shows it; its secret is shown only once, when it is created. */
export const ZWebhookEndpoint = z
  .object({
    id: z.number().int(),
    url: z
      .string()
      .meta({ description: 'A cím, ahová a shop az aláírt POST kéréseket küldi (http vagy https).' }),
    events: z.array(ZWebhookEvent).meta({
      description:
        'Az események, amelyekre a végpont feliratkozott (a lehetséges értékeket a `webhooks` rész sorolja fel).',
    }),
    createdAt: z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
  })
  .meta({
    id: 'WebhookEndpoint',
    description: 'Egy webhook-végpont; az aláírás kulcsa csak létrehozáskor látható.',
  });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
export const ZWebhookEndpointListOutput = listOf(ZWebhookEndpoint).meta({
  id: 'WebhookEndpointList',
  description: 'Az összes (nem törölt) webhook-végpont.',
});

export const WEBHOOK_URL_MAX_LENGTH = 2000;

export const ZWebhookUrl = z
  .string({ error: 'A cím kötelező.' })
  .trim()
  .min(1, { error: 'A cím kötelező.' })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: `A cím legfeljebb ${WEBHOOK_URL_MAX_LENGTH} karakter lehet.` })
  .pipe(z.url({ protocol: /^https?$/, error: 'http:// vagy https:// kezdetű, érvényes cím legyen.' }))
  .refine(
    (url) => {
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '';
    },
    { error: 'A cím nem tartalmazhat felhasználónevet vagy jelszót: a kéréseket az aláírás hitelesíti.' },
  );

/** POST /api/webhook. */
export const ZWebhookCreateInput = z.strictObject({
  url: ZWebhookUrl.meta({
    description:
      'A fogadó címe: http:// vagy https:// kezdetű, felhasználónév és jelszó nélkül, legfeljebb 2000 karakter.',
  }),
  events: z
    .array(ZWebhookEvent, { error: 'Az eseményeket listaként kell megadni.' })
    .min(1, { error: 'Legalább egy eseményt válassz!' })
    .max(WEBHOOK_EVENTS.length, { error: 'Egy esemény csak egyszer szerepelhet.' })
    .refine((events) => new Set(events).size === events.length, {
      error: 'Egy esemény csak egyszer szerepelhet.',
    })
    .meta({ description: 'A feliratkozott események, legalább egy, mindegyik egyszer.' }),
});
export type TWebhookCreateInput = z.infer<typeof ZWebhookCreateInput>;

export const ZWebhookCreateOutput = z
  .object({
    id: z.number().int().meta({ description: 'Az új végpont azonosítója.' }),
    secret: z
      .string()
      .describe(
        'Az aláírás kulcsa: a Webhook-Signature HMAC-SHA256 kulcsa pontosan ez a szöveg. Csak most látható, tárold el.',
      ),
  })
  .meta({
    id: 'WebhookEndpointCreated',
    description: 'Az új webhook-végpont; az aláírás kulcsa csak ebben a válaszban látható.',
  });
export type TWebhookCreateOutput = z.infer<typeof ZWebhookCreateOutput>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const ZWebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES, {
  error: 'Ismeretlen kézbesítési állapot.',
});
export type TWebhookDeliveryStatus = z.infer<typeof ZWebhookDeliveryStatus>;

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<TWebhookDeliveryStatus, string> = {
  pending: 'Küldésre vár',
  delivered: 'Kézbesítve',
  failed: 'Sikertelen',
};

export const ZWebhookDelivery = z
  .object({
    id: z.number().int(),
    eventId: z
      .string()
      .meta({ description: 'Az esemény azonosítója (a törzs `id` mezője); újraküldéskor ugyanaz.' }),
    event: z
      .string()
      .meta({ description: 'Az esemény neve (pl. order.paid, vagy webhook.test a próbaküldésnél).' }),
    status: ZWebhookDeliveryStatus.meta({
      description:
        'pending: küldésre vár (újrapróbálkozás előtt is), delivered: a fogadó 2xx-szel válaszolt, failed: a próbálkozások elfogytak.',
    }),
    attempts: z.number().int().meta({ description: 'Eddigi küldési kísérletek száma.' }),
    nextAttemptAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'A következő kísérlet ideje (UTC, ISO 8601); null, ha kézbesült vagy feladtuk.' }),
    lastStatusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A fogadó utolsó HTTP-státusza; null, ha nem volt elérhető.' }),
    lastResponse: z
      .string()
      .nullable()
      .meta({ description: 'A fogadó utolsó válaszának eleje, vagy hogy miért nem volt elérhető.' }),
    deliveredAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'A sikeres kézbesítés ideje (UTC, ISO 8601).' }),
    createdAt: z.iso.datetime().meta({ description: 'Az esemény keletkezésének ideje (UTC, ISO 8601).' }),
    body: z
      .string()
      .meta({ description: 'A pontosan elküldött JSON-törzs (ezt írja alá a Webhook-Signature).' }),
  })
  .meta({ id: 'WebhookDelivery', description: 'Egy esemény kézbesítése egy webhook-végpontnak.' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;

/** GET /api/webhook/{id}/delivery. */
export const ZWebhookDeliveryListInput = z.strictObject({
  id: ZId.meta({ description: 'A webhook-végpont azonosítója.' }),
  status: ZWebhookDeliveryStatus.optional().meta({
    description: 'Csak az ilyen állapotú kézbesítések (pending, delivered, failed).',
  }),
  page: z.coerce
    .number({ error: 'Az oldalszámnak számnak kell lennie.' })
    .int({ error: 'Az oldalszám egész szám.' })
    .min(1, { error: 'Az oldalszám legalább 1.' })
    .max(10_000, { error: 'Az oldalszám legfeljebb 10 000.' })
    .default(1)
    .meta({ description: 'Hányadik oldal, 1-től.' }),
  pageSize: z.coerce
    .number({ error: 'Az oldalméretnek számnak kell lennie.' })
    .int({ error: 'Az oldalméret egész szám.' })
    .min(1, { error: 'Az oldalméret legalább 1.' })
    .max(100, { error: 'Az oldalméret legfeljebb 100.' })
    .default(WEBHOOK_DELIVERY_PAGE_SIZE)
    .meta({ description: 'Legfeljebb ennyi kézbesítés egy oldalon (1–100).' }),
});
export type TWebhookDeliveryListInput = z.input<typeof ZWebhookDeliveryListInput>;

/** POST /api/webhook/{id}/delivery/{delivery}/redeliver. */
export const ZWebhookRedeliverInput = z.strictObject({
  id: ZId.meta({ description: 'A webhook-végpont azonosítója.' }),
  delivery: ZId.meta({ description: 'A kézbesítés azonosítója a végpont naplójából.' }),
});
export const ZWebhookDeliveryListOutput = pageOf(ZWebhookDelivery);
export type TWebhookDeliveryListOutput = z.infer<typeof ZWebhookDeliveryListOutput>;

/** POST /api/webhook/{id}/test: the test event is sent at once, and its outcome answered. */
export const ZWebhookTestOutput = z
  .object({
    delivered: z.boolean().meta({ description: 'Igaz, ha a fogadó 2xx-szel válaszolt.' }),
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'A fogadó HTTP-státusza; null, ha nem volt elérhető.' }),
    response: z
      .string()
      .nullable()
      .meta({ description: 'A fogadó válaszának eleje, vagy hogy miért nem volt elérhető.' }),
    delivery: ZWebhookDelivery,
  })
  .meta({ id: 'WebhookTestResult', description: 'A próbaesemény azonnali küldésének eredménye.' });
export type TWebhookTestOutput = z.infer<typeof ZWebhookTestOutput>;
