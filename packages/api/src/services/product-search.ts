import type { PrismaClient } from '@shop/db';
import { type CatalogueIndex, foldText, wordsOf } from './catalogue-index';

/**
 * Product text search in three steps, cheapest first:
 * 1. an exact product code (from the in-memory catalogue);
 * 2. the in-memory word index: every query word must start a word of the title or code,
 *    accents ignored ("bog" finds "Bögre"), or be one typo away from one ("bogte");
 * 3. only when that finds too little, no code matched and some word starts no word of the
 *    catalogue, PostgreSQL: Hungarian word forms through the `hungarian` text-search stems
 *    and looser typos of those unknown words through pg_trgm word similarity, on the
 *    `ProductSearch` rows that database triggers keep (migration catalogue_search).
 * Scores rank the steps; within one score the caller orders by popularity.
 */

const SCORE = { code: 1000, titleStart: 150, prefix: 100, infix: 70, typo: 40, database: 20 } as const;
/** How alike a word must be to count as a typo of a title word (pg_trgm word similarity). */
const TYPO_SIMILARITY = 0.45;
const MAX_TOKENS = 8;
/** Words shorter than this are matched by prefix only: one typo in "tal" is another word. */
const MIN_TYPO_LENGTH = 4;
/** Words this long also match inside a word: "bogre" in "utazobogre", "tal" would match too much. */
const MIN_INFIX_LENGTH = 4;

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

/** The lexicon words one query word accepts, with the score of the best way it matches each. */
function matchingWords(lexicon: readonly string[], token: string): Map<string, number> {
  const accepted = new Map<string, number>();
  for (let i = lowerBound(lexicon, token); i < lexicon.length && lexicon[i]!.startsWith(token); i++) {
    accepted.set(lexicon[i]!, SCORE.prefix);
  }
  // Hungarian writes compounds as one word with the thing itself last ("utazóbögre", "teáscsésze"),
  // so a longer query word is also looked for inside the words. The lexicon holds a few thousand
  // words, so one pass over it costs well under a millisecond.
  if (token.length >= MIN_INFIX_LENGTH) {
    for (const word of lexicon) {
      if (word.includes(token, 1) && !accepted.has(word)) accepted.set(word, SCORE.infix);
    }
  }
  // Codes and numbers are matched by their start only: "001234" one edit away from 100 000 other codes.
  if (token.length >= MIN_TYPO_LENGTH && !/\d/.test(token)) {
    // A typo rarely hits the first letter, so only words sharing it are compared.
    const first = token[0]!;
    for (let i = lowerBound(lexicon, first); i < lexicon.length && lexicon[i]![0] === first; i++) {
      const word = lexicon[i]!;
      if (word.startsWith(token)) continue;
      const typo =
        withinOneEdit(token, word) ||
        withinOneEdit(token, word.slice(0, token.length)) ||
        withinOneEdit(token, word.slice(0, token.length + 1));
      if (typo) accepted.set(word, SCORE.typo);
    }
  }
  return accepted;
}

/** The sorted words of an index, and each product's words as numbers into it (from `offsets[p]` to `offsets[p + 1]`). */
type Lexicon = { words: string[]; idOf: Map<string, number>; offsets: Int32Array; wordIds: Int32Array };

const lexicons = new WeakMap<CatalogueIndex, Lexicon>();
function lexiconOf(index: CatalogueIndex): Lexicon {
  let lexicon = lexicons.get(index);
  if (!lexicon) {
    const words = [...index.words.keys()].sort();
    const idOf = new Map(words.map((word, id) => [word, id]));
    const offsets = new Int32Array(index.products.length + 1);
    for (const product of index.products) {
      offsets[product.position + 1] = offsets[product.position]! + product.searchWords.length;
    }
    const wordIds = new Int32Array(offsets[index.products.length]!);
    for (const product of index.products) {
      let at = offsets[product.position]!;
      for (const word of product.searchWords) wordIds[at++] = idOf.get(word)!;
    }
    lexicon = { words, idOf, offsets, wordIds };
    lexicons.set(index, lexicon);
  }
  return lexicon;
}

/**
 * Only the postings of the rarest query word are walked; every other word is checked against the
 * few words of each candidate's own title and code. A common word ("l", "bögre") then costs
 * nothing more than a rare one beside it, instead of a set of tens of thousands of products.
 */
