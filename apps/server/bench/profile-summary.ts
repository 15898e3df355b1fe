import { readFileSync } from 'node:fs';

/**
 * `npx tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [rows]`: where the shop's CPU went
 * in a `BENCH_CPU_PROF` run, by who spent it (Prisma's runtime, the pg driver, socket writes, garbage
 * collection, zod, Fastify, the shop's own files …). Idle time is left out, and so are the start-up
 * and the catalogue index build, which every run pays once before the measurements.
 */

type Frame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArgument] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Használat: tsx apps/server/bench/profile-summary.ts <fájl.cpuprofile> [sorok]\n');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const SYSCALLS = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

function category({ functionName, url }: Frame): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'szemétgyűjtés (GC)';
  if (functionName === '(program)') return 'V8 (program)';
  if (/@prisma\/client/.test(url)) return 'Prisma kliens futtatókörnyezet';
  if (/@prisma\/adapter-pg|node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array)\//.test(url))
    return 'pg meghajtó és Prisma-adapter';
  if (/node_modules\/zod\//.test(url)) return 'zod';
  if (/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|secure-json-parse)\//.test(url))
    return 'Fastify';
  if (/node_modules\/(@trpc|trpc-to-openapi)\//.test(url)) return 'tRPC';
  if (/packages\/api\//.test(url)) return `bolt: ${url.replace(/.*packages\/api\/src\//, '')}`;
  if (/apps\/server\//.test(url)) return `szerver: ${url.replace(/.*apps\/server\//, '')}`;
  if (/node_modules\//.test(url)) return `egyéb csomag: ${url.replace(/.*node_modules\//, '').split('/')[0]}`;
  if (SYSCALLS.has(functionName)) return 'socket-írás (rendszerhívás)';
  return `Node: ${functionName || '(névtelen)'}`;
}

/** Start-up (module compilation) and the catalogue index build: paid once, before any measurement. */
function isStartup(id: number): boolean {
  for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
    const { functionName, url } = byId.get(current)!.callFrame;
    if (
      /^(buildCatalogueIndex|compileSourceTextModule|wrapSafe|makeSyncRequest|waitForWorker)$/.test(
        functionName,
      )
    )
      return true;
    if (/name-order/.test(url)) return true;
  }
  return false;
}

const spent = new Map<string, number>();
let startup = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  const micros = profile.timeDeltas[i] ?? 0;
  const name = category(byId.get(id)!.callFrame);
  if (name === 'idle') continue;
  if (isStartup(id)) {
    startup += micros;
    continue;
  }
  spent.set(name, (spent.get(name) ?? 0) + micros);
}
const total = [...spent.values()].reduce((sum, micros) => sum + micros, 0);
const grouped = new Map<string, number>();
for (const [name, micros] of spent) {
  const group = name.split(':')[0]!;
  grouped.set(group, (grouped.get(group) ?? 0) + micros);
}
const line = (name: string, micros: number) =>
  `${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`;
process.stdout.write(
  `Munka (üresjárat, indulás és katalógusindex nélkül): ${(total / 1000).toFixed(0)} ms; indulás és index: ${(startup / 1000).toFixed(0)} ms\n\n`,
);
for (const [name, micros] of [...grouped].sort((a, b) => b[1] - a[1]))
  process.stdout.write(`${line(name, micros)}\n`);
process.stdout.write('\nRészletesen:\n');
for (const [name, micros] of [...spent].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArgument ?? 25)))
  process.stdout.write(`${line(name, micros)}\n`);
