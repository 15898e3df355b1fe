import type { Random } from '../random';
import { DAY_MS, daysAgo, metaDescriptionOf, priceEndingIn90, slugify } from '../text';
import { PRODUCT_KINDS, type ProductKind, type SizeProperty, type Variant } from './product-kinds';

export type PropertyCode = 'anyag' | 'szin' | 'marka' | SizeProperty;

export const PROPERTIES: readonly { code: PropertyCode; title: string }[] = [
  { code: 'anyag', title: 'Anyag' },
  { code: 'szin', title: 'Szín' },
  { code: 'urtartalom', title: 'Űrtartalom' },
  { code: 'meret', title: 'Méret' },
  { code: 'kiszereles', title: 'Kiszerelés' },
  { code: 'marka', title: 'Márka' },
];

export type GroupName = 'Törzsvásárló' | 'Viszonteladó';

export type ProductDraft = {
  kind: ProductKind;
  name: string;
  slug: string;
  kutiId: string;
  grossPrice: number;
  vatClass: string;
  /** Net content of one piece for the unit price: 0.25 with "kg"; null: sold by the piece. */
  netQuantity: number | null;
  netQuantityUnit: string | null;
  stock: number;
  unit: string;
  enabled: boolean;
  featured: boolean;
  unitsSold: number;
  lowestPrice30d: number;
  weightGrams: number;
  createdAt: Date;
  priceHistory: { grossPrice: number; validFrom: Date }[];
  tiers: { minQuantity: number; grossPrice: number }[];
  groupPrices: { group: GroupName; grossPrice: number | null; hidden: boolean }[];
  properties: { code: PropertyCode; value: string }[];
  categories: { slug: string; primary: boolean }[];
  images: string[];
  body: string;
  metaDescription: string;
};

const FEATURED_COUNT = 12;
const TIER_QUANTITIES = [3, 5, 10, 20, 50] as const;
const TIER_DISCOUNTS = [0.05, 0.1, 0.15] as const;
export const GIFT_WRAP_IMAGE = 'ajandekcsomagolas.svg';

const CLOSING_SENTENCES = [
  'A raktáron lévő termékeket 1-2 munkanapon belül feladjuk.',
  'Gondosan, újrahasznosított papírral csomagoljuk, hogy épségben érkezzen meg.',
  '20\u00a0000\u00a0Ft értékű rendeléstől a GLS házhozszállítás ingyenes.',
  'Budapesti átvételi pontunkon személyesen, szállítási díj nélkül is átveheted.',
  'Kérésre ajándékcsomagolásban, kézzel írt üdvözlőkártyával küldjük.',
] as const;

export function kindImageNames(kind: ProductKind): [string, string] {
  return [`${kind.key}-1.svg`, `${kind.key}-2.svg`];
}

/** The whole demo catalogue, the same on every run for the same seed. */
export function generateProducts(random: Random, now: Date): ProductDraft[] {
  const drafts: ProductDraft[] = [];
  for (const kind of PRODUCT_KINDS) {
    for (const choice of pickNames(random, kind)) {
      drafts.push(generateProduct(random, now, kind, choice, drafts.length));
    }
  }
  const slugs = new Set(drafts.map((d) => d.slug));
  if (slugs.size !== drafts.length) throw new Error('Demo product names must be unique');

  const featurable = random.shuffle(drafts.filter((d) => d.enabled && d.stock > 0));
  for (const draft of featurable.slice(0, FEATURED_COUNT)) draft.featured = true;
  return drafts;
}

type NameChoice = { name: string; variant: Variant; size: string | undefined };

function pickNames(random: Random, kind: ProductKind): NameChoice[] {
  const choices: NameChoice[] = [];
  const sizes = kind.sizes.length > 0 ? kind.sizes : [undefined];
  for (const noun of kind.nouns) {
    for (const variant of kind.variants) {
      for (const size of sizes) {
        choices.push({ name: [noun, variant[0], size].filter(Boolean).join(', '), variant, size });
      }
    }
  }
  if (choices.length < kind.count)
    throw new Error(`Product kind ${kind.key} cannot make ${kind.count} names`);
  return random.shuffle(choices).slice(0, kind.count);
}

/** "250 g" → 0.25 kg, "50 ml" → 0.05 l, as the admin's form converts them. */
export function netContentOf(size: string): { netQuantity: number; netQuantityUnit: string } {
  const match = /^(\d+(?:,\d+)?) (g|kg|ml|l)$/.exec(size);
  if (!match) throw new Error(`Not a net content: ${size}`);
  const value = Number(match[1]!.replace(',', '.'));
  const small = match[2] === 'g' || match[2] === 'ml';
  return {
    netQuantity: Math.round((small ? value / 1000 : value) * 1e6) / 1e6,
    netQuantityUnit: match[2] === 'g' || match[2] === 'kg' ? 'kg' : 'l',
  };
}

