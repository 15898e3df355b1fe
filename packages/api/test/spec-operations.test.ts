import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/index';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type SpecOperation = { method: Method; path: string; procedure: string };

/**
 * Every operation of the specification's list of REST calls ("The calls it makes"), method and path copied
 * verbatim, with the procedure name each one has (or will have when its issue lands). Grows never; the spec
 * is fixed.
 */
const SPEC_OPERATIONS: SpecOperation[] = [
  // User
  { method: 'GET', path: '/api/user/address', procedure: 'user.addressList' },
  { method: 'POST', path: '/api/user/address', procedure: 'user.addressCreate' },
  { method: 'PATCH', path: '/api/user/address', procedure: 'user.addressUpdate' },
  { method: 'DELETE', path: '/api/user/address/{id}', procedure: 'user.addressDelete' },
  { method: 'POST', path: '/api/user/signin', procedure: 'user.signin' },
  { method: 'POST', path: '/api/user/signup', procedure: 'user.signup' },
  { method: 'POST', path: '/api/user/newpassword', procedure: 'user.newPassword' },
  { method: 'POST', path: '/api/user/resetpassword', procedure: 'user.resetPassword' },
  { method: 'GET', path: '/api/user/details', procedure: 'user.details' },
  { method: 'PATCH', path: '/api/user/details', procedure: 'user.updateDetails' },
  { method: 'POST', path: '/api/user/changegroup', procedure: 'user.changeGroup' },
  { method: 'POST', path: '/api/user/changepassword', procedure: 'user.changePassword' },
  { method: 'POST', path: '/api/user/changeemail', procedure: 'user.changeEmail' },
  { method: 'POST', path: '/api/user/findall', procedure: 'user.findAll' },
  { method: 'GET', path: '/api/user/{id}', procedure: 'user.byId' },
  { method: 'PUT', path: '/api/user', procedure: 'user.update' },
  { method: 'DELETE', path: '/api/user/{id}', procedure: 'user.delete' },
  { method: 'GET', path: '/api/user/download', procedure: 'user.download' },
  // Blog
  { method: 'GET', path: '/api/blogpost', procedure: 'blogpost.list' },
  { method: 'GET', path: '/api/blogpost/{id}', procedure: 'blogpost.byId' },
  { method: 'POST', path: '/api/blogpost/getBySlug', procedure: 'blogpost.bySlug' },
  { method: 'POST', path: '/api/blogpost', procedure: 'blogpost.create' },
  { method: 'PUT', path: '/api/blogpost', procedure: 'blogpost.update' },
  { method: 'DELETE', path: '/api/blogpost/{id}', procedure: 'blogpost.delete' },
  // Bookmarks, orders, cart
  { method: 'POST', path: '/api/bookmarks', procedure: 'bookmarks.listOrAdd' },
  { method: 'GET', path: '/api/order/myorders', procedure: 'order.myOrders' },
  { method: 'POST', path: '/api/cart/barionstatus', procedure: 'cart.barionStatus' },
  { method: 'POST', path: '/api/cart/order', procedure: 'cart.order' },
  { method: 'POST', path: '/api/cart/add', procedure: 'cart.add' },
  { method: 'POST', path: '/api/cart/clear', procedure: 'cart.clear' },
  { method: 'POST', path: '/api/order', procedure: 'order.list' },
  { method: 'GET', path: '/api/order/{id}', procedure: 'order.byId' },
  // Catalogue content
  { method: 'GET', path: '/api/catalogue', procedure: 'catalogue.list' },
  { method: 'GET', path: '/api/catalogue/{id}', procedure: 'catalogue.byId' },
  { method: 'POST', path: '/api/catalogue', procedure: 'catalogue.create' },
  { method: 'PUT', path: '/api/catalogue', procedure: 'catalogue.update' },
  { method: 'DELETE', path: '/api/catalogue/{id}', procedure: 'catalogue.delete' },
  { method: 'GET', path: '/api/category', procedure: 'category.tree' },
  { method: 'POST', path: '/api/category/findall', procedure: 'category.findAll' },
  { method: 'GET', path: '/api/category/{id}', procedure: 'category.byId' },
  { method: 'POST', path: '/api/category/getBySlug', procedure: 'category.bySlug' },
  { method: 'POST', path: '/api/category', procedure: 'category.create' },
  { method: 'PUT', path: '/api/category', procedure: 'category.update' },
  { method: 'DELETE', path: '/api/category/{id}', procedure: 'category.delete' },
  { method: 'DELETE', path: '/api/description/{id}', procedure: 'description.delete' },
  { method: 'GET', path: '/api/hero', procedure: 'hero.list' },
  { method: 'GET', path: '/api/hero/{id}', procedure: 'hero.byId' },
  { method: 'POST', path: '/api/hero', procedure: 'hero.create' },
  { method: 'PUT', path: '/api/hero', procedure: 'hero.update' },
  { method: 'DELETE', path: '/api/hero/{id}', procedure: 'hero.delete' },
  { method: 'GET', path: '/api/email', procedure: 'email.list' },
  { method: 'GET', path: '/api/email/{id}', procedure: 'email.byId' },
  { method: 'POST', path: '/api/email', procedure: 'email.create' },
  { method: 'PUT', path: '/api/email', procedure: 'email.update' },
  { method: 'DELETE', path: '/api/email/{id}', procedure: 'email.delete' },
  { method: 'GET', path: '/api/sliders', procedure: 'sliders.list' },
  { method: 'GET', path: '/api/sliders/{id}', procedure: 'sliders.byId' },
  { method: 'POST', path: '/api/sliders', procedure: 'sliders.create' },
  { method: 'PUT', path: '/api/sliders', procedure: 'sliders.update' },
  { method: 'DELETE', path: '/api/sliders/{id}', procedure: 'sliders.delete' },
  { method: 'GET', path: '/api/sliders/getActive', procedure: 'sliders.getActive' },
  { method: 'GET', path: '/api/emailsetting', procedure: 'emailsetting.get' },
  { method: 'PUT', path: '/api/emailsetting', procedure: 'emailsetting.update' },
  { method: 'GET', path: '/api/page', procedure: 'page.list' },
  { method: 'POST', path: '/api/page/by-slug', procedure: 'page.bySlug' },
  { method: 'GET', path: '/api/page/{id}', procedure: 'page.byId' },
  { method: 'POST', path: '/api/page', procedure: 'page.create' },
  { method: 'PUT', path: '/api/page', procedure: 'page.update' },
  { method: 'DELETE', path: '/api/page/{id}', procedure: 'page.delete' },
  { method: 'GET', path: '/api/popup', procedure: 'popup.get' },
  { method: 'POST', path: '/api/popup', procedure: 'popup.save' },
  { method: 'POST', path: '/api/media', procedure: 'media.upload' },
  { method: 'POST', path: '/api/property', procedure: 'property.listOrSave' },
  { method: 'GET', path: '/api/property/{id}', procedure: 'property.byId' },
  // Contact and customers
  { method: 'POST', path: '/api/contact', procedure: 'contact.send' },
  { method: 'POST', path: '/api/contact/offer', procedure: 'contact.offer' },
  { method: 'GET', path: '/api/customer/group', procedure: 'customer.groupList' },
  { method: 'GET', path: '/api/customer/group/{id}', procedure: 'customer.groupById' },
  { method: 'POST', path: '/api/customer', procedure: 'customer.list' },
  { method: 'GET', path: '/api/customer/{id}', procedure: 'customer.byId' },
  // Checkout
  { method: 'GET', path: '/api/checkout/payment', procedure: 'checkout.paymentList' },
  { method: 'GET', path: '/api/checkout/payment/{id}', procedure: 'checkout.paymentById' },
  { method: 'DELETE', path: '/api/checkout/payment/{id}', procedure: 'checkout.paymentDelete' },
  { method: 'GET', path: '/api/checkout/shipping', procedure: 'checkout.shippingList' },
  { method: 'GET', path: '/api/checkout/shipping/{id}', procedure: 'checkout.shippingById' },
  { method: 'DELETE', path: '/api/checkout/shipping/{id}', procedure: 'checkout.shippingDelete' },
  // Product
  { method: 'POST', path: '/api/product/filters', procedure: 'product.filters' },
  { method: 'GET', path: '/api/product/enable/{id}', procedure: 'product.enable' },
  { method: 'GET', path: '/api/product/disable/{id}', procedure: 'product.disable' },
  { method: 'GET', path: '/api/product/featured', procedure: 'product.featured' },
  { method: 'GET', path: '/api/product/popular', procedure: 'product.popular' },
  { method: 'POST', path: '/api/product/update', procedure: 'product.update' },
  {
    method: 'POST',
    path: '/api/product/find-multiple-products-by-kuti-id',
    procedure: 'product.findMultipleByKutiId',
  },
  { method: 'POST', path: '/api/product/quicksearch', procedure: 'product.quickSearch' },
  { method: 'POST', path: '/api/product', procedure: 'product.list' },
  { method: 'POST', path: '/api/product/getBySlug', procedure: 'product.bySlug' },
  { method: 'POST', path: '/api/product/getPrice', procedure: 'product.getPrice' },
  { method: 'GET', path: '/api/product/{id}', procedure: 'product.byId' },
];