function searchInMemory(index: CatalogueIndex, query: string, hits: SearchHits): { unknownWords: string[] } {
  const tokens = [...new Set(wordsOf(query))].slice(0, MAX_TOKENS);
  if (tokens.length === 0) return { unknownWords: [] };
  const lexicon = lexiconOf(index);
  const { offsets, wordIds } = lexicon;
  const postingsOf = (words: Map<string, number>) => {
    let total = 0;
    for (const word of words.keys()) total += index.words.get(word)?.length ?? 0;
    return total;
  };
  const matches = tokens.map((token) => matchingWords(lexicon.words, token));
  // A word that starts no word of the catalogue is the only kind a looser typo search can help.
  const unknownWords = tokens.filter((_, i) => ![...matches[i]!.values()].includes(SCORE.prefix));
  const perToken = matches
    .map((words) => ({ words, postings: postingsOf(words) }))
    .sort((a, b) => a.postings - b.postings);
  const [rarest, ...rest] = perToken;
  // Each other word's scores by word number, so a candidate is checked without string lookups.
  const others = rest.map(({ words }) => {
    const scores = new Uint8Array(lexicon.words.length);
    for (const [word, score] of words) scores[lexicon.idOf.get(word)!] = score;
    return scores;
  });
  // Scores by position in a typed array: a common word has tens of thousands of candidates.
  const best = new Uint8Array(index.products.length);
  const candidates: number[] = [];
  for (const [word, score] of rarest!.words) {
    for (const position of index.words.get(word) ?? []) {
      if (best[position] === 0) candidates.push(position);
      if (best[position]! < score) best[position] = score;
    }
  }
  const folded = foldText(query.trim());
  for (const position of candidates) {
    const score = best[position]!;
    const product = index.products[position]!;
    let worst = score;
    for (const other of others) {
      let matched = 0;
      for (let k = offsets[position]!; k < offsets[position + 1]!; k++) {
        matched = Math.max(matched, other[wordIds[k]!]!);
      }
      worst = Math.min(worst, matched);
      if (worst === 0) break;
    }
    if (worst === 0) continue;
    const total = worst === SCORE.prefix && product.foldedTitle.startsWith(folded) ? SCORE.titleStart : worst;
    if ((hits.get(product.id) ?? 0) < total) hits.set(product.id, total);
  }
  return { unknownWords };
}

/** `'bögre':* & 'kék':*`: every word, each as a prefix. Tokens hold only letters and digits. */
function prefixQuery(tokens: string[]): string {
  return tokens.map((token) => `'${token}':*`).join(' & ');
}

/** `%` and `_` are wildcards of LIKE; a query is matched as written. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Two stages, each bound to its GIN index. Sequential scans are off for the transaction: the
 * planner cannot estimate a prefix tsquery or a `<%` word similarity and would otherwise read
 * every row (hundreds of milliseconds at 100 000 products, against about one through the index).
 * 1. Full text: Hungarian word forms and folded prefixes, titles starting with the query first.
 * 2. Typos, only when full text found too little and only for words that start no word of the
 *    catalogue and are long enough to have one: pg_trgm word similarity, unranked, up to the limit.
 */
async function searchInDatabase(
  prisma: PrismaClient,
  query: string,
  unknownWords: string[],
  limit: number,
): Promise<number[]> {
  const raw = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TOKENS);
  const folded = wordsOf(query).slice(0, MAX_TOKENS);
  if (folded.length === 0) return [];
  // The stems come first as text, so the search itself plans with the real tsquery (an
  // opaque to_tsquery() call makes the planner guess).
  const [stems] = await prisma.$queryRaw<{ query: string }[]>`
    SELECT (to_tsquery('hungarian', ${prefixQuery(raw)}) || to_tsquery('hungarian', ${prefixQuery(folded)}))::text AS query`;
  const tsquery = stems?.query ?? '';
  const found: number[] = [];
  if (tsquery !== '') {
    const [, rows] = await prisma.$transaction([
      prisma.$queryRaw`SELECT set_config('enable_seqscan', 'off', true)`,
      prisma.$queryRaw<{ id: number }[]>`
        SELECT "productId" AS id FROM "ProductSearch"
        WHERE vector @@ ${tsquery}::tsquery
        ORDER BY (document LIKE ${likePrefix(folded.join(' '))}) DESC,
                 ts_rank(vector, ${tsquery}::tsquery) DESC, "productId"
        LIMIT ${limit}`,
    ]);
    for (const row of rows) found.push(Number(row.id));
  }
  const typoWords = unknownWords.filter((word) => word.length >= MIN_TYPO_LENGTH && !/\d/.test(word));
  if (found.length >= limit || typoWords.length === 0) return found;
  const [, typos] = await prisma.$transaction([
    prisma.$queryRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true),
                            set_config('enable_seqscan', 'off', true)`,
    prisma.$queryRaw<{ id: number }[]>`
      SELECT "productId" AS id FROM "ProductSearch" WHERE ${typoWords.join(' ')} <% document LIMIT ${limit}`,
  ]);
  const seen = new Set(found);
  for (const row of typos) {
    const id = Number(row.id);
    if (!seen.has(id)) found.push(id);
  }
  return found;
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
  const byCode = index.byKutiId.get(text.toLowerCase()) ?? [];
  for (const product of byCode) hits.set(product.id, SCORE.code);
  const { unknownWords } = searchInMemory(index, text, hits);
  // An exact product code is what was meant; word forms and typos of it would only add noise. When
  // every word starts some word of the catalogue, the words were found as typed and the database
  // has nothing to add but looser matches of words that are not misspelt.
  if (byCode.length === 0 && unknownWords.length > 0 && hits.size < limit) {
    for (const id of await searchInDatabase(prisma, text, unknownWords, limit)) {
      if (!hits.has(id)) hits.set(id, SCORE.database);
    }
  }
  return hits;
}
