import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { f, table } from '../table';
import { REMEMBER_SERVER_ELEMENTS, waitHydratedAndIdle } from './hydration';
import { CHROMIUM } from './lighthouse';
import { findPages, freePort, type ShopServer, startServer, stopServer, waitForHealth } from './shop';
import { median } from './stats';

/**
 * Where a page load's main thread goes, by module and function (#22: "measure where the main thread
 * goes"). Lighthouse names the groups (script, style and layout, GC) and the scripts; this names the
 * code. Run after an unminified build, whose chunks keep function names and the `// <module path>`
 * comment the bundler writes before each module's code (`vite.profile.config.ts`):
 *
 *   (cd apps/web && npx vite build -c ../server/bench/web/vite.profile.config.ts)
 *   npx tsx apps/server/bench/web/profile.ts
 *
 * (`npm run build` or `npm run bench:web` builds the ordinary, minified app again.)
 *
 * It starts the production server on a fresh database with the demo data (as `run.ts`, without
 * building), loads the home and the product page RUNS times each in Chromium at 390 × 844 with the
 * CPU slowed down 4×, and records a Chrome trace (the renderer's main thread: style, layout, GC,
 * script) and a V8 CPU profile of each load, from navigation until the app has hydrated and the
 * page is idle. Prints medians, in milliseconds of the slowed-down CPU.
 */

const RUNS = 3;
const CPU_SLOWDOWN = 4;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** Trace events of the main thread's work, grouped the way the findings speak of them. */
const TRACE_GROUPS: Record<string, string> = {
  EvaluateScript: 'szkript futása',
  FunctionCall: 'szkript futása',
  'v8.evaluateModule': 'szkript futása',
  RunMicrotasks: 'szkript futása',
  TimerFire: 'szkript futása',
  EventDispatch: 'szkript futása',
  FireAnimationFrame: 'szkript futása',
  'v8.compile': 'szkript fordítása',
  'v8.compileModule': 'szkript fordítása',
  'V8.CompileCode': 'szkript fordítása',
  UpdateLayoutTree: 'stílusszámítás',
  RecalculateStyles: 'stílusszámítás',
  ParseAuthorStyleSheet: 'CSS elemzése',
  Layout: 'elrendezés',
  MinorGC: 'szemétgyűjtés',
  MajorGC: 'szemétgyűjtés',
  'V8.GC_SCAVENGER': 'szemétgyűjtés',
  ParseHTML: 'HTML elemzése',
  Paint: 'rajzolás',
  PrePaint: 'rajzolás',
  Layerize: 'rajzolás',
  UpdateLayer: 'rajzolás',
};

/**
 * Self time per trace event on the renderer's main thread: an event's duration less that of the
 * events inside it, so that style work forced by a script (emotion inserting rules, a measurement)
 * counts as style, not as script. Each name is shown with the group it belongs to (TRACE_GROUPS);
 * the rest are named as they are, which shows what Lighthouse's "other" holds. Also the long tasks
 * (over 50 ms at this slowdown).
 */
