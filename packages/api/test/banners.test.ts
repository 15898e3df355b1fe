import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor, createAdmin, createCustomer } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: Caller;
let customer: Caller;
let visitor: Caller;
let desktopImage: number;
let phoneImage: number;
let pdf: number;

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function storeMedia(mimeType: string, originalName: string): Promise<number> {
  const media = await db.prisma.media.create({
    data: { originalName, mimeType, width: 1600, height: 600, sizeBytes: 10 },
    select: { id: true },
  });
  return media.id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
  customer = (await createCustomer(db.prisma)).caller;
  visitor = await callerFor(db.prisma);
  desktopImage = await storeMedia('image/png', 'bogrek.png');
  phoneImage = await storeMedia('image/webp', 'bogrek-telefon.webp');
  pdf = await storeMedia('application/pdf', 'katalogus.pdf');
});
afterAll(() => db?.close());

const hu = (title: string, body?: string) => [{ language: 'hu', title, body }];

describe('hero', () => {
  it('creates a hero with both images, its text as plain text, link and button label', async () => {
    const hero = await admin.hero.create({
      descriptions: hu('Bögrék minden reggelre', '<p>Porcelán &amp; kerámia</p>'),
      link: '/category/konyha',
      buttonLabel: 'Megnézem',
      imageId: desktopImage,
      mobileImageId: phoneImage,
      position: 2,
    });
    expect(hero).toMatchObject({
      title: 'Bögrék minden reggelre',
      text: 'Porcelán & kerámia',
      link: '/category/konyha',
      buttonLabel: 'Megnézem',
      position: 2,
      enabled: true,
      active: true,
      activeFrom: null,
      activeTo: null,
      image: { id: desktopImage, full: `/media/${desktopImage}/full`, card: `/media/${desktopImage}/card` },
      mobileImage: { id: phoneImage, original: `/media/${phoneImage}/original` },
    });
    await admin.hero.delete({ id: hero.id });
  });

  it('shows shoppers only enabled heroes inside their window, in order; an admin sees all', async () => {
    const shown = await admin.hero.create({ descriptions: hu('Most'), position: 1 });
    const first = await admin.hero.create({
      descriptions: hu('Elöl'),
      position: 0,
      activeFrom: daysFromNow(-1),
      activeTo: daysFromNow(1),
    });
    const disabled = await admin.hero.create({ descriptions: hu('Kikapcsolva'), enabled: false });
    const future = await admin.hero.create({ descriptions: hu('Jövő hét'), activeFrom: daysFromNow(7) });
    const over = await admin.hero.create({
      descriptions: hu('Lejárt'),
      activeFrom: daysFromNow(-7),
      activeTo: daysFromNow(-1),
    });

    expect((await visitor.hero.list()).items.map((hero) => hero.title)).toEqual(['Elöl', 'Most']);
    expect((await customer.hero.list()).items.map((hero) => hero.title)).toEqual(['Elöl', 'Most']);
    const all = (await admin.hero.list()).items;
    expect(all.map((hero) => [hero.title, hero.active])).toEqual(
      expect.arrayContaining([
        ['Kikapcsolva', false],
        ['Jövő hét', false],
        ['Lejárt', false],
        ['Most', true],
      ]),
    );
    expect(all).toHaveLength(5);

    expect((await visitor.hero.byId({ id: shown.id })).title).toBe('Most');
    for (const hidden of [disabled, future, over]) {
      await expectTrpcError(
        visitor.hero.byId({ id: hidden.id }),
        'NOT_FOUND',
        'A keresett tartalom nem található.',
      );
      expect((await admin.hero.byId({ id: hidden.id })).id).toBe(hidden.id);
    }
    for (const hero of [shown, first, disabled, future, over]) await admin.hero.delete({ id: hero.id });
  });

  it('refuses a window that ends before it starts, also when one edge is changed alone', async () => {
    await expectTrpcError(
      admin.hero.create({ descriptions: hu('Rossz'), activeFrom: daysFromNow(2), activeTo: daysFromNow(1) }),
      'BAD_REQUEST',
      'Az aktív időszak vége legyen a kezdete után.',
    );
    const hero = await admin.hero.create({ descriptions: hu('Jó'), activeFrom: daysFromNow(2) });
    await expectTrpcError(
      admin.hero.update({ id: hero.id, activeTo: daysFromNow(1) }),
      'BAD_REQUEST',
      'Az aktív időszak vége legyen a kezdete után.',
    );
    await expectTrpcError(
      admin.hero.create({ descriptions: hu('Rossz'), activeFrom: '2026-13-01' }),
      'BAD_REQUEST',
      /activeFrom/,
    );
    await admin.hero.delete({ id: hero.id });
  });

  it('takes only images of the media library and safe links', async () => {
    await expectTrpcError(
      admin.hero.create({ descriptions: hu('Kép nélkül'), imageId: 999_999 }),
      'BAD_REQUEST',
      'A kiválasztott kép nem található a médiatárban.',
    );
    await expectTrpcError(
      admin.hero.create({ descriptions: hu('PDF'), mobileImageId: pdf }),
      'BAD_REQUEST',
      'A kiválasztott kép nem található a médiatárban.',
    );
    for (const link of ['javascript:alert(1)', '//evil.example/x', 'ftp://example.com']) {
      await expectTrpcError(
        admin.hero.create({ descriptions: hu('Link'), link }),
        'BAD_REQUEST',
        /hivatkozás/,
      );
    }
    const external = await admin.hero.create({
      descriptions: hu('Külső'),
      link: 'https://example.com/akcio',
    });
    expect(external.link).toBe('https://example.com/akcio');
    await admin.hero.delete({ id: external.id });
  });

  it('updates only the fields sent; null clears; a description replaces its own language', async () => {
    const hero = await admin.hero.create({
      descriptions: hu('Eredeti', 'Szöveg'),
      link: '/akcio',
      buttonLabel: 'Tovább',
      imageId: desktopImage,
    });
    const updated = await admin.hero.update({
      id: hero.id,
      link: null,
      descriptions: [{ language: 'en', title: 'Original' }],
    });
    expect(updated).toMatchObject({ title: 'Eredeti', text: 'Szöveg', link: null, buttonLabel: 'Tovább' });
    expect(updated.image?.id).toBe(desktopImage);
    expect(updated.descriptions.map((d) => d.language)).toEqual(['hu', 'en']);
    expect(updated.updatedAt >= hero.updatedAt).toBe(true);

    await admin.hero.delete({ id: hero.id });
    await expectTrpcError(admin.hero.byId({ id: hero.id }), 'NOT_FOUND');
    await expectTrpcError(admin.hero.delete({ id: hero.id }), 'NOT_FOUND');
    await expectTrpcError(admin.hero.update({ id: hero.id, position: 1 }), 'NOT_FOUND');
  });

  it('lets only admins write: strangers get 401, customers 403', async () => {
    const hero = await admin.hero.create({ descriptions: hu('Védett') });
    await expectTrpcError(visitor.hero.create({ descriptions: hu('X') }), 'UNAUTHORIZED');
    await expectTrpcError(customer.hero.create({ descriptions: hu('X') }), 'FORBIDDEN');
    await expectTrpcError(visitor.hero.update({ id: hero.id, position: 3 }), 'UNAUTHORIZED');
    await expectTrpcError(customer.hero.update({ id: hero.id, position: 3 }), 'FORBIDDEN');
    await expectTrpcError(visitor.hero.delete({ id: hero.id }), 'UNAUTHORIZED');
    await expectTrpcError(customer.hero.delete({ id: hero.id }), 'FORBIDDEN');
    await admin.hero.delete({ id: hero.id });
  });
});