type DocumentOperation = {
  method: Method;
  path: string;
  procedure: string;
  summary?: string;
  description?: string;
};

function documentOperations(): DocumentOperation[] {
  const document = buildOpenApiDocument({ baseUrl: 'http://localhost:3000/api' });
  const basePath = new URL(document.servers?.[0]?.url ?? '').pathname.replace(/\/$/, '');
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase() as Method,
        path: `${basePath}${path}`,
        // trpc-to-openapi names an operation after its procedure ("category.bySlug" → "category-bySlug").
        procedure: (operation.operationId ?? '').replace(/-/g, '.'),
        summary: operation.summary,
        description: operation.description,
      });
    }
  }
  return operations;
}

const key = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;
/** The same address written differently: case, parameter names, trailing slash, dashes. */
const loose = (operation: { method: string; path: string }) =>
  `${operation.method} ${operation.path
    .toLowerCase()
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/[-_]/g, '')
    .replace(/\/$/, '')}`;

describe('REST operations against spec §7', () => {
  const operations = documentOperations();
  const specByKey = new Map(SPEC_OPERATIONS.map((operation) => [key(operation), operation]));
  const specByProcedure = new Map(SPEC_OPERATIONS.map((operation) => [operation.procedure, operation]));

  it('lists each spec operation once', () => {
    expect(specByKey.size).toBe(SPEC_OPERATIONS.length);
    expect(specByProcedure.size).toBe(SPEC_OPERATIONS.length);
  });

  it('puts every procedure of a spec operation at the spec method and path', () => {
    const misplaced: string[] = [];
    for (const operation of operations) {
      const expected = specByProcedure.get(operation.procedure);
      if (expected && key(expected) !== key(operation)) {
        misplaced.push(`${operation.procedure}: ${key(operation)} helyett ${key(expected)}`);
      }
      const atAddress = specByKey.get(key(operation));
      if (atAddress && atAddress.procedure !== operation.procedure) {
        misplaced.push(`${key(operation)}: ${atAddress.procedure} helyett ${operation.procedure}`);
      }
      const lookalike = SPEC_OPERATIONS.find(
        (spec) => loose(spec) === loose(operation) && key(spec) !== key(operation),
      );
      if (lookalike) misplaced.push(`${key(operation)} eltér a specifikáció ${key(lookalike)} címétől`);
    }
    expect(misplaced).toEqual([]);
  });

  it('ships every operation of this issue (categories, descriptions, pages, sign-in)', () => {
    const present = new Set(operations.map(key));
    const shipped = SPEC_OPERATIONS.filter((operation) =>
      /^(category|description|page)\.|^user\.(signin|details)$/.test(operation.procedure),
    );
    expect(shipped.filter((operation) => !present.has(key(operation))).map(key)).toEqual([]);
    expect(shipped).toHaveLength(16);
  });

  it('ships every operation of the accounts issue (users, addresses, customers, customer groups)', () => {
    const present = new Set(operations.map(key));
    const shipped = SPEC_OPERATIONS.filter((operation) => /^(user|customer)\./.test(operation.procedure));
    expect(shipped.filter((operation) => !present.has(key(operation))).map(key)).toEqual([]);
    expect(shipped).toHaveLength(22);
    const extras = operations.filter((operation) => !specByKey.has(key(operation))).map(key);
    expect(extras).toEqual(
      expect.arrayContaining([
        'GET /api/user/export',
        'POST /api/user/delete-account',
        'POST /api/customer/group',
        'PUT /api/customer/group',
        'DELETE /api/customer/group/{id}',
      ]),
    );
  });

  it('ships every operation of heroes, slides and the popup', () => {
    const present = new Set(operations.map(key));
    const shipped = SPEC_OPERATIONS.filter((operation) =>
      /^(hero|sliders|popup)\./.test(operation.procedure),
    );
    expect(shipped.filter((operation) => !present.has(key(operation))).map(key)).toEqual([]);
    expect(shipped).toHaveLength(13);
  });

  it('ships every operation of the buying issue (cart, orders, checkout methods)', () => {
    const present = new Set(operations.map(key));
    const shipped = SPEC_OPERATIONS.filter((operation) =>
      /^(cart|order|checkout)\./.test(operation.procedure),
    );
    expect(shipped.filter((operation) => !present.has(key(operation))).map(key)).toEqual([]);
    expect(shipped).toHaveLength(13);
    const extras = operations.filter((operation) => !specByKey.has(key(operation))).map(key);
    expect(extras).toEqual(
      expect.arrayContaining([
        'GET /api/cart',
        'POST /api/cart/price',
        'POST /api/order/{id}/pay',
        'POST /api/checkout/shipping',
        'PUT /api/checkout/shipping',
        'POST /api/checkout/payment',
        'PUT /api/checkout/payment',
      ]),
    );
  });

  it('describes every operation beyond the spec in the API reference, and reports what is pending', () => {
    const extras = operations.filter((operation) => !specByKey.has(key(operation)));
    for (const extra of extras) {
      expect(extra.summary, `${key(extra)}: hiányzik az összefoglaló`).toBeTruthy();
      expect(extra.description, `${key(extra)}: hiányzik a leírás`).toBeTruthy();
    }
    const present = new Set(operations.map(key));
    const pending = SPEC_OPERATIONS.filter((operation) => !present.has(key(operation)));
    console.info(
      [
        `Specifikáció §7: ${SPEC_OPERATIONS.length - pending.length}/${SPEC_OPERATIONS.length} művelet elkészült.`,
        `A specifikáción túli műveletek: ${extras.map(key).join(', ') || 'nincs'}.`,
        `Későbbi feladatokra vár (${pending.length}): ${pending.map(key).join(', ')}.`,
      ].join('\n'),
    );
    expect(extras.map(key)).toContain('POST /api/user/signout');
  });
});

describe('the API reference', () => {
  const document = buildOpenApiDocument({ baseUrl: '/api' });

  it('reads Hungarian and documents the token header', () => {
    expect(document.info.description).toMatch(/token/);
    expect(document.components?.securitySchemes?.token).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'token',
    });
    expect(JSON.stringify(document)).not.toMatch(
      /Successful response|Invalid input data|Authorization not provided/,
    );
  });

  it('asks for the token exactly on the operations that need a session, optionally where it changes the answer', () => {
    const signedIn = [{ token: [] }, { bearer: [] }];
    expect(document.paths?.['/category']?.post?.security).toEqual(signedIn);
    expect(document.paths?.['/user/details']?.get?.security).toEqual(signedIn);
    expect(document.paths?.['/category']?.get?.security).toEqual([]);
    expect(document.paths?.['/user/signin']?.post?.security).toEqual([]);
    expect(document.paths?.['/category/getBySlug']?.post?.security).toEqual([{}, ...signedIn]);
  });
});
