import type { Database } from '@shop/db';
import { cataloguePdf } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMedia } from '../src/schemas';
import { renderMissingCatalogueCovers } from '../src/services/pdf-catalogue/cover';
import { type Caller, callerFor, createAdmin, signedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: Caller;
let visitor: Caller;
let shopper: Caller;

const PALETTE = { background: '#dbe9f6', body: '#1f5fa8', accent: '#ffffff' };
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A real PDF of a cover and `extraPages` more pages (its text in WinAnsi: no ő or ű). */
async function pdfBase64(extraPages = 1): Promise<string> {
  const pages = Array.from({ length: extraPages }, (_, i) => ({
    heading: `Oldal ${i + 2}`,
    lines: ['Tányérok'],
  }));
  const bytes = await cataloguePdf({
    title: 'Teszt katalógus',
    subtitle: 'Teszt',
    footer: 'Teszt',
    palette: PALETTE,
    pages,
  });
  return Buffer.from(bytes).toString('base64');
}

async function uploadPdf(title: string, extraPages = 1): Promise<TMedia> {
  return admin.media.upload({
    fileName: `${title}.pdf`,
    mimeType: 'application/pdf',
    dataBase64: await pdfBase64(extraPages),
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
  visitor = await callerFor(db.prisma);
  shopper = (await signedIn(db.prisma)).caller;
});
afterAll(() => db?.close());

describe('media upload of a PDF', () => {
  it('stores a real PDF as it came and keeps it out of the picture library', async () => {
    const media = await uploadPdf('Tavaszi katalógus');
    expect(media).toMatchObject({ mimeType: 'application/pdf', width: null, height: null });
    const stored = await db.prisma.mediaVariant.findMany({ where: { mediaId: media.id } });
    expect(stored.map((variant) => [variant.name, variant.mimeType])).toEqual([
      ['original', 'application/pdf'],
    ]);
    expect(Buffer.from(stored[0]!.data).subarray(0, 5).toString()).toBe('%PDF-');
    const library = await admin.media.list({ page: 1, pageSize: 200 });
    expect(library.items.some((item) => item.id === media.id)).toBe(false);
  });

  it('refuses a file that only starts like a PDF, and a PDF over 30 MB', async () => {
    const fake = Buffer.from('%PDF-1.7\nez nem igazi PDF, csak a fejléce az\n').toString('base64');
    await expectTrpcError(
      admin.media.upload({ fileName: 'hamis.pdf', mimeType: 'application/pdf', dataBase64: fake }),
      'BAD_REQUEST',
      'A fájl nem olvasható PDF.',
    );
    const huge = Buffer.alloc(30 * 1024 * 1024 + 1, 0x20);
    huge.write('%PDF-1.7\n');
    await expectTrpcError(
      admin.media.upload({
        fileName: 'nagy.pdf',
        mimeType: 'application/pdf',
        dataBase64: huge.toString('base64'),
      }),
      'PAYLOAD_TOO_LARGE',
      'A PDF legfeljebb 30 MB lehet.',
    );
  });
});

describe('catalogue', () => {
  it('renders the cover from the first page and counts the pages', async () => {
    const file = await uploadPdf('Őszi katalógus', 2);
    const created = await admin.catalogue.create({
      file: file.id,
      descriptions: [{ language: 'hu', title: 'Őszi katalógus', body: 'Bögrék és gyertyák.' }],
    });
    expect(created).toMatchObject({
      title: 'Őszi katalógus',
      body: 'Bögrék és gyertyák.',
      pageCount: 3,
      enabled: true,
      current: true,
      file: { id: file.id, name: 'Őszi katalógus.pdf', url: `/media/${file.id}/original` },
    });
    expect(created.cover).not.toBeNull();
    const cover = await db.prisma.media.findUniqueOrThrow({
      where: { id: created.cover!.id },
      select: { mimeType: true, width: true, height: true, variants: { select: { name: true } } },
    });
    // An A4 page drawn 1200 px wide, stored with the upload's variants.
    expect(cover).toMatchObject({ mimeType: 'image/png', width: 1200 });
    expect(cover.height).toBeGreaterThan(1600);
    expect(cover.variants.map((variant) => variant.name).sort()).toEqual([
      'card',
      'full',
      'original',
      'thumb',
    ]);
  });

  it('keeps an uploaded cover, and draws a new one when the PDF changes or the cover is cleared', async () => {
    const png = await db.prisma.mediaVariant.findFirstOrThrow({
      where: { mimeType: 'image/png', name: 'original' },
    });
    const picture = await admin.media.upload({
      fileName: 'borito.png',
      mimeType: 'image/png',
      dataBase64: Buffer.from(png.data).toString('base64'),
    });
    const file = await uploadPdf('Nyári katalógus');
    const created = await admin.catalogue.create({
      file: file.id,
      image: picture.id,
      descriptions: [{ language: 'hu', title: 'Nyári katalógus' }],
    });
    expect(created.cover?.id).toBe(picture.id);
    expect(created.pageCount).toBe(2);

    const kept = await admin.catalogue.update({ id: created.id, position: 3 });
    expect(kept.cover?.id).toBe(picture.id);

    const cleared = await admin.catalogue.update({ id: created.id, image: null });
    expect(cleared.cover?.id).not.toBe(picture.id);

    const other = await uploadPdf('Nyári katalógus 2', 4);
    const replaced = await admin.catalogue.update({ id: created.id, file: other.id });
    expect(replaced).toMatchObject({ pageCount: 5, file: { id: other.id } });
    expect(replaced.cover?.id).not.toBe(cleared.cover?.id);
  });

  it('refuses a picture as the PDF, a PDF as the cover, and a window that ends before it starts', async () => {
    const file = await uploadPdf('Hibás katalógus');
    const picture = await db.prisma.media.findFirstOrThrow({ where: { mimeType: 'image/png' } });
    const error = await expectTrpcError(
      admin.catalogue.create({ file: picture.id, descriptions: [{ language: 'hu', title: 'X' }] }),
      'BAD_REQUEST',
      'A kiválasztott PDF nem található a médiatárban.',
    );
    expect(error.message).toMatch(/PDF/);
    await expectTrpcError(
      admin.catalogue.create({
        file: file.id,
        image: file.id,
        descriptions: [{ language: 'hu', title: 'X' }],
      }),
      'BAD_REQUEST',
    );
    await expectTrpcError(
      admin.catalogue.create({
        file: file.id,
        validFrom: at(5),
        validTo: at(1),
        descriptions: [{ language: 'hu', title: 'X' }],
      }),
      'BAD_REQUEST',
      'Az érvényesség vége legyen a kezdete után.',
    );
  });

  it('shows shoppers only enabled catalogues inside their validity window', async () => {
    const make = async (title: string, fields: { enabled?: boolean; validFrom?: string; validTo?: string }) =>
      admin.catalogue.create({
        file: (await uploadPdf(title)).id,
        descriptions: [{ language: 'hu', title }],
        ...fields,
      });
    const current = await make('Érvényes', { validFrom: at(-1), validTo: at(1) });
    const future = await make('Jövőbeli', { validFrom: at(2) });
    const expired = await make('Lejárt', { validTo: at(-1) });
    const disabled = await make('Kikapcsolt', { enabled: false });

    for (const caller of [visitor, shopper]) {
      const titles = (await caller.catalogue.list()).items.map((catalogue) => catalogue.title);
      expect(titles).toContain('Érvényes');
      expect(titles).not.toContain('Jövőbeli');
      expect(titles).not.toContain('Lejárt');
      expect(titles).not.toContain('Kikapcsolt');
      await expect(caller.catalogue.byId({ id: current.id })).resolves.toMatchObject({ current: true });
      for (const hidden of [future, expired, disabled]) {
        await expectTrpcError(
          caller.catalogue.byId({ id: hidden.id }),
          'NOT_FOUND',
          'A keresett tartalom nem található.',
        );
      }
    }
    const all = (await admin.catalogue.list()).items;
    expect(
      all.filter((catalogue) => [future.id, expired.id, disabled.id].includes(catalogue.id)),
    ).toHaveLength(3);
    expect(all.find((catalogue) => catalogue.id === future.id)?.current).toBe(false);
  });

  it('lets only admins write: strangers get 401, shoppers 403', async () => {
    const file = await uploadPdf('Titkos');
    const input = { file: file.id, descriptions: [{ language: 'hu', title: 'Titkos' }] };
    await expectTrpcError(visitor.catalogue.create(input), 'UNAUTHORIZED');
    await expectTrpcError(shopper.catalogue.create(input), 'FORBIDDEN');
    const created = await admin.catalogue.create(input);
    await expectTrpcError(shopper.catalogue.update({ id: created.id, enabled: false }), 'FORBIDDEN');
    await expectTrpcError(visitor.catalogue.delete({ id: created.id }), 'UNAUTHORIZED');
    await expectTrpcError(
      shopper.media.upload({ fileName: 'a.pdf', mimeType: 'application/pdf', dataBase64: await pdfBase64() }),
      'FORBIDDEN',
    );
  });

  it('deletes a catalogue with its PDF', async () => {
    const file = await uploadPdf('Törlendő');
    const created = await admin.catalogue.create({
      file: file.id,
      descriptions: [{ language: 'hu', title: 'Törlendő' }],
    });
    await admin.catalogue.delete({ id: created.id });
    await expectTrpcError(admin.catalogue.byId({ id: created.id }), 'NOT_FOUND');
    expect(await db.prisma.media.findUnique({ where: { id: file.id } })).toBeNull();
    await expectTrpcError(admin.catalogue.delete({ id: created.id }), 'NOT_FOUND');
  });

  it('draws the missing covers of seeded catalogues once', async () => {
    const file = await uploadPdf('Magból');
    const seeded = await db.prisma.catalogue.create({ data: { fileId: file.id }, select: { id: true } });
    expect(await renderMissingCatalogueCovers(db.prisma)).toBe(1);
    expect(await renderMissingCatalogueCovers(db.prisma)).toBe(0);
    const after = await admin.catalogue.byId({ id: seeded.id });
    expect(after).toMatchObject({ pageCount: 2 });
    expect(after.cover).not.toBeNull();
  });
});
