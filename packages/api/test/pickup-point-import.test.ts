import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import {
  foxpostPointId,
  importPickupPoints,
  loadFeed,
  parseFoxpostFeed,
  parseGlsFeed,
  parseMplFeed,
  parsePacketaFeed,
  runPickupFeedsOnce,
  searchPickupPoints,
} from '../src/services/pickup-points';

const SAMPLE = { source: 'sample' } as const;

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('Foxpost foxplus.json', () => {
  it('reads every locker of the shipped sample, the closed one inactive', async () => {
    const points = await loadFeed(SAMPLE, 'foxpost');
    expect(points).toHaveLength(43);
    expect(points.filter((point) => !point.active).map((point) => point.name)).toEqual([
      'FOXPOST A-BOX Budapest Nyugati tér',
    ]);
    expect(new Set(points.map((point) => point.externalId)).size).toBe(points.length);
  });

  it('names a point by operator_id, by place_id for Packeta variants and when operator_id is empty', async () => {
    expect(foxpostPointId({ operator_id: 'hu675', place_id: '574160', variant: 'FOXPOST A-BOX' })).toBe(
      'hu675',
    );
    expect(foxpostPointId({ operator_id: 'hu1447', place_id: '574803', variant: 'Packeta Z-BOX' })).toBe(
      '574803',
    );
    expect(foxpostPointId({ operator_id: 'hu9', place_id: '574618', variant: 'Packeta Z-Pont' })).toBe(
      '574618',
    );
    expect(foxpostPointId({ operator_id: '', place_id: '574877', variant: 'FOXPOST A-BOX' })).toBe('574877');

    const byName = new Map((await loadFeed(SAMPLE, 'foxpost')).map((point) => [point.name, point]));
    expect(byName.get('Packeta Z-BOX Budapest Zugló Bosnyák tér')?.externalId).toBe('574803');
    expect(byName.get('FOXPOST A-BOX Budapest Mátyásföld Veres Péter út')?.externalId).toBe('574877');
    expect(byName.get('FOXPOST A-BOX Budapest Újbuda Bartók Béla út')?.externalId).toBe('hu1343');
  });

  it('turns the Hungarian weekday hours into days 1–7, a closed Sunday left out, findme into plain text', () => {
    const [point] = parseFoxpostFeed([
      {
        place_id: '1',
        operator_id: 'hu1',
        name: 'FOXPOST A-BOX Teszt',
        zip: '1117',
        city: 'Budapest',
        street: 'Teszt utca 1.',
        geolat: '47.47',
        geolng: 19.05,
        findme: '<p>A bejárattól <b>balra</b>&nbsp;&amp; fent.</p>',
        open: {
          hetfo: '07:00-21:00',
          kedd: '07:00-21:00',
          szerda: '07:00-21:00',
          csutortok: '07:00-21:00',
          pentek: '07:00-21:00',
          szombat: '08:00-12:00, 13:00-18:00',
          vasarnap: '',
        },
        variant: 'FOXPOST A-BOX',
        closeDate: null,
      },
    ]);
    expect(point?.hours).toEqual([
      ...[1, 2, 3, 4, 5].map((day) => ({ day, open: '07:00', close: '21:00' })),
      { day: 6, open: '08:00', close: '12:00' },
      { day: 6, open: '13:00', close: '18:00' },
    ]);
    expect(point?.findMe).toBe('A bejárattól balra & fent.');
    expect(point).toMatchObject({ lat: 47.47, lng: 19.05, active: true, kind: 'FOXPOST A-BOX' });
  });

  it('reads an all-day locker as open 00:00–24:00 every day', async () => {
    const point = (await loadFeed(SAMPLE, 'foxpost')).find((entry) => entry.externalId === 'hu1200');
    expect(point?.hours).toHaveLength(7);
    expect(point?.hours[6]).toEqual({ day: 7, open: '00:00', close: '24:00' });
  });

  it('refuses a feed that is not a list', () => {
    expect(() => parseFoxpostFeed({ error: 'x' })).toThrow(/tömb/);
  });
});

