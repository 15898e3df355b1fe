export type { BarionErrorCode, BarionErrorEntry } from './api-errors';
export type { CallbackAttempt, CallbackMode } from './callbacks';
export { type StartedBarionStandIn, startBarionStandIn } from './server';
export {
  BARION_RETRY_DELAYS_MS,
  type BarionStandIn,
  type BarionStandInOptions,
  type BarionStandInScope,
  createBarionStandIn,
  type PayResult,
} from './stand-in';
export type { PaymentStatus } from './state';
export { type ProcessResult, TEST_CARDS } from './test-cards';
