import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of processes from /proc (Linux), to tell a server that is busy computing from one that
 * waits (on row locks, on the database): a server answering slowly at 30 % CPU is waiting.
 */
const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** A process and its children (a PostgreSQL postmaster and its backends). */
function withChildren(pid: number): number[] {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (stat(Number(entry))?.ppid === pid) pids.push(Number(entry));
  }
  return pids;
}

function sample(pid: number, children: boolean): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const each of children ? withChildren(pid) : [pid]) {
    const found = stat(each);
    if (found) ticks.set(each, found.ticks);
  }
  return ticks;
}

/** Busy ticks of the whole machine (all cores), from the first line of /proc/stat. */
function machineBusyTicks(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal: everything but idle and iowait is busy.
    return fields.slice(0, 8).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
  } catch {
    return Number.NaN;
  }
}

export type CpuWatch = { stop(): Record<string, number> };

/**
 * Starts counting; `stop()` answers each group's CPU use since, in percent of one core. Groups are
 * a process id, or `{ tree: pid }` for a process with its children.
 */
export function watchCpu(groups: Record<string, number | { tree: number } | undefined>): CpuWatch {
  const started = performance.now();
  const entries = Object.entries(groups).flatMap(([name, target]) =>
    target === undefined
      ? []
      : [{ name, pid: typeof target === 'number' ? target : target.tree, tree: typeof target !== 'number' }],
  );
  const before = entries.map((entry) => sample(entry.pid, entry.tree));
  const machineBefore = machineBusyTicks();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const result: Record<string, number> = {};
      /** The whole machine, every process (other people's too), in percent of one core. */
      result.machine = (100 * (machineBusyTicks() - machineBefore)) / TICKS_PER_SECOND / seconds;
      entries.forEach((entry, i) => {
        let ticks = 0;
        for (const [pid, now] of sample(entry.pid, entry.tree)) ticks += now - (before[i]!.get(pid) ?? 0);
        result[entry.name] = (100 * ticks) / TICKS_PER_SECOND / seconds;
      });
      return result;
    },
  };
}

/**
 * The machine's speed for this run: the median time of a fixed single-threaded computation (SHA-256
 * of 1 KiB, 20 000 times), in ms; lower is faster. Printed at the start and the end beside the
 * processor and load, so figures of two runs are compared only when the machine was as fast.
 */
export function speedProbe(): number {
  const block = Buffer.alloc(1024, 7);
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) createHash('sha256').update(block).digest();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}
