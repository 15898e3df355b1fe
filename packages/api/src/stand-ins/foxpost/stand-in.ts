import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Prisma, type PrismaClient } from '@shop/db';
import { normalizeBasePath } from '../serve';
import { LABEL_PAGE_SIZES, type LabelData, type LabelPageSize, renderLabels } from './label-pdf';
import { renderTrackingPage } from './tracking-page';
import {
  type FieldError,
  type ParcelRequestItem,
  type ValidatedParcel,
  validateParcelRequest,
} from './validation';

/**
 * The project's stand-in for Foxpost's FoxWeb API, speaking its protocol so the shop's
 * Foxpost adapter talks to it exactly as to webapi.foxpost.hu:
 * - every `/api/…` call needs HTTP Basic (the account's user and password) and the `api-key` header;
 *   a wrong one is a 401 `ApiError {timestamp, error, status}`;
 * - `POST /api/parcel?isWeb=false` takes a JSON array of CreateParcelRequest and answers 201
 *   `{valid, parcels}`: each parcel with its `clFoxId` (CLFOX…), or, when any parcel is refused, none
 *   created and each refused one with its `errors: [{field, message}]` (INVALID_APM_ID for a destination
 *   that is not an active Foxpost locker in the shop's PickupPoint table, DUPLICATED_UNIQUE_BARCODE for a
 *   uniqueBarcode already used);
 * - `POST /api/label/{A5|A6|A7|_85X85}` with a JSON array of barcodes answers the labels as one PDF;
 * - `GET /api/tracking/{barcode}` answers the parcel's traces (CREATE), `DELETE /api/parcel/{barcode}`
 *   removes a parcel; a barcode is the CLFOX number or the shop's uniqueBarcode;
 * - `GET /csomagkovetes/?code=…` is the public tracking page the shop's e-mails link to.
 * Parcels live in the FoxpostStandInParcel table, so a uniqueBarcode makes one parcel across restarts
 * and servers.
 */

export type FoxpostStandInOptions = {
  prisma: PrismaClient;
  username: string;
  password: string;
  apiKey: string;
  /** The path prefix served, e.g. `/_foxpost` inside the shop server; '' when standalone. */
  basePath?: string;
  now?: () => Date;
};

export interface FoxpostStandIn {
  /** Serves every route under basePath; answers false (and does nothing) for a path outside it. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /**
   * Test hook: the next `count` parcel creations are carried out and then the connection is dropped
   * before the answer, as when an answer is lost on the way back.
   */
  loseNextCreateAnswers(count?: number): void;
}

type ApiErrorCode =
  | 'WRONG_USERNAME_OR_PASSWORD'
  | 'WRONG_API_KEY'
  | 'INVALID_REQUEST'
  | 'IS_WEB_MUST_BE_FALSE'
  | 'INVALID_PAGE_SIZE'
  | 'INVALID_BARCODE'
  | 'PARCEL_NOT_FOUND'
  | 'NOT_FOUND';

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiErrorCode,
  ) {
    super(error);
  }
}

const MAX_BODY_BYTES = 1_000_000;
const MAX_PARCELS_PER_CALL = 100;
/** The `traces` a parcel has before it reaches a locker: only its creation. */
const CREATE_TRACE = {
  status: 'CREATE',
  shortName: 'Létrehozva',
  longName: 'A csomag adatai beérkeztek a Foxpost rendszerébe, a feladásra vár.',
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(400, 'INVALID_REQUEST');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJsonArray(req: IncomingMessage): Promise<unknown[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBody(req));
  } catch {
    throw new ApiError(400, 'INVALID_REQUEST');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_PARCELS_PER_CALL) {
    throw new ApiError(400, 'INVALID_REQUEST');
  }
  return parsed;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** CLFOX and ten random digits: random, so a stand-in restarted on an old database never repeats one. */
