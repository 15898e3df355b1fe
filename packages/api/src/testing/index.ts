export { createSession } from '../services/session';
export { type SinkMessage, type SmtpSink, type SmtpSinkOptions, startSmtpSink } from './smtp-sink';
export {
  type ReceivedWebhook,
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from './webhook-receiver';
