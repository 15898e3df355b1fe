import type { Prisma } from '../../generated/prisma/client';
import { COMPANY } from '../company';
import { PALETTES } from '../images';
import type { SeedContext } from '../seed-context';
import { DAY_MS } from '../text';
import { type CataloguePdfPage, cataloguePdf } from './catalogue-pdf';

type CatalogueSeed = {
  fileName: string;
  title: string;
  body: string;
  paletteIndex: number;
  /** The validity window in days from the seed's run; left out: open. */
  validFromDays?: number;
  validToDays?: number;
  /** The pages after the cover (written without ő and ű: see catalogue-pdf.ts). */
  pages: readonly CataloguePdfPage[];
};

export const CATALOGUES: readonly CatalogueSeed[] = [
  {
    fileName: 'teli-ajandekkatalogus.pdf',
    title: 'Téli ajándékkatalógus',
    body: 'Karácsonyi bögrék, illatgyertyák és ajándékcsomagok egy helyen.',
    paletteIndex: 1,
    validFromDays: -10,
    validToDays: 80,
    pages: [
      {
        heading: 'Bögrék ajándékba',
        lines: [
          'Kézzel festett kerámia bögrék hazai fazekasoktól',
          'Páros bögrék, kérésre egyedi felirattal',
          'Porcelán teáscsészék alátéttel',
        ],
      },
      {
        heading: 'Illatok és fények',
        lines: [
          'Szójaviasz gyertyák fahéj, narancs és vanília illattal',
          'Teamécses-tartók kerámiából',
          'Illatosító pálcák a nappaliba',
        ],
      },
      {
        heading: 'Ajándékcsomagok',
        lines: [
          'Összeállított csomagok díszdobozban',
          'Ajándékkártya kézzel írt üzenettel',
          'Csomagolás újrahasznosított papírba',
        ],
      },
    ],
  },
  {
    fileName: 'konyhai-alapok-katalogus.pdf',
    title: 'Konyhai alapok katalógus',
    body: 'Tányérok, poharak, vágódeszkák és tárolók a mindennapokra.',
    paletteIndex: 2,
    pages: [
      {
        heading: 'Terítés',
        lines: [
          'Lapos és mély tányérok kerámiából',
          'Poharak vízhez, borhoz és kávéhoz',
          'Textil szalvéták és asztali futók',
        ],
      },
      {
        heading: 'Elkészítés és tárolás',
        lines: [
          'Vágódeszkák tölgyfából és bükkfából',
          'Üvegek és tárolódobozok a kamrába',
          'Fakanalak és konyhai eszközök',
        ],
      },
    ],
  },
];

/**
 * The demo catalogues with real PDFs. Their covers are left empty: the server draws each from its
 * PDF's first page when it starts (pdf.js is the API package's, services/pdf-catalogue/cover.ts).
 */
export async function seedCatalogues(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.catalogue.count()) > 0) return ctx.log('tartalom: vannak katalógusok, változatlan');
  const at = (days: number | undefined) =>
    days === undefined ? null : new Date(ctx.now.getTime() + days * DAY_MS);
  for (const [position, catalogue] of CATALOGUES.entries()) {
    const pdf = await cataloguePdf({
      title: catalogue.title,
      subtitle: catalogue.body,
      footer: `${COMPANY.shopName} – ${ctx.now.getUTCFullYear()}`,
      palette: PALETTES[catalogue.paletteIndex % PALETTES.length]!,
      pages: catalogue.pages,
    });
    const file = await tx.media.create({
      data: {
        originalName: catalogue.fileName,
        mimeType: 'application/pdf',
        sizeBytes: pdf.byteLength,
        variants: { create: { name: 'original', mimeType: 'application/pdf', data: new Uint8Array(pdf) } },
      },
      select: { id: true },
    });
    await tx.catalogue.create({
      data: {
        position,
        fileId: file.id,
        pageCount: catalogue.pages.length + 1,
        validFrom: at(catalogue.validFromDays),
        validTo: at(catalogue.validToDays),
        descriptions: { create: { language: 'hu', title: catalogue.title, body: catalogue.body } },
      },
    });
  }
  ctx.log(`tartalom: ${CATALOGUES.length} katalógus PDF-fel`);
}
