import { describe, expect, it } from 'vitest';
import { mainThreadCpuShare, type TraceEvent } from './main-thread-cpu';

const MAIN = { pid: 7, tid: 1 };
const navigation: TraceEvent = {
  name: 'navigationStart',
  ph: 'R',
  ts: 1_000,
  ...MAIN,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1/' } },
};
const task = (ts: number, dur: number, tdur: number, thread = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur,
  tdur,
  ...thread,
});

describe("the main thread's share of its task time on a CPU", () => {
  it("counts the page's main-thread tasks from its navigation on", () => {
    const events = [
      task(500, 9_000, 1_000), // before the navigation: about:blank
      navigation,
      task(2_000, 10_000, 10_000),
      task(20_000, 30_000, 10_000), // waited 20 ms for a CPU
      task(2_000, 50_000, 1_000, { pid: 9, tid: 1 }), // another process
      { ...task(60_000, 4_000, 4_000), name: 'ParseHTML' },
    ];
    expect(mainThreadCpuShare(events)).toBeCloseTo(20_000 / 40_000);
  });

  it('is unknown without a navigation or tasks', () => {
    expect(mainThreadCpuShare([task(2_000, 10_000, 10_000)])).toBeNaN();
    expect(mainThreadCpuShare([navigation])).toBeNaN();
  });
});
