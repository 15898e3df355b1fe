const TIME_ZONE = 'Europe/Budapest';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type BudapestPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** Budapest's wall clock at an instant, part by part: the year in four digits, the rest in two. */
export function budapestParts(instant: Date | number): Record<BudapestPart, string> {
  const found: Record<BudapestPart, string> = {
    year: '',
    month: '',
    day: '',
    hour: '',
    minute: '',
    second: '',
  };
  for (const part of parts.formatToParts(instant)) {
    if (part.type in found) found[part.type as BudapestPart] = part.value;
  }
  return found;
}

/** How far Budapest's clock is ahead of UTC at an instant, in milliseconds (1 or 2 hours). */
function budapestOffsetMs(instant: number): number {
  const p = budapestParts(instant);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a Budapest calendar day (`YYYY-MM-DD`) starts. The offset is read at midnight itself, not
 * at noon: on the last Sunday of March and of October the two differ by an hour.
 */
export function budapestDayStart(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day);
  // The offset at wall-clock midnight read as UTC is off by at most the offset itself; a second look fixes it.
  const guess = wallClock - budapestOffsetMs(wallClock);
  return new Date(wallClock - budapestOffsetMs(guess));
}

/** The instant Budapest's clock shows `hour`:`minute` on the day `YYYY-MM-DD` (read as the earlier hour when the clock repeats it). */
export function budapestWallClock(date: string, hour: number, minute: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wallClock - budapestOffsetMs(wallClock);
  return new Date(wallClock - budapestOffsetMs(guess));
}

/** The instant the Budapest day after `date` starts (an exclusive upper bound for "up to that day"). */
export function budapestDayEnd(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  return budapestDayStart(next);
}
