import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type StartedBarionStandIn, startBarionStandIn } from './index';
import { getJson, POS_KEY, postJson, startCallbackReceiver, validStartRequest } from './test-support';

let barion: StartedBarionStandIn;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  barion = await startBarionStandIn({ posKey: POS_KEY });
});

afterAll(async () => {
  await barion.close();
  await receiver.close();
});

/** A started payment of 12 990 Ft: its id and the id of its card transaction. */
async function startPayment() {
  const { body } = await postJson(`${barion.url}/v2/Payment/Start`, validStartRequest(receiver.url));
  const [transaction] = body.Transactions as { TransactionId: string }[];
  return { paymentId: body.PaymentId as string, transactionId: transaction!.TransactionId };
}

async function paidPayment() {
  const payment = await startPayment();
  barion.standIn.payWithCard(payment.paymentId, '4444888888885559');
  await vi.waitFor(() => expect(receiver.receivedFor(payment.paymentId)).toHaveLength(1));
  return payment;
}

function refund(paymentId: string, transactionId: string, amount: number, comment?: string) {
  return postJson(`${barion.url}/v2/Payment/Refund`, {
    POSKey: POS_KEY,
    PaymentId: paymentId,
    TransactionsToRefund: [
      {
        TransactionId: transactionId,
        POSTransactionId: 'WEB-2025-000123-1',
        AmountToRefund: amount,
        Comment: comment,
      },
    ],
  });
}

describe('POST /v2/Payment/Refund', () => {
  it('refunds part of a Succeeded payment, keeps it Succeeded and calls the shop back', async () => {
    const { paymentId, transactionId } = await paidPayment();

    const { status, body } = await refund(paymentId, transactionId, 1490, 'Szállítási díj vissza');
    expect(status).toBe(200);
    expect(body).toEqual({
      PaymentId: paymentId,
      RefundedTransactions: [
        {
          TransactionId: expect.stringMatching(/^[0-9a-f]{32}$/),
          Total: 1490,
          POSTransactionId: 'WEB-2025-000123-1',
          Comment: 'Szállítási díj vissza',
          Status: 'Succeeded',
        },
      ],
      Errors: [],
    });
    await vi.waitFor(() => expect(receiver.receivedFor(paymentId)).toHaveLength(2));

    const state = await getJson(`${barion.url}/v4/Payment/${paymentId}/PaymentState`, {
      'x-pos-key': POS_KEY,
    });
    expect(state.body).toMatchObject({
      Status: 'Succeeded',
      Total: 12990,
      Transactions: [
        { TransactionId: transactionId, TransactionType: 'CardPayment', Total: 12990, RelatedId: null },
        { TransactionType: 'Refund', Total: 1490, Status: 'Succeeded', RelatedId: transactionId },
      ],
    });
  });

  it('refuses more than what is left after earlier refunds, and records nothing then', async () => {
    const { paymentId, transactionId } = await paidPayment();
    expect((await refund(paymentId, transactionId, 10000)).status).toBe(200);

    const tooMuch = await refund(paymentId, transactionId, 2991);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.Errors).toEqual([
      expect.objectContaining({
        ErrorCode: 'ModelValidationError',
        Description: expect.stringContaining('must be at most 2990'),
      }),
    ]);

    expect((await refund(paymentId, transactionId, 2990)).status).toBe(200);
    const state = await getJson(`${barion.url}/v4/Payment/${paymentId}/PaymentState`, {
      'x-pos-key': POS_KEY,
    });
    const refunds = (state.body.Transactions as { TransactionType: string; Total: number }[]).filter(
      (transaction) => transaction.TransactionType === 'Refund',
    );
    expect(refunds.map((transaction) => transaction.Total)).toEqual([10000, 2990]);
  });

  it('refuses to refund a payment that has not Succeeded', async () => {
    const { paymentId, transactionId } = await startPayment();
    const { status, body } = await refund(paymentId, transactionId, 100);
    expect(status).toBe(400);
    expect(body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'PaymentStatusNotValid' })]);
    expect(receiver.receivedFor(paymentId)).toEqual([]);
  });

  it('refuses a transaction of another payment, decimals in HUF and a wrong key', async () => {
    const { paymentId, transactionId } = await paidPayment();
    const other = await startPayment();

    const foreign = await refund(paymentId, other.transactionId, 100);
    expect(foreign.status).toBe(400);
    expect(foreign.body.Errors).toEqual([
      expect.objectContaining({ ErrorCode: 'TransactionDoesNotBelongToPayment' }),
    ]);

    const decimals = await refund(paymentId, transactionId, 99.5);
    expect(decimals.status).toBe(400);
    expect(decimals.body.Errors).toEqual([
      expect.objectContaining({ Description: expect.stringContaining('at most 0 decimals in HUF') }),
    ]);

    const wrongKey = await postJson(`${barion.url}/v2/Payment/Refund`, {
      POSKey: 'not-our-key',
      PaymentId: paymentId,
    });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'AuthenticationFailed' })]);
  });

  it('answers NotExistingPaymentId for an unknown payment', async () => {
    const { status, body } = await refund('f'.repeat(32), 'e'.repeat(32), 100);
    expect(status).toBe(400);
    expect(body.Errors).toEqual([expect.objectContaining({ ErrorCode: 'NotExistingPaymentId' })]);
  });
});
