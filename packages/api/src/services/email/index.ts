export {
  type EmailDb,
  type EnqueuedEmail,
  type EnqueueTemplatedEmailInput,
  enqueueTemplatedEmail,
  getShopNotificationAddress,
} from './outbox';
export {
  backoffMs,
  MAX_ATTEMPTS,
  type OutboxLogger,
  type OutboxRunOptions,
  type OutboxRunResult,
  type OutboxWorker,
  type OutboxWorkerOptions,
  runOutboxOnce,
  startOutboxWorker,
} from './outbox-worker';
export { type EmailVariables, escapeHtml, htmlToText, type RenderedEmail, renderEmail } from './render';
