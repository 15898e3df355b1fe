import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';

/**
 * A process manager stops the server with SIGTERM (a deploy, an upgrade, a container stopped). On
 * PostgreSQL (CI) the server runs on a database of the test server; without one on an embedded
 * database in a temporary directory.
 */
let server: ServerProcess | undefined;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Nem teljesült: ${what}`);
}

/** Whether a new connection to the port is refused: the server has stopped listening. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('SIGTERM', () => {
  it('finishes the request in flight, stops the workers and exits 0 within 10 s', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    let databaseUrl = '';
    if (serverUrl) {
      const database = await createPostgresDatabase(serverUrl, 'shop_shutdown');
      databaseUrl = database.url;
      dropDatabase = database.drop;
    } else {
      dataDir = await mkdtemp(path.join(tmpdir(), 'shop-shutdown-'));
    }
    server = await startServerProcess({ DATA_DIR: dataDir ?? tmpdir(), DATABASE_URL: databaseUrl });
    const { child, port, url } = server;
    // Ready: the workers run, so the shutdown has them to stop.
    await until(async () => (await fetch(`${url}/health/ready`)).status === 200, 'a szerver kész');

    // A sign-in whose body is still on its way: the server has read its head (it said 100 Continue).
    const body = JSON.stringify({ email: 'nincs-ilyen@example.hu', password: 'Rossz-jelszo-123' });
    const slow = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user/signin',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
        connection: 'close',
      },
    });
    const answered = once(slow, 'response') as Promise<[IncomingMessage]>;
    slow.flushHeaders();
    await once(slow, 'continue');

    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    // Shutting down: no new connection is taken, while the request in flight still is.
    await until(() => refusesConnections(port), 'a szerver nem fogad új kapcsolatot');
    slow.end(body);

    const [response] = await answered;
    let text = '';
    for await (const chunk of response) text += chunk;
    // The shop's sign-in answers a wrong password with 200 and a message (the API it keeps to).
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(text)).toEqual({ msg: expect.any(String) });

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  });
});
