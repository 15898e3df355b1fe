import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOXPOST_STAND_IN_ACCOUNT } from '../src/services/parcels/foxpost-config';
import type { StartedFoxpostStandIn } from '../src/stand-ins/foxpost';
import { seedFoxpostPoints, startFoxpost } from '../src/testing';

let db: Database;
let stand: StartedFoxpostStandIn;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedFoxpostPoints(db.prisma);
  ({ stand } = await startFoxpost(db.prisma));
});
afterAll(async () => {
  await stand?.close();
  await db?.close();
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const AUTH = {
  authorization: basic(FOXPOST_STAND_IN_ACCOUNT.username, FOXPOST_STAND_IN_ACCOUNT.password),
  'api-key': FOXPOST_STAND_IN_ACCOUNT.apiKey,
};

function post(path: string, body: unknown, headers: Record<string, string> = AUTH) {
  return fetch(`${stand.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

type Created = {
  valid: boolean;
  parcels: { clFoxId: string | null; errors: { field: string; message: string }[] | null }[];
};

const createParcels = async (parcels: unknown[]) => {
  const response = await post('/api/parcel?isWeb=false', parcels);
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
};

let serial = 0;
const locker = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Teszt János',
  recipientPhone: '+36301234567',
  recipientEmail: 'teszt@example.hu',
  destination: 'hu675',
  size: 'S',
  cod: 0,
  refCode: `REF-${++serial}`,
  ...overrides,
});

describe('the Foxpost stand-in (FoxWeb API)', () => {
  it('refuses a wrong account or API key with 401 ApiError', async () => {
    const wrongUser = await post('/api/parcel?isWeb=false', [locker()], {
      ...AUTH,
      authorization: basic('x', 'y'),
    });
    expect(wrongUser.status).toBe(401);
    expect(await wrongUser.json()).toEqual({
      timestamp: expect.any(String),
      error: 'WRONG_USERNAME_OR_PASSWORD',
      status: 401,
    });
    const wrongKey = await post('/api/parcel?isWeb=false', [locker()], { ...AUTH, 'api-key': 'rossz' });
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as { error: string }).error).toBe('WRONG_API_KEY');
  });

  it('wants isWeb=false (the sandbox rule) and a JSON array', async () => {
    expect((await post('/api/parcel', [locker()])).status).toBe(400);
    const notArray = await post('/api/parcel?isWeb=false', locker());
    expect(notArray.status).toBe(400);
    expect(((await notArray.json()) as { error: string }).error).toBe('INVALID_REQUEST');
    expect((await post('/api/parcel?isWeb=false', '[{')).status).toBe(400);
  });

  it('creates a parcel with a CLFOX barcode', async () => {
    const answer = await createParcels([locker({ size: 'm' })]);
    expect(answer.valid).toBe(true);
    expect(answer.parcels[0]).toMatchObject({
      clFoxId: expect.stringMatching(/^CLFOX\d{10}$/),
      errors: null,
    });
  });

  it('checks every documented rule and creates none of a batch with a refused parcel', async () => {
    const before = await db.prisma.foxpostStandInParcel.count();
    const answer = await createParcels([
      locker(),
      {
        recipientPhone: '06301234567',
        recipientEmail: 'nem-email',
        destination: 'hu9999',
        size: 'XXL',
        cod: 1_000_001,
        refCode: 'R'.repeat(31),
        uniqueBarcode: 'U'.repeat(21),
        comment: 'C'.repeat(51),
      },
    ]);
    expect(answer.valid).toBe(false);
    expect(answer.parcels[0]).toMatchObject({ clFoxId: null, errors: null });
    expect(answer.parcels[1]?.clFoxId).toBeNull();
    expect(answer.parcels[1]?.errors).toEqual(
      expect.arrayContaining([
        { field: 'recipientName', message: 'MISSING' },
        { field: 'recipientPhone', message: 'INVALID_FORMAT' },
        { field: 'recipientEmail', message: 'INVALID_FORMAT' },
        { field: 'size', message: 'INVALID_FORMAT' },
        { field: 'cod', message: 'OUT_OF_RANGE' },
        { field: 'refCode', message: 'TOO_LONG' },
        { field: 'uniqueBarcode', message: 'TOO_LONG' },
        { field: 'comment', message: 'TOO_LONG' },
        { field: 'destination', message: 'INVALID_APM_ID' },
      ]),
    );
    expect(await db.prisma.foxpostStandInParcel.count()).toBe(before);
  });

  it('takes only Hungarian mobile numbers in +36 or 36 form', async () => {
    const phones = [
      '+36301234567',
      '36701234567',
      '+36501234567',
      '06301234567',
      '+36121234567',
      '+3630123456',
    ];
    const answer = await createParcels(phones.map((recipientPhone) => locker({ recipientPhone })));
    const refused = answer.parcels.map((parcel) =>
      (parcel.errors ?? []).some((error) => error.field === 'recipientPhone'),
    );
    expect(refused).toEqual([false, false, false, true, true, true]);
  });

  it('knows only active Foxpost lockers of the shop table', async () => {
    const answer = await createParcels([locker({ destination: 'hu5400' })]);
    expect(answer.parcels[0]?.errors).toEqual([{ field: 'destination', message: 'INVALID_APM_ID' }]);
  });

  it('home delivery needs the address instead of a locker', async () => {
    const missing = await createParcels([locker({ destination: undefined })]);
    expect(missing.parcels[0]?.errors).toEqual([
      { field: 'recipientCity', message: 'MISSING' },
      { field: 'recipientZip', message: 'MISSING' },
      { field: 'recipientAddress', message: 'MISSING' },
    ]);
    const home = await createParcels([
      locker({
        destination: undefined,
        recipientCity: 'Budapest',
        recipientZip: '1097',
        recipientAddress: 'Róbert Károly krt. 12-14',
      }),
    ]);
    expect(home.valid).toBe(true);
    const tracked = await fetch(`${stand.url}/api/tracking/${home.parcels[0]?.clFoxId}`, { headers: AUTH });
    expect(((await tracked.json()) as { sendType: string }).sendType).toBe('HD');
  });

  it('refuses a uniqueBarcode used before, also within one batch', async () => {
    const first = await createParcels([locker({ uniqueBarcode: 'KBTESZT00000001' })]);
    expect(first.valid).toBe(true);
    const again = await createParcels([locker({ uniqueBarcode: 'KBTESZT00000001' })]);
    expect(again.parcels[0]?.errors).toEqual([
      { field: 'uniqueBarcode', message: 'DUPLICATED_UNIQUE_BARCODE' },
    ]);
    const twice = await createParcels([
      locker({ uniqueBarcode: 'KBTESZT00000002' }),
      locker({ uniqueBarcode: 'KBTESZT00000002' }),
    ]);
    expect(twice.parcels[1]?.errors).toEqual([
      { field: 'uniqueBarcode', message: 'DUPLICATED_UNIQUE_BARCODE' },
    ]);
    expect(await db.prisma.foxpostStandInParcel.count({ where: { uniqueBarcode: 'KBTESZT00000002' } })).toBe(
      0,
    );
  });

  it('tracks a parcel by its CLFOX number or the shop barcode: the CREATE trace', async () => {
    const created = await createParcels([locker({ uniqueBarcode: 'KBTESZT00000003' })]);
    const clFoxId = created.parcels[0]?.clFoxId;
    for (const barcode of [clFoxId, 'KBTESZT00000003']) {
      const response = await fetch(`${stand.url}/api/tracking/${barcode}`, { headers: AUTH });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        clFox: clFoxId,
        sendType: 'APM',
        traces: [{ status: 'CREATE', statusDate: expect.any(String), shortName: 'Létrehozva' }],
      });
    }
    expect((await fetch(`${stand.url}/api/tracking/CLFOX0000000000`, { headers: AUTH })).status).toBe(404);
    expect((await fetch(`${stand.url}/api/tracking/${clFoxId}`)).status).toBe(401);
  });

  it('prints the labels as one PDF, a page per barcode in the size asked', async () => {
    const created = await createParcels([
      locker({ cod: 4990 }),
      locker({ uniqueBarcode: 'KBTESZT00000004' }),
    ]);
    const barcodes = [created.parcels[0]?.clFoxId, 'KBTESZT00000004'];
    const response = await post('/api/label/A6', barcodes);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([105, 148]);

    const a7 = await PDFDocument.load(
      new Uint8Array(await (await post('/api/label/A7', [barcodes[0]])).arrayBuffer()),
    );
    expect(Math.round((a7.getPage(0).getSize().width * 25.4) / 72)).toBe(74);
    expect((await post('/api/label/B5', barcodes)).status).toBe(400);
    const unknown = await post('/api/label/A6', ['CLFOX0000000000']);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('INVALID_BARCODE');
  });
});
