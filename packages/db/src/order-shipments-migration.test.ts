import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from './paths';
import { createPGlite } from './pglite';
import { noFilters, readMigrationList, withSchemaEngine } from './schema-engine';

const MIGRATION = '20261129102621_order_shipments';

/**
 * The upgrade to several tracking numbers per order, run on a shop that already holds numbers: each
 * order's number and each parcel's become shipments, and nothing moves in the order change feed.
 */
describe(`migration ${MIGRATION}`, () => {
  let pglite: PGlite;

  beforeAll(async () => {
    pglite = await createPGlite();
    const all = await readMigrationList();
    const earlier = {
      ...all,
      migrationDirectories: all.migrationDirectories.filter((entry) => entry.path < MIGRATION),
    };
    await withSchemaEngine(new PrismaPGlite(pglite), (engine) =>
      engine.applyMigrations({ filters: noFilters, migrationsList: earlier }),
    );
    const order = (id: number, trackingNumber: string | null) =>
      `(${id}, '2026-00000${id}', 'hash${id}', 'aszf', 'v${id}@example.hu', 'Anna', 'Kovács', 'Kovács Anna',
        '1137', 'Budapest', 'Pozsonyi út 1.', 'GLS futár', 0, 'Utánvét', 'cash_on_delivery', 0, 1000, 213, 1000,
        ${trackingNumber === null ? 'NULL' : `'${trackingNumber}'`}, 'shipped', now())`;
    await pglite.exec(`
      INSERT INTO "Order" (id, number, "accessKeyHash", "termsVersion", email, "firstName", "lastName",
        "billingName", "billingPostcode", "billingCity", "billingStreet", "shippingMethodName", "shippingFee",
        "paymentMethodName", "paymentProvider", "paymentFee", "itemsTotal", "vatTotal", "grandTotal",
        "trackingNumber", status, "updatedAt")
      VALUES ${[order(1, 'GLS-1'), order(2, 'CLFOX2'), order(3, 'MPL-3'), order(4, null), order(5, null)].join(', ')}`);
    await pglite.exec(`
      INSERT INTO "OrderStatusChange" ("orderId", "toStatus", "trackingNumber", "createdAt")
      VALUES (1, 'shipped', 'GLS-1', '2026-11-20T10:00:00Z')`);
    await pglite.exec(`
      INSERT INTO "Parcel" ("orderId", carrier, "parcelNumber", "trackingUrl") VALUES
        (2, 'foxpost', 'CLFOX2', 'https://foxpost.hu/k?code=CLFOX2'),
        (3, 'foxpost', 'CLFOX3', 'https://foxpost.hu/k?code=CLFOX3'),
        (4, 'foxpost', 'CLFOX4', 'https://foxpost.hu/k?code=CLFOX4')`);
    const sql = await readFile(join(migrationsDir, MIGRATION, 'migration.sql'), 'utf8');
    // Split at each semicolon, as @prisma/adapter-pg runs a migration on PostgreSQL.
    for (const statement of sql
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)) {
      await pglite.exec(statement);
    }
  }, 120_000);
  afterAll(() => pglite?.close());

  it('keeps every number: the order’s own first, with its parcel’s carrier and link when they match', async () => {
    const { rows } = await pglite.query<{
      orderId: number;
      trackingNumber: string;
      carrier: string | null;
      trackingUrl: string | null;
      createdAt: Date;
    }>(
      `SELECT "orderId", "trackingNumber", carrier, "trackingUrl", "createdAt" FROM "OrderShipment" ORDER BY id`,
    );
    expect(rows.map(({ createdAt: _at, ...row }) => row)).toEqual([
      { orderId: 1, trackingNumber: 'GLS-1', carrier: null, trackingUrl: null },
      {
        orderId: 2,
        trackingNumber: 'CLFOX2',
        carrier: 'foxpost',
        trackingUrl: 'https://foxpost.hu/k?code=CLFOX2',
      },
      { orderId: 3, trackingNumber: 'MPL-3', carrier: null, trackingUrl: null },
      {
        orderId: 3,
        trackingNumber: 'CLFOX3',
        carrier: 'foxpost',
        trackingUrl: 'https://foxpost.hu/k?code=CLFOX3',
      },
      {
        orderId: 4,
        trackingNumber: 'CLFOX4',
        carrier: 'foxpost',
        trackingUrl: 'https://foxpost.hu/k?code=CLFOX4',
      },
    ]);
    expect(rows[0]?.createdAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it('keeps Order.trackingNumber as the first number, filling it from the parcel where it was empty', async () => {
    const { rows } = await pglite.query<{ id: number; trackingNumber: string | null }>(
      `SELECT id, "trackingNumber" FROM "Order" ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 1, trackingNumber: 'GLS-1' },
      { id: 2, trackingNumber: 'CLFOX2' },
      { id: 3, trackingNumber: 'MPL-3' },
      { id: 4, trackingNumber: 'CLFOX4' },
      { id: 5, trackingNumber: null },
    ]);
  });

  it('moves an order in the change feed when one of its numbers changes from now on', async () => {
    const seq = async () =>
      (
        await pglite.query<{ seq: string }>(
          `SELECT seq::text FROM "ChangeFeedEntry" WHERE entity = 'order' AND "entityId" = 5`,
        )
      ).rows[0]?.seq;
    const before = await seq();
    await pglite.exec(
      `INSERT INTO "OrderShipment" ("orderId", "trackingNumber", "updatedAt") VALUES (5, 'X-5', now())`,
    );
    expect(Number(await seq())).toBeGreaterThan(Number(before ?? 0));
  });
});
