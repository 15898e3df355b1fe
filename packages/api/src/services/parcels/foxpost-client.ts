import { endpointOf, reportProviderCallFailed } from '../../observability';
import { CarrierError, type CarrierPort, type ParcelRequest } from './carrier';
import { type FoxpostConfig, foxpostTrackingUrl } from './foxpost-config';

/**
 * Foxpost's FoxWeb API, as far as the shop uses it (its swagger documentation): `POST /parcel?isWeb=false`
 * with a JSON array of CreateParcelRequest, `POST /label/A6` for the label PDF, `GET /tracking/{barcode}`.
 * Every call sends HTTP Basic (the account's user and password) and the `api-key` header. The same code talks
 * to webapi.foxpost.hu, its sandbox and the project's stand-in; only `apiUrl` differs.
 */

const TIMEOUT_MS = 20_000;

/** One parcel of `POST /api/parcel` (CreateParcelRequest). */
export type FoxpostCreateParcelRequest = {
  recipientName: string;
  recipientPhone: string;
  recipientEmail: string;
  /** APM: the locker's operator_id (place_id for Packeta points). */
  destination?: string;
  recipientCity?: string;
  recipientZip?: string;
  recipientAddress?: string;
  recipientCountry?: string;
  size: string;
  cod: number;
  refCode?: string;
  uniqueBarcode?: string;
  comment?: string;
};

type FoxpostFieldError = { field?: unknown; message?: unknown };
type FoxpostCreatedParcel = {
  clFoxId?: unknown;
  barcode?: unknown;
  newBarcode?: unknown;
  errors?: FoxpostFieldError[] | null;
};

export type FoxpostTracking = {
  clFox: string;
  sendType: string | null;
  traces: { statusDate: string; status: string; shortName?: string; longName?: string }[];
};

function headers(config: FoxpostConfig, extra: Record<string, string> = {}): Record<string, string> {
  return {
    authorization: `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`,
    'api-key': config.apiKey,
    ...extra,
  };
}

async function call(config: FoxpostConfig, path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${config.apiUrl.replace(/\/+$/, '')}${path}`, {
      ...init,
      headers: headers(config, init.headers as Record<string, string> | undefined),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    reportProviderCallFailed('foxpost', endpointOf(path));
    throw new CarrierError(`A Foxpost nem válaszolt (${path}): ${String(cause)}`, 'unavailable', null);
  }
}

/** A non-2xx answer: FoxWeb's ApiError `{timestamp, error, status}`, or whatever came. */
async function failure(response: Response, path: string): Promise<CarrierError> {
  reportProviderCallFailed('foxpost', endpointOf(path));
  const text = await response.text().catch(() => '');
  let code: string | null = null;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    code = typeof body.error === 'string' ? body.error : null;
  } catch {
    code = null;
  }
  const kind =
    response.status === 401 || response.status === 403
      ? 'auth'
      : response.status >= 500 || response.status === 429
        ? 'unavailable'
        : 'unexpected';
  return new CarrierError(
    `A Foxpost hibát jelzett (${path}, HTTP ${response.status}${code ? `, ${code}` : ''})`,
    kind,
    response.status,
    [],
    code,
  );
}

function asText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Creates one parcel; a refusal is a CarrierError of kind 'refused' with Foxpost's field errors. */
export async function createFoxpostParcel(
  config: FoxpostConfig,
  request: FoxpostCreateParcelRequest,
): Promise<{ clFoxId: string }> {
  const path = '/parcel?isWeb=false';
  const response = await call(config, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([request]),
  });
  if (!response.ok) throw await failure(response, path);
  let body: { valid?: unknown; parcels?: FoxpostCreatedParcel[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new CarrierError(`A Foxpost nem JSON választ adott (${path})`, 'unexpected', response.status);
  }
  const parcel = Array.isArray(body.parcels) ? body.parcels[0] : undefined;
  const errors = (parcel?.errors ?? []).map((error) => ({
    field: asText(error.field) ?? 'parcel',
    code: asText(error.message) ?? 'INVALID',
  }));
  if (errors.length > 0) {
    throw new CarrierError(
      `A Foxpost elutasította a csomagot: ${errors.map((error) => `${error.field} ${error.code}`).join(', ')}`,
      'refused',
      response.status,
      errors,
    );
  }
  const clFoxId = asText(parcel?.clFoxId) ?? asText(parcel?.newBarcode) ?? asText(parcel?.barcode);
  if (!clFoxId || body.valid === false) {
    throw new CarrierError(`A Foxpost válaszában nincs csomagszám (${path})`, 'unexpected', response.status);
  }
  return { clFoxId };
}

/** The parcel's traces; null when Foxpost knows no parcel by that barcode (CLFOX or the shop's own). */
export async function trackFoxpostParcel(
  config: FoxpostConfig,
  barcode: string,
): Promise<FoxpostTracking | null> {
  const path = `/tracking/${encodeURIComponent(barcode)}`;
  const response = await call(config, path, { method: 'GET' });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw await failure(response, path);
  const body = (await response.json().catch(() => null)) as Partial<FoxpostTracking> | null;
  const clFox = asText(body?.clFox);
  if (!clFox) return null;
  return { clFox, sendType: asText(body?.sendType), traces: Array.isArray(body?.traces) ? body.traces : [] };
}

/** The labels of the parcels as one PDF, an A6 page each. */
export async function foxpostLabels(config: FoxpostConfig, barcodes: readonly string[]): Promise<Uint8Array> {
  const path = '/label/A6';
  const response = await call(config, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/pdf' },
    body: JSON.stringify(barcodes),
  });
  if (!response.ok) throw await failure(response, path);
  const pdf = new Uint8Array(await response.arrayBuffer());
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-') {
    throw new CarrierError(`A Foxpost címkéje nem PDF (${path})`, 'unexpected', response.status);
  }
  return pdf;
}

/** Foxpost as the shop's carrier port. */
export function foxpostCarrier(config: FoxpostConfig): CarrierPort {
  return {
    carrier: 'foxpost',
    async createParcel(parcel: ParcelRequest) {
      const request: FoxpostCreateParcelRequest = {
        recipientName: parcel.recipient.name,
        recipientPhone: parcel.recipient.phone,
        recipientEmail: parcel.recipient.email,
        size: parcel.size,
        cod: parcel.cod,
        refCode: parcel.reference,
        ...(parcel.destination.kind === 'point'
          ? { destination: parcel.destination.pointId, uniqueBarcode: parcel.uniqueBarcode }
          : {
              recipientZip: parcel.destination.postcode,
              recipientCity: parcel.destination.city,
              recipientAddress: parcel.destination.street,
              recipientCountry: 'HU',
            }),
      };
      const { clFoxId } = await createFoxpostParcel(config, request);
      return { parcelNumber: clFoxId };
    },
    async findParcel(barcode) {
      return (await trackFoxpostParcel(config, barcode))?.clFox ?? null;
    },
    labels: (parcelNumbers) => foxpostLabels(config, parcelNumbers),
    trackingUrl: (parcelNumber) => foxpostTrackingUrl(config, parcelNumber),
  };
}
