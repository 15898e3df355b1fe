import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import { type DocumentedOperation, documentedOperations, jsonMedia } from '../src/openapi/operations';
import { describeProblems, lintOpenApiDocument } from '../src/testing';

const document = buildOpenApiDocument({ baseUrl: '/api' });
const operations = documentedOperations(document);
const name = ({ method, path }: DocumentedOperation) => `${method.toUpperCase()} ${path}`;
const schemas = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;

describe('the OpenAPI document', () => {
  it('documents every REST operation of the router', () => {
    const count = Object.values(document.paths ?? {}).reduce(
      (sum, item) => sum + Object.keys(item ?? {}).filter((key) => key !== 'parameters').length,
      0,
    );
    expect(operations.length).toBe(count);
    expect(count).toBeGreaterThan(100);
  });

  it('passes redocly lint with the recommended rules: no errors, every example matches its schema', async () => {
    expect(describeProblems(await lintOpenApiDocument(document))).toEqual([]);
  }, 60_000);

  it('names the component schema of every entity and list envelope, so generated clients get types', () => {
    const entities = ['Product', 'ProductCard', 'Category', 'Order', 'Cart', 'Customer', 'Page', 'Address'];
    const more = ['Property', 'Media', 'Refund', 'Description', 'ShippingMethod', 'PaymentMethod', 'User'];
    const lists = ['ProductCardList', 'CategoryList', 'CustomerSummaryList', 'MediaList', 'UserList'];
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining([...entities, ...more, ...lists]));
    expect(Object.keys(schemas).filter((key) => /^__schema|^error\./.test(key))).toEqual([]);
    for (const entity of [...entities, ...more]) expect(schemas[entity]?.description, entity).toBeTruthy();
    const productPage = jsonMedia(document.paths?.['/product/getBySlug']?.post?.responses?.['200'] as never);
    expect(productPage?.schema).toEqual({ $ref: '#/components/schemas/Product' });
  });

  it('describes every non-obvious field of the named schemas: money, VAT, stock, codes, states, links, times', () => {
    // Fields whose meaning a client cannot guess from the name and type (gross or net? which ids? UTC?).
    const nonObvious = new Set([
      ...['price', 'originalPrice', 'lowestPrice30d', 'unitPrice', 'lineTotal', 'grossPrice', 'total'],
      ...[
        'subtotal',
        'itemsTotal',
        'vatContent',
        'fee',
        'freeAbove',
        'discountPercent',
        'vatRate',
        'vatClass',
      ],
      ...['stock', 'inStock', 'kutiId', 'slug', 'status', 'paymentState', 'parent', 'product', 'groupId'],
      ...['position', 'enabled', 'published', 'language', 'scopes', 'events', 'prefix', 'page', 'pageSize'],
      ...['createdAt', 'updatedAt', 'lastUsedAt', 'revokedAt', 'nextAttemptAt', 'deliveredAt', 'completedAt'],
    ]);
    const undescribed: string[] = [];
    for (const [schemaName, schema] of Object.entries(schemas)) {
      const properties = (schema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [field, property] of Object.entries(properties)) {
        if (nonObvious.has(field) && !property.description?.trim())
          undescribed.push(`${schemaName}.${field}`);
      }
    }
    expect(undescribed).toEqual([]);
    // The check looks where the descriptions are: the known ones are found.
    const product = schemas.Product as { properties: Record<string, { description?: string }> };
    expect(product.properties.price?.description).toMatch(/forint/);
    expect(schemas.ApiKey?.properties).toHaveProperty('scopes.description');
  });

  it('gives every operation an example request and answer', () => {
    const missing: string[] = [];
    for (const entry of operations) {
      const { operation } = entry;
      const body = jsonMedia(operation.requestBody);
      if (body && body.example === undefined) missing.push(`${name(entry)}: kérés`);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required && parameter.example === undefined)
          missing.push(`${name(entry)}: ${parameter.name}`);
      }
      const ok = operation.responses?.['200'];
      const media = ok && 'content' in ok ? Object.values(ok.content ?? {})[0] : undefined;
      if (!media || !('example' in media)) missing.push(`${name(entry)}: válasz`);
    }
    expect(missing).toEqual([]);
  });

  it('declares security on every operation: none, optional or required, as the procedure allows', () => {
    const signedIn = [{ token: [] }, { bearer: [] }];
    for (const entry of operations) {
      const { meta, operation } = entry;
      const expected = meta.access === 'public' ? (meta.sessionAware ? [{}, ...signedIn] : []) : signedIn;
      expect(operation.security, name(entry)).toEqual(expected);
      expect(operation.description, name(entry)).toMatch(/Hozzáférés:/);
      if (meta.scope) expect(operation.description, name(entry)).toContain(`\`${meta.scope}\``);
    }
    // Where a token changes the answer: prices, hidden products and categories.
    expect(document.paths?.['/product']?.post?.security).toEqual([{}, ...signedIn]);
    expect(document.paths?.['/category/findall']?.post?.security).toEqual([{}, ...signedIn]);
    expect(document.components?.securitySchemes).toMatchObject({
      token: { type: 'apiKey', in: 'header', name: 'token' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it('lists the statuses the server can send, each with the one error body', () => {
    const statuses = (path: string, method: 'get' | 'post' | 'put' | 'delete') =>
      Object.keys(document.paths?.[path]?.[method]?.responses ?? {});
    for (const entry of operations) {
      const responses = entry.operation.responses ?? {};
      expect(responses, name(entry)).toHaveProperty('500');
      expect(responses, name(entry)).toHaveProperty('401');
      if (entry.meta.access !== 'public') expect(responses, name(entry)).toHaveProperty('403');
      if (entry.method !== 'get' && entry.method !== 'delete') {
        expect(Object.keys(responses), name(entry)).toEqual(expect.arrayContaining(['400', '413', '415']));
      }
    }
    expect(statuses('/category/getBySlug', 'post')).toContain('404');
    expect(statuses('/category/{id}', 'delete')).toEqual(expect.arrayContaining(['404', '409']));
    expect(statuses('/user/signin', 'post')).toContain('429');
    expect(statuses('/order/{id}/pay', 'post')).toEqual(expect.arrayContaining(['409', '503']));
    expect(statuses('/category', 'get')).not.toContain('400');
    const error = schemas.Error as { properties: { issues: { items: unknown } } };
    expect(error.properties.issues.items).toEqual({ $ref: '#/components/schemas/ErrorIssue' });
    expect(schemas.ErrorIssue).toMatchObject({ required: ['path', 'message'] });
  });

  it('documents the webhook payloads the shop sends, one per event', () => {
    const webhooks = (document.webhooks ?? {}) as Record<string, { post: { requestBody: unknown } }>;
    expect(Object.keys(webhooks)).toEqual([
      'order.created',
      'order.paid',
      'order.status_changed',
      'product.changed',
      'stock.changed',
      'invoice.issued',
      'order.shipment_changed',
      'refund.created',
      'withdrawal.received',
      'withdrawal.completed',
      'customer.changed',
    ]);
    const body = jsonMedia(webhooks['order.paid']?.post.requestBody as never);
    const paid = body?.example as { event?: string; data?: Record<string, unknown> } | undefined;
    expect(paid?.event).toBe('order.paid');
    expect(Object.keys(paid?.data ?? {})).toEqual(['order', 'paymentProvider', 'amount', 'paidAt']);
    const customer = jsonMedia(webhooks['customer.changed']?.post.requestBody as never);
    const example = customer?.example as { data?: Record<string, unknown> } | undefined;
    expect(Object.keys(example?.data ?? {})).toEqual(['id', 'change', 'updatedAt']);
  });

  it('documents CSV downloads as text/csv', () => {
    const ok = document.paths?.['/order/download']?.get?.responses?.['200'] as { content: object };
    expect(Object.keys(ok.content)).toEqual(['text/csv']);
  });
});
