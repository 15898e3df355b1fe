import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedBarionStandIn, startBarionStandIn } from './index';
import { POS_KEY, postJson, startCallbackReceiver, validStartRequest } from './test-support';

let barion: StartedBarionStandIn;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
let startUrl: string;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  barion = await startBarionStandIn({ posKey: POS_KEY, basePath: '/_barion' });
  startUrl = `${barion.url}/v2/Payment/Start`;
});

afterAll(async () => {
  await barion.close();
  await receiver.close();
});

/** The ErrorCode and Description of each error of a refused Start. */
async function startErrors(body: unknown, headers?: Record<string, string>) {
  const { status, body: answer } = await postJson(startUrl, body, headers);
  const errors = answer.Errors as { ErrorCode: string; Description: string }[];
  return { status, errors, codes: errors.map((error) => error.ErrorCode) };
}

describe('POST /v2/Payment/Start validation', () => {
  it('refuses a GuestCheckOut that is not a JSON boolean', async () => {
    for (const notBoolean of [1, 'true']) {
      const { status, errors } = await startErrors(
        validStartRequest(receiver.url, { GuestCheckOut: notBoolean }),
      );
      expect(status).toBe(400);
      expect(errors).toEqual([
        expect.objectContaining({
          ErrorCode: 'ModelValidationError',
          Description: expect.stringMatching(/^GuestCheckOut must be a JSON boolean/),
        }),
      ]);
    }
  });

  it('refuses a HUF total with decimals', async () => {
    const request = validStartRequest(receiver.url);
    const transaction = request.Transactions[0]!;
    const { status, errors } = await startErrors({
      ...request,
      Transactions: [
        { ...transaction, Total: 12990.5, Items: [{ ...transaction.Items[0]!, ItemTotal: 12990.5 }] },
      ],
    });
    expect(status).toBe(400);
    expect(errors.map((error) => error.Description)).toEqual([
      'Transactions[0].Total must have at most 0 decimals in HUF.',
      'Transactions[0].Items[0].ItemTotal must have at most 0 decimals in HUF.',
    ]);
  });

  it('refuses a transaction total that differs from the sum of its items', async () => {
    const request = validStartRequest(receiver.url);
    const { status, errors } = await startErrors({
      ...request,
      Transactions: [{ ...request.Transactions[0]!, Total: 13000 }],
    });
    expect(status).toBe(400);
    expect(errors[0]?.Description).toMatch(/^Transactions\[0\]\.Total must equal the sum of the ItemTotal/);
  });

  it('refuses a PaymentWindow that is not a .NET TimeSpan or is out of range', async () => {
    for (const window of ['P1D', '30', '0.24:00:00', '0.00:00:30', '8.00:00:00']) {
      const { status, errors } = await startErrors(
        validStartRequest(receiver.url, { PaymentWindow: window }),
      );
      expect(status, window).toBe(400);
      expect(
        errors.map((error) => error.Description.split(' ')[0]),
        window,
      ).toEqual(['PaymentWindow']);
    }
  });

  it('names every missing required field and each enum or format it refuses', async () => {
    const request = validStartRequest(receiver.url, {
      Locale: 'hu',
      Currency: 'GBP',
      FundingSources: ['Cash'],
      PayerPhoneNumber: '+36301234567',
    });
    const { PaymentType: _paymentType, RedirectUrl: _redirectUrl, ...withoutRequired } = request;
    const { status, errors } = await startErrors(withoutRequired);
    expect(status).toBe(400);
    expect(errors.map((error) => error.Description)).toEqual([
      'PaymentType is required.',
      'FundingSources[0] must be one of "All", "Balance", "BankCard", "GooglePay", "ApplePay", "BankTransfer".',
      'RedirectUrl is required.',
      'Locale must be one of "hu-HU", "cs-CZ", "de-DE", "en-US", "es-ES", "fr-FR", "sk-SK", "sl-SI".',
      'Currency must be one of "HUF", "EUR", "USD", "CZK".',
      'PayerPhoneNumber must be digits only, without "+" or a leading zero, e.g. 36301234567.',
    ]);
  });

  it('refuses an item without its required fields', async () => {
    const request = validStartRequest(receiver.url);
    const { Unit: _unit, Description: _description, ...item } = request.Transactions[0]!.Items[0]!;
    const { errors } = await startErrors({
      ...request,
      Transactions: [{ ...request.Transactions[0]!, Items: [item, request.Transactions[0]!.Items[1]!] }],
    });
    expect(errors.map((error) => error.Description)).toEqual([
      'Transactions[0].Items[0].Description is required.',
      'Transactions[0].Items[0].Unit is required.',
    ]);
  });

  it('answers 401 AuthenticationFailed to a wrong or missing POSKey, in the body or the header', async () => {
    const wrongInBody = await startErrors(validStartRequest(receiver.url, { POSKey: 'not-our-key' }));
    const missing = await startErrors(validStartRequest(receiver.url, { POSKey: undefined }));
    const wrongHeader = await startErrors(validStartRequest(receiver.url, { POSKey: undefined }), {
      'x-pos-key': 'not-our-key',
    });
    for (const answer of [wrongInBody, missing, wrongHeader]) {
      expect(answer.status).toBe(401);
      expect(answer.codes).toEqual(['AuthenticationFailed']);
    }
  });

  it('answers 400 to a body that is not a JSON object', async () => {
    const response = await fetch(startUrl, { method: 'POST', body: '{"POSKey":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      Errors: [expect.objectContaining({ ErrorCode: 'ModelValidationError' })],
    });
  });

  it('gives each error the endpoint without its query string and the time it happened', async () => {
    const { status, body } = await postJson(`${startUrl}?POSKey=secret`, { POSKey: 'wrong' });
    expect(status).toBe(401);
    expect(body.Errors).toEqual([
      {
        ErrorCode: 'AuthenticationFailed',
        Title: 'Authentication failed.',
        Description: expect.any(String),
        EndPoint: startUrl,
        HappenedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
  });
});

describe('POST /v2/Payment/Start success', () => {
  it('answers the documented shape, with the gateway under basePath and paymentId appended to both URLs', async () => {
    const { status, body } = await postJson(startUrl, validStartRequest(receiver.url));
    expect(status).toBe(200);
    const paymentId = body.PaymentId as string;
    expect(paymentId).toMatch(/^[0-9a-f]{32}$/);
    const gatewayUrl = `${barion.url}/Pay?id=${paymentId}`;
    expect(body).toEqual({
      PaymentId: paymentId,
      PaymentRequestId: 'WEB-2025-000123',
      Status: 'Prepared',
      QRUrl: gatewayUrl,
      RecurrenceResult: 'None',
      Transactions: [
        {
          POSTransactionId: 'WEB-2025-000123-1',
          TransactionId: expect.stringMatching(/^[0-9a-f]{32}$/),
          Status: 'Prepared',
          Currency: 'HUF',
          TransactionTime: expect.any(String),
        },
      ],
      GatewayUrl: gatewayUrl,
      CallbackUrl: `${receiver.url}&paymentId=${paymentId}`,
      RedirectUrl: `https://bolt.example.hu/fizetes/vissza?order=123&paymentId=${paymentId}`,
      ThreeDSAuthClientData: null,
      TraceId: null,
      Errors: [],
    });
  });

  it('accepts the POSKey from the x-pos-key header alone', async () => {
    const { status, body } = await postJson(
      startUrl,
      validStartRequest(receiver.url, { POSKey: undefined }),
      {
        'x-pos-key': POS_KEY,
      },
    );
    expect(status).toBe(200);
    expect(body.Errors).toEqual([]);
  });
});
