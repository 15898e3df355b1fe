/**
 * When a banner or the popup shows: it is enabled, its window has started (`activeFrom` at or before
 * now, or none) and not ended (`activeTo` after now, or none). The end is exclusive, so a window
 * "until 2026-12-01T00:00" is over at midnight. Stated once, for the database query and for a row.
 */

/** The rows shown at `now`, as a Prisma `where` (the same for heroes, slides and the popup). */
export function activeWhere(now: Date) {
  return {
    enabled: true,
    AND: [
      { OR: [{ activeFrom: null }, { activeFrom: { lte: now } }] },
      { OR: [{ activeTo: null }, { activeTo: { gt: now } }] },
    ],
  };
}

export function isActive(
  row: { enabled: boolean; activeFrom: Date | null; activeTo: Date | null },
  now: Date,
): boolean {
  return (
    row.enabled &&
    (row.activeFrom === null || row.activeFrom <= now) &&
    (row.activeTo === null || row.activeTo > now)
  );
}
