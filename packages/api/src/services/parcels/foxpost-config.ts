/** How the shop reaches Foxpost's FoxWeb API: its address, the account, and where customers track parcels. */
export type FoxpostConfig = {
  /** e.g. https://webapi.foxpost.hu/api, or the stand-in's `${publicUrl}/_foxpost/api`. */
  apiUrl: string;
  username: string;
  password: string;
  apiKey: string;
  /** The public tracking page; the parcel number goes in its `code` parameter. */
  trackingPageUrl: string;
};

export type TFoxpostEnvironment = 'test' | 'live';
export type FoxpostHosts = Record<TFoxpostEnvironment, string>;

export const FOXPOST_HOSTS: FoxpostHosts = {
  live: 'https://webapi.foxpost.hu/api',
  test: 'https://webapi-test.foxpost.hu/api',
};
export const FOXPOST_TRACKING_PAGE = 'https://www.foxpost.hu/csomagkovetes/';

/** Where the shop server mounts the project's Foxpost stand-in while no Foxpost account is saved. */
export const FOXPOST_STAND_IN_PATH = '/_foxpost';
/** The stand-in's account: not secrets, they only keep the stand-in's checks honest. */
export const FOXPOST_STAND_IN_ACCOUNT = {
  username: 'webaruhaz',
  password: 'foxpost-helyettesito',
  apiKey: 'foxpost-helyettesito-api-kulcs',
} as const;

/** The stand-in, reached through the shop's own address (its tracking page opens in customers' browsers). */
export function foxpostStandIn(publicUrl: string): FoxpostConfig {
  const base = `${publicUrl.replace(/\/+$/, '')}${FOXPOST_STAND_IN_PATH}`;
  return { apiUrl: `${base}/api`, ...FOXPOST_STAND_IN_ACCOUNT, trackingPageUrl: `${base}/csomagkovetes/` };
}

/** How this server reaches Foxpost besides what the admin saved. */
export type FoxpostSetup = {
  /** The stand-in this server mounts (tests point it at theirs); null: none, only a saved account. */
  fallback: FoxpostConfig | null;
  /** FoxWeb's API per environment for an admin-saved account (tests point them at a stand-in). */
  hosts: FoxpostHosts;
  /** The tracking page for an admin-saved account. */
  trackingPageUrl: string;
};

export function foxpostTrackingUrl(
  config: Pick<FoxpostConfig, 'trackingPageUrl'>,
  parcelNumber: string,
): string {
  return `${config.trackingPageUrl}?code=${encodeURIComponent(parcelNumber)}`;
}
