import {
  createVariantProduct,
  formTokenSecret,
  issueFormToken,
  MIN_FILL_MS,
  type VariantProduct,
} from '@shop/api/testing';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

// Offer requests and quotes per variant over REST, as an integrator sees them: `variant` beside
// `product` with the cart's rules. A line that does not name one sellable variant is a 400 (no variant
// for a product sold in variants, or one for a product sold as itself) or a 404 (another product's,
// a switched-off or an unknown variant), with a Hungarian message, never a 500.
const ENCRYPTION_KEY = Buffer.alloc(32, 24);

type ErrorBody = { message: string; issues?: { path: string; message: string }[] };
type QuoteLine = { product: number; variant: number | null; title: string; unitPrice: number };

let server: TestServer;
let adminToken: string;
let mug: number;
let shirt: VariantProduct;
let cup: VariantProduct;
let offerRequestId: number;
let nextIp = 0;

/** A request from an address of its own, so the per-address limit of one case does not touch another's. */
function from() {
  nextIp += 1;
  return { 'x-forwarded-for': `198.51.100.${nextIp}` };
}

function offer(email: string, lines: unknown[]) {
  return {
    name: 'Kovács Anna',
    email,
    companyName: 'Minta Kft.',
    lines,
    consent: true,
    formToken: issueFormToken(formTokenSecret(ENCRYPTION_KEY), new Date(Date.now() - MIN_FILL_MS - 500))
      .token,
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({ encryptionKey: ENCRYPTION_KEY, trustProxy: ['127.0.0.1'] });
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  mug = (
    await prisma.product.create({
      data: {
        slug: 'kek-bogre',
        grossPrice: 3990,
        stock: 5,
        descriptions: { create: { language: 'hu', title: 'Kék bögre' } },
      },
    })
  ).id;
  shirt = await createVariantProduct(
    prisma,
    { slug: 'ajanlat-polo', title: 'Póló', grossPrice: 4990 },
    [
      { title: 'Szín', values: ['kék', 'piros'] },
      { title: 'Méret', values: ['M'] },
    ],
    [
      { kutiId: 'AJ-POLO-KEK-M', values: ['kék', 'M'], stock: 10 },
      { kutiId: 'AJ-POLO-PIROS-M', values: ['piros', 'M'], stock: 10, enabled: false },
    ],
  );
  cup = await createVariantProduct(
    prisma,
    { slug: 'ajanlat-csesze', title: 'Csésze', grossPrice: 1990 },
    [{ title: 'Szín', values: ['fehér'] }],
    [{ kutiId: 'AJ-CSESZE-FEHER', values: ['fehér'], stock: 3 }],
  );
});
afterAll(() => server?.close());

/** The cases every write of lines refuses, with the status and the message they answer. */
function refusals(): [string, unknown, number, RegExp][] {
  return [
    ['no variant', { product: shirt.id }, 400, /válaszd ki a változatot \(variant\)/],
    [
      'a variant of a simple product',
      { product: mug, variant: shirt.variants['AJ-POLO-KEK-M'] },
      400,
      /nem változatokban/,
    ],
    [
      'another product’s variant',
      { product: shirt.id, variant: cup.variants['AJ-CSESZE-FEHER'] },
      404,
      /változata nem található/,
    ],
    [
      'a switched-off variant',
      { product: shirt.id, variant: shirt.variants['AJ-POLO-PIROS-M'] },
      404,
      /változata nem található/,
    ],
    ['an unknown variant', { product: shirt.id, variant: 999_999 }, 404, /változata nem található/],
    ['a variant that is no id', { product: shirt.id, variant: 'kék' }, 400, /.+/],
    ['a null variant', { product: shirt.id, variant: null }, 400, /.+/],
  ];
}