describe('the other carriers', () => {
  it('Packeta v5: branches and Z-BOXes, a temporarily closed branch inactive, hours with two ranges', async () => {
    const points = await loadFeed(SAMPLE, 'packeta');
    expect(points).toHaveLength(14);
    expect(points.filter((point) => point.kind === 'Z-BOX')).toHaveLength(4);
    expect(points.filter((point) => !point.active).map((point) => point.externalId)).toEqual(['22398']);
    const paperShop = points.find((point) => point.externalId === '20877');
    expect(paperShop?.hours.filter((range) => range.day === 1)).toEqual([
      { day: 1, open: '09:00', close: '12:00' },
      { day: 1, open: '13:00', close: '18:00' },
    ]);
    expect(paperShop?.hours.some((range) => range.day === 7)).toBe(false);
    expect(parsePacketaFeed([{ id: '9', name: 'Praha', country: 'cz' }], [])).toEqual([]);
  });

  it('GLS {items}: ids, [lat, lng], [weekday, open, close] hours, lockers told apart', async () => {
    const points = await loadFeed(SAMPLE, 'gls');
    expect(points).toHaveLength(12);
    const locker = points.find((point) => point.externalId === '1117-CSOMAGAUTOMATA01');
    expect(locker).toMatchObject({
      kind: 'GLS Csomagautomata',
      postcode: '1117',
      lat: 47.4727,
      lng: 19.0618,
    });
    expect(locker?.hours[0]).toEqual({ day: 1, open: '00:00', close: '24:00' });
    expect(() => parseGlsFeed([])).toThrow(/items/);
  });

  it('MPL deliveryplace: keyed by type and exact name, one point per place', async () => {
    const points = await loadFeed(SAMPLE, 'mpl');
    expect(points).toHaveLength(12);
    expect(points.map((point) => point.externalId)).toContain('PP:Budapest 62 posta');
    expect(points.find((point) => point.externalId === 'CS:Csomagautomata Budapest Kopaszi gát')?.kind).toBe(
      'CS',
    );
    expect(points.find((point) => point.externalId === 'PM:Budapest 45 posta')?.kind).toBe('PM');
    expect(
      parseMplFeed([{ deliveryplacesQueryResult: { deliveryplace: 'X' }, servicePointType: ['XX'] }]),
    ).toEqual([]);
  });
});

