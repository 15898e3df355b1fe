import type { CatalogueIndex, IndexedProduct } from './catalogue-index';
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
 * walked; every other word is checked against the few words of each candidate's own title and
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
  const { offsets, wordIds } = lexicon;
  const [rarest, ...rest] = [...matches].sort((a, b) => a.postings - b.postings);
  if (!rarest || rarest.scores.size === 0) return;
  // Typed arrays by word number and by product position instead of maps: a common word has tens
  // of thousands of candidates. They are scratch space, zeroed again before returning.
  const others = rest.map((other, i) => spread(other.scores, wordScratch(lexicon, i)));
  const best = lexicon.scratch.byProduct;
  const candidates: number[] = [];
  for (const [id, score] of rarest.scores) {
    for (const position of lexicon.postings[id]!) {
      if (best[position] === 0) candidates.push(position);
      if (best[position]! < score) best[position] = score;
    }
  }
  for (const position of candidates) {
    let worst = best[position]!;
    best[position] = 0;
    for (const other of others) {
      let matched = 0;
      for (let k = offsets[position]!; k < offsets[position + 1]!; k++) {
        const score = other[wordIds[k]!]!;
        if (score > matched) matched = score;
      }
      if (matched < worst) worst = matched;
      if (worst === 0) break;
    }
    if (worst === 0) continue;
    const titleStart =
      worst === SCORE.prefix && index.products[position]!.foldedTitle.startsWith(foldedQuery);
    hits.positions.push(position);
    hits.scores.push(titleStart ? SCORE.titleStart : worst);
  }
  rest.forEach((other, i) => {
    unspread(other.scores, others[i]!);
  });
}

/** The `slot`-th scratch array by word number (search runs synchronously, so one set suffices). */
function wordScratch(lexicon: Lexicon, slot: number): Uint8Array {
  const { byWord } = lexicon.scratch;
  byWord[slot] ??= new Uint8Array(lexicon.words.length);
  return byWord[slot];
}

function spread(scores: Map<number, number>, into: Uint8Array): Uint8Array {
  for (const [id, score] of scores) into[id] = score;
  return into;
}

function unspread(scores: Map<number, number>, table: Uint8Array): void {
  for (const id of scores.keys()) table[id] = 0;
}

/** Beyond this many titles starting with the query, `scoreTop` gives way to `scoreProducts`: only a
 * query of a letter or two has so many, and those few queries come from the answer cache. */
const MAX_TITLE_STARTS = 2000;
/** A query word matching more words than this ("1" starts every number beginning with 1) is not
 * walked word list by word list in popularity order. */
const MAX_MERGED_WORDS = 64;

/** How many products are wanted and which of them may be shown. */
export type TopWanted = { limit: number; accept: (product: IndexedProduct) => boolean };

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
  const none: SearchHits = { positions: [], scores: [] };
  if (matches.length === 0) return none;
  const ceiling = Math.min(...matches.map((match) => match.bestScore));
  if (ceiling === 0) return none;
  const rarest = matches.reduce((a, b) => (b.postings < a.postings ? b : a));
  if (rarest.scores.size > MAX_MERGED_WORDS) return null;
  const { sortedTitles, titleOrder, rankOf, positionAtRank } = lexicon;
  const titlesFrom = lowerBound(sortedTitles, foldedQuery);
  let titlesTo = titlesFrom;
  while (titlesTo < sortedTitles.length && sortedTitles[titlesTo]!.startsWith(foldedQuery)) {
    if (++titlesTo - titlesFrom > MAX_TITLE_STARTS) return null;
  }
  const tables = matches.map((match, i) => spread(match.scores, wordScratch(lexicon, i)));
  try {
    const scoreOf = (position: number) => productScore(index, lexicon, tables, foldedQuery, position);
    type Found = { position: number; score: number; rank: number };
    const titleStarts: Found[] = [];
    const seen = new Set<number>();
    for (let i = titlesFrom; i < titlesTo; i++) {
      const position = titleOrder[i]!;
      if (scoreOf(position) !== SCORE.titleStart) continue;
      seen.add(position);
      if (wanted.accept(index.products[position]!)) {
        titleStarts.push({ position, score: SCORE.titleStart, rank: rankOf[position]! });
      }
    }
    titleStarts.sort((a, b) => a.rank - b.rank);
    const needed = wanted.limit - titleStarts.length;
    const others: Found[] = [];
    let atCeiling = 0;
    // The rarest word's matching words, each a list of ascending ranks, merged in rank order.
    const lists = [...rarest.scores.keys()].map((id) => rankedPostingsOf(lexicon, id));
    const heads = new Int32Array(lists.length);
    let previous = -1;
    while (atCeiling < needed) {
      let list = -1;
      for (let l = 0; l < lists.length; l++) {
        if (
          heads[l]! < lists[l]!.length &&
          (list < 0 || lists[l]![heads[l]!]! < lists[list]![heads[list]!]!)
        ) {
          list = l;
        }
      }
      if (list < 0) break;
      const rank = lists[list]![heads[list]!++]!;
      if (rank === previous) continue;
      previous = rank;
      const position = positionAtRank[rank]!;
      if (seen.has(position)) continue;
      const score = scoreOf(position);
      if (score === 0 || !wanted.accept(index.products[position]!)) continue;
      others.push({ position, score, rank });
      if (score >= ceiling) atCeiling++;
    }
    others.sort((a, b) => b.score - a.score || a.rank - b.rank);
    const best = [...titleStarts, ...others].slice(0, wanted.limit);
    return { positions: best.map((found) => found.position), scores: best.map((found) => found.score) };
  } finally {
    matches.forEach((match, i) => {
      unspread(match.scores, tables[i]!);
    });
  }
}

/** One product's score: its weakest query word's best match, a title starting with the query first. */
function productScore(
  index: CatalogueIndex,
  lexicon: Lexicon,
  tables: Uint8Array[],
  foldedQuery: string,
  position: number,
): number {
  const { offsets, wordIds } = lexicon;
  let worst = 255;
  for (const table of tables) {
    let matched = 0;
    for (let k = offsets[position]!; k < offsets[position + 1]!; k++) {
      const score = table[wordIds[k]!]!;
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
