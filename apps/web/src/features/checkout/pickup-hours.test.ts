import { describe, expect, it } from 'vitest';
import { budapestWeekday, dayHoursText, formatDistance, weekHours } from './pickup-hours';

const hours = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, open: '08:00', close: '20:00' })),
  { day: 6, open: '09:00', close: '12:00' },
  { day: 6, open: '13:00', close: '17:00' },
];

describe('pickup point hours', () => {
  it('reads a day as its ranges, all day, or closed', () => {
    expect(dayHoursText(hours, 1)).toBe('08:00–20:00');
    expect(dayHoursText(hours, 6)).toBe('09:00–12:00, 13:00–17:00');
    expect(dayHoursText(hours, 7)).toBe('Zárva');
    expect(dayHoursText([{ day: 3, open: '00:00', close: '24:00' }], 3)).toBe('Éjjel-nappal');
    expect(weekHours(hours).map((day) => day.name)[6]).toBe('vasárnap');
  });

  it('counts the day in Budapest, not in the browser’s zone', () => {
    // Sunday 23:30 UTC is already Monday in Budapest.
    expect(budapestWeekday(new Date('2026-11-29T23:30:00Z'))).toBe(1);
    expect(budapestWeekday(new Date('2026-11-29T12:00:00Z'))).toBe(7);
  });

  it('writes distances in metres and kilometres', () => {
    expect(formatDistance(347)).toBe('350 m');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(23_600)).toBe('24 km');
  });
});
