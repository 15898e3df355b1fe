import { DomainError } from '../../errors';
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

/**
 * No Barion account and no stand-in (a real shop before its POS key is set): every call to it fails
 * (barion-client.ts), and checkout refuses card payment with CARD_PAYMENT_NOT_SET_UP.
 */
export const BARION_NOT_SET_UP: BarionConfig = Object.freeze({ apiUrl: '', posKey: '', payee: '' });

export function isBarionSetUp(config: BarionConfig): boolean {
  return config.apiUrl !== '';
}

export const CARD_PAYMENT_NOT_SET_UP =
  'A bankkártyás fizetés most nem választható, mert a bolt még nem állította be a Barion-fiókját. Válassz másik fizetési módot.';

/** A 409 for a card payment the shop cannot take: asked before an order is written or a payment started. */
export function requireBarionSetUp(config: BarionConfig): void {
  if (!isBarionSetUp(config)) {
    throw new DomainError('conflict', CARD_PAYMENT_NOT_SET_UP, [
      { path: 'paymentMethod', message: CARD_PAYMENT_NOT_SET_UP },
    ]);
  }
}
