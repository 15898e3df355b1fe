import { type Database, openPostgres } from '@shop/db';
import { expect } from 'vitest';
import { createPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';

/**
 * Two real servers of one shop on one new PostgreSQL database, for the suites that prove what must
 * hold across servers. Needs a superuser URL of a PostgreSQL server (TEST_DATABASE_URL, as CI sets it).
 */

export const PAIR_ADMIN = { email: 'admin@example.hu', password: 'Admin-jelszo-2026' };

export type ServerPair = {
  a: ServerProcess;
  b: ServerProcess;
  /** The shared database, opened by the test itself (it does not migrate: server a did). */
  database: Database;
  stop(): Promise<void>;
};

/** Starts server a, then server b: the first migrates and seeds, the second finds both done. */
export async function startServerPair(
  serverUrl: string,
  databasePrefix: string,
  env: Record<string, string> = {},
): Promise<ServerPair> {
  const created = await createPostgresDatabase(serverUrl, databasePrefix);
  const started: ServerProcess[] = [];
  let database: Database | undefined;
  const stop = async () => {
    for (const server of started) server.child.kill('SIGKILL');
    await database?.close();
    await created.drop();
  };
  try {
    const serverEnv = {
      DATABASE_URL: created.url,
      ADMIN_EMAIL: PAIR_ADMIN.email,
      ADMIN_PASSWORD: PAIR_ADMIN.password,
      ...env,
    };
    started.push(await startServerProcess(serverEnv));
    started.push(await startServerProcess(serverEnv));
    database = await openPostgres(created.url, { migrate: false, poolSize: 2 });
    const [a, b] = started as [ServerProcess, ServerProcess];
    return { a, b, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type Answer<T> = { status: number; headers: Headers; body: T };

/** One call of the REST API on one server, as an integrator makes it. */
export async function callServer<T = unknown>(
  server: ServerProcess,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; from?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.token = options.token;
  if (options.from) headers['x-forwarded-for'] = options.from;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

export async function expectOk<T>(answer: Promise<Answer<T>>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}
