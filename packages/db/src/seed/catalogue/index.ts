import type { Prisma } from '../../generated/prisma/client';
import { idOf, PALETTES, productImage, type SvgImage, storeImages } from '../images';
import { createRandom } from '../random';
import type { SeedContext } from '../seed-context';
import { compareFilterValues, slugify } from '../text';
import { CATEGORY_TREE, type CategorySeed } from './categories';
import { PRODUCT_KINDS } from './product-kinds';
import { GIFT_WRAP_IMAGE, generateProducts, kindImageNames, PROPERTIES, type ProductDraft } from './products';
import { seedVariantProducts } from './variant-products';

const CATALOGUE_SEED = 20_260_301;

/** Categories, properties and products; only into a shop that has none of them yet. */
export async function seedCatalogue(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  const [categories, products, properties] = await Promise.all([
    tx.category.count(),
    tx.product.count(),
    tx.property.count(),
  ]);
  if (categories + products + properties > 0) {
    ctx.log('katalógus: már van adat, változatlan');
    return;
  }

  const drafts = generateProducts(createRandom(CATALOGUE_SEED), ctx.now);
  const categoryIds = await seedCategories(tx);
  const valueIds = await seedProperties(tx, drafts);
  const imageIds = await storeImages(tx, catalogueImages());
  await seedProducts(tx, drafts, { categoryIds, valueIds, imageIds });
  const withVariants = await seedVariantProducts(tx, ctx, { categoryIds, valueIds });
  ctx.log(
    `katalógus: ${categoryIds.size} kategória, ${PROPERTIES.length} tulajdonság, ` +
      `${drafts.length + withVariants} termék (${withVariants} változatokkal), ${imageIds.size} kép`,
  );
}

type FlatCategory = { slug: string; seed: CategorySeed; parentSlug: string | null; position: number };

function flattenByDepth(): FlatCategory[][] {
  const levels: FlatCategory[][] = [];
  const visit = (seeds: readonly CategorySeed[], parentSlug: string | null, depth: number) => {
    seeds.forEach((seed, position) => {
      const slug = slugify(seed.title);
      levels[depth] ??= [];
      levels[depth].push({ slug, seed, parentSlug, position });
      visit(seed.children ?? [], slug, depth + 1);
    });
  };
  visit(CATEGORY_TREE, null, 0);
  return levels;
}

async function seedCategories(tx: Prisma.TransactionClient): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // Each level needs its parents' ids, so the tree goes in one insert per level.
  for (const level of flattenByDepth()) {
    const rows = await tx.category.createManyAndReturn({
      data: level.map((c) => ({
        slug: c.slug,
        position: c.position,
        parentId: c.parentSlug === null ? null : idOf(ids, c.parentSlug),
      })),
      select: { id: true, slug: true },
    });
    for (const row of rows) ids.set(row.slug, row.id);
    await tx.description.createMany({
      data: level.map((c) => ({
        language: 'hu',
        categoryId: idOf(ids, c.slug),
        title: c.seed.title,
        body: c.seed.body,
        metaTitle: c.seed.title,
        metaDescription: c.seed.body,
      })),
    });
  }
  return ids;
}

/** Answers property value ids keyed by `${code}:${value}`. */
async function seedProperties(
  tx: Prisma.TransactionClient,
  drafts: readonly ProductDraft[],
): Promise<Map<string, number>> {
  const created = await tx.property.createManyAndReturn({
    data: PROPERTIES.map((p, position) => ({ code: p.code, position })),
    select: { id: true, code: true },
  });
  const propertyIds = new Map(created.map((p) => [p.code, p.id]));
  await tx.description.createMany({
    data: PROPERTIES.map((p) => ({ language: 'hu', propertyId: idOf(propertyIds, p.code), title: p.title })),
  });

  const valuesByCode = new Map<string, Set<string>>();
  for (const draft of drafts) {
    for (const { code, value } of draft.properties) {
      const values = valuesByCode.get(code) ?? new Set<string>();
      values.add(value);
      valuesByCode.set(code, values);
    }
  }
  const values = [...valuesByCode].flatMap(([code, set]) =>
    [...set]
      .sort(compareFilterValues)
      .map((value, position) => ({ code, value, position, propertyId: idOf(propertyIds, code) })),
  );
  const rows = await tx.propertyValue.createManyAndReturn({
    data: values.map(({ propertyId, position }) => ({ propertyId, position })),
    select: { id: true, propertyId: true, position: true },
  });
  const rowIds = new Map(rows.map((r) => [`${r.propertyId}:${r.position}`, r.id]));
  const valueIds = new Map<string, number>();
  for (const v of values) valueIds.set(`${v.code}:${v.value}`, idOf(rowIds, `${v.propertyId}:${v.position}`));
  await tx.description.createMany({
    data: values.map((v) => ({
      language: 'hu',
      propertyValueId: idOf(valueIds, `${v.code}:${v.value}`),
      title: v.value,
    })),
  });
  return valueIds;
}

