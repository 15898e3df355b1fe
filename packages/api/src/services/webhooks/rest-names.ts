import type {
  TWebhookAnyEvent,
  TWebhookEventData,
  TWebhookInvoiceIssuedData,
  TWebhookOrderCreatedData,
  TWebhookOrderPaidData,
  TWebhookOrderStatusChangedData,
  TWebhookProductChangedData,
  TWebhookStockChangedData,
} from '../../schemas/webhook';

type OrderCreatedLine = TWebhookOrderCreatedData['lines'][number];
type ProductChangedItem = TWebhookProductChangedData['items'][number];
type StockChangedItem = TWebhookStockChangedData['items'][number];

/**
 * What a writer hands over as an event's `data`. The six events of 1.0 are written with their 1.0 names
 * (`orderId`, `grandTotal`, `productId`, `variantId`), `invoice.issued` with its `order`; `withRestNames`
 * adds the other name of each pair, so a payload can never carry two different values for one thing.
 * In 2.0.0 the writers switch to the REST names and this translation goes with the old names.
 */
export type WebhookDataInput = Omit<
  TWebhookEventData,
  | 'order.created'
  | 'order.paid'
  | 'order.status_changed'
  | 'product.changed'
  | 'stock.changed'
  | 'invoice.issued'
> & {
  'order.created': Omit<TWebhookOrderCreatedData, 'id' | 'total' | 'lines'> & {
    lines: Omit<OrderCreatedLine, 'product' | 'variant'>[];
  };
  'order.paid': Omit<TWebhookOrderPaidData, 'order'>;
  'order.status_changed': Omit<TWebhookOrderStatusChangedData, 'order'>;
  'product.changed': { items: Omit<ProductChangedItem, 'id'>[] };
  'stock.changed': { items: Omit<StockChangedItem, 'product' | 'variant'>[] };
  'invoice.issued': Omit<TWebhookInvoiceIssuedData, 'orderId'>;
};

type Translations = {
  [E in TWebhookAnyEvent]?: (data: WebhookDataInput[E]) => TWebhookEventData[E];
};

// Each REST name is written right before the 1.0 name it replaces, so a receiver reading the raw body
// sees the pair together.
const TRANSLATIONS: Translations = {
  'order.created': (data) => ({
    id: data.orderId,
    orderId: data.orderId,
    number: data.number,
    status: data.status,
    paymentProvider: data.paymentProvider,
    total: data.grandTotal,
    grandTotal: data.grandTotal,
    createdAt: data.createdAt,
    lines: data.lines.map(({ productId, variantId, ...line }) => ({
      product: productId,
      productId,
      variant: variantId,
      variantId,
      ...line,
    })),
    discountTotal: data.discountTotal,
    discounts: data.discounts,
  }),
  'order.paid': ({ orderId, number, ...rest }) => ({
    order: { id: orderId, number },
    orderId,
    number,
    ...rest,
  }),
  'order.status_changed': ({ orderId, number, ...rest }) => ({
    order: { id: orderId, number },
    orderId,
    number,
    ...rest,
  }),
  'product.changed': ({ items }) => ({
    items: items.map(({ productId, ...item }) => ({ id: productId, productId, ...item })),
  }),
  'stock.changed': ({ items }) => ({
    items: items.map(({ productId, variantId, ...item }) => ({
      product: productId,
      productId,
      variant: variantId,
      variantId,
      ...item,
    })),
  }),
  'invoice.issued': ({ order, ...rest }) => ({ order, orderId: order.id, ...rest }),
};

/** `data` as every subscriber receives it: with both names of each renamed field, equal. */
export function withRestNames<E extends TWebhookAnyEvent>(
  event: E,
  data: WebhookDataInput[E],
): TWebhookEventData[E] {
  const translate = TRANSLATIONS[event] as ((data: WebhookDataInput[E]) => TWebhookEventData[E]) | undefined;
  return translate ? translate(data) : (data as TWebhookEventData[E]);
}
