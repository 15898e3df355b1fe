import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { assertSaneInput, jsonTextTooDeep, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './input-guard';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function refusal(input: unknown): DomainError {
  try {
    assertSaneInput(input);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('elfogadta');
}

describe('jsonTextTooDeep', () => {
  it(`lets ${MAX_JSON_DEPTH} levels through and stops at the next`, () => {
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(`{"a":${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(
      true,
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonTextTooDeep(JSON.stringify({ title: '['.repeat(100) }))).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ title: `\\"${'{'.repeat(100)}` }))).toBe(false);
  });

  it('reads a megabyte of brackets quickly', () => {
    const started = performance.now();
    expect(jsonTextTooDeep(nested(500_000))).toBe(true);
    expect(
      jsonTextTooDeep(JSON.stringify({ items: Array.from({ length: 50_000 }, (_, id) => ({ id })) })),
    ).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('assertSaneInput', () => {
  it('accepts ordinary input', () => {
    expect(() => assertSaneInput(undefined)).not.toThrow();
    expect(() =>
      assertSaneInput({ descriptions: [{ language: 'hu', title: 'Bögre' }], page: 1, tags: null }),
    ).not.toThrow();
  });

  it('refuses a NUL character in any text or field name, naming where', () => {
    const error = refusal({ descriptions: [{ language: 'hu', title: 'Bög\u0000re' }] });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'Hibás adat: descriptions.0.title – A szöveg nem tartalmazhat NUL (\\u0000) karaktert.',
    );
    expect(error.issues).toEqual([
      { path: 'descriptions.0.title', message: 'A szöveg nem tartalmazhat NUL (\\u0000) karaktert.' },
    ]);
    expect(refusal('\u0000').issues?.[0]?.path).toBe('');
    expect(refusal({ cart: { 'a\u0000b': 1 } }).issues?.[0]?.path).toBe('cart');
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels`, () => {
    expect(() => assertSaneInput(JSON.parse(nested(MAX_JSON_DEPTH)))).not.toThrow();
    const error = refusal(JSON.parse(nested(MAX_JSON_DEPTH + 1)));
    expect(error.message).toBe(TOO_DEEP_MESSAGE);
  });
});