describe('sliders', () => {
  it('getActive answers the slides showing now, in order, to everyone; heroes are a separate list', async () => {
    const second = await admin.sliders.create({ descriptions: hu('Második'), position: 2 });
    const firstSlide = await admin.sliders.create({
      descriptions: hu('Első'),
      position: 1,
      activeTo: daysFromNow(3),
    });
    const later = await admin.sliders.create({ descriptions: hu('Később'), activeFrom: daysFromNow(1) });
    const hero = await admin.hero.create({ descriptions: hu('Hero') });

    expect((await visitor.sliders.getActive()).items.map((slide) => slide.title)).toEqual([
      'Első',
      'Második',
    ]);
    expect((await admin.sliders.getActive()).items.map((slide) => slide.title)).toEqual(['Első', 'Második']);
    expect((await visitor.sliders.list()).items.map((slide) => slide.title)).toEqual(['Első', 'Második']);
    expect((await admin.sliders.list()).items.map((slide) => slide.title)).toEqual([
      'Később',
      'Első',
      'Második',
    ]);
    expect((await visitor.hero.list()).items.map((item) => item.title)).toEqual(['Hero']);
    await expectTrpcError(visitor.sliders.byId({ id: later.id }), 'NOT_FOUND');
    await expectTrpcError(visitor.sliders.create({ descriptions: hu('X') }), 'UNAUTHORIZED');
    await expectTrpcError(customer.sliders.delete({ id: second.id }), 'FORBIDDEN');

    for (const slide of [second, firstSlide, later]) await admin.sliders.delete({ id: slide.id });
    await admin.hero.delete({ id: hero.id });
  });
});

