// `npm run backup` and `npm run restore <file>` (README: "Backups and restore").
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  BackupFileError,
  PGLITE_FOLDER,
  RestoreRefusedError,
  restoreBackup,
  runManualBackup,
  shopFingerprint,
} from '@shop/api';
import { openDatabase, openPostgres } from '@shop/db';
import { type BackupOutcome, backupOutcome, readBackupControl } from './backup-control';
import { backupSettings, backupSource } from './backup-setup';
import { type Config, ConfigError, loadConfig } from './config';

const say = (line: string) => process.stdout.write(`${line}\n`);

class CliError extends Error {}

const consoleLogger = {
  info: (_details: Record<string, unknown>, message: string) => say(message),
  warn: (_details: Record<string, unknown>, message: string) => process.stderr.write(`${message}\n`),
  error: (details: Record<string, unknown>, message: string) =>
    process.stderr.write(`${message}: ${details.err instanceof Error ? details.err.message : ''}\n`),
};

/** The shop's database as npm start would open it, but never migrated: a backup takes it as it is. */
function openConfigured(config: Config) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { migrate: false, poolSize: 2 })
    : openDatabase({ dataDir: config.dataDir, migrate: false });
}

/** The running server makes the backup (it alone may open the embedded database); the CLI waits for it. */
async function askRunningServer(url: string, token: string): Promise<BackupOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  } catch (error) {
    // Never advise deleting the control file: the server holding the folder is alive (its pid answers),
    // and a backup made beside it would open the embedded database twice.
    throw new CliError(
      `A szerver fut, de nem válaszolt (${url}): ${(error as Error).message}. Próbáld újra, vagy készíts mentést az admin Mentések oldalán. ` +
        'The server holding the embedded database runs but did not answer: try again, or back up from the admin screen Mentések.',
    );
  }
  if (!response.ok) throw new CliError(`A szerver nem készítette el a mentést (HTTP ${response.status}).`);
  return (await response.json()) as BackupOutcome;
}

/** The backup made in this process: PostgreSQL (pg_dump, beside any number of servers) or a stopped embedded shop. */
async function backupHere(config: Config): Promise<BackupOutcome> {
  const folder = path.join(config.dataDir, PGLITE_FOLDER);
  if (!config.databaseUrl && (await readdir(folder).catch(() => [])).length === 0) {
    throw new CliError(
      `Nincs mit menteni: ebben az adatkönyvtárban nincs adatbázis (${folder}). Állítsd be a DATA_DIR (vagy DATABASE_URL) változót úgy, mint az npm start-nál. ` +
        'There is no database in this data folder: set DATA_DIR (or DATABASE_URL) as for npm start.',
    );
  }
  const database = await openConfigured(config);
  try {
    const row = await runManualBackup(backupSource(database, config), backupSettings(config), {
      logger: consoleLogger,
    });
    return backupOutcome(row);
  } finally {
    await database.close();
  }
}

async function backup(config: Config): Promise<void> {
  const control = config.databaseUrl ? null : await readBackupControl(config.dataDir);
  if (control && (!control.url || !control.token)) {
    throw new CliError(
      `A szerver (pid ${control.pid}) most indul ezen az adatkönyvtáron: próbáld újra, amikor már fut. ` +
        'The server holding this data folder is starting: try again once it runs.',
    );
  }
  if (control) say(`A futó szerver készíti a mentést (pid ${control.pid}), a bolt közben kiszolgál…`);
  const outcome =
    control?.url && control.token
      ? await askRunningServer(control.url, control.token)
      : await backupHere(config);
  if (outcome.status !== 'succeeded') {
    throw new CliError(`A mentés nem sikerült: ${outcome.error ?? 'ismeretlen hiba'}`);
  }
  say(`Mentés kész: ${outcome.file} (${outcome.sizeBytes ?? 0} bájt)`);
}

async function restore(config: Config, file: string | undefined): Promise<void> {
  if (!file) throw new CliError('Használat / usage: npm run restore <mentésfájl.tar.gz>');
  // npm runs scripts in the repository root; the file is named from where the user typed the command.
  const fullPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const target = config.databaseUrl ? 'a DATABASE_URL adatbázisába' : `ide: ${config.dataDir}`;
  say(`Visszaállítás: ${fullPath} → ${target}`);
  const manifest = await restoreBackup(fullPath, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  say(
    `Visszaállítva a ${manifest.createdAt} mentés: ${manifest.counts.orders} rendelés, ${manifest.counts.invoices} számla, ${manifest.counts.media} kép/fájl. Indítás: npm start (ugyanezekkel a változókkal).`,
  );
  if (manifest.kind === 'postgres') {
    say(
      'A beállítások titkosítási kulcsa (SETTINGS_ENCRYPTION_KEY) nincs a mentésben: a régi értéket add meg.',
    );
  }
}

/** Prints the counts and checksums of orders, invoices and pictures (services/backup/fingerprint.ts) as JSON. */
async function fingerprint(config: Config): Promise<void> {
  const database = await openConfigured(config);
  try {
    say(JSON.stringify(await shopFingerprint(database.prisma)));
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') return backup(config);
  if (command === 'restore') return restore(config, file);
  if (command === 'fingerprint') return fingerprint(config);
  throw new CliError('Használat / usage: backup-cli.ts backup | restore <file> | fingerprint');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known =
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof RestoreRefusedError ||
      error instanceof BackupFileError;
    process.stderr.write(
      `${known ? (error as Error).message : `Hiba / error: ${String((error as Error).stack ?? error)}`}\n`,
    );
    process.exit(known ? 2 : 1);
  },
);
