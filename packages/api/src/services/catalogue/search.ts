import type { PrismaClient } from '@shop/db';
import { type CatalogueIndex, foldText, type IndexedProduct, wordsOf } from './in-memory-index';
import {
  acceptPrefix,
  type Lexicon,
  lexiconOf,
  MIN_TYPO_LENGTH,
  matchingWords,
  SCORE,
  type TokenMatch,
  tokenMatch,
} from './search-lexicon';
import { type SearchHits, scoreProducts, scoreTop, type TopWanted } from './search-scoring';

/**
 * Product text search, cheapest step first; nearly every query is answered from memory:
 * 1. an exact product code (from the in-memory catalogue);
 * 2. the in-memory word index: every query word must start a word of the title, code or a
 *    property value (colour, material, size, brand), accents ignored ("bog" finds "Bögre",
 *    "porcelan" the material "porcelán"), lie inside a compound ("bogre" in "Utazóbögre") or be
 *    one typo away from one ("bogte");
 * 3. only for a word that matched nothing that way: its Hungarian word forms ("bögréket"), from
 *    stems PostgreSQL's `hungarian` text search gives once per word, then matched in memory;
 * 4. only when a word still matches nothing: looser typos through pg_trgm word similarity on the
 *    `ProductSearch` rows that database triggers keep (migration catalogue_search).
 * Scores rank the steps; within one score products rank by popularity.
 */

/** How alike a word must be to count as a typo of a title word (pg_trgm word similarity). */
const TYPO_SIMILARITY = 0.45;
const MAX_TOKENS = 8;
/** A shorter stem ("bo") would match half the catalogue. */
const MIN_STEM_LENGTH = 3;

/**
 * Folded Hungarian stems of lower-case words, from PostgreSQL's `hungarian_stem` dictionary (the
 * Snowball stemmer of the `hungarian` text search). A word's stem does not depend on the
 * catalogue, so it is asked once per process; past the bound the memory is dropped and refilled.
 */
const stemMemory = new Map<string, string[]>();
const MAX_REMEMBERED_STEMS = 50_000;

async function stemsOf(prisma: PrismaClient, words: string[]): Promise<Map<string, string[]>> {
  const missing = [...new Set(words)].filter((word) => !stemMemory.has(word));
  if (missing.length > 0) {
    const rows = await prisma.$queryRaw<{ word: string; stems: string[] | null }[]>`
      SELECT word, ts_lexize('hungarian_stem', word) AS stems FROM unnest(${missing}::text[]) AS word`;
    if (stemMemory.size + rows.length > MAX_REMEMBERED_STEMS) stemMemory.clear();
    for (const row of rows) stemMemory.set(row.word, (row.stems ?? []).map(foldText));
  }
  return new Map(words.map((word) => [word, stemMemory.get(word) ?? []]));
}

/**
 * Hungarian word forms of the query words that matched no word of the catalogue: "bögréket" and
 * "bogreket" both stem to a start of "bögre". Each stem is matched as a prefix, like a typed word.
 * The words as typed and folded are both stemmed, because the stemmer treats accented endings
 * differently from plain ones.
 */
async function withWordForms(
  prisma: PrismaClient,
  lexicon: Lexicon,
  query: string,
  tokens: string[],
  matches: TokenMatch[],
): Promise<TokenMatch[]> {
  const spellings = new Map<string, string[]>();
  for (const typed of query.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    const token = foldText(typed);
    const at = tokens.indexOf(token);
    if (at < 0 || matches[at]!.scores.size > 0 || /\d/.test(token)) continue;
    spellings.set(token, [...new Set([...(spellings.get(token) ?? []), typed, token])]);
  }
  if (spellings.size === 0) return matches;
  const stems = await stemsOf(prisma, [...spellings.values()].flat());
  return tokens.map((token, i) => {
    const typed = spellings.get(token);
    if (!typed) return matches[i]!;
    const scores = new Map(matches[i]!.scores);
    for (const stem of new Set(typed.flatMap((word) => stems.get(word) ?? []))) {
      if (stem.length >= MIN_STEM_LENGTH && stem !== token)
        acceptPrefix(lexicon, stem, SCORE.wordForm, scores);
    }
    return tokenMatch(lexicon, scores);
  });
}

