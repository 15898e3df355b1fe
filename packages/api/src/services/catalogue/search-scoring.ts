import type { CatalogueIndex, IndexedProduct } from './in-memory-index';
import { type Lexicon, lowerBound, rankedPostingsOf, SCORE, type TokenMatch } from './search-lexicon';

/**
 * Scoring the products a query's words match, and ranking them: by score, then by units sold.
 * Everything here is synchronous and shares the lexicon's scratch arrays, zeroed after each use.
 */

/**
 * What a search found: positions into `index.products`, each once and in no particular order,
 * with each one's score at the same place. Arrays rather than a map keyed by product: a common
 * word finds thousands of products, and quick search runs on every keystroke.
 */
export type SearchHits = { positions: number[]; scores: number[] };

/**
 * Scores every product that every query word matches. Only the postings of the rarest word are
 * walked; every query word is checked against the few words of each candidate's own title and
 * code. A common word ("l", "bögre") then costs nothing more than a rare one beside it, instead of
 * a set of tens of thousands of products. Adds to `hits`, which must not hold any of them yet.
 */
export function scoreProducts(
  index: CatalogueIndex,
  lexicon: Lexicon,
  matches: TokenMatch[],
  foldedQuery: string,
  hits: SearchHits,
): void {
  const rarest = rarestOf(matches);
  if (!rarest) return;
  // Marks by position instead of a set: a common word has tens of thousands of candidates.
  const seen = lexicon.scratch.byProduct;
  const candidates: number[] = [];
  for (const id of rarest.scores.keys()) {
    for (const position of lexicon.postings[id]!) {
      if (seen[position] === 0) {
        seen[position] = 1;
        candidates.push(position);
      }
    }
  }
  withScoreTables(lexicon, matches, (tables) => {
    for (const position of candidates) {
      seen[position] = 0;
      const score = productScore(index, lexicon, tables, foldedQuery, position);
      if (score === 0) continue;
      hits.positions.push(position);
      hits.scores.push(score);
    }
  });
}

/** Beyond this many titles starting with the query, `scoreTop` gives way to `scoreProducts`: only a
 * query of a letter or two has so many, and those few queries come from the answer cache. */
const MAX_TITLE_STARTS = 2000;
/** A query word matching more words than this ("1" starts every number beginning with 1) is not
 * walked word list by word list in popularity order. */
const MAX_MERGED_WORDS = 64;

/** How many products are wanted and which of them may be shown. */
export type TopWanted = { limit: number; accept: (product: IndexedProduct) => boolean };

type Found = { position: number; score: number; rank: number };

/**
 * The best `wanted.limit` accepted products in `rankByScore`'s order, without scoring every hit,
 * or null where this shortcut does not apply and `scoreProducts` must score them all.
 * 1. Products whose title starts with the query outrank every other; they are found in the
 *    titles sorted by folded text and taken best seller first.
 * 2. The rarest word's products are walked best seller first. No other product can score more
 *    than the weakest of the query words' best matches (the ceiling), so once enough products
 *    reach it, every later one ranks below them and the walk stops: for "kék bö" after a few
 *    dozen products instead of thousands.
 */
export function scoreTop(
  index: CatalogueIndex,
  lexicon: Lexicon,
  matches: TokenMatch[],
  foldedQuery: string,
  wanted: TopWanted,
): SearchHits | null {
  const rarest = rarestOf(matches);
  if (!rarest) return { positions: [], scores: [] };
  if (rarest.scores.size > MAX_MERGED_WORDS) return null;
  const titles = titleStartRange(lexicon, foldedQuery);
  if (!titles) return null;
  return withScoreTables(lexicon, matches, (tables) => {
    const scoreOf = (position: number) => productScore(index, lexicon, tables, foldedQuery, position);
    const titleStarts: Found[] = [];
    const seen = new Set<number>();
    for (let i = titles.from; i < titles.to; i++) {
      const position = lexicon.titleOrder[i]!;
      if (scoreOf(position) !== SCORE.titleStart) continue;
      seen.add(position);
      if (wanted.accept(index.products[position]!)) {
        titleStarts.push({ position, score: SCORE.titleStart, rank: lexicon.rankOf[position]! });
      }
    }
    titleStarts.sort((a, b) => a.rank - b.rank);
    const ceiling = Math.min(...matches.map((match) => match.bestScore));
    const needed = wanted.limit - titleStarts.length;
    const others: Found[] = [];
    let atCeiling = 0;
    const nextRank = ranksOf(lexicon, rarest);
    for (let rank = nextRank(); rank >= 0 && atCeiling < needed; rank = nextRank()) {
      const position = lexicon.positionAtRank[rank]!;
      if (seen.has(position)) continue;
      const score = scoreOf(position);
      if (score === 0 || !wanted.accept(index.products[position]!)) continue;
      others.push({ position, score, rank });
      if (score >= ceiling) atCeiling++;
    }
    others.sort((a, b) => b.score - a.score || a.rank - b.rank);
    const best = [...titleStarts, ...others].slice(0, wanted.limit);
    return { positions: best.map((found) => found.position), scores: best.map((found) => found.score) };
  });
}

/** The query word with the fewest postings, or null when some word matches nothing (so nothing is found). */
function rarestOf(matches: TokenMatch[]): TokenMatch | null {
  if (matches.length === 0 || matches.some((match) => match.scores.size === 0)) return null;
  return matches.reduce((a, b) => (b.postings < a.postings ? b : a));
}

/** Where the titles starting with `foldedQuery` lie in the sorted titles; null when there are too many. */
function titleStartRange(lexicon: Lexicon, foldedQuery: string): { from: number; to: number } | null {
  const { sortedTitles } = lexicon;
  const from = lowerBound(sortedTitles, foldedQuery);
  let to = from;
  while (to < sortedTitles.length && sortedTitles[to]!.startsWith(foldedQuery)) {
    if (++to - from > MAX_TITLE_STARTS) return null;
  }
  return { from, to };
}

