import type { CatalogueIndex } from './in-memory-index';

/**
 * The in-memory word index search runs on: which catalogue words a query word matches, by prefix,
 * inside a compound or with one typo, and the arrays scoring walks.
 */

/** Scores rank how a product matched; within one score products rank by popularity. */
export const SCORE = {
  code: 1000,
  titleStart: 150,
  prefix: 100,
  infix: 70,
  wordForm: 60,
  /** The most a word counts that a product has only as part of a longer value the query does not name whole. */
  partOfValue: 50,
  typo: 40,
  looseTypo: 20,
} as const;
/** Words shorter than this are matched by prefix only: one typo in "tal" is another word. */
export const MIN_TYPO_LENGTH = 4;
/** Words this long also match inside a word: "bogre" in "utazobogre", "tal" would match too much. */
const MIN_INFIX_LENGTH = 4;

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

/** The first index in a sorted list whose entry is not below `word`. */
export function lowerBound(lexicon: readonly string[], word: string): number {
  let low = 0;
  let high = lexicon.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lexicon[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The search view of a catalogue index, built once per index: the sorted words with each word's
 * postings, the words without digits apart (only they are looked for inside other words or with a
 * typo), and each product's words as numbers into `words` (from `offsets[p]` to `offsets[p + 1]`).
 *
 * Property values are words of their products like the title's ("kék", "porcelán", "3 dl"). A
 * word a product has only inside a value of several words counts fully only when the query names
 * every word of that value: "kék bögre" must not rank a green mug of the brand "Kék Bögre
 * Manufaktúra" beside the blue mugs, while "kék bögre manufaktúra" finds the brand's mugs.
 */
export type Lexicon = {
  words: string[];
  postings: (readonly number[])[];
  letterWords: string[];
  letterWordIds: Int32Array;
  offsets: Int32Array;
  wordIds: Int32Array;
  /** Beside `wordIds`: -1 for a word of the title, code or a one-word value; else the value slot it is part of. */
  wordValueSlots: Int32Array;
  /** The values of several words that products have, by slot, with their word numbers. */
  phrases: { slot: number; wordIds: Int32Array }[];
  /** Position → place in the popularity order (units sold, then id), and that order's positions. */
  rankOf: Int32Array;
  positionAtRank: Int32Array;
  /** Each word's postings as popularity ranks, ascending: walked in order, the best sellers come first. */
  rankedPostings: (Int32Array | undefined)[];
  /** Positions by folded title, and those titles, for the products whose title starts with a query. */
  titleOrder: Int32Array;
  sortedTitles: string[];
  /** What each query word accepted, so typing "b", "bö", "bög" … does each lexicon pass once. */
  matches: Map<string, TokenMatch>;
  /**
   * Zeroed arrays scoring borrows: one by product position, one by word number per query word, and
   * by value slot whether the query names the whole value.
   */
  scratch: { byProduct: Uint8Array; byWord: Uint8Array[]; namedValues: Uint8Array };
};

/**
 * The lexicon words one query word accepts (by number) with the score of the best way it matches
 * each, their postings in all, and the best of those scores.
 */
export type TokenMatch = { scores: Map<number, number>; postings: number; bestScore: number };

/** Remembered query words per index; past this the memory is dropped and refilled. */
const MAX_REMEMBERED_WORDS = 20_000;

const lexicons = new WeakMap<CatalogueIndex, Lexicon>();
export function lexiconOf(index: CatalogueIndex): Lexicon {
  let lexicon = lexicons.get(index);
  if (!lexicon) {
    const words = [...index.words.keys()].sort();
    const idOf = new Map(words.map((word, id) => [word, id]));
    const postings = words.map((word) => index.words.get(word)!);
    const letterIds = words.flatMap((word, id) => (/\d/.test(word) ? [] : [id]));
    const offsets = new Int32Array(index.products.length + 1);
    const productWords: number[] = [];
    const productWordSlots: number[] = [];
    for (const product of index.products) {
      product.searchWords.forEach((word, i) => {
        const id = idOf.get(word)!;
        if (i < product.wholeWordCount) {
          productWords.push(id);
          productWordSlots.push(-1);
          return;
        }
        // Listed once per value it is part of: any of them named whole makes it count fully.
        for (const valueId of product.valueIds) {
          const words = index.valueWords.get(valueId) ?? [];
          if (words.length > 1 && words.includes(word)) {
            productWords.push(id);
            productWordSlots.push(index.valueSlot.get(valueId)!);
          }
        }
      });
      offsets[product.position + 1] = productWords.length;
    }
    const wordIds = Int32Array.from(productWords);
    const wordValueSlots = Int32Array.from(productWordSlots);
    const phrases = [...index.valueWords].flatMap(([valueId, words]) => {
      const ids = words.map((word) => idOf.get(word));
      const slot = index.valueSlot.get(valueId);
      if (words.length < 2 || slot === undefined || ids.some((id) => id === undefined)) return [];
      return [{ slot, wordIds: Int32Array.from(ids as number[]) }];
    });
    const positionAtRank = index.orders.popularity;
    const rankOf = new Int32Array(index.products.length);
    positionAtRank.forEach((position, rank) => {
      rankOf[position] = rank;
    });
    const titleOrder = Int32Array.from(index.products.map((product) => product.position)).sort((a, b) => {
      const [x, y] = [index.products[a]!.foldedTitle, index.products[b]!.foldedTitle];
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    lexicon = {
      words,
      postings,
      letterWords: letterIds.map((id) => words[id]!),
      letterWordIds: Int32Array.from(letterIds),
      offsets,
      wordIds,
      wordValueSlots,
      phrases,
      rankOf,
      positionAtRank,
      rankedPostings: [],
      titleOrder,
      sortedTitles: Array.from(titleOrder, (position) => index.products[position]!.foldedTitle),
      matches: new Map(),
      scratch: {
        byProduct: new Uint8Array(index.products.length),
        byWord: [],
        namedValues: new Uint8Array(index.slotValueIds.length),
      },
    };
    lexicons.set(index, lexicon);
  }
  return lexicon;
}

/** A word's postings as ascending popularity ranks, sorted on first use. */
export function rankedPostingsOf(lexicon: Lexicon, id: number): Int32Array {
  let ranked = lexicon.rankedPostings[id];
  if (!ranked) {
    ranked = Int32Array.from(lexicon.postings[id]!, (position) => lexicon.rankOf[position]!).sort();
    lexicon.rankedPostings[id] = ranked;
  }
  return ranked;
}

/** Adds every word starting with `start` at `score`, unless it already matched better. */
export function acceptPrefix(
  lexicon: Lexicon,
  start: string,
  score: number,
  scores: Map<number, number>,
): void {
  const { words } = lexicon;
  for (let id = lowerBound(words, start); id < words.length && words[id]!.startsWith(start); id++) {
    if ((scores.get(id) ?? 0) < score) scores.set(id, score);
  }
}

/**
 * What one folded query word matches in the lexicon, remembered per lexicon. A `wholeNumber` (a
 * number the shopper has typed on past) matches only itself: "3" in "3 dl" is not "3,5" or "30".
 */
export function matchingWords(lexicon: Lexicon, token: string, wholeNumber = false): TokenMatch {
  const key = wholeNumber ? `=${token}` : token;
  const remembered = lexicon.matches.get(key);
  if (remembered) return remembered;
  const scores = new Map<number, number>();
  if (wholeNumber) {
    const id = lowerBound(lexicon.words, token);
    if (lexicon.words[id] === token) scores.set(id, SCORE.prefix);
  } else acceptPrefix(lexicon, token, SCORE.prefix, scores);
  // Codes and numbers are matched by their start only: "001234" is inside or one edit away from
  // thousands of other codes, and a catalogue has far more of them than words.
  if (!/\d/.test(token)) {
    const { letterWords, letterWordIds } = lexicon;
    // Hungarian writes compounds as one word with the thing itself last ("utazóbögre",
    // "teáscsésze"), so a longer query word is also looked for inside the words.
    if (token.length >= MIN_INFIX_LENGTH) {
      for (let i = 0; i < letterWords.length; i++) {
        const id = letterWordIds[i]!;
        if (letterWords[i]!.includes(token, 1) && !scores.has(id)) scores.set(id, SCORE.infix);
      }
    }
    if (token.length >= MIN_TYPO_LENGTH) {
      // A typo rarely hits the first letter, so only words sharing it are compared.
      const first = token[0]!;
      for (
        let i = lowerBound(letterWords, first);
        i < letterWords.length && letterWords[i]![0] === first;
        i++
      ) {
        const word = letterWords[i]!;
        const id = letterWordIds[i]!;
        if (scores.has(id)) continue;
        const typo =
          withinOneEdit(token, word) ||
          withinOneEdit(token, word.slice(0, token.length)) ||
          withinOneEdit(token, word.slice(0, token.length + 1));
        if (typo) scores.set(id, SCORE.typo);
      }
    }
  }
  const match = tokenMatch(lexicon, scores);
  if (lexicon.matches.size >= MAX_REMEMBERED_WORDS) lexicon.matches.clear();
  lexicon.matches.set(key, match);
  return match;
}

export function tokenMatch(lexicon: Lexicon, scores: Map<number, number>): TokenMatch {
  let postings = 0;
  let bestScore = 0;
  for (const [id, score] of scores) {
    postings += lexicon.postings[id]!.length;
    if (score > bestScore) bestScore = score;
  }
  return { scores, postings, bestScore };
}
