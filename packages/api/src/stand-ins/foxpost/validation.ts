/**
 * The FoxWeb API's checks of one CreateParcelRequest (`POST /api/parcel`), as Foxpost documents them
 * in its swagger: a refused field comes back as `{field, message}` with a code for a message.
 * Whether the destination is a real parcel locker, and whether a uniqueBarcode is taken, need the
 * stand-in's data and are checked by the stand-in itself.
 */

export type FieldError = { field: string; message: FieldErrorCode };

export type FieldErrorCode =
  | 'MISSING'
  | 'INVALID_FORMAT'
  | 'TOO_LONG'
  | 'OUT_OF_RANGE'
  | 'INVALID_APM_ID'
  | 'DUPLICATED_UNIQUE_BARCODE';

/** Hungarian mobile numbers only (Foxpost switches the check off only on request). */
export const FOXPOST_PHONE = /^(\+36|36)(20|30|31|70|50|51)\d{7}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HUNGARIAN_ZIP = /^[1-9]\d{3}$/;
/** `xs`…`xl` in either case, or 1–5. */
const SIZE = /^(xs|s|m|l|xl|[1-5])$/i;
export const MAX_COD = 1_000_000;

/** A request item as parsed from the JSON array; anything not an object is refused whole (400). */
export type ParcelRequestItem = Record<string, unknown>;

export type ValidatedParcel = {
  /** APM: to the parcel locker `destination`; HD: home delivery to the recipient's address. */
  sendType: 'APM' | 'HD';
  destination: string | null;
  uniqueBarcode: string | null;
  errors: FieldError[];
};

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function validateParcelRequest(item: ParcelRequestItem): ValidatedParcel {
  const errors: FieldError[] = [];
  const required = (field: string, max?: number) => {
    const value = text(item[field]);
    if (value === null) errors.push({ field, message: 'MISSING' });
    else if (max !== undefined && value.length > max) errors.push({ field, message: 'TOO_LONG' });
    return value;
  };
  const optional = (field: string, max: number) => {
    const value = text(item[field]);
    if (value !== null && value.length > max) errors.push({ field, message: 'TOO_LONG' });
    return value;
  };

  required('recipientName', 150);
  const phone = required('recipientPhone');
  if (phone !== null && !FOXPOST_PHONE.test(phone)) {
    errors.push({ field: 'recipientPhone', message: 'INVALID_FORMAT' });
  }
  const email = required('recipientEmail');
  if (email !== null && !EMAIL.test(email))
    errors.push({ field: 'recipientEmail', message: 'INVALID_FORMAT' });

  const size = required('size');
  if (size !== null && !SIZE.test(size)) errors.push({ field: 'size', message: 'INVALID_FORMAT' });

  if (item.cod !== undefined && item.cod !== null) {
    const cod = item.cod;
    if (typeof cod !== 'number' || !Number.isInteger(cod))
      errors.push({ field: 'cod', message: 'INVALID_FORMAT' });
    else if (cod < 0 || cod > MAX_COD) errors.push({ field: 'cod', message: 'OUT_OF_RANGE' });
  }
  optional('comment', 50);
  optional('deliveryNote', 50);
  optional('refCode', 30);
  const uniqueBarcode = optional('uniqueBarcode', 20);

  const destination = text(item.destination);
  if (destination === null) {
    // Home delivery: the address takes the locker's place.
    required('recipientCity', 25);
    const zip = required('recipientZip');
    if (zip !== null && !HUNGARIAN_ZIP.test(zip))
      errors.push({ field: 'recipientZip', message: 'INVALID_FORMAT' });
    required('recipientAddress', 150);
    optional('recipientCountry', 3);
  }
  return { sendType: destination === null ? 'HD' : 'APM', destination, uniqueBarcode, errors };
}