describe('importing into the table', () => {
  it('imports every carrier once per interval, however many servers run the schedule', async () => {
    const cache = new VersionedCache(db.prisma);
    const now = () => new Date('2026-11-27T10:00:00Z');
    const runs = await Promise.all([
      runPickupFeedsOnce({ prisma: db.prisma, cache, settings: SAMPLE }, now),
      runPickupFeedsOnce({ prisma: db.prisma, cache: new VersionedCache(db.prisma), settings: SAMPLE }, now),
    ]);
    expect(runs.flatMap((run) => run.imported).sort()).toEqual(['foxpost', 'gls', 'mpl', 'packeta']);
    expect(await runPickupFeedsOnce({ prisma: db.prisma, settings: SAMPLE }, now)).toEqual({
      imported: [],
      failed: [],
    });
    // An hour later Foxpost is due again, the daily feeds are not.
    const later = () => new Date('2026-11-27T11:00:01Z');
    expect((await runPickupFeedsOnce({ prisma: db.prisma, settings: SAMPLE }, later)).imported).toEqual([
      'foxpost',
    ]);

    const counts = await db.prisma.pickupPoint.groupBy({
      by: ['carrier', 'active'],
      _count: { _all: true },
      orderBy: [{ carrier: 'asc' }, { active: 'asc' }],
    });
    expect(counts.map((row) => [row.carrier, row.active, row._count._all])).toEqual([
      ['foxpost', false, 1],
      ['foxpost', true, 42],
      ['gls', true, 12],
      ['mpl', true, 12],
      ['packeta', false, 1],
      ['packeta', true, 13],
    ]);
    const feed = await db.prisma.pickupPointFeed.findUniqueOrThrow({ where: { carrier: 'foxpost' } });
    expect(feed).toMatchObject({ pointCount: 42, lastError: null });
    const stored = await db.prisma.pickupPoint.findUniqueOrThrow({
      where: { carrier_externalId: { carrier: 'foxpost', externalId: 'hu1356' } },
    });
    expect(stored.searchText).toBe(
      'foxpost a-box budapest ujbuda oktober huszonharmadika utca 1117 budapest oktober huszonharmadika utca 8.',
    );
  });

  it('a re-import deactivates a vanished point, revives one that returns, and search stops offering it', async () => {
    const cache = new VersionedCache(db.prisma);
    const deps = { prisma: db.prisma, cache };
    const points = await loadFeed(SAMPLE, 'gls');
    const vanished = points.find((point) => point.externalId === '1066-CSOMAGPONT01')!;
    const search = () => searchPickupPoints(deps, { carrier: 'gls', query: '1066' });
    expect((await search()).items.map((point) => point.id)).toEqual(['1066-CSOMAGPONT01']);

    const result = await importPickupPoints(
      deps,
      'gls',
      points.filter((point) => point !== vanished),
    );
    expect(result).toEqual({ active: 11, deactivated: 1 });
    expect((await search()).items).toEqual([]);
    const row = await db.prisma.pickupPoint.findUniqueOrThrow({
      where: { carrier_externalId: { carrier: 'gls', externalId: vanished.externalId } },
    });
    expect(row.active).toBe(false);

    expect(await importPickupPoints(deps, 'gls', points)).toEqual({ active: 12, deactivated: 0 });
    expect((await search()).items).toHaveLength(1);
  });

  it('keeps the old points when a feed comes back empty, and records the failure for a retry', async () => {
    await expect(importPickupPoints({ prisma: db.prisma }, 'mpl', [])).rejects.toThrow(/üres/);
    expect(await db.prisma.pickupPoint.count({ where: { carrier: 'mpl', active: true } })).toBe(12);

    const failing = {
      source: 'live' as const,
      fetch: (async () => new Response('nem elérhető', { status: 503 })) as typeof fetch,
    };
    const run = await runPickupFeedsOnce(
      { prisma: db.prisma, settings: failing },
      () => new Date('2026-11-28T12:00:00Z'),
    );
    // Live Packeta and MPL need accounts, so only the public feeds were tried.
    expect(run).toEqual({ imported: [], failed: ['foxpost', 'gls'] });
    const feed = await db.prisma.pickupPointFeed.findUniqueOrThrow({ where: { carrier: 'gls' } });
    expect(feed.lastError).toMatch(/503/);
    expect(await db.prisma.pickupPoint.count({ where: { carrier: 'gls', active: true } })).toBe(12);
    // A failed feed is tried again after 15 minutes, not after a day.
    const samples = path.join(import.meta.dirname, '../src/services/pickup-points/samples');
    const working = {
      source: 'live' as const,
      fetch: (async (url: string) =>
        new Response(
          readFileSync(path.join(samples, url.includes('foxpost') ? 'foxplus.json' : 'gls-hu.json')),
        )) as unknown as typeof fetch,
    };
    const tooSoon = await runPickupFeedsOnce(
      { prisma: db.prisma, settings: working },
      () => new Date('2026-11-28T12:10:00Z'),
    );
    expect(tooSoon.imported).toEqual([]);
    const retry = await runPickupFeedsOnce(
      { prisma: db.prisma, settings: working },
      () => new Date('2026-11-28T12:16:00Z'),
    );
    expect(retry.imported).toEqual(['foxpost', 'gls']);
    expect(
      (await db.prisma.pickupPointFeed.findUniqueOrThrow({ where: { carrier: 'gls' } })).lastError,
    ).toBeNull();
  });

  it('reads the live Foxpost URL when configured live', async () => {
    const asked: string[] = [];
    const live = {
      source: 'live' as const,
      fetch: (async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify([{ place_id: '1', operator_id: 'hu1', name: 'FOXPOST A-BOX X' }]));
      }) as unknown as typeof fetch,
    };
    const points = await loadFeed(live, 'foxpost');
    expect(asked).toEqual(['https://cdn.foxpost.hu/foxplus.json']);
    expect(points.map((point) => point.externalId)).toEqual(['hu1']);
  });
});
