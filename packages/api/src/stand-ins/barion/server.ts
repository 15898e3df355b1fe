import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type BarionStandIn,
  type BarionStandInOptions,
  createBarionStandIn,
  normalizeBasePath,
} from './stand-in';

export type StartedBarionStandIn = {
  /** `http://127.0.0.1:PORT` plus basePath: what the shop uses in place of https://api.barion.com. */
  url: string;
  standIn: BarionStandIn;
  close(): Promise<void>;
};

/** The stand-in on its own port, for tests and for a shop run with no Barion configured. */
export async function startBarionStandIn(
  options: BarionStandInOptions & { port?: number; host?: string },
): Promise<StartedBarionStandIn> {
  const { port = 0, host = '127.0.0.1', ...standInOptions } = options;
  const standIn = createBarionStandIn(standInOptions);
  const server = createServer((req, res) => {
    void standIn.handle(req, res).then((handled) => {
      if (!handled) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
      }
    });
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
    url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}${normalizeBasePath(standInOptions.basePath)}`,
    standIn,
    close() {
      standIn.close();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets of clients would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
