import type { TPickupCarrier } from '../../schemas';

/**
 * What the shop needs of a carrier to hand over a parcel (the carrier port). Foxpost's FoxWeb API is the
 * first adapter (foxpost-client.ts); another carrier (Packeta's createPacket, GLS's PrepareLabels) plugs
 * in beside it without the order flow (create-parcel.ts) changing.
 */

export type ParcelSize = 'xs' | 's' | 'm' | 'l' | 'xl';

export type ParcelRequest = {
  recipient: { name: string; phone: string; email: string };
  destination:
    | { kind: 'point'; pointId: string }
    | { kind: 'home'; postcode: string; city: string; street: string };
  size: ParcelSize;
  /** Cash on delivery in whole forints; 0 when paid in advance. */
  cod: number;
  /** The shop's reference printed on the label (the order number). */
  reference: string;
  /**
   * The shop's own barcode for the parcel, derived from the order: the carrier refuses a second parcel
   * with it, so a retry after a lost answer cannot create two.
   */
  uniqueBarcode: string;
};

export type CarrierFieldError = { field: string; code: string };

export type CarrierErrorKind =
  /** The carrier refused the parcel's data (`fieldErrors` say which field and why). */
  | 'refused'
  /** The carrier refused the account (user, password or API key). */
  | 'auth'
  /** No answer, a timeout, or a server error: trying later may work. */
  | 'unavailable'
  /** An answer the shop cannot read. */
  | 'unexpected';

/** A carrier call that failed. The message is for the log; the shop says it in Hungarian (parcel-messages.ts). */
export class CarrierError extends Error {
  override readonly name = 'CarrierError';
  constructor(
    message: string,
    readonly kind: CarrierErrorKind,
    readonly httpStatus: number | null,
    readonly fieldErrors: CarrierFieldError[] = [],
    readonly apiError: string | null = null,
  ) {
    super(message);
  }
}

export interface CarrierPort {
  readonly carrier: TPickupCarrier;
  /** Creates the parcel at the carrier and answers its parcel number; throws CarrierError. */
  createParcel(parcel: ParcelRequest): Promise<{ parcelNumber: string }>;
  /** The parcel number of a parcel the carrier knows by the shop's own barcode; null when none. */
  findParcel(uniqueBarcode: string): Promise<string | null>;
  /** The labels of the parcels as one PDF, one A6 page each. */
  labels(parcelNumbers: readonly string[]): Promise<Uint8Array>;
  /** Where the customer follows the parcel. */
  trackingUrl(parcelNumber: string): string;
}
