export { AskedOnce } from './asked-once';
export { cacheFor, type VersionedCache } from './cache';
export {
  type Context,
  type CreateContextOptions,
  createContext,
  readToken,
  type StreamedFile,
} from './context';
export { recentStorageFault } from './database-faults';
export {
  DomainError,
  type DomainErrorCode,
  type DomainIssue,
  type ErrorBody,
  MESSAGES,
  retryAfterSeconds,
  toDomainError,
  toErrorBody,
  toHttpStatus,
  toTRPCError,
  unknownFieldsError,
} from './errors';
export { escapeHtml } from './html-escape';
export { jsonTextTooDeep, TOO_DEEP_MESSAGE } from './input-guard';
export { listenToShopEvents, type Provider, type ShopEvents } from './observability';
export { buildOpenApiDocument, REST_BASE_PATH, TOKEN_SECURITY_SCHEME } from './openapi';
export { type AppRouter, appRouter } from './routers';
export {
  type CartReminderWorker,
  sendCartRemindersOnce,
  startCartReminderWorker,
} from './services/abandoned-carts/reminders';
export {
  META_STAND_IN_PATH,
  type MetaConversionRunResult,
  type MetaConversionWorker,
  metaGraphUrlFor,
  runMetaConversionsOnce,
  startMetaConversionWorker,
} from './services/analytics/meta-capi';
export { getAnalyticsPageConfig } from './services/analytics/settings';
export {
  type BackInStockRunResult,
  type BackInStockWorker,
  sendBackInStockOnce,
  startBackInStockWorker,
} from './services/back-in-stock/notify-worker';
export {
  BACKUP_CONTROL_FILE,
  BackupFileError,
  type BackupRow,
  type BackupSettings,
  type BackupSource,
  type BackupWorker,
  DEFAULT_RETENTION,
  PGLITE_FOLDER,
  RestoreRefusedError,
  restoreBackup,
  runManualBackup,
  shopFingerprint,
  startBackupWorker,
} from './services/backup';
export { getBarionPixelId } from './services/barion-pixel';
export { catalogueGeneration } from './services/catalogue/generation';
export { CATALOGUE_CACHE_KEY, getCatalogueIndex } from './services/catalogue/in-memory-index';
export {
  type LowestPriceRefresher,
  refreshLowestPrices,
  startLowestPriceRefresher,
} from './services/catalogue/lowest-price';
export {
  type BarionHosts,
  type BarionSetup,
  DEFAULT_BARION_HOSTS,
  resolveBarionConfig,
  usesBarionStandIn,
} from './services/checkout/payment-settings';
export {
  type EmailDb,
  type EnqueuedEmail,
  type EnqueueTemplatedEmailInput,
  enqueueTemplatedEmail,
  getShopNotificationAddress,
} from './services/email/outbox';
export {
  type OutboxLogger,
  type OutboxRunResult,
  type OutboxWorker,
  type OutboxWorkerOptions,
  runOutboxOnce,
  startOutboxWorker,
} from './services/email/outbox-worker';
export { getFeedBody, isFeedKey } from './services/feeds';
export {
  defaultInvoicingSetup,
  type InvoicingSetup,
  SZAMLAZZ_STAND_IN_AGENT_KEY,
  SZAMLAZZ_STAND_IN_PATH,
  usesSzamlazzStandIn,
} from './services/invoicing/invoice-settings';
export {
  type InvoiceRunResult,
  type InvoiceWorker,
  runInvoicesOnce,
  startInvoiceWorker,
} from './services/invoicing/invoice-worker';
export { getMediaVariant, MEDIA_NOT_FOUND } from './services/media';
export { enqueueMarketingEmail, type MarketingEmail } from './services/newsletter/marketing-mail';
export { ONE_CLICK_PATH, unsubscribeByToken } from './services/newsletter/subscriptions';
export {
  MAILCHIMP_STAND_IN_PATH,
  MAILERLITE_STAND_IN_PATH,
  newsletterSyncSetupFor,
  usesNewsletterStandIn,
} from './services/newsletter/sync-settings';
export {
  type NewsletterSyncRunResult,
  type NewsletterSyncWorker,
  runNewsletterSyncOnce,
  startNewsletterSyncWorker,
} from './services/newsletter/sync-worker';
export { usesFoxpostStandIn } from './services/parcels/carrier-settings';
export { FOXPOST_STAND_IN_ACCOUNT, FOXPOST_STAND_IN_PATH } from './services/parcels/foxpost-config';
export { type BarionConfig, BarionError } from './services/payments/barion-client';
export {
  BARION_HOSTS,
  BARION_STAND_IN_PATH,
  BARION_STAND_IN_POS_KEY,
  barionStandIn,
} from './services/payments/barion-config';
export { syncBarionPayment } from './services/payments/barion-sync';
export {
  type PaymentExpiryRunResult,
  type PaymentExpiryWorker,
  type PaymentExpiryWorkerOptions,
  settleOverduePayments,
  startPaymentExpiryWorker,
} from './services/payments/payment-expiry';
export { renderMissingCatalogueCovers } from './services/pdf-catalogue/cover';
export {
  type PickupFeedWorker,
  runPickupFeedsOnce,
  startPickupFeedWorker,
} from './services/pickup-points';
export {
  type ImportWorker,
  runDueImports,
  startImportWorker,
} from './services/product-import/apply-worker';
export { pictureFetcher } from './services/product-import/fetch-picture';
export { type QueueBacklog, type QueueName, readQueueBacklog } from './services/queue-backlog';
export { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './services/request-limits';
export {
  optOutOfReviewRequests,
  REVIEW_OPT_OUT_PATH,
  type ReviewRequestWorker,
  sendReviewRequestsOnce,
  startReviewRequestWorker,
} from './services/reviews/review-requests';
export {
  classifyShopPath,
  getSitemapData,
  type JsonLd,
  resolveSeo,
  type SeoHead,
  type SeoOptions,
  SITEMAP_MAX_URLS,
  type SitemapData,
  type SitemapUrl,
} from './services/seo';
export {
  runWebhooksOnce,
  startWebhookWorker,
  type WebhookRunResult,
  type WebhookWorker,
  type WebhookWorkerOptions,
} from './services/webhooks/delivery-worker';
export { type Access, type ApiMeta, createCallerFactory, isAdmin } from './trpc';

import { appRouter } from './routers';
import { createCallerFactory } from './trpc';

export const createCaller = createCallerFactory(appRouter);