describe('popup', () => {
  const popup = {
    enabled: true,
    title: 'Iratkozz fel!',
    body: '<p>10% kedvezmény</p><script>alert(1)</script>',
    link: '/services/registration',
    audience: 'everyone' as const,
    frequency: 'once_per_visitor' as const,
  };

  it('is nothing to shoppers until saved; an admin starts from the disabled default', async () => {
    expect(await visitor.popup.get()).toBeNull();
    expect(await admin.popup.get()).toMatchObject({ enabled: false, title: '', audience: 'everyone' });
  });

  it('saves the popup with its text sanitised; shoppers see it while it is on and in its window', async () => {
    const saved = await admin.popup.save({ ...popup, imageId: desktopImage });
    expect(saved).toMatchObject({
      enabled: true,
      active: true,
      title: 'Iratkozz fel!',
      image: { id: desktopImage },
    });
    expect(saved.body).toContain('10% kedvezmény');
    expect(saved.body).not.toContain('script');
    expect(await visitor.popup.get()).toMatchObject({ title: 'Iratkozz fel!', updatedAt: saved.updatedAt });

    await admin.popup.save({ ...popup, activeFrom: daysFromNow(1) });
    expect(await visitor.popup.get()).toBeNull();
    expect(await admin.popup.get()).toMatchObject({ active: false });
    await admin.popup.save({ ...popup, activeTo: daysFromNow(-1), activeFrom: daysFromNow(-2) });
    expect(await visitor.popup.get()).toBeNull();
    await admin.popup.save({ ...popup, enabled: false });
    expect(await customer.popup.get()).toBeNull();
  });

  it('answers guests or customers only, as its audience says', async () => {
    await admin.popup.save({ ...popup, audience: 'guests' });
    expect(await visitor.popup.get()).not.toBeNull();
    expect(await customer.popup.get()).toBeNull();
    await admin.popup.save({ ...popup, audience: 'customers', frequency: 'once_per_session' });
    expect(await visitor.popup.get()).toBeNull();
    expect(await customer.popup.get()).toMatchObject({ frequency: 'once_per_session' });
  });

  it('refuses bad input and non-admins', async () => {
    await expectTrpcError(admin.popup.save({ ...popup, title: ' ' }), 'BAD_REQUEST', 'A cím kötelező.');
    await expectTrpcError(admin.popup.save({ ...popup, imageId: pdf }), 'BAD_REQUEST');
    await expectTrpcError(
      admin.popup.save({ ...popup, audience: 'robots' as 'guests' }),
      'BAD_REQUEST',
      /célközönség/,
    );
    await expectTrpcError(visitor.popup.save(popup), 'UNAUTHORIZED');
    await expectTrpcError(customer.popup.save(popup), 'FORBIDDEN');
  });
});