function newClFoxId(): string {
  return `CLFOX${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}

type StoredParcel = {
  clFoxId: string;
  uniqueBarcode: string | null;
  sendType: string;
  request: Prisma.JsonValue;
  createdAt: Date;
};

const storedParcelSelect = {
  clFoxId: true,
  uniqueBarcode: true,
  sendType: true,
  request: true,
  createdAt: true,
} as const;

export function createFoxpostStandIn(options: FoxpostStandInOptions): FoxpostStandIn {
  const { prisma } = options;
  const now = options.now ?? (() => new Date());
  const basePath = normalizeBasePath(options.basePath);
  const expectedAuthorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  let answersToLose = 0;

  function authenticate(req: IncomingMessage): void {
    if (headerValue(req, 'authorization') !== expectedAuthorization) {
      throw new ApiError(401, 'WRONG_USERNAME_OR_PASSWORD');
    }
    if (headerValue(req, 'api-key') !== options.apiKey) throw new ApiError(401, 'WRONG_API_KEY');
  }

  function findParcel(barcode: string): Promise<StoredParcel | null> {
    return prisma.foxpostStandInParcel.findFirst({
      where: { OR: [{ clFoxId: barcode }, { uniqueBarcode: barcode }] },
      select: storedParcelSelect,
    });
  }

  /** The Foxpost lockers among the destinations: active points of carrier "foxpost" in the shop's table. */
  async function knownLockers(
    ids: string[],
  ): Promise<Map<string, { name: string; postcode: string; city: string; street: string }>> {
    if (ids.length === 0) return new Map();
    const points = await prisma.pickupPoint.findMany({
      where: { carrier: 'foxpost', externalId: { in: ids }, active: true },
      select: { externalId: true, name: true, postcode: true, city: true, street: true },
    });
    return new Map(points.map((point) => [point.externalId, point]));
  }

  async function createParcels(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    authenticate(req);
    if (url.searchParams.get('isWeb') !== 'false') throw new ApiError(400, 'IS_WEB_MUST_BE_FALSE');
    const items = await readJsonArray(req);
    if (!items.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) {
      throw new ApiError(400, 'INVALID_REQUEST');
    }
    const requests = items as ParcelRequestItem[];
    const validated: ValidatedParcel[] = requests.map(validateParcelRequest);

    const lockers = await knownLockers(
      validated.flatMap((parcel) => (parcel.destination === null ? [] : [parcel.destination])),
    );
    const barcodes = validated.flatMap((parcel) => (parcel.uniqueBarcode ? [parcel.uniqueBarcode] : []));
    const taken = new Set(
      (
        await prisma.foxpostStandInParcel.findMany({
          where: { uniqueBarcode: { in: barcodes } },
          select: { uniqueBarcode: true },
        })
      ).map((row) => row.uniqueBarcode),
    );
    const seen = new Set<string>();
    for (const parcel of validated) {
      if (parcel.destination !== null && !lockers.has(parcel.destination)) {
        parcel.errors.push({ field: 'destination', message: 'INVALID_APM_ID' });
      }
      if (parcel.uniqueBarcode && (taken.has(parcel.uniqueBarcode) || seen.has(parcel.uniqueBarcode))) {
        parcel.errors.push({ field: 'uniqueBarcode', message: 'DUPLICATED_UNIQUE_BARCODE' });
      }
      if (parcel.uniqueBarcode) seen.add(parcel.uniqueBarcode);
    }

    if (validated.some((parcel) => parcel.errors.length > 0)) {
      return sendJson(res, 201, {
        valid: false,
        parcels: requests.map((request, index) => refusedParcel(request, validated[index]?.errors ?? [])),
      });
    }

    const created = await storeParcels(requests, validated);
    if (!created) {
      // Another call took a uniqueBarcode between the check and the insert.
      return sendJson(res, 201, {
        valid: false,
        parcels: requests.map((request, index) =>
          refusedParcel(
            request,
            validated[index]?.uniqueBarcode
              ? [{ field: 'uniqueBarcode', message: 'DUPLICATED_UNIQUE_BARCODE' }]
              : [],
          ),
        ),
      });
    }
    if (answersToLose > 0) {
      answersToLose -= 1;
      res.destroy();
      return;
    }
    sendJson(res, 201, {
      valid: true,
      parcels: requests.map((request, index) => ({
        ...request,
        clFoxId: created[index],
        barcode: null,
        errors: null,
      })),
    });
  }

  function refusedParcel(request: ParcelRequestItem, errors: FieldError[]) {
    return { ...request, clFoxId: null, barcode: null, errors: errors.length > 0 ? errors : null };
  }

  /** All or none, in one transaction; null when a uniqueBarcode was taken meanwhile. */
  async function storeParcels(
    requests: ParcelRequestItem[],
    validated: ValidatedParcel[],
  ): Promise<string[] | null> {
    try {
      return await prisma.$transaction(async (tx) => {
        const ids: string[] = [];
        for (const [index, request] of requests.entries()) {
          const parcel = validated[index]!;
          const clFoxId = newClFoxId();
          await tx.foxpostStandInParcel.create({
            data: {
              clFoxId,
              uniqueBarcode: parcel.uniqueBarcode,
              sendType: parcel.sendType,
              request: request as Prisma.InputJsonObject,
              createdAt: now(),
            },
            select: { id: true },
          });
          ids.push(clFoxId);
        }
        return ids;
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
      throw error;
    }
  }

  async function labelData(parcel: StoredParcel): Promise<LabelData> {
    const request = (parcel.request ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof request[name] === 'string' ? (request[name] as string) : '');
    let destinationLines: string[];
    if (parcel.sendType === 'APM') {
      const destination = field('destination');
      const locker = (await knownLockers([destination])).get(destination);
      destinationLines = locker
        ? [
            `Csomagautomata: ${destination}`,
            locker.name,
            `${locker.postcode} ${locker.city}, ${locker.street}`,
          ]
        : [`Csomagautomata: ${destination}`];
    } else {
      destinationLines = [
        'Házhozszállítás',
        `${field('recipientZip')} ${field('recipientCity')}`,
        field('recipientAddress'),
      ];
    }
    return {
      barcode: parcel.uniqueBarcode ?? parcel.clFoxId,
      clFoxId: parcel.clFoxId,
      recipientName: field('recipientName'),
      recipientPhone: field('recipientPhone'),
      destinationLines,
      refCode: field('refCode') || null,
      cod: typeof request.cod === 'number' ? request.cod : 0,
      size: field('size') || 'S',
      createdAt: parcel.createdAt,
    };
  }

  async function labels(req: IncomingMessage, res: ServerResponse, pageSize: string): Promise<void> {
    authenticate(req);
    if (!(pageSize in LABEL_PAGE_SIZES)) throw new ApiError(400, 'INVALID_PAGE_SIZE');
    const barcodes = await readJsonArray(req);
    const parcels: StoredParcel[] = [];
    for (const barcode of barcodes) {
      const parcel = typeof barcode === 'string' ? await findParcel(barcode) : null;
      if (!parcel) throw new ApiError(400, 'INVALID_BARCODE');
      parcels.push(parcel);
    }
    const pdf = await renderLabels(await Promise.all(parcels.map(labelData)), pageSize as LabelPageSize);
    res.writeHead(200, { 'content-type': 'application/pdf', 'cache-control': 'no-store' });
    res.end(Buffer.from(pdf));
  }

  function tracking(parcel: StoredParcel) {
    return {
      clFox: parcel.clFoxId,
      parcelType: 'NORMAL',
      sendType: parcel.sendType,
      traces: [{ statusDate: parcel.createdAt.toISOString(), ...CREATE_TRACE }],
      estimatedDelivery: null,
    };
  }

  async function serve(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/api/parcel') return createParcels(req, res, url);
    const label = /^\/api\/label\/([^/]+)$/.exec(path);
    if (method === 'POST' && label) return labels(req, res, decodeURIComponent(label[1] ?? ''));
    const tracked = /^\/api\/tracking\/([^/]+)$/.exec(path);
    if (method === 'GET' && tracked) {
      authenticate(req);
      const parcel = await findParcel(decodeURIComponent(tracked[1] ?? ''));
      if (!parcel) throw new ApiError(404, 'PARCEL_NOT_FOUND');
      return sendJson(res, 200, tracking(parcel));
    }
    const removed = /^\/api\/parcel\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && removed) {
      authenticate(req);
      const parcel = await findParcel(decodeURIComponent(removed[1] ?? ''));
      if (!parcel) throw new ApiError(400, 'PARCEL_NOT_FOUND');
      await prisma.foxpostStandInParcel.deleteMany({ where: { clFoxId: parcel.clFoxId } });
      res.writeHead(204).end();
      return;
    }
    if (method === 'GET' && (path === '/csomagkovetes' || path === '/csomagkovetes/')) {
      const code = url.searchParams.get('code')?.trim() ?? '';
      const parcel = code ? await findParcel(code) : null;
      res.writeHead(parcel ? 200 : 404, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(renderTrackingPage(code, parcel ? tracking(parcel) : null));
      return;
    }
    throw new ApiError(404, 'NOT_FOUND');
  }

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
      const path =
        basePath === ''
          ? url.pathname
          : url.pathname.startsWith(`${basePath}/`)
            ? url.pathname.slice(basePath.length)
            : null;
      if (path === null) return false;
      try {
        await serve(req, res, path, url);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (!res.headersSent) {
          sendJson(res, error.status, {
            timestamp: now().toISOString(),
            error: error.error,
            status: error.status,
          });
        }
      }
      return true;
    },
    loseNextCreateAnswers(count = 1) {
      answersToLose += count;
    },
  };
}