describe('POST /api/contact/offer with variant', () => {
  it('stores the line under the variant’s name, and the admin reads it with its variantId', async () => {
    const email = 'rest-ajanlat@example.hu';
    const sent = await api(server, 'POST', '/api/contact/offer', {
      body: offer(email, [{ product: shirt.id, variant: shirt.variants['AJ-POLO-KEK-M'], quantity: 12 }]),
      headers: from(),
    });
    expect(sent.status).toBe(200);
    offerRequestId = (await server.database.prisma.offerRequest.findFirstOrThrow({ where: { email } })).id;
    const detail = await api<{ lines: unknown[] }>(server, 'GET', `/api/contact/offer/${offerRequestId}`, {
      token: adminToken,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.lines).toEqual([
      {
        productId: shirt.id,
        variantId: shirt.variants['AJ-POLO-KEK-M'],
        productTitle: 'Póló, kék, M',
        quantity: 12,
      },
    ]);
  });

  it('answers 400 or 404 for a line that does not name one sellable variant, and stores nothing', async () => {
    const email = 'rest-rossz-ajanlat@example.hu';
    for (const [name, line, status, message] of refusals()) {
      const answer = await api<ErrorBody>(server, 'POST', '/api/contact/offer', {
        body: offer(email, [{ ...(line as object), quantity: 1 }]),
        headers: from(),
      });
      expect(answer.status, name).toBe(status);
      expect(answer.body.message, name).toMatch(message);
      // The service's own refusals name the line's field, as the form shows them under that line.
      if (name === 'no variant' || name === 'a variant of a simple product') {
        expect(answer.body.issues?.[0]?.path, name).toBe('lines.0.variant');
      }
    }
    expect(await server.database.prisma.offerRequest.count({ where: { email } })).toBe(0);
  });
});

describe('/api/quote with variant', () => {
  it('proposes and writes the variant asked for', async () => {
    const proposal = await api<{ lines: QuoteLine[] }>(
      server,
      'GET',
      `/api/quote/proposal?offerRequest=${offerRequestId}`,
      { token: adminToken },
    );
    expect(proposal.status).toBe(200);
    expect(proposal.body.lines).toMatchObject([
      { product: shirt.id, variant: shirt.variants['AJ-POLO-KEK-M'], title: 'Póló, kék, M', unitPrice: 4990 },
    ]);
    const created = await api<{ id: number; lines: QuoteLine[] }>(server, 'POST', '/api/quote', {
      token: adminToken,
      body: {
        offerRequestId,
        lines: [
          { product: shirt.id, variant: shirt.variants['AJ-POLO-KEK-M'], quantity: 12, unitPrice: 3990 },
        ],
        validUntil: inDays(7),
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.lines).toMatchObject([
      { product: shirt.id, variant: shirt.variants['AJ-POLO-KEK-M'], title: 'Póló, kék, M', unitPrice: 3990 },
    ]);
  });

  it('answers 400 or 404 for a quote line that does not name one sellable variant, on create and update', async () => {
    const quote = await server.database.prisma.quote.findFirstOrThrow({ where: { offerRequestId } });
    for (const [name, line, status, message] of refusals()) {
      const lines = [{ ...(line as object), quantity: 1, unitPrice: 100 }];
      const create = await api<ErrorBody>(server, 'POST', '/api/quote', {
        token: adminToken,
        body: { offerRequestId, lines, validUntil: inDays(7) },
      });
      expect(create.status, name).toBe(status);
      expect(create.body.message, name).toMatch(message);
      const update = await api<ErrorBody>(server, 'PUT', '/api/quote', {
        token: adminToken,
        body: { id: quote.id, lines, validUntil: inDays(7) },
      });
      expect(update.status, name).toBe(status);
      expect(update.body.message, name).toMatch(message);
    }
    expect(await server.database.prisma.quote.count({ where: { offerRequestId } })).toBe(1);
    const kept = await api<{ lines: QuoteLine[] }>(server, 'GET', `/api/quote/${quote.id}`, {
      token: adminToken,
    });
    expect(kept.body.lines.map((line) => line.title)).toEqual(['Póló, kék, M']);
  });
});
