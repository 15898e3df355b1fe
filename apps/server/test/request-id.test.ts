import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logLines.push(JSON.parse(line));
      callback();
    },
  });
  server = await startTestServer({ logger: pino({ level: 'info' }, sink) });
});
afterAll(() => server.close());

async function request(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  return { id: response.headers.get('x-request-id'), status: response.status, body: await response.json() };
}

describe('request ids a shop owner can quote to support', () => {
  it('a REST error answer carries the id of its request, in the header and the body, and the log line has it', async () => {
    const answer = await request('/api/nincs-ilyen');
    expect(answer.status).toBe(404);
    expect(answer.id).toMatch(/^[0-9a-f]{12}$/);
    expect(answer.body).toMatchObject({ requestId: answer.id });
    const logged = logLines.filter((line) => line.reqId === answer.id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('a tRPC error, alone or in a batch, carries it in error.data, beside the code', async () => {
    const single = await request('/trpc/nincs.ilyen');
    expect(single.status).toBe(404);
    expect(single.body.error.data).toMatchObject({ code: 'NOT_FOUND', requestId: single.id });
    const batch = await request(`/trpc/nincs.ilyen,masik.sincs?batch=1&input=${encodeURIComponent('{}')}`);
    expect(batch.body).toHaveLength(2);
    for (const item of batch.body) expect(item.error.data.requestId).toBe(batch.id);
  });

  it('every answer, a successful one too, names its request, and no two requests share an id', async () => {
    const first = await fetch(`${server.url}/health/live`);
    const second = await fetch(`${server.url}/health/live`);
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    // A successful body is left as it was.
    expect(await first.json()).toEqual({ status: 'ok' });
  });
});
