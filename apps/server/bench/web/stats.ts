import { cpus, loadavg } from 'node:os';
import { f } from '../table';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile, as CrUX reads INP's p75: the value 75 % of the samples do not exceed. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The machine the figures belong to: its processor and cores, and how busy it was (other people's
 * tests on a shared machine slow the browser as much as a slower processor does).
 */
export function machineText(): string {
  const all = cpus();
  const [one, five] = loadavg();
  return `${all[0]?.model ?? 'ismeretlen processzor'}, ${all.length} mag, terhelés (1/5 perc) ${f(one!, 2)} / ${f(five!, 2)}`;
}
