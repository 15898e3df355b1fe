import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { DomainError } from './errors';
import { withArticle } from './schemas/hungarian';
import { splitReadOnly, storedValueAt, type WritableOutput } from './schemas/read-only';

/**
 * How deep arrays and objects may nest in a request. The deepest real input (an order's address, a
 * property's values) is three levels; the limit leaves room and keeps every recursive reader (schemas,
 * cache keys) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Hibás kérés: az adatok legfeljebb ${MAX_JSON_DEPTH} szint mélyen ágyazhatók egymásba.`;
const NUL_MESSAGE = 'A szöveg nem tartalmazhat NUL (\\u0000) karaktert.';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max`, read without parsing it: JSON.parse spends a second on a
 * megabyte of `[[[[…`, so a transport checks the text first. Brackets inside strings do not count.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Refuses, as a 400, input that no schema should read: nesting deeper than MAX_JSON_DEPTH, and a NUL
 * character in any text or field name (PostgreSQL text cannot hold one, so it would fail as a 500 in
 * the database). Runs on every procedure's raw input, so no field can forget it.
 */
export function assertSaneInput(input: unknown): void {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw nulError(path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > MAX_JSON_DEPTH) throw new DomainError('invalid_input', TOO_DEEP_MESSAGE);
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : String(key);
      if (typeof key === 'string' && key.includes('\u0000')) throw nulError(path);
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}

function nulError(path: string): DomainError {
  return new DomainError(
    'invalid_input',
    path ? `Hibás adat: ${path} – ${NUL_MESSAGE}` : `Hibás adat: ${NUL_MESSAGE}`,
    [{ path, message: NUL_MESSAGE }],
  );
}

function readOnlyMessage(path: string): string {
  return `${withArticle(path, { capital: true })} mező csak olvasható, nem módosítható.`;
}

/** Compares JSON as a client sees it: dates as ISO text, `undefined` fields as absent. */
function sameJson(left: unknown, right: unknown): boolean {
  return isDeepStrictEqual(toJson(left), toJson(right));
}

function toJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * What an update writes, without the read-only fields (schemas/read-only.ts) a client sent back: each
 * one must equal what a GET answers for the stored entity (`loadStored`, called only when there is one
 * to compare; null when nothing is stored yet), else the whole write is a 400 naming every changed field.
 */
export async function withoutReadOnly<Schema extends z.ZodType>(
  schema: Schema,
  input: z.output<Schema>,
  loadStored: () => Promise<unknown>,
): Promise<WritableOutput<Schema>> {
  const { writable, readOnlyValues } = splitReadOnly(schema, input);
  if (readOnlyValues.length === 0) return writable as WritableOutput<Schema>;
  const stored = await loadStored();
  const changed = readOnlyValues.filter(({ value, steps }) => !sameJson(value, storedValueAt(stored, steps)));
  const first = changed[0];
  if (!first) return writable as WritableOutput<Schema>;
  const message =
    changed.length === 1
      ? readOnlyMessage(first.path)
      : `Csak olvasható mezők nem módosíthatók: ${changed.map(({ path }) => path).join(', ')}.`;
  throw new DomainError(
    'invalid_input',
    message,
    changed.map(({ path }) => ({ path, message: readOnlyMessage(path) })),
  );
}
