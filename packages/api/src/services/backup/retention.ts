import { budapestParts } from '../budapest-time';

/** How many backups are kept: the newest of each of the last N days, ISO weeks and months (Budapest calendar). */
export type RetentionPolicy = { daily: number; weekly: number; monthly: number };

export const DEFAULT_RETENTION: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** `shop-20261128-031500Z.tar.gz`: the time the backup was started, in UTC. */
const BACKUP_NAME = /^shop-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

export function backupFileName(startedAt: Date): string {
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `shop-${stamp}Z.tar.gz`;
}

/** When a backup file was made, read from its name; null for any other file (left alone by pruning). */
export function backupTime(fileName: string): Date | null {
  const match = BACKUP_NAME.exec(fileName);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second));
}

/** The Budapest calendar day of an instant, `YYYY-MM-DD`. */
export function budapestDay(instant: Date): string {
  const p = budapestParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The ISO week (`2026-W48`) a `YYYY-MM-DD` day falls in; the week's Thursday decides its year. */
function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const year = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * The backup files pruning deletes: every one that is not the newest of one of the last `daily` days,
 * `weekly` weeks or `monthly` months that have a backup. Files not named like a backup are never chosen.
 * A period counts only when it has a backup, so a shop switched off for a month keeps its older backups.
 * Every backup of `now`'s own day is kept: a "Mentés most" pressed after a mistake must not delete the
 * morning's backup from before it.
 */
export function backupsToDelete(fileNames: readonly string[], policy: RetentionPolicy, now: Date): string[] {
  const today = budapestDay(now);
  const backups = fileNames
    .flatMap((name) => {
      const time = backupTime(name);
      return time ? [{ name, time, day: budapestDay(time) }] : [];
    })
    .sort((a, b) => b.time.getTime() - a.time.getTime() || b.name.localeCompare(a.name));
  const keep = new Set(backups.filter((backup) => backup.day === today).map((backup) => backup.name));
  const keepNewestPer = (period: (day: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of backups) {
      if (seen.size >= count) break;
      const key = period(backup.day);
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(backup.name);
    }
  };
  keepNewestPer((day) => day, policy.daily);
  keepNewestPer(isoWeek, policy.weekly);
  keepNewestPer((day) => day.slice(0, 7), policy.monthly);
  return backups.filter((backup) => !keep.has(backup.name)).map((backup) => backup.name);
}
