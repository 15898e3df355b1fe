import { z } from 'zod';

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'product.changed',
  'stock.changed',
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS);
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

/** Sent only by the admin's "send test" button, to the one endpoint tested; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
