import type { Prisma, PrismaClient } from '@shop/db';
import type { TPopup, TPopupAudience, TPopupSaveInput } from '../../schemas';
import { sanitizeHtml } from '../html-sanitize';
import { isActive } from './active-window';
import { assertImages, bannerImageSelect, toBannerImage } from './banner-image';

/** The shop has one popup, the row with this id (schema.prisma). */
const POPUP_ID = 1;

const popupSelect = {
  enabled: true,
  title: true,
  body: true,
  link: true,
  activeFrom: true,
  activeTo: true,
  audience: true,
  frequency: true,
  updatedAt: true,
  image: { select: bannerImageSelect },
} as const satisfies Prisma.PopupSelect;

type PopupRow = Prisma.PopupGetPayload<{ select: typeof popupSelect }>;

/** What an admin starts from before the first save (the schema's defaults); a read writes nothing. */
const NEVER_SAVED: PopupRow = {
  enabled: false,
  title: '',
  body: '',
  link: null,
  activeFrom: null,
  activeTo: null,
  audience: 'everyone',
  frequency: 'once_per_visitor',
  updatedAt: new Date(0),
  image: null,
};

function toPopup(row: PopupRow, now: Date): TPopup {
  return {
    enabled: row.enabled,
    active: isActive(row, now),
    title: row.title,
    body: row.body,
    link: row.link,
    image: toBannerImage(row.image),
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeTo: row.activeTo?.toISOString() ?? null,
    audience: row.audience,
    frequency: row.frequency,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether the popup is meant for this visitor: `signedIn` is a customer's session. */
export function popupIsFor(audience: TPopupAudience, signedIn: boolean): boolean {
  if (audience === 'guests') return !signedIn;
  if (audience === 'customers') return signedIn;
  return true;
}

/**
 * What GET /api/popup answers. An admin gets the stored popup in any state (an unsaved one as the
 * disabled default), to edit it; a shopper only the popup meant for them now, else null. How often it
 * shows is the browser's part (it remembers the `updatedAt` it has shown).
 */
export async function getPopup(
  prisma: PrismaClient,
  viewer: { admin: boolean; signedIn: boolean },
  now = new Date(),
): Promise<TPopup | null> {
  const row = await prisma.popup.findUnique({ where: { id: POPUP_ID }, select: popupSelect });
  if (viewer.admin) return toPopup(row ?? NEVER_SAVED, now);
  if (!row || !isActive(row, now) || !popupIsFor(row.audience, viewer.signedIn)) return null;
  return toPopup(row, now);
}

/** POST /api/popup: saves the whole popup; its text is stored as the shared allow-list leaves it. */
export async function savePopup(
  prisma: PrismaClient,
  input: TPopupSaveInput,
  now = new Date(),
): Promise<TPopup> {
  return prisma.$transaction(async (tx) => {
    await assertImages(tx, { imageId: input.imageId });
    const data = {
      enabled: input.enabled,
      title: input.title,
      body: sanitizeHtml(input.body),
      link: input.link ?? null,
      imageId: input.imageId ?? null,
      activeFrom: input.activeFrom ? new Date(input.activeFrom) : null,
      activeTo: input.activeTo ? new Date(input.activeTo) : null,
      audience: input.audience,
      frequency: input.frequency,
    };
    const row = await tx.popup.upsert({
      where: { id: POPUP_ID },
      create: { id: POPUP_ID, ...data },
      update: data,
      select: popupSelect,
    });
    return toPopup(row, now);
  });
}
