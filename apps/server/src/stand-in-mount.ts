import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BARION_HOSTS,
  BARION_STAND_IN_PATH,
  type BarionConfig,
  barionStandIn,
  FOXPOST_STAND_IN_PATH,
  MAILCHIMP_STAND_IN_PATH,
  MAILERLITE_STAND_IN_PATH,
  META_STAND_IN_PATH,
  SZAMLAZZ_STAND_IN_PATH,
} from '@shop/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/** `standIns` left out: off. */
type ProviderConfig = Pick<Config, 'barion' | 'publicUrl'> & Partial<Pick<Config, 'standIns'>>;

/**
 * The Barion account the shop falls back on when no admin saved one: the BARION_* variables', else the
 * stand-in this server mounts while stand-ins are on, else none (card payment is refused).
 */
function barionConfigFor(config: ProviderConfig): BarionConfig | null {
  if (config.barion) {
    return {
      apiUrl: BARION_HOSTS[config.barion.env],
      posKey: config.barion.posKey,
      payee: config.barion.payee,
    };
  }
  return config.standIns ? barionStandIn(config.publicUrl) : null;
}

/**
 * What createContext is told of the providers without a real account: with stand-ins on, its defaults
 * (the stand-ins at the shop's own address); off, none of them, so nothing calls a path that is not served.
 */
export function providerFallbacks(config: ProviderConfig): {
  barion: BarionConfig | null;
  invoicing?: { standInUrl: null };
  foxpost?: null;
} {
  const barion = barionConfigFor(config);
  return config.standIns ? { barion } : { barion, invoicing: { standInUrl: null }, foxpost: null };
}

/**
 * Lets a project stand-in answer its own paths on the shop's server. It reads its own request bodies,
 * so it answers in onRequest, before Fastify parses anything. `active`: whether it serves now (an
 * admin may have saved a real account since); `failure`: what it answers when it fails, in the
 * provider's own error format (without one, the error goes to Fastify).
 */
export function mountStandIn(
  app: FastifyInstance,
  standIn: { handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> },
  options: {
    serves: (path: string) => boolean;
    active?: () => Promise<boolean>;
    failure?: { log: string; answer: (res: ServerResponse) => void };
  },
): void {
  const { serves, active, failure } = options;
  app.addHook('onRequest', async (request, reply) => {
    if (!serves(request.url.split('?')[0] ?? '')) return;
    if (active && !(await active())) return;
    reply.hijack();
    try {
      await standIn.handle(request.raw, reply.raw);
    } catch (error) {
      if (!failure) throw error;
      request.log.error({ err: error }, failure.log);
      failure.answer(reply.raw);
    }
  });
}

const STAND_IN_PATHS = [
  BARION_STAND_IN_PATH,
  SZAMLAZZ_STAND_IN_PATH,
  FOXPOST_STAND_IN_PATH,
  META_STAND_IN_PATH,
  MAILERLITE_STAND_IN_PATH,
  MAILCHIMP_STAND_IN_PATH,
];

/** Whether a request path names a stand-in however it is written: `%5F`, upper case, doubled slashes, `/./`. */
export function isStandInPath(rawPath: string): boolean {
  // Every spelling has its underscore, plain or escaped; nearly every request is done here.
  if (!/_|%5f/i.test(rawPath)) return false;
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape is matched as written.
  }
  const path = new URL(decoded.replace(/\/+/g, '/'), 'http://shop.invalid').pathname.toLowerCase();
  return STAND_IN_PATHS.some((base) => path === base || path.startsWith(`${base}/`));
}

/**
 * A stand-in path no mounted stand-in served (stand-ins off, or the provider has a real account now)
 * is not found, in every spelling: the shop's page for an unknown address would answer some of them.
 * Added after the mounts, whose hooks answer first.
 */
export function refuseStandInPaths(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isStandInPath(request.url.split('?')[0] ?? '')) return;
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('A keresett fájl nem található.');
  });
}