function generateProduct(
  random: Random,
  now: Date,
  kind: ProductKind,
  { name, variant, size }: NameChoice,
  index: number,
): ProductDraft {
  const [, colour, variantMaterial] = variant;
  const material = variantMaterial ?? kind.material;
  const brand = random.pick(kind.brands);

  const prices = pricing(random, now, kind);
  const enabled = !random.chance(0.025);
  const stock = random.chance(0.08) ? 0 : random.int(1, 40) * random.int(1, 5);

  const properties: ProductDraft['properties'] = [];
  if (material) properties.push({ code: 'anyag', value: material });
  if (colour) properties.push({ code: 'szin', value: colour });
  if (size) properties.push({ code: kind.sizeProperty, value: size });
  properties.push({ code: 'marka', value: brand });

  const categories = [{ slug: kind.category, primary: true }];
  for (const extra of kind.extraCategories ?? []) {
    if (random.chance(0.3)) categories.push({ slug: extra, primary: false });
  }

  const [first, second] = kindImageNames(kind);
  const imageCount = random.int(1, 3);
  const images = index % 2 === 0 ? [first, second] : [second, first];
  if (imageCount === 3) images.push(GIFT_WRAP_IMAGE);

  return {
    kind,
    name,
    slug: slugify(name),
    kutiId: `KT-${10001 + index}`,
    ...prices,
    vatClass: kind.vatClass ?? '27',
    ...(kind.soldByMeasure && size ? netContentOf(size) : { netQuantity: null, netQuantityUnit: null }),
    stock,
    unit: kind.unit ?? 'db',
    enabled,
    featured: false,
    unitsSold: Math.floor(random.next() ** 2 * 600),
    weightGrams: random.int(kind.weightGrams[0], kind.weightGrams[1]),
    tiers: tiers(random, prices.grossPrice),
    groupPrices: groupPrices(random, prices.grossPrice),
    properties,
    categories,
    images: images.slice(0, imageCount),
    body: describe(random, kind, properties),
    metaDescription: metaDescriptionOf(`${name} – ${kind.blurb.split('. ')[0]?.replace(/\.$/, '')}.`),
  };
}

/**
 * Current price, its history and the lowest price of the last 30 days (which
 * Hungarian law requires next to a discount), consistent with each other.
 */
function pricing(random: Random, now: Date, kind: ProductKind) {
  const listPrice = priceEndingIn90(random.int(kind.price[0], kind.price[1]));
  const scenario = random.next();
  const changedDaysAgo = random.int(2, 80);
  const createdAt = daysAgo(now, changedDaysAgo + random.int(10, 300));
  let priceHistory: { grossPrice: number; validFrom: Date }[];
  if (scenario < 0.7) {
    priceHistory = [{ grossPrice: listPrice, validFrom: createdAt }];
  } else if (scenario < 0.85) {
    const discounted = priceEndingIn90(listPrice * 0.8);
    priceHistory = [
      { grossPrice: listPrice, validFrom: createdAt },
      { grossPrice: discounted, validFrom: daysAgo(now, changedDaysAgo) },
    ];
  } else {
    const earlier = priceEndingIn90(listPrice * 0.9);
    priceHistory = [
      { grossPrice: earlier, validFrom: createdAt },
      { grossPrice: listPrice, validFrom: daysAgo(now, changedDaysAgo) },
    ];
  }
  const windowStart = now.getTime() - 30 * DAY_MS;
  const inWindow = priceHistory.filter((_, i) => {
    const validTo = priceHistory[i + 1]?.validFrom.getTime() ?? Number.POSITIVE_INFINITY;
    return validTo > windowStart;
  });
  const current = priceHistory[priceHistory.length - 1]!;
  return {
    grossPrice: current.grossPrice,
    lowestPrice30d: Math.min(...inWindow.map((row) => row.grossPrice)),
    priceHistory,
    createdAt,
  };
}

function tiers(random: Random, grossPrice: number): ProductDraft['tiers'] {
  const roll = random.next();
  const count = roll < 0.4 ? 0 : roll < 0.65 ? 1 : roll < 0.85 ? 2 : 3;
  const quantities = random
    .shuffle(TIER_QUANTITIES)
    .slice(0, count)
    .sort((a, b) => a - b);
  const result: ProductDraft['tiers'] = [];
  let previous = grossPrice;
  quantities.forEach((minQuantity, i) => {
    const price = priceEndingIn90(grossPrice * (1 - (TIER_DISCOUNTS[i] ?? 0.15)));
    // Cheap items cannot always drop another step and still end in 90.
    if (price < previous) {
      result.push({ minQuantity, grossPrice: price });
      previous = price;
    }
  });
  return result;
}

function groupPrices(random: Random, grossPrice: number): ProductDraft['groupPrices'] {
  const roll = random.next();
  if (roll < 0.12)
    return [{ group: 'Viszonteladó', grossPrice: priceEndingIn90(grossPrice * 0.78), hidden: false }];
  if (roll < 0.16)
    return [{ group: 'Törzsvásárló', grossPrice: priceEndingIn90(grossPrice * 0.9), hidden: false }];
  // A few products are not offered to resellers at all.
  if (roll < 0.17) return [{ group: 'Viszonteladó', grossPrice: null, hidden: true }];
  return [];
}

function describe(random: Random, kind: ProductKind, properties: ProductDraft['properties']): string {
  const titles = new Map(PROPERTIES.map((p) => [p.code, p.title]));
  const items = properties.map((p) => `<li>${titles.get(p.code)}: ${p.value}</li>`).join('');
  return `<p>${kind.blurb}</p><ul>${items}</ul><p>${random.pick(CLOSING_SENTENCES)}</p>`;
}
