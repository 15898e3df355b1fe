import { describe, expect, it } from 'vitest';
import { mainThreadCpuShare, type TraceEvent, tasksAtCpuTime } from './main-thread-cpu';

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

describe('tasks at their CPU time', () => {
  const child = (ts: number, dur: number): TraceEvent => ({
    name: 'FunctionCall',
    ph: 'X',
    ts,
    dur,
    ...MAIN,
  });

  it("shrinks each main-thread task and what it holds toward the task's start", () => {
    const events = [
      navigation,
      task(10_000, 40_000, 10_000), // ran a quarter of its wall time
      child(14_000, 20_000),
      task(60_000, 8_000, 8_000), // never waited
      child(61_000, 2_000),
      task(10_000, 40_000, 1_000, { pid: 9, tid: 1 }), // another process
    ];
    const shrunk = tasksAtCpuTime(events);
    expect(shrunk.map(({ ts, dur }) => [ts, dur])).toEqual([
      [1_000, undefined],
      [10_000, 10_000],
      [11_000, 5_000],
      [60_000, 8_000],
      [61_000, 2_000],
      [10_000, 40_000],
    ]);
    // A copy: the run's own trace keeps its wall times.
    expect(events[1]?.dur).toBe(40_000);
  });

  it('leaves the next task alone when it starts where the last one ended', () => {
    const shrunk = tasksAtCpuTime([navigation, task(10_000, 10_000, 5_000), task(20_000, 6_000, 3_000)]);
    expect(shrunk.slice(1).map(({ ts, dur }) => [ts, dur])).toEqual([
      [10_000, 5_000],
      [20_000, 3_000],
    ]);
  });

  it('changes nothing without a navigation', () => {
    const events = [task(10_000, 40_000, 10_000)];
    expect(tasksAtCpuTime(events)).toEqual(events);
  });
});