/**
 * Looser typos (two letters wrong, "bgörw") of the words nothing in memory matched, through
 * pg_trgm word similarity on the `ProductSearch` rows, unranked, up to the limit. Sequential scans
 * are off for the transaction: the planner cannot estimate a `<%` word similarity and would
 * otherwise read every row (hundreds of milliseconds at 100 000 products, against about one
 * through the GIN index).
 */
async function searchLooseTypos(prisma: PrismaClient, words: string[], limit: number): Promise<number[]> {
  const [, rows] = await prisma.$transaction([
    prisma.$queryRaw`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true),
                            set_config('enable_seqscan', 'off', true)`,
    prisma.$queryRaw<{ id: number }[]>`
      SELECT "productId" AS id FROM "ProductSearch" WHERE ${words.join(' ')} <% document LIMIT ${limit}`,
  ]);
  return rows.map((row) => Number(row.id));
}

/** The folded words of a query, each once, as many as are searched for. */
export function queryTokens(query: string): string[] {
  return [...new Set(wordsOf(query))].slice(0, MAX_TOKENS);
}

/** What each query word matches; a number followed by another word is whole ("3" of "3 dl"). */
export function queryMatches(lexicon: Lexicon, tokens: readonly string[]): TokenMatch[] {
  return tokens.map((token, i) => matchingWords(lexicon, token, i < tokens.length - 1 && /\d/.test(token)));
}

/**
 * What `query` finds, with scores. With `top`, only the best `top.limit` products `top.accept`
 * lets through, found without scoring every hit where that is possible (quick search). `limit`
 * bounds the looser typo search in the database, whose matches come unranked.
 */
/** The products an exact code names: its own, or the product of the variant that has it. */
function productsWithCode(index: CatalogueIndex, text: string): IndexedProduct[] {
  const code = text.toLowerCase();
  const products = index.byKutiId.get(code) ?? [];
  const variant = index.variantByKutiId.get(code);
  const ofVariant = variant ? index.byId.get(variant.productId) : undefined;
  return ofVariant && !products.includes(ofVariant) ? [...products, ofVariant] : products;
}

export async function searchProducts(
  prisma: PrismaClient,
  index: CatalogueIndex,
  query: string,
  limit: number,
  top?: TopWanted,
): Promise<SearchHits> {
  const none: SearchHits = { positions: [], scores: [] };
  const text = query.trim();
  if (!text) return none;
  const byCode = productsWithCode(index, text);
  const tokens = queryTokens(text);
  const lexicon = lexiconOf(index);
  const foldedQuery = foldText(text);
  let matches = queryMatches(lexicon, tokens);
  const inMemory = (): SearchHits => {
    const quick = top && byCode.length === 0 ? scoreTop(index, lexicon, matches, foldedQuery, top) : null;
    if (quick) return quick;
    const hits: SearchHits = { positions: [], scores: [] };
    if (tokens.length > 0) scoreProducts(index, lexicon, matches, foldedQuery, hits);
    return hits;
  };
  const hits = inMemory();
  for (const { position } of byCode) {
    // The words of a code find its product too; the exact code outranks them.
    const at = hits.positions.indexOf(position);
    if (at >= 0) hits.scores[at] = SCORE.code;
    else {
      hits.positions.push(position);
      hits.scores.push(SCORE.code);
    }
  }
  // An exact product code is what was meant; word forms and typos of it would only add noise.
  // Otherwise the database is asked only about words that matched nothing in memory (so, every
  // word being required, nothing was found yet): once per new word for its stems, and for a
  // looser typo only when even its word forms match nothing.
  const lost = () => tokens.filter((_, i) => matches[i]!.scores.size === 0);
  if (byCode.length > 0 || tokens.length === 0 || lost().length === 0) return hits;
  matches = await withWordForms(prisma, lexicon, text, tokens, matches);
  const forms = inMemory();
  const unmatched = lost().filter((token) => token.length >= MIN_TYPO_LENGTH && !/\d/.test(token));
  if (unmatched.length === 0) return forms;
  for (const id of await searchLooseTypos(prisma, unmatched, limit)) {
    const product = index.byId.get(id);
    if (product) {
      forms.positions.push(product.position);
      forms.scores.push(SCORE.looseTypo);
    }
  }
  return forms;
}
