import type { BarionConfig } from './barion-client';

/** Where the shop server mounts the project's Barion stand-in when no Barion account is configured. */
export const BARION_STAND_IN_PATH = '/_barion';
/** The stand-in's POSKey: not a secret, it only keeps the stand-in's key check honest. */
export const BARION_STAND_IN_POS_KEY = '00000000000000000000000000000000';
export const BARION_STAND_IN_PAYEE = 'webaruhaz@example.hu';

export const BARION_HOSTS = { live: 'https://api.barion.com', test: 'https://api.test.barion.com' } as const;

/** The stand-in, reached through the shop's own address (its gateway page must open in the shopper's browser). */
export function barionStandIn(publicUrl: string): BarionConfig {
  return {
    apiUrl: `${publicUrl.replace(/\/+$/, '')}${BARION_STAND_IN_PATH}`,
    posKey: BARION_STAND_IN_POS_KEY,
    payee: BARION_STAND_IN_PAYEE,
  };
}