/**
 * The popularity ranks of the products a query word matches, ascending and each once: its words'
 * rank lists merged. Each call gives the next rank, or -1 at the end. (A plain closure: a
 * generator costs more per step than the step itself.)
 */
function ranksOf(lexicon: Lexicon, match: TokenMatch): () => number {
  const lists = [...match.scores.keys()].map((id) => rankedPostingsOf(lexicon, id));
  const heads = new Int32Array(lists.length);
  let previous = -1;
  return () => {
    for (;;) {
      let next = -1;
      for (let l = 0; l < lists.length; l++) {
        const list = lists[l]!;
        if (heads[l]! < list.length && (next < 0 || list[heads[l]!]! < lists[next]![heads[next]!]!)) next = l;
      }
      if (next < 0) return -1;
      const rank = lists[next]![heads[next]!++]!;
      if (rank !== previous) {
        previous = rank;
        return rank;
      }
    }
  };
}

/**
 * A query's score tables: each query word's scores spread over a scratch array by word number, so
 * a product's words are scored by indexing instead of map lookups, and by value slot whether the
 * query names every word of that value (see `Lexicon`).
 */
type ScoreTables = { byWord: Uint8Array[]; namedValues: Uint8Array };

/** Runs `use` with the query's score tables; the scratch arrays are zeroed after. */
function withScoreTables<T>(lexicon: Lexicon, matches: TokenMatch[], use: (tables: ScoreTables) => T): T {
  const { byWord: scratch, namedValues } = lexicon.scratch;
  const byWord = matches.map((match, slot) => {
    scratch[slot] ??= new Uint8Array(lexicon.words.length);
    for (const [id, score] of match.scores) scratch[slot][id] = score;
    return scratch[slot];
  });
  const named: number[] = [];
  for (const phrase of lexicon.phrases) {
    if (phrase.wordIds.every((id) => byWord.some((table) => table[id]! > 0))) {
      namedValues[phrase.slot] = 1;
      named.push(phrase.slot);
    }
  }
  try {
    return use({ byWord, namedValues });
  } finally {
    matches.forEach((match, slot) => {
      for (const id of match.scores.keys()) byWord[slot]![id] = 0;
    });
    for (const slot of named) namedValues[slot] = 0;
  }
}

/** One product's score: its weakest query word's best match, a title starting with the query first. */
function productScore(
  index: CatalogueIndex,
  lexicon: Lexicon,
  tables: ScoreTables,
  foldedQuery: string,
  position: number,
): number {
  const { offsets, wordIds, wordValueSlots } = lexicon;
  const { namedValues } = tables;
  let worst = 255;
  for (const table of tables.byWord) {
    let matched = 0;
    for (let k = offsets[position]!; k < offsets[position + 1]!; k++) {
      let score = table[wordIds[k]!]!;
      if (score <= matched) continue;
      const slot = wordValueSlots[k]!;
      if (slot >= 0 && namedValues[slot] === 0 && score > SCORE.partOfValue) score = SCORE.partOfValue;
      if (score > matched) matched = score;
    }
    if (matched < worst) worst = matched;
    if (worst === 0) return 0;
  }
  return worst === SCORE.prefix && index.products[position]!.foldedTitle.startsWith(foldedQuery)
    ? SCORE.titleStart
    : worst;
}

/**
 * The products found, by score, then by units sold. With many hits a walk over the presorted
 * popularity order is cheaper than sorting them.
 */
export function rankByScore(index: CatalogueIndex, hits: SearchHits): IndexedProduct[] {
  const { positions, scores } = hits;
  if (positions.length < 500) {
    return positions
      .map((position, i) => ({ product: index.products[position]!, score: scores[i]! }))
      .sort(
        (a, b) =>
          b.score - a.score || b.product.unitsSold - a.product.unitsSold || a.product.id - b.product.id,
      )
      .map(({ product }) => product);
  }
  const scoreAt = new Map(positions.map((position, i) => [position, scores[i]!]));
  const buckets = new Map<number, IndexedProduct[]>();
  for (const position of index.orders.popularity) {
    const score = scoreAt.get(position);
    if (score === undefined) continue;
    const product = index.products[position]!;
    const bucket = buckets.get(score);
    if (bucket) bucket.push(product);
    else buckets.set(score, [product]);
  }
  return [...buckets].sort((a, b) => b[0] - a[0]).flatMap(([, products]) => products);
}

/**
 * The first `limit` accepted products of `rankByScore`'s order, without ranking the rest: a
 * quick search for a common word has thousands of hits but shows eight.
 */
export function topRanked(
  index: CatalogueIndex,
  hits: SearchHits,
  limit: number,
  accept: (product: IndexedProduct) => boolean,
): IndexedProduct[] {
  const top: { product: IndexedProduct; score: number }[] = [];
  const before = (a: (typeof top)[number], b: (typeof top)[number]) =>
    a.score - b.score || a.product.unitsSold - b.product.unitsSold || b.product.id - a.product.id;
  for (let i = 0; i < hits.positions.length; i++) {
    const hit = { product: index.products[hits.positions[i]!]!, score: hits.scores[i]! };
    if (top.length === limit && before(hit, top[limit - 1]!) <= 0) continue;
    if (!accept(hit.product)) continue;
    let at = top.length;
    while (at > 0 && before(hit, top[at - 1]!) > 0) at--;
    top.splice(at, 0, hit);
    if (top.length > limit) top.pop();
  }
  return top.map(({ product }) => product);
}
