import { describe, expect, it } from 'vitest';
import { budapestDayEnd, budapestDayStart } from './budapest-time';

describe('Budapest days as UTC instants', () => {
  it('starts a winter day at 23:00 UTC and a summer day at 22:00 UTC the day before', () => {
    expect(budapestDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(budapestDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('reads the offset at midnight on the days the clocks change', () => {
    // 29 March 2026: clocks go forward at 02:00, so the day starts in winter time and lasts 23 hours.
    expect(budapestDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(budapestDayEnd('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 25 October 2026: clocks go back at 03:00, so the day starts in summer time and lasts 25 hours.
    expect(budapestDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(budapestDayEnd('2026-10-25').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('ends a day where the next one starts, across months and years', () => {
    expect(budapestDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(budapestDayEnd('2026-02-28').toISOString()).toBe(budapestDayStart('2026-03-01').toISOString());
  });
});
