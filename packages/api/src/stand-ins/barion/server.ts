import { serveStandIn } from '../serve';
import { type BarionStandIn, type BarionStandInOptions, createBarionStandIn } from './stand-in';

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
  const { port, host, ...standInOptions } = options;
  const standIn = createBarionStandIn(standInOptions);
  const served = await serveStandIn(standIn, { port, host, basePath: standInOptions.basePath });
  return {
    url: served.url,
    standIn,
    close() {
      standIn.close();
      return served.close();
    },
  };
}
