import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatNumber, formatPrice, spokenPrice } from './format';

const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('groups thousands with a no-break space and appends Ft', () => {
    expect(formatPrice(12990)).toBe(`12${NBSP}990${NBSP}Ft`);
  });

  it('groups four-digit amounts too', () => {
    expect(formatPrice(1290)).toBe(`1${NBSP}290${NBSP}Ft`);
  });

  it('leaves amounts below 1000 ungrouped', () => {
    expect(formatPrice(0)).toBe(`0${NBSP}Ft`);
    expect(formatPrice(990)).toBe(`990${NBSP}Ft`);
  });

  it('groups millions', () => {
    expect(formatPrice(1249000)).toBe(`1${NBSP}249${NBSP}000${NBSP}Ft`);
  });

  it('rounds to whole forints', () => {
    expect(formatPrice(1289.6)).toBe(`1${NBSP}290${NBSP}Ft`);
  });

  it('keeps the sign of negative amounts such as discounts', () => {
    expect(formatPrice(-1500)).toBe(`-1${NBSP}500${NBSP}Ft`);
  });

  it('never contains an ordinary space, so a price cannot wrap', () => {
    expect(formatPrice(123456789)).not.toContain(' ');
  });
});

describe('formatFileSize', () => {
  it('names a small file in bytes, never "0 kB", and larger ones in kB, MB and GB', () => {
    expect(formatFileSize(412)).toBe(`412${NBSP}bájt`);
    expect(formatFileSize(0)).toBe(`0${NBSP}bájt`);
    expect(formatFileSize(1500)).toBe(`2${NBSP}kB`);
    expect(formatFileSize(12_345_678)).toBe(`12,3${NBSP}MB`);
  });
});

describe('formatNumber', () => {
  it('uses the same grouping as prices', () => {
    expect(formatNumber(1000)).toBe(`1${NBSP}000`);
    expect(formatNumber(100)).toBe('100');
  });
});

describe('formatDate and formatDateTime', () => {
  it('shows Budapest time in winter (UTC+1)', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('2026. 11. 21. 14:05');
  });

  it('shows Budapest time in summer (UTC+2)', () => {
    expect(formatDateTime('2026-07-01T10:00:00Z')).toBe('2026. 07. 01. 12:00');
  });

  it('uses the Budapest calendar day, not the UTC one', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('2027. 01. 01.');
  });

  it('accepts Date objects and timestamps', () => {
    const instant = new Date('2026-03-05T08:00:00Z');
    expect(formatDate(instant)).toBe('2026. 03. 05.');
    expect(formatDateTime(instant.getTime())).toBe('2026. 03. 05. 09:00');
  });

  it('writes midnight as 00:00, not 24:00', () => {
    expect(formatDateTime('2026-01-01T23:00:00Z')).toBe('2026. 01. 02. 00:00');
  });
});

describe('spokenPrice', () => {
  it('says forint in words and leaves the digits ungrouped, so a screen reader reads one number', () => {
    expect(spokenPrice(12990)).toBe('12990 forint');
    expect(spokenPrice(1249000)).toBe('1249000 forint');
  });

  it('rounds to whole forints and keeps the sign', () => {
    expect(spokenPrice(1289.6)).toBe('1290 forint');
    expect(spokenPrice(-1500)).toBe('-1500 forint');
  });
});
