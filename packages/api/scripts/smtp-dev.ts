// A local SMTP server for development: point the shop's e-mail settings to 127.0.0.1 and this
// port (no TLS, any user and password) and every message the shop sends is printed here.
import { startSmtpSink } from '../src/testing/smtp-sink';

const port = Number(process.env.SMTP_DEV_PORT ?? 2525);
const host = process.env.SMTP_DEV_HOST ?? '127.0.0.1';

const sink = await startSmtpSink({
  port,
  host,
  onMessage(message) {
    console.log(
      [
        '─'.repeat(72),
        `Érkezett: ${message.receivedAt.toLocaleString('hu-HU')}`,
        `Feladó:   ${message.from}`,
        `Címzett:  ${message.to.join(', ')}`,
        `Tárgy:    ${message.subject}`,
        '',
        message.text,
      ].join('\n'),
    );
  },
});

console.log(
  `Fejlesztői SMTP-kiszolgáló: ${sink.host}:${sink.port} (TLS nélkül, bármilyen felhasználónévvel). Leállítás: Ctrl+C.`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sink.close().then(() => process.exit(0));
  });
}
