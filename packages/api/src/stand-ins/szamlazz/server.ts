import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSzamlazzStandIn, type SzamlazzStandIn, type SzamlazzStandInOptions } from './stand-in';

export type StartedSzamlazzStandIn = {
  /** What the shop uses in place of https://www.szamlazz.hu (requests go to `${url}/szamla/`). */
  url: string;
  standIn: SzamlazzStandIn;
  close(): Promise<void>;
};

/** The stand-in on its own port, for tests. */
export async function startSzamlazzStandIn(
  options: SzamlazzStandInOptions & { port?: number },
): Promise<StartedSzamlazzStandIn> {
  const { port = 0, ...standInOptions } = options;
  const standIn = createSzamlazzStandIn(standInOptions);
  const server = createServer((req, res) => {
    void standIn.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${boundPort}${(standInOptions.basePath ?? '').replace(/\/+$/, '')}`,
    standIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
