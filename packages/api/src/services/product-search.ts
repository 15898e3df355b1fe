import type { PrismaClient } from '@shop/db';
import { type CatalogueIndex, foldText, wordsOf } from './catalogue-index';

/**
 * Product text search in three steps, cheapest first:
 * 1. an exact product code (from the in-memory catalogue);
 * 2. the in-memory word index: every query word must start a word of the title or code,
 *    accents ignored ("bog" finds "Bögre"), or be one typo away from one ("bogte");
 * 3. only when that finds too little, PostgreSQL: Hungarian word forms through the
 *    `hungarian` text-search stems and looser typos through pg_trgm word similarity, on
 *    the `ProductSearch` rows that database triggers keep (migration catalogue_search).
 * Scores rank the steps; within one score the caller orders by popularity.
 */

const SCORE = { code: 1000, titleStart: 150, prefix: 100, typo: 40, database: 20 } as const;
/** How alike a word must be to count as a typo of a title word (pg_trgm word similarity). */
const TYPO_SIMILARITY = 0.45;
const MAX_TOKENS = 8;
/** Words shorter than this are matched by prefix only: one typo in "tal" is another word. */
const MIN_TYPO_LENGTH = 4;

export type SearchHits = Map<number, number>;

/** Whether a and b differ by at most one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The first index in the sorted lexicon whose word is not below `word`. */
function lowerBound(lexicon: readonly string[], word: string): number {
  let low = 0;
  let high = lexicon.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lexicon[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Product positions one query word accepts, with the score of the best way it matched. */
function matchToken(index: CatalogueIndex, lexicon: readonly string[], token: string): Map<number, number> {
  const accepted = new Map<number, number>();
  const accept = (word: string, score: number) => {
    for (const position of index.words.get(word) ?? []) {
      if ((accepted.get(position) ?? 0) < score) accepted.set(position, score);
    }
  };
  for (let i = lowerBound(lexicon, token); i < lexicon.length && lexicon[i]!.startsWith(token); i++) {
    accept(lexicon[i]!, SCORE.prefix);
  }
  if (token.length >= MIN_TYPO_LENGTH) {
    // A typo rarely hits the first letter, so only words sharing it are compared.
    const first = token[0]!;
    for (let i = lowerBound(lexicon, first); i < lexicon.length && lexicon[i]![0] === first; i++) {
      const word = lexicon[i]!;
      if (word.startsWith(token)) continue;
      const typo =
        withinOneEdit(token, word) ||
        withinOneEdit(token, word.slice(0, token.length)) ||
        withinOneEdit(token, word.slice(0, token.length + 1));
      if (typo) accept(word, SCORE.typo);
    }
  }
  return accepted;
}

const lexicons = new WeakMap<CatalogueIndex, string[]>();
function lexiconOf(index: CatalogueIndex): string[] {
  let lexicon = lexicons.get(index);
  if (!lexicon) {
    lexicon = [...index.words.keys()].sort();
    lexicons.set(index, lexicon);
  }
  return lexicon;
}

function searchInMemory(index: CatalogueIndex, query: string, hits: SearchHits): void {
  const tokens = [...new Set(wordsOf(query))].slice(0, MAX_TOKENS);
  if (tokens.length === 0) return;
  const lexicon = lexiconOf(index);
  const perToken = tokens.map((token) => matchToken(index, lexicon, token)).sort((a, b) => a.size - b.size);
  const [smallest, ...others] = perToken;
  const folded = foldText(query.trim());
  for (const [position, score] of smallest!) {
    let worst = score;
    let all = true;
    for (const other of others) {
      const otherScore = other.get(position);
      if (otherScore === undefined) {
        all = false;
        break;
      }
      worst = Math.min(worst, otherScore);
    }
    if (!all) continue;
    const product = index.products[position]!;
    const total = worst === SCORE.prefix && product.foldedTitle.startsWith(folded) ? SCORE.titleStart : worst;
    if ((hits.get(product.id) ?? 0) < total) hits.set(product.id, total);
  }
}

/** `'bögre':* & 'kék':*`: every word, each as a prefix. Tokens hold only letters and digits. */
function prefixQuery(tokens: string[]): string {
  return tokens.map((token) => `'${token}':*`).join(' & ');
}

async function searchInDatabase(prisma: PrismaClient, query: string, limit: number): Promise<number[]> {
  const raw = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS);
  const folded = wordsOf(query).slice(0, MAX_TOKENS);
  if (folded.length === 0) return [];
  // The stems come first as text, so the search itself plans with the real tsquery (an
  // opaque to_tsquery() call makes the planner guess and scan the whole table).
  const [stems] = await prisma.$queryRaw<{ query: string }[]>`
    SELECT (to_tsquery('hungarian', ${prefixQuery(raw)}) || to_tsquery('hungarian', ${prefixQuery(folded)}))::text AS query`;
  // Settings for this transaction only: the typo threshold that `<%` reads, and no
  // sequential scan, which the planner picks for a LIMIT on a prefix tsquery it cannot
  // estimate (14 ms at 100 000 products against well under 1 ms through the GIN index).
  // No ORDER BY: the caller ranks, so each scan stops at the limit.
  const [, rows] = await prisma.$transaction([
    prisma.$queryRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true),
                            set_config('enable_seqscan', 'off', true)`,
    prisma.$queryRaw<{ id: number }[]>`
      (SELECT "productId" AS id FROM "ProductSearch"
       WHERE ${stems?.query ?? ''} <> '' AND vector @@ ${stems?.query ?? ''}::tsquery LIMIT ${limit})
      UNION
      (SELECT "productId" AS id FROM "ProductSearch" WHERE ${folded.join(' ')} <% document LIMIT ${limit})`,
  ]);
  return rows.map((row) => Number(row.id));
}

/** Product id → score for `query`; at least `limit` hits when the catalogue has them. */
export async function searchProducts(
  prisma: PrismaClient,
  index: CatalogueIndex,
  query: string,
  limit: number,
): Promise<SearchHits> {
  const hits: SearchHits = new Map();
  const text = query.trim();
  if (!text) return hits;
  for (const product of index.byKutiId.get(text.toLowerCase()) ?? []) hits.set(product.id, SCORE.code);
  searchInMemory(index, text, hits);
  if (hits.size < limit) {
    for (const id of await searchInDatabase(prisma, text, limit)) {
      if (!hits.has(id)) hits.set(id, SCORE.database);
    }
  }
  return hits;
}
