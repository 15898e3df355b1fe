import { describe, expect, it } from 'vitest';
import { budapestParts } from './budapest-clock';

/** The time-zone database's answer, as the rule's is checked against it. */
const zoneData = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Budapest',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function fromZoneData(instant: number) {
  const parts = Object.fromEntries(zoneData.formatToParts(instant).map((part) => [part.type, part.value]));
  const { year, month, day, hour, minute, second } = parts;
  return { year, month, day, hour, minute, second };
}

const MINUTE = 60_000;

describe('budapestParts', () => {
  it('shows summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October', () => {
    expect(budapestParts(Date.UTC(2026, 2, 29, 0, 59, 59))).toMatchObject({
      day: '29',
      hour: '01',
      minute: '59',
    });
    expect(budapestParts(Date.UTC(2026, 2, 29, 1))).toMatchObject({ day: '29', hour: '03', minute: '00' });
    expect(budapestParts(Date.UTC(2026, 9, 25, 0, 59))).toMatchObject({
      day: '25',
      hour: '02',
      minute: '59',
    });
    expect(budapestParts(Date.UTC(2026, 9, 25, 1))).toMatchObject({ day: '25', hour: '02', minute: '00' });
  });

  it('turns the date and the year over at Budapest midnight, not at UTC midnight', () => {
    expect(budapestParts(new Date('2026-12-31T23:30:00Z'))).toEqual({
      year: '2027',
      month: '01',
      day: '01',
      hour: '00',
      minute: '30',
      second: '00',
    });
  });

  it('agrees with the time-zone database every hour around each clock change from 1996 to 2060', () => {
    for (let year = 1996; year <= 2060; year++) {
      for (const month of [2, 9]) {
        const monthEnd = Date.UTC(year, month + 1, 1);
        for (let instant = monthEnd - 8 * 24 * 60 * MINUTE; instant < monthEnd; instant += 60 * MINUTE) {
          expect(budapestParts(instant), new Date(instant).toISOString()).toEqual(fromZoneData(instant));
        }
      }
    }
  });

  it('agrees with the time-zone database at instants spread over the years, seconds included, and before 1996', () => {
    for (
      let instant = Date.UTC(1970, 0, 1);
      instant < Date.UTC(2070, 0, 1);
      instant += 7 * 24 * 3_600_000 + 3_601_007
    ) {
      expect(budapestParts(new Date(instant)), new Date(instant).toISOString()).toEqual(
        fromZoneData(instant),
      );
    }
  });

  it('refuses an invalid instant as the formatter did, instead of showing a made-up time', () => {
    expect(() => budapestParts(new Date('nem dátum'))).toThrow(RangeError);
  });
});
