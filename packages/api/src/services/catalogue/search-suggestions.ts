import { type CatalogueIndex, foldText, type IndexedProduct, typedWordsOf } from './in-memory-index';
import { queryMatches, queryTokens } from './search';
import { type Lexicon, lexiconOf, lowerBound } from './search-lexicon';
import { type SearchHits, scoreProducts, scoreTop } from './search-scoring';

/**
 * "Erre gondoltál: …" for a search that found nothing: the closest spelling of the query that
 * finds something the shopper may see. Only the words of the lexicon are offered, so every
 * suggestion is a word some product has.
 * 1. A query word that matches nothing (not even with the one typo search forgives, whose first
 *    letter must be right) is replaced by the lexicon words at most two edits away, a wrong first
 *    letter included ("vögre" → "bögre"), the closest and most common first; failing those, by
 *    the longest word it starts with ("porcelánxyz" → "porcelán").
 * 2. When every word matches something but no product has them all, one word at a time is
 *    replaced the same way.
 * Each candidate query is searched in memory before it is offered. It runs only for a query
 * without results, and its answer is cached with the rest of the search answer.
 */

const MAX_EDITS = 2;
/** Replacements looked at per query word, and candidate queries searched in all. */
const MAX_ALTERNATIVES = 4;
const MAX_TRIES = 40;
/** Shorter words are not corrected: two edits turn "tál" into dozens of words. */
const MIN_CORRECTED_LENGTH = 4;

/** The edit distance (insertions, deletions, substitutions, swaps of neighbours), or `bound + 1` beyond `bound`. */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, before[j - 2]! + 1);
      current.push(distance);
      if (distance < rowBest) rowBest = distance;
    }
    if (rowBest > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, bound + 1);
}

type Alternative = { word: string; distance: number };

/** The lexicon words that could be meant by `token`, closest first, then the most common. */
function alternativesOf(lexicon: Lexicon, token: string): Alternative[] {
  if (token.length < MIN_CORRECTED_LENGTH || /\d/.test(token)) return [];
  const found: (Alternative & { postings: number })[] = [];
  lexicon.letterWords.forEach((word, i) => {
    if (word === token) return;
    const distance = editDistance(token, word, MAX_EDITS);
    if (distance <= MAX_EDITS) {
      found.push({ word, distance, postings: lexicon.postings[lexicon.letterWordIds[i]!]!.length });
    }
  });
  found.sort((a, b) => a.distance - b.distance || b.postings - a.postings || (a.word < b.word ? -1 : 1));
  const alternatives: Alternative[] = found.slice(0, MAX_ALTERNATIVES);
  if (alternatives.length === 0) {
    const start = longestWordStarting(lexicon, token);
    if (start) alternatives.push({ word: start, distance: MAX_EDITS + 1 });
  }
  return alternatives;
}

/** The longest lexicon word of at least four letters that `token` starts with. */
function longestWordStarting(lexicon: Lexicon, token: string): string | null {
  const { words } = lexicon;
  for (let length = token.length - 1; length >= MIN_CORRECTED_LENGTH; length--) {
    const start = token.slice(0, length);
    if (words[lowerBound(words, start)] === start) return start;
  }
  return null;
}

/** Whether the query of these folded words finds a product `accept` lets through. */
function findsSomething(
  index: CatalogueIndex,
  lexicon: Lexicon,
  tokens: string[],
  accept: (product: IndexedProduct) => boolean,
): boolean {
  const matches = queryMatches(lexicon, tokens);
  const foldedQuery = tokens.join(' ');
  const top = scoreTop(index, lexicon, matches, foldedQuery, { limit: 1, accept });
  if (top) return top.positions.length > 0;
  const hits: SearchHits = { positions: [], scores: [] };
  scoreProducts(index, lexicon, matches, foldedQuery, hits);
  return hits.positions.some((position) => accept(index.products[position]!));
}

/** Candidate queries: per word its own spelling (when it matches) or its replacements, fewest edits first. */
function candidateQueries(
  tokens: string[],
  options: Alternative[][],
): { tokens: string[]; distance: number }[] {
  let candidates = [{ tokens: [] as string[], distance: 0 }];
  for (const choices of options) {
    candidates = candidates
      .flatMap((candidate) =>
        choices.map((choice) => ({
          tokens: [...candidate.tokens, choice.word],
          distance: candidate.distance + choice.distance,
        })),
      )
      .sort((a, b) => a.distance - b.distance)
      .slice(0, MAX_TRIES);
  }
  return candidates.filter((candidate) => candidate.tokens.some((word, i) => word !== tokens[i]));
}

/**
 * The closest spelling of `query` that finds a product `accept` lets through, written as the
 * shopper wrote it except the replaced words (with their accents, as a product's title or value
 * has them); null when there is none.
 */
export function spellingSuggestion(
  index: CatalogueIndex,
  query: string,
  accept: (product: IndexedProduct) => boolean,
): string | null {
  const tokens = queryTokens(query);
  if (tokens.length === 0) return null;
  const lexicon = lexiconOf(index);
  const matches = queryMatches(lexicon, tokens);
  const own = (token: string): Alternative => ({ word: token, distance: 0 });
  const unmatched = matches.map((match) => match.scores.size === 0);
  let candidates: { tokens: string[]; distance: number }[];
  if (unmatched.some(Boolean)) {
    const options = tokens.map((token, i) => (unmatched[i] ? alternativesOf(lexicon, token) : [own(token)]));
    if (options.some((choices) => choices.length === 0)) return null;
    candidates = candidateQueries(tokens, options);
  } else {
    candidates = tokens
      .flatMap((token, i) =>
        alternativesOf(lexicon, token).map((alternative) => ({
          tokens: tokens.map((other, j) => (j === i ? alternative.word : other)),
          distance: alternative.distance,
        })),
      )
      .sort((a, b) => a.distance - b.distance)
      .slice(0, MAX_TRIES);
  }
  const found = candidates.find((candidate) => findsSomething(index, lexicon, candidate.tokens, accept));
  if (!found) return null;
  const typed = new Map(typedWordsOf(query).map((word) => [foldText(word), word]));
  return found.tokens
    .map((word, i) => (word === tokens[i] ? (typed.get(word) ?? word) : asWritten(index, lexicon, word)))
    .join(' ');
}

/** A lexicon word as a product that has it writes it, lower case: "bogre" → "bögre". */
function asWritten(index: CatalogueIndex, lexicon: Lexicon, word: string): string {
  const id = lowerBound(lexicon.words, word);
  const product = lexicon.words[id] === word ? index.products[lexicon.postings[id]![0]!] : undefined;
  if (!product) return word;
  const valueTitle = (valueId: number) =>
    index.properties
      .find((property) => property.id === index.propertyOfValue.get(valueId))
      ?.values.find((value) => value.id === valueId)?.title ?? '';
  const texts = [product.title, ...product.valueIds.map(valueTitle)];
  for (const text of texts) {
    const written = typedWordsOf(text).find((candidate) => foldText(candidate) === word);
    if (written) return written.toLowerCase();
  }
  return word;
}
