export { type SinkMessage, type SmtpSink, type SmtpSinkOptions, startSmtpSink } from './smtp-sink';
