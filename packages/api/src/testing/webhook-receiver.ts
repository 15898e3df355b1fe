import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string; receivedAt: Date };

/** What the receiver answers a request; `hang` never answers (a timeout). */
export type ReceiverAnswer = { status: number; body?: string } | 'hang';

export type WebhookReceiver = {
  /** The base URL, `http://127.0.0.1:<port>`. */
  url: string;
  received: ReceivedWebhook[];
  /** Answers given in turn; when they run out, 200 "ok". */
  answerWith(...answers: ReceiverAnswer[]): void;
  clear(): void;
  close(): Promise<void>;
};

/** An integrator's endpoint on a free local port, keeping every request byte for byte. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answers: ReceiverAnswer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: new Date(),
      });
      const answer = answers.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(...next) {
      answers = next;
    },
    clear() {
      received.length = 0;
      answers = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
