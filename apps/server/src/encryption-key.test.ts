import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_FILE_NAME, loadEncryptionKey } from './encryption-key';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shop-key-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('loadEncryptionKey', () => {
  it('generates a key into the data directory once and reads the same key at every later start', async () => {
    const first = await loadEncryptionKey({
      settingsEncryptionKey: undefined,
      databaseUrl: undefined,
      dataDir,
    });
    expect(first.source).toBe('data_dir');
    expect(first.key).toHaveLength(32);
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = await loadEncryptionKey({
      settingsEncryptionKey: undefined,
      databaseUrl: undefined,
      dataDir,
    });
    expect(again.key?.equals(first.key as Buffer)).toBe(true);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.key?.toString('hex'));
  });

  it('prefers SETTINGS_ENCRYPTION_KEY and writes no file then', async () => {
    const key = Buffer.alloc(32, 3);
    expect(await loadEncryptionKey({ settingsEncryptionKey: key, databaseUrl: undefined, dataDir })).toEqual({
      key,
      source: 'environment',
    });
    await expect(stat(path.join(dataDir, KEY_FILE_NAME))).rejects.toThrow();
  });

  it('invents no key for PostgreSQL, where each server would invent a different one', async () => {
    const result = await loadEncryptionKey({
      settingsEncryptionKey: undefined,
      databaseUrl: 'postgresql://shop@localhost/shop',
      dataDir,
    });
    expect(result).toEqual({ key: null, source: 'none' });
  });

  it('stops on a damaged key file rather than sealing with another key', async () => {
    await writeFile(path.join(dataDir, KEY_FILE_NAME), 'nem-kulcs\n');
    await expect(
      loadEncryptionKey({ settingsEncryptionKey: undefined, databaseUrl: undefined, dataDir }),
    ).rejects.toThrow(/sérült/);
  });
});
