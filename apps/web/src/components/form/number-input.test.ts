import { describe, expect, it } from 'vitest';
import { parseNumberInput } from './number-input';

describe('parseNumberInput', () => {
  it('reads an empty field as a missing value', () => {
    expect(parseNumberInput('')).toBeUndefined();
    expect(parseNumberInput('   ')).toBeUndefined();
  });

  it('reads grouped digits and a decimal comma as Hungarians write them', () => {
    expect(parseNumberInput('12 990')).toBe(12990);
    expect(parseNumberInput('12\u00a0990')).toBe(12990);
    expect(parseNumberInput('27,5')).toBe(27.5);
    expect(parseNumberInput(' 0 ')).toBe(0);
  });

  it('leaves anything unreadable as NaN for the schema to reject', () => {
    expect(parseNumberInput('abc')).toBeNaN();
    expect(parseNumberInput('12 Ft')).toBeNaN();
  });
});
