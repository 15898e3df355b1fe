import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type StartedBarionStandIn, startBarionStandIn } from './index';
import { POS_KEY, postJson, startCallbackReceiver, validStartRequest } from './test-support';

const RETRY_DELAYS_MS = [50, 100];
const CALLBACK_TIMEOUT_MS = 100;

/** A URL nobody listens on: the port of a server that has just closed. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/callback`;
}

let barion: StartedBarionStandIn;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  barion = await startBarionStandIn({
    posKey: POS_KEY,
    retryDelaysMs: RETRY_DELAYS_MS,
    callbackTimeoutMs: CALLBACK_TIMEOUT_MS,
  });
});

afterEach(() => {
  barion.standIn.setCallbackMode('deliver');
  receiver.answerWith(() => 200);
});

afterAll(async () => {
  await barion.close();
  await receiver.close();
});

async function startPayment(callbackUrl = receiver.url): Promise<string> {
  const { body } = await postJson(`${barion.url}/v2/Payment/Start`, validStartRequest(callbackUrl));
  return body.PaymentId as string;
}

function attemptsFor(paymentId: string) {
  return barion.standIn.callbackLog.filter((attempt) => attempt.paymentId === paymentId);
}

describe('callback delivery', () => {
  it('retries after each delay of the schedule until the shop answers 200', async () => {
    const paymentId = await startPayment();
    let answered = 0;
    receiver.answerWith((callback) =>
      callback.paymentIdInQuery === paymentId && answered++ < 2 ? 500 : 200,
    );
    barion.standIn.cancel(paymentId);

    await vi.waitFor(() => expect(attemptsFor(paymentId)).toHaveLength(3));
    const attempts = attemptsFor(paymentId);
    expect(attempts.map(({ attempt, status, error }) => ({ attempt, status, error }))).toEqual([
      { attempt: 1, status: 500, error: null },
      { attempt: 2, status: 500, error: null },
      { attempt: 3, status: 200, error: null },
    ]);
    expect(attempts[0]?.url).toBe(`${receiver.url}&paymentId=${paymentId}`);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]!);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[1]!);
    expect(receiver.receivedFor(paymentId)).toHaveLength(3);
  });

  it('gives up after the last delay of the schedule', async () => {
    const paymentId = await startPayment();
    receiver.answerWith((callback) => (callback.paymentIdInQuery === paymentId ? 502 : 200));
    barion.standIn.expire(paymentId);

    await vi.waitFor(() => expect(attemptsFor(paymentId)).toHaveLength(3));
    // Longer than the last retry delay: a fourth attempt would have been made by now.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(attemptsFor(paymentId).map((attempt) => attempt.status)).toEqual([502, 502, 502]);
  });

  it('logs an unreachable callback URL as an error and retries it too', async () => {
    const paymentId = await startPayment(await closedPortUrl());
    barion.standIn.cancel(paymentId);

    await vi.waitFor(() => expect(attemptsFor(paymentId)).toHaveLength(3));
    for (const attempt of attemptsFor(paymentId)) {
      expect(attempt.status).toBeNull();
      expect(attempt.error).toMatch(/ECONNREFUSED/);
    }
  });

  it('counts an answer slower than callbackTimeoutMs as a failure', async () => {
    const paymentId = await startPayment();
    receiver.answerWith((callback) => (callback.paymentIdInQuery === paymentId ? 'never' : 200));
    barion.standIn.cancel(paymentId);

    await vi.waitFor(() => expect(attemptsFor(paymentId)).toHaveLength(1));
    expect(attemptsFor(paymentId)[0]).toMatchObject({ status: null, error: 'timeout' });
  });
});

describe('callback test modes', () => {
  it("'drop' never sends the callback", async () => {
    const dropped = await startPayment();
    const delivered = await startPayment();
    barion.standIn.setCallbackMode('drop');
    barion.standIn.cancel(dropped);
    barion.standIn.setCallbackMode('deliver');
    barion.standIn.cancel(delivered);

    await vi.waitFor(() => expect(receiver.receivedFor(delivered)).toHaveLength(1));
    expect(receiver.receivedFor(dropped)).toEqual([]);
    expect(attemptsFor(dropped)).toEqual([]);
  });

  it("'duplicate' sends the same callback twice", async () => {
    const paymentId = await startPayment();
    barion.standIn.setCallbackMode('duplicate');
    barion.standIn.payWithCard(paymentId, '4444888888885559');

    await vi.waitFor(() => expect(receiver.receivedFor(paymentId)).toHaveLength(2));
    expect(attemptsFor(paymentId).map((attempt) => attempt.attempt)).toEqual([1, 1]);
  });

  it("'hold' keeps callbacks until releaseHeld, which can send them in reverse order", async () => {
    const first = await startPayment();
    const second = await startPayment();
    barion.standIn.setCallbackMode('hold');
    barion.standIn.cancel(first);
    barion.standIn.cancel(second);
    expect(receiver.receivedFor(first)).toEqual([]);
    expect(attemptsFor(first)).toEqual([]);

    const countBefore = receiver.received.length;
    await barion.standIn.releaseHeld('reverse');
    expect(receiver.received.slice(countBefore).map((callback) => callback.paymentIdInQuery)).toEqual([
      second,
      first,
    ]);
  });

  it("'hold' released in arrival order keeps the order of the events", async () => {
    const first = await startPayment();
    const second = await startPayment();
    barion.standIn.setCallbackMode('hold');
    barion.standIn.cancel(first);
    barion.standIn.cancel(second);

    const countBefore = receiver.received.length;
    await barion.standIn.releaseHeld();
    expect(receiver.received.slice(countBefore).map((callback) => callback.paymentIdInQuery)).toEqual([
      first,
      second,
    ]);
  });
});

describe('close', () => {
  it('stops pending retries', async () => {
    const own = await startBarionStandIn({ posKey: POS_KEY, retryDelaysMs: [50] });
    const { body } = await postJson(`${own.url}/v2/Payment/Start`, validStartRequest(receiver.url));
    const paymentId = body.PaymentId as string;
    receiver.answerWith((callback) => (callback.paymentIdInQuery === paymentId ? 500 : 200));
    own.standIn.cancel(paymentId);
    await vi.waitFor(() => expect(own.standIn.callbackLog).toHaveLength(1));

    await own.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.receivedFor(paymentId)).toHaveLength(1);
  });
});
