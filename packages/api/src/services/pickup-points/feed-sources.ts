import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { reportProviderCallFailed } from '../../observability';
import type { TPickupCarrier } from '../../schemas';
import { FOXPOST_FEED_URL, parseFoxpostFeed } from './feeds/foxpost';
import { GLS_FEED_URL, parseGlsFeed } from './feeds/gls';
import { parseMplFeed } from './feeds/mpl';
import { packetaFeedUrls, parsePacketaFeed } from './feeds/packeta';
import type { FeedPoint } from './point-text';

/**
 * Where the point lists come from: `sample`, the small feeds shipped in `samples/` in each carrier's
 * real format (the demo and the tests, offline), or `live`, the carriers' published feeds.
 */
export type PickupFeedSource = 'sample' | 'live';

export type MplCredentials = {
  clientId: string;
  clientSecret: string;
  /** MPL's customer code (vevőkód), sent as X-Accounting-Code. */
  accountingCode: string;
  environment: 'sandbox' | 'live';
};

export type PickupFeedSettings = {
  source: PickupFeedSource;
  /** Packeta's feeds need the shop's API key; without it Packeta points are not fetched live. */
  packetaApiKey?: string | undefined;
  /** MPL's point list is an OAuth2 API; without credentials MPL points are not fetched live. */
  mpl?: MplCredentials | undefined;
  /** Tests hand in their own. */
  fetch?: typeof fetch;
};

const SAMPLES = path.join(import.meta.dirname, 'samples');
const FETCH_TIMEOUT_MS = 60_000;
const MPL_HOSTS = { sandbox: 'https://sandbox.api.posta.hu', live: 'https://core.api.posta.hu' } as const;

async function sample(file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(SAMPLES, file), 'utf8'));
}

async function getJson(settings: PickupFeedSettings, url: string, init: RequestInit = {}): Promise<unknown> {
  try {
    const response = await (settings.fetch ?? fetch)(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${new URL(url).host} HTTP ${response.status} választ adott.`);
    return await response.json();
  } catch (error) {
    reportProviderCallFailed('pickup-feed', new URL(url).host);
    throw error;
  }
}

async function mplPoints(settings: PickupFeedSettings, mpl: MplCredentials): Promise<unknown> {
  const host = MPL_HOSTS[mpl.environment];
  const token = (await getJson(settings, `${host}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${mpl.clientId}:${mpl.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  })) as { access_token?: unknown };
  if (typeof token.access_token !== 'string') throw new Error('Az MPL nem adott hozzáférési tokent.');
  return getJson(settings, `${host}/v2/mplapi/deliveryplace`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token.access_token}`,
      'content-type': 'application/json',
      'x-request-id': randomUUID(),
      'x-accounting-code': mpl.accountingCode,
    },
    // An empty query answers every point.
    body: JSON.stringify({ deliveryplacesQuery: {}, servicePointType: ['PM', 'CS', 'PP'] }),
  });
}

/** Whether the carrier's points can be read with these settings (live Packeta and MPL need accounts). */
export function feedAvailable(settings: PickupFeedSettings, carrier: TPickupCarrier): boolean {
  if (settings.source === 'sample') return true;
  if (carrier === 'packeta') return Boolean(settings.packetaApiKey);
  if (carrier === 'mpl') return Boolean(settings.mpl);
  return true;
}

/** Reads and parses one carrier's list from the configured source. */
export async function loadFeed(settings: PickupFeedSettings, carrier: TPickupCarrier): Promise<FeedPoint[]> {
  const live = settings.source === 'live';
  switch (carrier) {
    case 'foxpost':
      return parseFoxpostFeed(
        live ? await getJson(settings, FOXPOST_FEED_URL) : await sample('foxplus.json'),
      );
    case 'gls':
      return parseGlsFeed(live ? await getJson(settings, GLS_FEED_URL) : await sample('gls-hu.json'));
    case 'packeta': {
      if (!live)
        return parsePacketaFeed(await sample('packeta-branch.json'), await sample('packeta-box.json'));
      if (!settings.packetaApiKey) throw new Error('Packeta: nincs PACKETA_API_KEY.');
      const urls = packetaFeedUrls(settings.packetaApiKey);
      const [branch, box] = await Promise.all([getJson(settings, urls.branch), getJson(settings, urls.box)]);
      return parsePacketaFeed(branch, box);
    }
    case 'mpl': {
      if (!live) return parseMplFeed(await sample('mpl-deliveryplace.json'));
      if (!settings.mpl) throw new Error('MPL: nincsenek OAuth-adatok.');
      return parseMplFeed(await mplPoints(settings, settings.mpl));
    }
  }
}
