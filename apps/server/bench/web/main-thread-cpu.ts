export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

/** The page's own navigation (not Lighthouse's about:blank): its thread is the page's main thread. */
function pageNavigation(events: readonly TraceEvent[]): TraceEvent | undefined {
  return events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      Boolean(event.args.data.documentLoaderURL),
  );
}

/** A task the page's main thread ran from its navigation on, with both its wall and thread time. */
function isPageTask(event: TraceEvent, navigation: TraceEvent): boolean {
  return (
    event.name === 'RunTask' &&
    event.ph === 'X' &&
    event.ts >= navigation.ts &&
    event.pid === navigation.pid &&
    event.tid === navigation.tid &&
    event.dur !== undefined &&
    event.tdur !== undefined
  );
}

/**
 * Of the page's main-thread task time from its navigation on, the share the thread actually ran on
 * a CPU (each task's thread time, `tdur`, against its wall time, `dur`). Lighthouse multiplies each
 * task's wall time by the CPU slowdown, so a task that waited while Chromium's other processes,
 * Lighthouse itself and the shop's server had both cores counts as if it had been work: a run with a
 * low share owes part of its TBT to this machine's load, not to the page.
 */
export function mainThreadCpuShare(events: readonly TraceEvent[]): number {
  const navigation = pageNavigation(events);
  if (!navigation) return Number.NaN;
  let wall = 0;
  let thread = 0;
  for (const event of events) {
    if (!isPageTask(event, navigation)) continue;
    wall += event.dur ?? 0;
    thread += Math.min(event.tdur ?? 0, event.dur ?? 0);
  }
  return wall > 0 ? thread / wall : Number.NaN;
}

/**
 * A copy of the trace in which each of the page's main-thread tasks lasts only as long as its thread
 * ran on a CPU: the task and everything recorded inside it shrink toward its start by the same
 * factor, so the trace stays well nested. Lighthouse's simulation run on this copy answers what the
 * page's own work would cost if its main thread had had a core to itself, without the waits this
 * two-core machine adds (see `mainThreadCpuShare`). The waits a phone would also have (a lock, the
 * GPU) are gone from it too, which is why it stands beside Lighthouse's figure and never for it.
 */
export function tasksAtCpuTime<Event extends TraceEvent>(events: readonly Event[]): Event[] {
  const copy = events.map((event) => ({ ...event }));
  const navigation = pageNavigation(copy);
  if (!navigation) return copy;
  const mainThread = copy
    .filter((event) => event.pid === navigation.pid && event.tid === navigation.tid)
    .sort((a, b) => a.ts - b.ts);
  let next = 0;
  for (const task of mainThread.filter((event) => isPageTask(event, navigation))) {
    const start = task.ts;
    const end = start + (task.dur ?? 0);
    const factor = Math.min(1, (task.tdur ?? 0) / Math.max(task.dur ?? 0, 1));
    while (next < mainThread.length && (mainThread[next]?.ts ?? end) < start) next++;
    for (let index = next; index < mainThread.length; index++) {
      const inner = mainThread[index];
      if (!inner || inner.ts >= end) break;
      if (inner === task) continue;
      inner.ts = start + (inner.ts - start) * factor;
      if (inner.dur !== undefined) inner.dur *= factor;
    }
    task.dur = (task.dur ?? 0) * factor;
  }
  return copy;
}
