import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFoxpostStandIn, type FoxpostStandIn, type FoxpostStandInOptions } from './stand-in';

export type StartedFoxpostStandIn = {
  /** `http://127.0.0.1:PORT` plus basePath; the FoxWeb API is under `${url}/api`. */
  url: string;
  standIn: FoxpostStandIn;
  close(): Promise<void>;
};

/** The stand-in on its own port, for tests. */
export async function startFoxpostStandIn(
  options: FoxpostStandInOptions & { port?: number; host?: string },
): Promise<StartedFoxpostStandIn> {
  const { port = 0, host = '127.0.0.1', ...standInOptions } = options;
  const standIn = createFoxpostStandIn(standInOptions);
  const server = createServer((req, res) => {
    standIn.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      },
      () => {
        if (!res.headersSent) res.writeHead(500).end();
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
    url: `http://${host}:${boundPort}${(standInOptions.basePath ?? '').replace(/\/+$/, '')}`,
    standIn,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
