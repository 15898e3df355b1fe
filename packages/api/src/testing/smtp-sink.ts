import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it. */
export type SinkMessage = {
  /** The From header as written, e.g. `Webshop <bolt@example.hu>`. */
  from: string;
  fromAddress: string | null;
  fromName: string | null;
  /** The envelope recipients (RCPT TO), which is where the message was actually delivered. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header line as sent, by lower-cased name (`list-unsubscribe`, `list-unsubscribe-post`). */
  headerLines: Record<string, string>;
  receivedAt: Date;
};

export type SmtpSink = {
  host: string;
  port: number;
  /** Every message received so far, oldest first. */
  readonly messages: readonly SinkMessage[];
  /**
   * The first message, already received or still to come, that the predicate accepts; rejects
   * after `timeoutMs` with the subjects of what did arrive.
   */
  waitForMessage(predicate?: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  clear(): void;
  close(): Promise<void>;
};

export type SmtpSinkOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  onMessage?: (message: SinkMessage) => void;
  /** An SMTP answer (e.g. 550 or 451) that refuses a recipient, or null to accept it. */
  refuseRecipient?: (address: string) => { responseCode: number; message: string } | null;
};

function firstAddress(from: AddressObject | AddressObject[] | undefined) {
  const object = Array.isArray(from) ? from[0] : from;
  return { text: object?.text ?? '', first: object?.value[0] };
}

/**
 * A real SMTP server for tests and development: plain SMTP without STARTTLS, any user name and
 * password accepted, every message parsed and kept in memory.
 */
export async function startSmtpSink({
  port = 0,
  host = '127.0.0.1',
  onMessage,
  refuseRecipient,
}: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const waiters = new Set<(message: SinkMessage) => void>();

  const server = new SMTPServer({
    logger: false,
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuseRecipient?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const from = firstAddress(parsed.from);
          const message: SinkMessage = {
            from: from.text,
            fromAddress: from.first?.address ?? null,
            fromName: from.first?.name || null,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headerLines: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
            receivedAt: new Date(),
          };
          messages.push(message);
          onMessage?.(message);
          for (const waiter of waiters) waiter(message);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;

  return {
    host,
    port: address.port,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 5_000) {
      const received = messages.find(predicate);
      if (received) return Promise.resolve(received);
      return new Promise<SinkMessage>((resolve, reject) => {
        const waiter = (message: SinkMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((message) => message.subject).join(' | ') || 'semmi';
          reject(
            new Error(
              `Nem érkezett a feltételnek megfelelő levél ${timeoutMs} ms alatt (érkezett: ${seen}).`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
