import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../../cache';
import type { TProductFiltersInput } from '../../schemas';
import { GUEST } from './pricing';
import { filterProducts } from './product-list';

/**
 * The category-scoped walk must give exactly what a walk over the whole catalogue gives. The
 * expected answers here are computed the plain way from the fixture itself: every product
 * checked, disjunctive facet counts, the price range of the products passing all else.
 */

type FixtureProduct = {
  id: number;
  price: number;
  stock: number;
  enabled: boolean;
  categoryIds: number[];
  valueIds: number[];
};

let db: Database;
const products: FixtureProduct[] = [];
const categories = { root: 0, child: 0, leaf: 0, other: 0, hidden: 0 };
const values = { colour: [] as number[], material: [] as number[] };
let colourId = 0;
let materialId = 0;
const propertyOf = new Map<number, number>();

const deps = () => ({ prisma: db.prisma, cache: new VersionedCache(db.prisma) });
const viewer = { shopper: GUEST, isAdmin: false };

beforeAll(async () => {
  db = await createTestDatabase();
  const prisma = db.prisma;
  const category = async (slug: string, parentId: number | null, enabled = true) =>
    (
      await prisma.category.create({
        data: { slug, parentId, enabled, descriptions: { create: { language: 'hu', title: slug } } },
        select: { id: true },
      })
    ).id;
  categories.root = await category('konyha', null);
  categories.child = await category('edenyek', categories.root);
  categories.leaf = await category('bogrek', categories.child);
  categories.other = await category('kert', null);
  categories.hidden = await category('rejtett', categories.root, false);

  const property = async (code: string, titles: string[]) =>
    prisma.property.create({
      data: {
        code,
        descriptions: { create: { language: 'hu', title: code } },
        values: {
          create: titles.map((title, position) => ({
            position,
            descriptions: { create: { language: 'hu', title } },
          })),
        },
      },
      select: { id: true, values: { select: { id: true }, orderBy: { position: 'asc' } } },
    });
  const colour = await property('szin', ['kék', 'piros', 'zöld']);
  const material = await property('anyag', ['kerámia', 'üveg']);
  colourId = colour.id;
  materialId = material.id;
  values.colour = colour.values.map((value) => value.id);
  values.material = material.values.map((value) => value.id);
  for (const id of values.colour) propertyOf.set(id, colourId);
  for (const id of values.material) propertyOf.set(id, materialId);

  const scopes = [
    [categories.root],
    [categories.child],
    [categories.leaf],
    [categories.other],
    [categories.leaf, categories.other],
    [categories.child, categories.leaf],
    [categories.hidden],
    [],
  ];
  for (let n = 0; n < 120; n++) {
    const categoryIds = scopes[n % scopes.length]!;
    const valueIds = [values.colour[n % 3]!, ...(n % 4 === 0 ? [] : [values.material[n % 2]!])];
    const created = await prisma.product.create({
      data: {
        slug: `termek-${n}`,
        grossPrice: 1000 + ((n * 37) % 500) * 10,
        stock: n % 5 === 0 ? 0 : 3,
        enabled: n % 11 !== 0,
        descriptions: { create: { language: 'hu', title: `Termék ${n}` } },
        categories: {
          create: categoryIds.map((categoryId, i) => ({ categoryId, primary: i === 0 })),
        },
        propertyValues: { create: valueIds.map((propertyValueId) => ({ propertyValueId })) },
      },
      select: { id: true, grossPrice: true, stock: true, enabled: true },
    });
    products.push({
      id: created.id,
      price: created.grossPrice,
      stock: created.stock,
      enabled: created.enabled,
      categoryIds,
      valueIds,
    });
  }
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The whole-catalogue answer, computed product by product. */
function expected(
  scope: number[] | null,
  input: Pick<TProductFiltersInput, 'properties' | 'inStock' | 'priceMin' | 'priceMax'>,
) {
  const filters = Object.entries(input.properties ?? {})
    .filter(([, ids]) => ids.length > 0)
    .map(([propertyId, ids]) => [Number(propertyId), new Set(ids)] as const);
  const matched: number[] = [];
  const counts = new Map<number, number>();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const product of products) {
    if (!product.enabled) continue;
    if (scope && !product.categoryIds.some((id) => scope.includes(id))) continue;
    if (input.inStock && product.stock <= 0) continue;
    const failed = filters
      .filter(([, accepted]) => !product.valueIds.some((id) => accepted.has(id)))
      .map(([propertyId]) => propertyId);
    if (failed.length > 1) continue;
    if (failed.length === 0) {
      min = Math.min(min, product.price);
      max = Math.max(max, product.price);
    }
    if (input.priceMin !== undefined && product.price < input.priceMin) continue;
    if (input.priceMax !== undefined && product.price > input.priceMax) continue;
    for (const valueId of product.valueIds) {
      if (failed.length === 0 || propertyOf.get(valueId) === failed[0]) {
        counts.set(valueId, (counts.get(valueId) ?? 0) + 1);
      }
    }
    if (failed.length === 0) matched.push(product.id);
  }
  return { matched: matched.sort((a, b) => a - b), counts, price: min <= max ? { min, max } : null };
}

describe('category-scoped filtering', () => {
  const cases: { name: string; category: () => number; scope: () => number[] }[] = [
    {
      name: 'a root with its subcategories (a hidden child left out)',
      category: () => categories.root,
      scope: () => [categories.root, categories.child, categories.leaf],
    },
    {
      name: 'a middle category',
      category: () => categories.child,
      scope: () => [categories.child, categories.leaf],
    },
    { name: 'a leaf', category: () => categories.leaf, scope: () => [categories.leaf] },
    { name: 'another root', category: () => categories.other, scope: () => [categories.other] },
  ];
  const inputs: Pick<TProductFiltersInput, 'properties' | 'inStock' | 'priceMin' | 'priceMax'>[] = [
    {},
    { inStock: true },
    { properties: {} },
    { priceMin: 1500, priceMax: 4000 },
  ];

  for (const scopeCase of cases) {
    it(`equals the whole-catalogue walk: ${scopeCase.name}`, async () => {
      const allInputs = [
        ...inputs,
        { properties: { [colourId]: [values.colour[0]!, values.colour[1]!] } },
        {
          properties: { [colourId]: [values.colour[2]!], [materialId]: [values.material[0]!] },
          inStock: true,
          priceMin: 1200,
        },
      ];
      for (const input of allInputs) {
        const answer = await filterProducts(deps(), viewer, {
          category: scopeCase.category(),
          sort: 'price-asc',
          page: 1,
          pageSize: 200,
          ...input,
        });
        const want = expected(scopeCase.scope(), input);
        expect(answer.items.map((item) => item.id).sort((a, b) => a - b)).toEqual(want.matched);
        expect(answer.total).toBe(want.matched.length);
        expect(answer.facets.price).toEqual(want.price);
        const counted = new Map(
          answer.facets.properties.flatMap((facet) => facet.values.map((value) => [value.id, value.count])),
        );
        for (const [valueId, count] of want.counts) expect(counted.get(valueId)).toBe(count);
        for (const [valueId, count] of counted) expect(count).toBe(want.counts.get(valueId) ?? 0);
        const prices = answer.items.map((item) => item.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }
    });
  }

  it('pages through a scope in the same order as one long page', async () => {
    const input = { category: categories.root, sort: 'price-desc' as const };
    const all = await filterProducts(deps(), viewer, { ...input, page: 1, pageSize: 200 });
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      pages.push(...(await filterProducts(deps(), viewer, { ...input, page, pageSize: 7 })).items);
    }
    expect(pages.map((item) => item.id)).toEqual(all.items.slice(0, 28).map((item) => item.id));
  });
});
