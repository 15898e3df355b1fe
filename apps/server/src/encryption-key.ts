import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Config, parseEncryptionKey } from './config';

export const KEY_FILE_NAME = 'settings-encryption.key';

export type EncryptionKeySource = 'environment' | 'data_dir' | 'none';

/**
 * The key that seals secrets admins save (the Barion POS key):
 * 1. SETTINGS_ENCRYPTION_KEY, the only choice that works for several servers on one database;
 * 2. on the embedded database (one process, `npm start`), a key generated once into the data directory,
 *    beside the database it protects (the directory is gitignored);
 * 3. otherwise none: with PostgreSQL and no variable each server would invent its own key and could not
 *    read the others' secrets, so the admin is told to set the variable instead.
 */
export async function loadEncryptionKey(
  config: Pick<Config, 'settingsEncryptionKey' | 'databaseUrl' | 'dataDir'>,
): Promise<{ key: Buffer | null; source: EncryptionKeySource }> {
  if (config.settingsEncryptionKey) return { key: config.settingsEncryptionKey, source: 'environment' };
  if (config.databaseUrl) return { key: null, source: 'none' };
  const file = path.join(config.dataDir, KEY_FILE_NAME);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': two servers starting at once on one directory never overwrite each other's key.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseEncryptionKey((await readFile(file, 'utf8')).trim());
  if (!key)
    throw new Error(`A titkosítási kulcs fájlja (${file}) sérült: 64 hexadecimális számjegyet várunk.`);
  return { key, source: 'data_dir' };
}