function summarizeTrace(events: TraceEvent[]): { names: Map<string, number>; longTasks: number[] } {
  // The page's renderer: a new page starts in one process (about:blank) and may move to another when
  // it navigates, so of the renderers' main threads it is the busiest.
  const threads = events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((thread) => {
      const own = events.filter(
        (event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X' && event.dur,
      );
      return { own, busy: own.reduce((sum, event) => sum + (event.name === 'RunTask' ? event.dur! : 0), 0) };
    })
    .sort((a, b) => b.busy - a.busy);
  if (threads.length === 0) throw new Error('A nyomkövetésben nincs CrRendererMain szál.');
  const complete = threads[0]!.own.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const names = new Map<string, number>();
  const longTasks: number[] = [];
  // The events enclosing the current one, innermost last.
  const open: { end: number; name: string; self: number }[] = [];
  const close = () => {
    const done = open.pop()!;
    const group = TRACE_GROUPS[done.name];
    const key = group ? `${group} (${done.name})` : done.name;
    names.set(key, (names.get(key) ?? 0) + done.self / 1000);
  };
  for (const event of complete) {
    while (open.length > 0 && open.at(-1)!.end <= event.ts) close();
    if (event.name === 'RunTask' && event.dur! > 50_000) longTasks.push(event.dur! / 1000);
    const around = open.at(-1);
    if (around) around.self -= event.dur!;
    open.push({ end: event.ts + event.dur!, name: event.name, self: event.dur! });
  }
  while (open.length > 0) close();
  return { names, longTasks };
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The module each line of a chunk comes from, from the comment the bundler writes before each module's code. */
async function regionsOf(url: string, cache: Map<string, { line: number; module: string }[]>) {
  const known = cache.get(url);
  if (known) return known;
  const regions: { line: number; module: string }[] = [];
  if (url.startsWith('http')) {
    const text = await fetch(url).then((response) => (response.ok ? response.text() : ''));
    text.split('\n').forEach((line, index) => {
      const mark = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line);
      if (mark) regions.push({ line: index, module: mark[1]! });
    });
  }
  cache.set(url, regions);
  return regions;
}

/** A module path shortened to its package (`@emotion/serialize`) or the shop's own folder. */
function packageOf(module: string): string {
  // Chakra is one package but three kinds of work: its style engine, its theme, its components.
  const chakra = /node_modules\/@chakra-ui\/react\/dist\/esm\/([^/]+)/.exec(module);
  if (chakra) return `@chakra-ui/react/${chakra[1]}`;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (inModules) return inModules[1]!;
  const own = /(apps\/web\/src\/[^/]+\/[^/]+|packages\/[^/]+\/src\/[^/]+)/.exec(module);
  return own ? own[1]! : module;
}

/** React's work loop: a sample under it is rendering (hydration is React's first render). */
const REACT_RENDER = new Set([
  'performWorkOnRoot',
  'performSyncWorkOnRoot',
  'commitRoot',
  'flushSyncWorkAcrossRoots_impl',
]);

/**
 * Self time by package, split by what the code was doing: inside React's render (hydration and its
 * commits), a module's top-level code (evaluating the chunks), or anything else (event handlers,
 * timers, the router); the time each package spent with what it called (emotion under Chakra's
 * style engine); and the functions with the most self time.
 */
async function summarizeProfile(profile: CpuProfile, cache: Map<string, { line: number; module: string }[]>) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const where = async (node: ProfileNode) => {
    const { url, lineNumber, functionName } = node.callFrame;
    if (!url) return functionName || '(natív)';
    const regions = await regionsOf(url, cache);
    let module = path.basename(new URL(url, 'http://x').pathname);
    for (const region of regions) if (region.line <= lineNumber) module = region.module;
    return packageOf(module);
  };
  const kinds = new Map<string, number>();
  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let node = byId.get(profile.samples[i]!)!;
    const leaf = node;
    if (leaf.callFrame.functionName === '(idle)') continue;
    let kind = 'egyéb JavaScript (eseménykezelők, időzítők, router)';
    const onStack = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      node = byId.get(id)!;
      if (node.callFrame.url) onStack.add(await where(node));
      if (REACT_RENDER.has(node.callFrame.functionName)) {
        kind = 'React renderelés (hidratálás, commit)';
        break;
      }
      const { functionName, lineNumber, columnNumber, url } = node.callFrame;
      if (url && functionName === '' && lineNumber === 0 && columnNumber === 0)
        kind = 'modulok legfelső szintű kódja';
    }
    if (leaf.callFrame.functionName === '(program)' || leaf.callFrame.functionName === '(garbage collector)')
      kind = leaf.callFrame.functionName;
    add(kinds, kind, ms);
    for (const pkg of onStack) add(inclusive, pkg, ms);
    const pkg = await where(leaf);
    add(packages, `${kind.startsWith('React') ? 'render: ' : ''}${pkg}`, ms);
    if (leaf.callFrame.url) add(functions, `${leaf.callFrame.functionName || '(névtelen)'} (${pkg})`, ms);
  }
  return { kinds, packages, functions, inclusive };
}

/** The medians over runs of each key's milliseconds, largest first, as table rows. */
function medianRows(maps: Map<string, number>[], limit: number): string[][] {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  return [...keys]
    .map((key) => [key, median(maps.map((map) => map.get(key) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, ms]) => [key, f(ms, 0)]);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-profile-'));
  let server: ShopServer | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(port, dataDir);
    await waitForHealth(base, server);
    const pages = await findPages(base);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const cache = new Map<string, { line: number; module: string }[]>();
    try {
      for (const page of [pages.home, pages.product]) {
        const traces: Map<string, number>[] = [];
        const longTasks: number[][] = [];
        const kinds: Map<string, number>[] = [];
        const packages: Map<string, number>[] = [];
        const functions: Map<string, number>[] = [];
        const inclusive: Map<string, number>[] = [];
        for (let run = 1; run <= RUNS; run++) {
          const context = await browser.newContext({
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
          });
          await context.addInitScript({ content: REMEMBER_SERVER_ELEMENTS });
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await browser.startTracing(tab, {
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'],
          });
          await cdp.send('Profiler.start');
          await tab.goto(page.url, { waitUntil: 'load' });
          await waitHydratedAndIdle(tab);
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          await context.close();
          const summary = summarizeTrace(trace.traceEvents);
          traces.push(summary.names);
          longTasks.push(summary.longTasks);
          const code = await summarizeProfile(profile, cache);
          kinds.push(code.kinds);
          packages.push(code.packages);
          functions.push(code.functions);
          inclusive.push(code.inclusive);
        }
        process.stdout.write(
          `\n${page.name}: ${page.url} (${RUNS} betöltés mediánja, ms, ${CPU_SLOWDOWN}× lassítással)\n\n`,
        );
        process.stdout.write(
          `Hosszú feladatok (> 50 ms): ${longTasks
            .map(
              (tasks) =>
                `${tasks.length} db, ${f(
                  tasks.reduce((sum, ms) => sum + ms, 0),
                  0,
                )} ms (a leghosszabb ${f(Math.max(0, ...tasks), 0)})`,
            )
            .join('; ')}\n\n`,
        );
        process.stdout.write(
          `${table([['a fő szál (nyomkövetés, saját idő)', 'ms'], ...medianRows(traces, 20)])}\n\n`,
        );
        process.stdout.write(
          `${table([['mit csinált a JavaScript (CPU-profil)', 'ms'], ...medianRows(kinds, 8)])}\n\n`,
        );
        process.stdout.write(
          `${table([['csomag vagy modul (saját idő)', 'ms'], ...medianRows(packages, 25)])}\n\n`,
        );
        process.stdout.write(
          `${table([['csomag vagy modul a hívási láncon (a benne és az általa hívottakban töltött idő)', 'ms'], ...medianRows(inclusive, 20)])}\n\n`,
        );
        process.stdout.write(`${table([['függvény (saját idő)', 'ms'], ...medianRows(functions, 25)])}\n`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server?.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `A profilozás nem futott le: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
