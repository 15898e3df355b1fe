import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in as a server sees it: it answers the requests under its base path (true) and leaves the rest. */
export type StandInHandler = {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
};

export type ServedStandIn = {
  /** `http://HOST:PORT` plus the base path: what the shop uses in place of the provider's address. */
  url: string;
  close(): Promise<void>;
};

/** `/_barion/` and `/_barion` serve alike; '' serves from the root. */
export function normalizeBasePath(basePath = ''): string {
  return basePath.replace(/\/+$/, '');
}

/**
 * A stand-in on its own port (0: a free one), for tests and for a shop run with nothing configured:
 * a path outside the stand-in is a 404, a stand-in that fails answers 500.
 */
export async function serveStandIn(
  standIn: StandInHandler,
  options: { port?: number; host?: string; basePath?: string },
): Promise<ServedStandIn> {
  const { port = 0, host = '127.0.0.1', basePath } = options;
  const server = createServer((req, res) => {
    standIn.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      },
      () => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}${normalizeBasePath(basePath)}`,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets of clients would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
