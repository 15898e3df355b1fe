import { describe, expect, it } from 'vitest';
import { fromBudapestInput, toBudapestInput } from './budapest-input';

describe('Budapest date-time fields', () => {
  it('shows a UTC instant as Budapest wall-clock time, summer and winter', () => {
    expect(toBudapestInput('2026-11-24T08:30:00.000Z')).toBe('2026-11-24T09:30');
    expect(toBudapestInput('2026-07-01T08:30:00.000Z')).toBe('2026-07-01T10:30');
    expect(toBudapestInput(null)).toBe('');
  });

  it('reads the field back as the UTC instant, also on the day the clocks change', () => {
    expect(fromBudapestInput('2026-11-24T09:30')).toBe('2026-11-24T08:30:00.000Z');
    expect(fromBudapestInput('2026-07-01T10:30')).toBe('2026-07-01T08:30:00.000Z');
    // 29 March 2026: clocks go from 02:00 to 03:00; 04:00 is already summer time.
    expect(fromBudapestInput('2026-03-29T04:00')).toBe('2026-03-29T02:00:00.000Z');
    expect(fromBudapestInput('2026-10-25T12:00')).toBe('2026-10-25T11:00:00.000Z');
    expect(fromBudapestInput('')).toBeUndefined();
    expect(fromBudapestInput('holnap')).toBeUndefined();
  });

  it('round-trips', () => {
    const iso = '2026-12-31T22:59:00.000Z';
    expect(fromBudapestInput(toBudapestInput(iso))).toBe(iso);
  });
});