function catalogueImages(): SvgImage[] {
  const images = PRODUCT_KINDS.flatMap((kind, k) =>
    kindImageNames(kind).map((fileName, i) =>
      productImage({
        fileName,
        label: kind.shortName,
        shape: kind.shape,
        palette: PALETTES[(k * 3 + i * 5) % PALETTES.length]!,
      }),
    ),
  );
  images.push(
    productImage({
      fileName: GIFT_WRAP_IMAGE,
      label: 'Ajándékcsomagolás',
      shape: 'gift',
      palette: PALETTES[1]!,
    }),
  );
  return images;
}

async function seedProducts(
  tx: Prisma.TransactionClient,
  drafts: readonly ProductDraft[],
  ids: { categoryIds: Map<string, number>; valueIds: Map<string, number>; imageIds: Map<string, number> },
): Promise<void> {
  const created = await tx.product.createManyAndReturn({
    data: drafts.map((d) => ({
      slug: d.slug,
      kutiId: d.kutiId,
      grossPrice: d.grossPrice,
      vatClass: d.vatClass,
      netQuantity: d.netQuantity,
      netQuantityUnit: d.netQuantityUnit,
      stock: d.stock,
      unit: d.unit,
      enabled: d.enabled,
      featured: d.featured,
      unitsSold: d.unitsSold,
      lowestPrice30d: d.lowestPrice30d,
      weightGrams: d.weightGrams,
      createdAt: d.createdAt,
    })),
    select: { id: true, slug: true },
  });
  const productIds = new Map(created.map((p) => [p.slug, p.id]));
  const groups = await tx.customerGroup.findMany({ select: { id: true, name: true } });
  const groupIds = new Map(groups.map((g) => [g.name, g.id]));

  const rows = drafts.map((d) => ({ draft: d, productId: idOf(productIds, d.slug) }));
  await tx.description.createMany({
    data: rows.map(({ draft, productId }) => ({
      language: 'hu',
      productId,
      title: draft.name,
      body: draft.body,
      metaTitle: draft.name,
      metaDescription: draft.metaDescription,
    })),
  });
  await tx.productCategory.createMany({
    data: rows.flatMap(({ draft, productId }) =>
      draft.categories.map((c) => ({
        productId,
        categoryId: idOf(ids.categoryIds, c.slug),
        primary: c.primary,
      })),
    ),
  });
  await tx.productImage.createMany({
    data: rows.flatMap(({ draft, productId }) =>
      draft.images.map((name, position) => ({ productId, mediaId: idOf(ids.imageIds, name), position })),
    ),
  });
  await tx.productPropertyValue.createMany({
    data: rows.flatMap(({ draft, productId }) =>
      draft.properties.map((p) => ({
        productId,
        propertyValueId: idOf(ids.valueIds, `${p.code}:${p.value}`),
      })),
    ),
  });
  await tx.productPriceHistory.createMany({
    data: rows.flatMap(({ draft, productId }) => draft.priceHistory.map((h) => ({ productId, ...h }))),
  });
  await tx.productPriceTier.createMany({
    data: rows.flatMap(({ draft, productId }) => draft.tiers.map((t) => ({ productId, ...t }))),
  });
  // Group prices exist only where the customer groups were seeded too.
  await tx.productGroupPrice.createMany({
    data: rows.flatMap(({ draft, productId }) =>
      draft.groupPrices.flatMap((g) => {
        const groupId = groupIds.get(g.group);
        return groupId === undefined
          ? []
          : [{ productId, groupId, grossPrice: g.grossPrice, hidden: g.hidden }];
      }),
    ),
  });
}
