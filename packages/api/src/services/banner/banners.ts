import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../../errors';
import { type TBanner, type TBannerCreateInput, type TBannerUpdateInput, windowIssue } from '../../schemas';
import {
  type DescriptionOwner,
  descriptionSelect,
  primaryDescription,
  saveDescriptions,
  sortDescriptions,
  toDescriptionDto,
} from '../description';
import { plainText } from '../seo';
import { activeWhere, isActive } from './active-window';
import { assertImages, bannerImageSelect, toBannerImage } from './banner-image';

/** The home page's heroes and its slider's slides: two tables with the same fields and rules. */
export type BannerKind = 'hero' | 'slider';

const bannerSelect = {
  id: true,
  position: true,
  enabled: true,
  activeFrom: true,
  activeTo: true,
  link: true,
  buttonLabel: true,
  updatedAt: true,
  image: { select: bannerImageSelect },
  mobileImage: { select: bannerImageSelect },
  descriptions: { select: descriptionSelect },
} as const satisfies Prisma.HeroSelect & Prisma.SliderSelect;

type BannerRow = Prisma.HeroGetPayload<{ select: typeof bannerSelect }>;
type BannerWhere = Prisma.HeroWhereInput & Prisma.SliderWhereInput;
type BannerData = {
  position?: number;
  enabled?: boolean;
  link?: string | null;
  buttonLabel?: string | null;
  activeFrom?: Date | null;
  activeTo?: Date | null;
  imageId?: number | null;
  mobileImageId?: number | null;
  updatedAt?: Date;
};
type Db = PrismaClient | Prisma.TransactionClient;

const ORDER = [{ position: 'asc' }, { id: 'asc' }] as const satisfies Prisma.HeroOrderByWithRelationInput[];

/** The few queries that differ between the two tables only in the table's name. */
type BannerTable = {
  owner: (id: number) => DescriptionOwner;
  findMany: (db: Db, where: BannerWhere) => Promise<BannerRow[]>;
  findById: (db: Db, id: number) => Promise<BannerRow | null>;
  create: (tx: Prisma.TransactionClient, data: BannerData) => Promise<{ id: number }>;
  update: (tx: Prisma.TransactionClient, id: number, data: BannerData) => Promise<void>;
  delete: (tx: Prisma.TransactionClient, id: number) => Promise<number>;
};

const TABLES: Record<BannerKind, BannerTable> = {
  hero: {
    owner: (heroId) => ({ heroId }),
    findMany: (db, where) => db.hero.findMany({ where, orderBy: ORDER, select: bannerSelect }),
    findById: (db, id) => db.hero.findUnique({ where: { id }, select: bannerSelect }),
    create: (tx, data) => tx.hero.create({ data, select: { id: true } }),
    update: async (tx, id, data) => {
      await tx.hero.update({ where: { id }, data, select: { id: true } });
    },
    delete: async (tx, id) => (await tx.hero.deleteMany({ where: { id } })).count,
  },
  slider: {
    owner: (sliderId) => ({ sliderId }),
    findMany: (db, where) => db.slider.findMany({ where, orderBy: ORDER, select: bannerSelect }),
    findById: (db, id) => db.slider.findUnique({ where: { id }, select: bannerSelect }),
    create: (tx, data) => tx.slider.create({ data, select: { id: true } }),
    update: async (tx, id, data) => {
      await tx.slider.update({ where: { id }, data, select: { id: true } });
    },
    delete: async (tx, id) => (await tx.slider.deleteMany({ where: { id } })).count,
  },
};

