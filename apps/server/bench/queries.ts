import { ADJECTIVES, BRANDS, CAPACITIES, CATALOGUE, MATERIALS, NOUNS, VARIANTS, variantCode } from './fill';

/**
 * Quick-search queries for the benchmark, built from the generated catalogue's own words so they
 * find something: words as typed (with and without accents), prefixes of the last word, one typo,
 * Hungarian word forms, brands, product codes, variant codes and title numbers. The list is long and shuffled so a
 * run of tens of thousands of requests almost never repeats a query, which the shop would answer
 * from its answer cache instead of searching.
 */

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** A small deterministic generator (mulberry32), so every run and both servers see the same list. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One letter replaced: what a hurried shopper types ("bögrw"). */
function typos(word: string): string[] {
  const letters = 'aeiorstwn';
  const result: string[] = [];
  for (let position = 1; position < word.length; position++) {
    for (const letter of letters) {
      if (word[position] === letter) continue;
      result.push(word.slice(0, position) + letter + word.slice(position + 1));
    }
  }
  return result;
}

function prefixes(word: string, min = 2): string[] {
  const result: string[] = [];
  for (let length = min; length < word.length; length++) result.push(word.slice(0, length));
  return result;
}

const FORMS = ['k', 'ek', 't', 'ban', 'hoz'];

export type QueryKind =
  | 'szókezdet'
  | 'ékezet nélkül'
  | 'elütés'
  | 'szóalak'
  | 'három szó'
  | 'anyag + űrtartalom'
  | 'márka'
  | 'termékkód'
  | 'változatkód'
  | 'szám a címből';

export type BenchQueries = {
  /** Every query once, shuffled. */
  all: string[];
  /** The queries of each kind, for timing the kinds one by one. */
  byKind: Map<QueryKind, string[]>;
};

export function buildQueries(): BenchQueries {
  const byKind = new Map<QueryKind, Set<string>>();
  const add = (kind: QueryKind, query: string) => {
    let set = byKind.get(kind);
    if (!set) {
      set = new Set();
      byKind.set(kind, set);
    }
    set.add(query);
  };
  for (const adjective of ADJECTIVES) {
    for (const noun of NOUNS) {
      // "kék bö", "kek bog": a second word being typed.
      for (const start of prefixes(noun)) {
        add('szókezdet', `${adjective} ${start}`);
        add('ékezet nélkül', fold(`${adjective} ${start}`));
      }
      for (const wrong of typos(fold(noun)).slice(0, 12)) add('elütés', `${adjective} ${wrong}`);
      for (const form of FORMS) add('szóalak', `${adjective} ${noun}${form}`);
      for (const material of MATERIALS) {
        for (const start of prefixes(noun, 3)) {
          add('három szó', `${adjective} ${material} ${start}`);
          add('ékezet nélkül', fold(`${adjective} ${material} ${start}`));
        }
        for (const form of FORMS) add('szóalak', `${material} ${adjective} ${noun}${form}`);
      }
    }
  }
  for (const material of MATERIALS) {
    for (const noun of NOUNS) {
      for (const capacity of CAPACITIES) {
        add('anyag + űrtartalom', `${material} ${noun} ${capacity}`);
        add('ékezet nélkül', fold(`${material} ${noun} ${capacity}`));
      }
    }
  }
  for (const brand of BRANDS) {
    for (const noun of NOUNS) {
      add('márka', `${brand} ${noun}`);
      add('ékezet nélkül', fold(`${brand} ${noun}`));
      for (const start of prefixes(brand.toLowerCase(), 3)) add('márka', `${start} ${noun}`);
    }
  }
  const next = random(4242);
  // Exact product codes and the numbers that end every title ("bögre 4711").
  for (let i = 0; i < 6000; i++) {
    const id = 1 + Math.floor(next() * CATALOGUE.products);
    add('termékkód', `KB-${String(id).padStart(6, '0')}`);
    const noun = NOUNS[Math.floor(next() * NOUNS.length)]!;
    add('szám a címből', `${noun} ${1 + Math.floor(next() * CATALOGUE.products)}`);
  }
  // Variant codes (KB-000006-PIROS-M), from a generator of their own so the other queries stay as they
  // were before variants; none without variant products (BENCH_VARIANT_PRODUCTS=0).
  const nextVariant = random(2424);
  for (let i = 0; i < (VARIANTS.products > 0 ? 3000 : 0); i++) {
    const productId = 1 + 5 * Math.floor(nextVariant() * VARIANTS.products);
    add('változatkód', variantCode(productId, Math.floor(nextVariant() * 4)));
  }
  const shuffle = (list: string[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const all = shuffle([...new Set([...byKind.values()].flatMap((set) => [...set]))]);
  return { all, byKind: new Map([...byKind].map(([kind, set]) => [kind, shuffle([...set])])) };
}
