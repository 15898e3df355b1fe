import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase, openPostgres } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BackupSettings,
  type BackupSource,
  backupsToDelete,
  RestoreRefusedError,
  restoreBackup,
  runDailyBackup,
  runManualBackup,
  shopFingerprint,
  startBackupWorker,
} from '../src/services/backup';
import { callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

const serverUrl = process.env.TEST_DATABASE_URL;

function urlOf(name: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty PostgreSQL database on the test server, dropped after the file. */
const created: string[] = [];
async function emptyPostgres(): Promise<string> {
  const name = `shop_backup_${process.pid}_${created.length}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  created.push(name);
  return urlOf(name);
}

let db: Database;
/** With TEST_DATABASE_URL the shop is a PostgreSQL database pg_dump can reach by URL, else the embedded one. */
let databaseUrl: string | undefined;
let work: string;
let dataDir: string;
let settings: BackupSettings;
let source: BackupSource;
let shop: Shop;
let admin: SignedIn;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'shop-backup-test-'));
  dataDir = path.join(work, 'data');
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'settings-encryption.key'), 'a'.repeat(64), { mode: 0o600 });
  if (serverUrl) {
    databaseUrl = await emptyPostgres();
    db = await openPostgres(databaseUrl, { poolSize: 4 });
    source = { kind: 'postgres', prisma: db.prisma, databaseUrl, dataDir };
  } else {
    db = await createTestDatabase();
    const pglite = db.pglite;
    if (!pglite) throw new Error('the embedded test database hands out its PGlite');
    source = { kind: 'pglite', prisma: db.prisma, pglite, dataDir };
  }
  settings = {
    daily: true,
    backupDir: path.join(dataDir, 'backups'),
    dailyHour: 3,
    retention: { daily: 7, weekly: 4, monthly: 12 },
  };
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  const guest = await callerFor(db.prisma);
  await guest.cart.order(orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 2 }] }));
  await db.prisma.media.create({
    data: {
      originalName: 'bogre.png',
      mimeType: 'image/png',
      sizeBytes: 4,
      variants: { create: [{ name: 'original', mimeType: 'image/png', data: Buffer.from([1, 2, 3, 4]) }] },
    },
  });
}, 60_000);

afterAll(async () => {
  await db?.close();
  for (const name of created) await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await rm(work, { recursive: true, force: true });
});

describe('retention', () => {
  const name = (iso: string) => `shop-${iso.replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}Z.tar.gz`;
  /** One backup at 02:00 UTC on each of the `days` days before 2026-11-28, newest first. */
  const daily = (days: number) =>
    Array.from({ length: days }, (_, i) => name(new Date(Date.UTC(2026, 10, 27 - i, 2)).toISOString()));
  const now = new Date('2026-11-28T12:00:00Z');

  it('keeps the newest of 7 days, 4 weeks and 12 months and deletes the rest', () => {
    const files = daily(400);
    const kept = files.filter(
      (file) => !backupsToDelete(files, { daily: 7, weekly: 4, monthly: 12 }, now).includes(file),
    );
    expect(kept).toEqual([
      // the last 7 days (Friday 27 back to Saturday 21 November)
      ...daily(7),
      // the newest of each of the 4 weeks: the three weeks before 16–22 November end on Sundays
      name('2026-11-15T02:00:00Z'),
      name('2026-11-08T02:00:00Z'),
      // the newest of each of 12 months: 31 October back to 31 December 2025
      name('2026-10-31T02:00:00Z'),
      name('2026-09-30T02:00:00Z'),
      name('2026-08-31T02:00:00Z'),
      name('2026-07-31T02:00:00Z'),
      name('2026-06-30T02:00:00Z'),
      name('2026-05-31T02:00:00Z'),
      name('2026-04-30T02:00:00Z'),
      name('2026-03-31T02:00:00Z'),
      name('2026-02-28T02:00:00Z'),
      name('2026-01-31T02:00:00Z'),
      name('2025-12-31T02:00:00Z'),
    ]);
  });

  it('keeps every backup of today and never touches files that are not backups', () => {
    const files = [
      name('2026-11-28T02:00:00Z'),
      name('2026-11-28T09:30:00Z'),
      name('2026-11-27T02:00:00Z'),
      name('2026-11-27T20:00:00Z'),
      'notes.txt',
      '.shop-20261101-020000Z.tar.gz.partial',
    ];
    expect(backupsToDelete(files, { daily: 7, weekly: 0, monthly: 0 }, now)).toEqual([
      name('2026-11-27T02:00:00Z'),
    ]);
  });

  it('reads the day in Budapest: 23:30 UTC on 31 March is already 1 April there', () => {
    const files = [name('2026-03-31T23:30:00Z'), name('2026-03-31T20:00:00Z')];
    expect(backupsToDelete(files, { daily: 2, weekly: 0, monthly: 0 }, now)).toEqual([]);
    expect(backupsToDelete(files, { daily: 0, weekly: 0, monthly: 2 }, now)).toEqual([]);
  });
});

describe('a backup and its restore', () => {
  let file: string;
  /** The place restored into: afterwards a live shop like any other. */
  let target: string;
  let targetUrl: string | undefined;

  it('writes one compressed file with the database, the data folder and a manifest, for the server user only', async () => {
    const row = await runManualBackup(source, settings);
    expect(row.status).toBe('succeeded');
    expect(row.fileName).toMatch(/^shop-\d{8}-\d{6}Z\.tar\.gz$/);
    file = path.join(settings.backupDir, row.fileName);
    const info = await stat(file);
    expect(Number(row.sizeBytes)).toBe(info.size);
    expect(info.mode & 0o777).toBe(0o600);
    // Written under a temporary name and renamed: nothing half-done is left beside it.
    expect(await readdir(settings.backupDir)).toEqual([row.fileName]);
  });

  it('restores into an empty place with the same orders, invoices and pictures', async () => {
    const before = await shopFingerprint(db.prisma);
    expect(before.orders.count).toBe(1);
    expect(before.media.count).toBe(1);
    target = path.join(work, 'restored');
    targetUrl = serverUrl ? await emptyPostgres() : undefined;
    const manifest = await restoreBackup(file, { dataDir: target, databaseUrl: targetUrl });
    expect(manifest).toMatchObject({ kind: source.kind, trigger: 'manual', counts: { orders: 1, media: 1 } });
    expect(manifest.migration).toMatch(/^\d{14}_/);
    const restored = targetUrl
      ? await openPostgres(targetUrl, { migrate: false })
      : await openDatabase({ dataDir: target, migrate: false });
    try {
      expect(await shopFingerprint(restored.prisma)).toEqual(before);
      // The backup was copied while its row said "running": restored, the shop shows it as done.
      expect(await restored.prisma.backup.findMany({ select: { fileName: true, status: true } })).toEqual([
        { fileName: path.basename(file), status: 'succeeded' },
      ]);
    } finally {
      await restored.close();
    }
    const key = await stat(path.join(target, 'settings-encryption.key'));
    expect(key.mode & 0o777).toBe(0o600);
  }, 60_000);

  it('refuses to overwrite a live shop, in Hungarian and English, changing nothing', async () => {
    const restored = () =>
      targetUrl
        ? openPostgres(targetUrl, { migrate: false })
        : openDatabase({ dataDir: target, migrate: false });
    const shop = await restored();
    await shop.prisma.order.updateMany({ data: { email: 'valtozott@example.hu' } });
    const before = await shopFingerprint(shop.prisma);
    await shop.close();
    const error = await restoreBackup(file, { dataDir: target, databaseUrl: targetUrl }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect((error as Error).message).toMatch(
      targetUrl
        ? /^A céladatbázis nem üres \(\d+ tábla\): a visszaállítás nem ír felül élő boltot\..*never overwrites a live shop/
        : /^Az adatkönyvtárban már van adatbázis .*: a visszaállítás nem ír felül élő boltot\..*never overwrites a live shop/,
    );
    const after = await restored();
    try {
      expect(await shopFingerprint(after.prisma)).toEqual(before);
    } finally {
      await after.close();
    }
  });

  it('refuses a crafted backup whose files would land outside the data folder or are links', async () => {
    /** An archive with a valid manifest and checksums; `listedAs` is the path the manifest gives. */
    const craft = async (name: string, entry: { onDisk: string; listedAs: string; link?: string }) => {
      const folder = path.join(work, `craft-${name}`);
      await mkdir(path.join(folder, 'files'), { recursive: true });
      const content = 'kint\n';
      if (entry.link) await symlink(entry.link, path.join(folder, entry.onDisk));
      else await writeFile(path.join(folder, entry.onDisk), content);
      const bytes = await readFile(path.join(folder, entry.onDisk));
      const manifest = {
        format: 'magyar-webshop-backup',
        version: 1,
        kind: source.kind,
        createdAt: new Date().toISOString(),
        trigger: 'manual',
        migration: null,
        counts: { orders: 0, invoices: 0, media: 0 },
        files: [
          {
            path: entry.listedAs,
            bytes: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          },
        ],
      };
      await writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));
      const archive = path.join(work, `${name}.tar.gz`);
      execFileSync('tar', ['-czf', archive, '-C', folder, '.']);
      return archive;
    };
    const place = async (name: string) => ({
      dataDir: path.join(work, 'crafted', name),
      databaseUrl: serverUrl ? await emptyPostgres() : undefined,
    });
    // Copied to DATA_DIR/../escaped.txt before: one level above the shop's folder.
    const escaping = await craft('escaping', { onDisk: 'escaped.txt', listedAs: 'files/../escaped.txt' });
    await expect(restoreBackup(escaping, await place('shop'))).rejects.toThrow(
      /A fájl nem a webáruház mentése/,
    );
    await expect(stat(path.join(work, 'crafted', 'escaped.txt'))).rejects.toThrow();
    // A link makes the restore copy whatever it points at, here the machine's hostname file.
    const linked = await craft('linked', {
      onDisk: 'files/note.txt',
      listedAs: 'files/note.txt',
      link: '/etc/hostname',
    });
    await expect(restoreBackup(linked, await place('linked'))).rejects.toThrow(/A mentés sérült/);
  });

  it('refuses a file that is not a shop backup', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    await writeFile(bogus, 'not a backup');
    await expect(restoreBackup(bogus, { dataDir: path.join(work, 'empty') })).rejects.toThrow(
      /A mentésfájl nem olvasható/,
    );
  });
});

describe('the daily job', () => {
  it("makes the day's backup once: a second run, another server or a restart finds the day taken", async () => {
    const day = new Date('2026-11-20T05:00:00Z');
    const runs = await Promise.all([
      runDailyBackup(source, settings, { now: day }),
      runDailyBackup(source, settings, { now: day }),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await runDailyBackup(source, settings, { now: new Date('2026-11-20T20:00:00Z') })).toBeNull();
    expect(await db.prisma.backup.count({ where: { day: '2026-11-20' } })).toBe(1);
  }, 60_000);

  it('waits for BACKUP_HOUR (Budapest time) and retries a day whose backup failed', async () => {
    // 01:30 UTC is 02:30 in Budapest, before the 03:00 default.
    expect(await runDailyBackup(source, settings, { now: new Date('2026-11-21T01:30:00Z') })).toBeNull();
    const unwritable = { ...settings, backupDir: path.join(dataDir, 'settings-encryption.key', 'x') };
    const failed = await runDailyBackup(source, unwritable, { now: new Date('2026-11-21T02:30:00Z') });
    expect(failed?.status).toBe('failed');
    const retried = await runDailyBackup(source, settings, { now: new Date('2026-11-21T03:30:00Z') });
    expect(retried?.status).toBe('succeeded');
    expect(retried?.id).toBe(failed?.id);
  }, 60_000);
});

describe('stopping the server', () => {
  it('ends a backup in progress at once, records it as failed and leaves no file behind', async () => {
    const backupDir = path.join(work, 'stopped');
    const worker = startBackupWorker({ source, settings: { ...settings, daily: false, backupDir } });
    const pending = worker.backupNow();
    await worker.stop();
    const row = await pending;
    expect(row).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^A szerver leállt a mentés közben/),
    });
    // Neither a finished-looking file nor a staging folder or partial file is left in the folder.
    expect(await readdir(backupDir).catch(() => [])).toEqual([]);
  }, 60_000);
});

describe("the admin screen's procedures", () => {
  it('answers strangers 401 and shoppers 403', async () => {
    const customer = await createCustomer(db.prisma);
    await expectTrpcError((await callerFor(db.prisma)).backup.status(), 'UNAUTHORIZED');
    await expectTrpcError(customer.caller.backup.status(), 'FORBIDDEN');
    await expectTrpcError(customer.caller.backup.run(), 'FORBIDDEN');
  });

  it('warns when the last good backup is older than a day or the last one failed, and "Mentés most" makes one', async () => {
    await db.prisma.backup.deleteMany();
    const old = new Date(Date.now() - 26 * 60 * 60 * 1000);
    await db.prisma.backup.create({
      data: {
        trigger: 'daily',
        status: 'succeeded',
        host: 'bolt',
        directory: '/x',
        fileName: 'a',
        startedAt: old,
        sizeBytes: 10,
      },
    });
    const worker = startBackupWorker({ source, settings: { ...settings, daily: false } });
    try {
      expect((await admin.caller.backup.status()).warning).toMatch(
        /^A napi mentés ezen a szerveren ki van kapcsolva.*Több mint egy napja nem készült sikeres mentés\.$/,
      );
      const after = await admin.caller.backup.run();
      expect(after.last).toMatchObject({
        status: 'succeeded',
        trigger: 'manual',
        directory: settings.backupDir,
      });
      expect(after.lastSucceeded?.id).toBe(after.last?.id);
      await db.prisma.backup.create({
        data: {
          trigger: 'daily',
          status: 'failed',
          host: 'bolt',
          directory: '/x',
          fileName: 'b',
          error: 'a lemez megtelt',
        },
      });
      expect((await admin.caller.backup.status()).warning).toMatch(
        /Az utolsó mentés nem sikerült: a lemez megtelt/,
      );
    } finally {
      await worker.stop();
    }
    const daily = startBackupWorker({ source, settings });
    try {
      await db.prisma.backup.deleteMany({ where: { status: 'failed' } });
      expect(await admin.caller.backup.status()).toMatchObject({ enabled: true, warning: null });
    } finally {
      await daily.stop();
    }
  }, 60_000);
});