function toBanner(row: BannerRow, now: Date): TBanner {
  const primary = primaryDescription(row.descriptions);
  return {
    id: row.id,
    position: row.position,
    enabled: row.enabled,
    active: isActive(row, now),
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeTo: row.activeTo?.toISOString() ?? null,
    link: row.link,
    buttonLabel: row.buttonLabel,
    title: primary?.title ?? '',
    text: plainText(primary?.body ?? ''),
    image: toBannerImage(row.image),
    mobileImage: toBannerImage(row.mobileImage),
    descriptions: sortDescriptions(row.descriptions).map(toDescriptionDto),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Shoppers get the banners showing now, in order; an admin gets every banner. */
export async function listBanners(
  prisma: PrismaClient,
  kind: BannerKind,
  { includeInactive, now = new Date() }: { includeInactive: boolean; now?: Date },
): Promise<TBanner[]> {
  const rows = await TABLES[kind].findMany(prisma, includeInactive ? {} : activeWhere(now));
  return rows.map((row) => toBanner(row, now));
}

/** A banner not showing now is "not found" for a shopper, as if it did not exist. */
export async function getBanner(
  prisma: PrismaClient,
  kind: BannerKind,
  id: number,
  { includeInactive, now = new Date() }: { includeInactive: boolean; now?: Date },
): Promise<TBanner> {
  const row = await TABLES[kind].findById(prisma, id);
  if (!row || (!includeInactive && !isActive(row, now)))
    throw new DomainError('not_found', MESSAGES.notFound);
  return toBanner(row, now);
}

function toData(input: Omit<TBannerUpdateInput, 'id' | 'descriptions'>): BannerData {
  const data: BannerData = {};
  if (input.position !== undefined) data.position = input.position;
  if (input.enabled !== undefined) data.enabled = input.enabled;
  if (input.link !== undefined) data.link = input.link;
  if (input.buttonLabel !== undefined) data.buttonLabel = input.buttonLabel;
  if (input.activeFrom !== undefined) data.activeFrom = input.activeFrom ? new Date(input.activeFrom) : null;
  if (input.activeTo !== undefined) data.activeTo = input.activeTo ? new Date(input.activeTo) : null;
  if (input.imageId !== undefined) data.imageId = input.imageId;
  if (input.mobileImageId !== undefined) data.mobileImageId = input.mobileImageId;
  return data;
}

export async function createBanner(
  prisma: PrismaClient,
  kind: BannerKind,
  input: TBannerCreateInput,
): Promise<TBanner> {
  const table = TABLES[kind];
  const id = await prisma.$transaction(async (tx) => {
    await assertImages(tx, { imageId: input.imageId, mobileImageId: input.mobileImageId });
    const { descriptions, ...fields } = input;
    const created = await table.create(tx, toData(fields));
    await saveDescriptions(tx, table.owner(created.id), descriptions);
    return created.id;
  });
  return getBanner(prisma, kind, id, { includeInactive: true });
}

export async function updateBanner(
  prisma: PrismaClient,
  kind: BannerKind,
  input: TBannerUpdateInput,
): Promise<TBanner> {
  const table = TABLES[kind];
  await prisma.$transaction(async (tx) => {
    const existing = await table.findById(tx, input.id);
    if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
    // One edge may be sent alone: the window it makes with the stored other edge must still be valid.
    const from = input.activeFrom !== undefined ? input.activeFrom : existing.activeFrom?.toISOString();
    const to = input.activeTo !== undefined ? input.activeTo : existing.activeTo?.toISOString();
    const issue = windowIssue(from, to);
    if (issue) throw new DomainError('invalid_input', issue.message, [issue]);
    await assertImages(tx, { imageId: input.imageId, mobileImageId: input.mobileImageId });
    const { id, descriptions, ...fields } = input;
    if (descriptions) await saveDescriptions(tx, table.owner(id), descriptions);
    // Always touches the row, so updatedAt also moves when only a description changed.
    await table.update(tx, id, { ...toData(fields), updatedAt: new Date() });
  });
  return getBanner(prisma, kind, input.id, { includeInactive: true });
}

export async function deleteBanner(prisma: PrismaClient, kind: BannerKind, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if ((await TABLES[kind].delete(tx, id)) === 0) throw new DomainError('not_found', MESSAGES.notFound);
  });
}
