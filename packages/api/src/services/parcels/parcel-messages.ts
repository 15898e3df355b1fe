import { DomainError } from '../../errors';
import type { CarrierError, CarrierFieldError } from './carrier';

/**
 * What a carrier's refusal means, in Hungarian, for the admin who pressed "Csomag feladása": each
 * message names the field (Foxpost's own name in brackets, as its documentation calls it) and what to
 * do. A refused parcel is a 400 with one issue per field; a refused account a 409; no answer a 503.
 */

export type ParcelContext = {
  /** The phone number as the order has it (before it was put into +36 form). */
  phone: string | null;
  point: { id: string; name: string } | null;
};

const FIELD_NAMES: Record<string, string> = {
  recipientName: 'a címzett neve',
  recipientPhone: 'a címzett telefonszáma',
  recipientEmail: 'a címzett e-mail-címe',
  destination: 'a csomagautomata',
  recipientZip: 'a címzett irányítószáma',
  recipientCity: 'a címzett települése',
  recipientAddress: 'a címzett címe',
  recipientCountry: 'a címzett országa',
  size: 'a csomag mérete',
  cod: 'az utánvét összege',
  refCode: 'a hivatkozási szám',
  uniqueBarcode: 'a csomag saját vonalkódja',
  comment: 'a megjegyzés',
};

const CODE_NAMES: Record<string, string> = {
  MISSING: 'hiányzik',
  INVALID_FORMAT: 'formátuma hibás',
  TOO_LONG: 'túl hosszú',
  OUT_OF_RANGE: 'a megengedett tartományon kívül esik',
};

export const PARCEL_ACCOUNT_REFUSED =
  'A Foxpost nem fogadta el a bolt fiókját (felhasználónév, jelszó vagy API-kulcs), a csomag nem jött létre. Ellenőrizd a Beállítások › Futárszolgálatok oldalon.';
export const PARCEL_CARRIER_UNAVAILABLE =
  'A Foxpost most nem érhető el, vagy nem kaptunk tőle választ. Próbáld újra néhány perc múlva: az újrapróbálás nem ad fel második csomagot.';

function fieldMessage(error: CarrierFieldError, context: ParcelContext): string {
  const { field, code } = error;
  if (field === 'recipientPhone' && code === 'MISSING') {
    return 'A rendelésen nincs telefonszám, a Foxpost pedig csak magyar mobilszámmal ad fel csomagot (recipientPhone). Kérd el a vásárló mobilszámát.';
  }
  if (field === 'recipientPhone') {
    return `A címzett telefonszáma (${context.phone ?? 'üres'}) nem magyar mobilszám: a Foxpost csak +36 20, 30, 31, 50, 51 vagy 70 kezdetű számra ad fel csomagot (recipientPhone: ${code}).`;
  }
  if (field === 'destination' && code === 'INVALID_APM_ID') {
    const point = context.point ? ` („${context.point.name}”, ${context.point.id})` : '';
    return `A Foxpost nem ismeri a rendelés csomagautomatáját${point}, vagy az már megszűnt (destination: INVALID_APM_ID). Egyeztess a vásárlóval egy másik automatáról.`;
  }
  if (field === 'uniqueBarcode' && code === 'DUPLICATED_UNIQUE_BARCODE') {
    return 'A Foxpostnál már van csomag ennek a rendelésnek a saját vonalkódjával (uniqueBarcode: DUPLICATED_UNIQUE_BARCODE), ezért második csomag nem adható fel hozzá.';
  }
  if (field === 'cod' && code === 'OUT_OF_RANGE') {
    return 'Az utánvét összege (cod) a Foxpostnál legfeljebb 1 000 000 Ft lehet.';
  }
  if (field === 'recipientEmail') {
    return `A címzett e-mail-címét a Foxpost nem fogadta el (recipientEmail: ${code}).`;
  }
  const name = FIELD_NAMES[field] ?? 'a csomag egyik adata';
  const reason = CODE_NAMES[code] ?? 'nem fogadta el';
  return `A Foxpost szerint ${name} ${reason} (${field}: ${code}).`;
}

/** The Hungarian error for a failed carrier call. */
export function parcelError(error: CarrierError, context: ParcelContext): DomainError {
  if (error.kind === 'refused') {
    const issues = error.fieldErrors.map((fieldError) => ({
      path: fieldError.field,
      message: fieldMessage(fieldError, context),
    }));
    const message = issues.map((issue) => issue.message).join(' ');
    const onlyDuplicate = error.fieldErrors.every(
      (fieldError) => fieldError.code === 'DUPLICATED_UNIQUE_BARCODE',
    );
    return new DomainError(
      issues.length > 0 && onlyDuplicate ? 'conflict' : 'invalid_input',
      message || 'A Foxpost elutasította a csomagot.',
      issues,
      { cause: error },
    );
  }
  if (error.kind === 'auth')
    return new DomainError('conflict', PARCEL_ACCOUNT_REFUSED, undefined, { cause: error });
  return new DomainError('unavailable', PARCEL_CARRIER_UNAVAILABLE, undefined, { cause: error });
}
