import { serveStandIn } from '../serve';
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
  const { port, host, ...standInOptions } = options;
  const standIn = createFoxpostStandIn(standInOptions);
  const served = await serveStandIn(standIn, { port, host, basePath: standInOptions.basePath });
  return { url: served.url, standIn, close: served.close };
}
