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

/**
 * Of the page's main-thread task time from its navigation on, the share the thread actually ran on
 * a CPU (each task's thread time, `tdur`, against its wall time, `dur`). Lighthouse multiplies each
 * task's wall time by the CPU slowdown, so a task that waited while Chromium's other processes,
 * Lighthouse itself and the shop's server had both cores counts as if it had been work: a run with a
 * low share owes part of its TBT to this machine's load, not to the page.
 */
export function mainThreadCpuShare(events: readonly TraceEvent[]): number {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      Boolean(event.args.data.documentLoaderURL),
  );
  if (!navigation) return Number.NaN;
  let wall = 0;
  let thread = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.ts < navigation.ts) continue;
    if (event.pid !== navigation.pid || event.tid !== navigation.tid) continue;
    if (event.dur === undefined || event.tdur === undefined) continue;
    wall += event.dur;
    thread += Math.min(event.tdur, event.dur);
  }
  return wall > 0 ? thread / wall : Number.NaN;
}
