export { formTokenSecret, issueFormToken, MIN_FILL_MS } from '../services/contact/form-token';
export { createSession } from '../services/session';
export { FEED_REQUIRED, type FeedItemFields, missingRequired, parseFeed } from './feed-xml';
export { describeProblems, lintOpenApiDocument } from './openapi-lint';
export {
  createParcelOrder,
  FOXPOST_TEST_POINTS,
  type ParcelOrderOptions,
  seedFoxpostPoints,
  startFoxpost,
} from './parcel-fixtures';
export { seededRandom } from './seeded-random';
export { type SinkMessage, type SmtpSink, type SmtpSinkOptions, startSmtpSink } from './smtp-sink';
export {
  createVariantProduct,
  storedStock,
  type VariantProduct,
  type VariantSpec,
} from './variant-fixtures';
export {
  type ReceivedWebhook,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver';
export { zipOf } from './zip';
