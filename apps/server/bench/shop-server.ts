import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@shop/db';
import { pino } from 'pino';
import { REPO_ROOT } from '../src/config';
import { buildServer } from '../src/server';

/** The real server (buildServer) on the benchmark database, in its own process so the load generator
 * does not share its event loop. Reports its port to the parent over IPC. */
async function main() {
  const databaseUrl = process.env.BENCH_SHOP_DATABASE_URL;
  if (!databaseUrl || !process.send) throw new Error('A benchmark indítja (bench/run.ts).');
  const database = await openDatabase({
    databaseUrl,
    // Only the embedded database uses a data directory; on PostgreSQL nothing is written there.
    dataDir: tmpdir(),
    migrate: false,
  });
  const app = await buildServer({
    database,
    config: {
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      publicUrl: 'http://127.0.0.1',
      trustProxy: false,
      barion: null,
      // Every bench order comes from the one loopback address; #21's limit of guest orders per network
      // would refuse all but the first ten an hour (each order has its own e-mail address: run.ts).
      guestOrderLimitPerIp: 1_000_000_000,
    },
    logger: pino({ level: 'warn' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send({ port: typeof address === 'object' && address ? address.port : 0 });
  // The memory the catalogue holds, after a full collection (the bench starts this process with
  // --expose-gc), so runs with and without variants compare what stays, not what waits to be collected.
  process.on('message', (message) => {
    if (message !== 'memory') return;
    globalThis.gc?.();
    process.send?.({ memory: process.memoryUsage() });
  });
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
