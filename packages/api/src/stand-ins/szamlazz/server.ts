import { serveStandIn } from '../serve';
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
  const { port, ...standInOptions } = options;
  const standIn = createSzamlazzStandIn(standInOptions);
  const served = await serveStandIn(standIn, { port, basePath: standInOptions.basePath });
  return { url: served.url, standIn, close: served.close };
}
