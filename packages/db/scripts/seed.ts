// `npm run db:seed`: loads the demo data into the database the server would use
// (DATABASE_URL, or the embedded database under DATA_DIR) and creates the first
// admin from ADMIN_EMAIL / ADMIN_PASSWORD. Exits non-zero when anything fails.
import { join, resolve } from 'node:path';
import { openDatabase } from '../src/database';
import { packageDir } from '../src/paths';
import { seedDemoData } from '../src/seed';

const repoRoot = join(packageDir, '..', '..');

// Same rule as the server's config: a relative DATA_DIR is relative to the repository root.
function dataDirectory(): string {
  return resolve(repoRoot, process.env.DATA_DIR?.trim() || 'data');
}

// Same values as the server's DEMO_DATA: anything but "false" keeps the demo catalogue and customers.
function demoDataWanted(): boolean {
  const value = process.env.DEMO_DATA?.trim();
  if (value && value !== 'true' && value !== 'false') {
    throw new Error(`DEMO_DATA: értéke true vagy false lehet, nem „${value}”.`);
  }
  return value !== 'false';
}

async function main(): Promise<void> {
  const demoData = demoDataWanted();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = dataDirectory();
  console.log(
    databaseUrl
      ? 'Demóadatok betöltése a DATABASE_URL PostgreSQL-adatbázisba'
      : `Demóadatok betöltése a beágyazott adatbázisba: ${dataDir}`,
  );
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { admin } = await seedDemoData(database.prisma, {
      adminEmail: process.env.ADMIN_EMAIL,
      adminPassword: process.env.ADMIN_PASSWORD,
      demoData,
      log: (message) => console.log(`  ${message}`),
    });
    if (admin?.generatedPassword) {
      console.log(
        `Adminisztrátor: ${admin.email}, generált jelszó (csak most látható): ${admin.generatedPassword}`,
      );
    } else if (admin) {
      console.log(`Adminisztrátor: ${admin.email}, jelszava az ADMIN_PASSWORD értéke`);
    }
  } finally {
    await database.close();
  }
}

// The migration engine leaves a timer running, so the process ends explicitly.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('A demóadatok betöltése nem sikerült:', error);
    process.exit(1);
  },
);
