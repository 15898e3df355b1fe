/// <reference lib="dom" />
// The functions given to Playwright run in the page, where the DOM is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { f } from '../table';
import { REMEMBER_SERVER_ELEMENTS, waitHydratedAndIdle } from './hydration';
import { CHROMIUM } from './lighthouse';
import type { ShopPages } from './shop';
import { median, percentile } from './stats';

/**
 * Interaction to Next Paint (#22 point 3): the main interactions in real Chromium on a 390 × 844
 * touch phone with the CPU slowed down 4× (`Emulation.setCPUThrottlingRate`, as Lighthouse's mobile
 * preset assumes), read by the `web-vitals` library's `onINP`. Each sample is a fresh page load in a
 * fresh context that waits until the page has hydrated and gone idle, then taps, because INP is
 * about how fast a live page answers (taps lost before hydration are the e2e journeys' subject).
 */

export const SAMPLES = 10;
const CPU_SLOWDOWN = 4;
/** INP's "good" threshold, read at the 75th percentile as CrUX does. */
const TARGET_MS = 200;
const PHONE = {
  viewport: { width: 390, height: 844 },
  // Lighthouse's emulated Moto G Power has this pixel ratio; a higher one only adds raster work.
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'hu-HU',
};

const require = createRequire(import.meta.url);
/**
 * web-vitals' IIFE build (the attribution one, which names the interaction's element and splits
 * its time; the package exports no path to it, it lies beside the attribution build), then the
 * bench's listener. Init scripts are injected through the DevTools protocol,
 * so the shop's CSP (`script-src 'self'`) does not apply to them and stays on for the shop's own.
 * It is a string, not a function, because tsx would add helpers of its own to a function's source.
 */
const IN_PAGE = `${readFileSync(path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'), 'utf8')}
;(() => {
  const bench = (window.__inpBench = { inp: null, latencies: new Map() });
  // 16 ms is Event Timing's smallest threshold: every interaction that spans a frame counts.
  webVitals.onINP((metric) => {
    const a = metric.attribution;
    bench.inp = {
      value: metric.value,
      target: a.interactionTarget,
      type: a.interactionType,
      inputDelay: a.inputDelay,
      processing: a.processingDuration,
      presentation: a.presentationDelay,
    };
  }, { reportAllChanges: true, durationThreshold: 16 });
  // Each timed interaction's latency (its longest event, as web-vitals counts it): to know when to
  // read onINP, and to tell apart the steps of a scenario that takes more than one tap.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      bench.latencies.set(entry.interactionId, Math.max(bench.latencies.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // As a tab the shopper leaves: web-vitals then counts what is pending and reports.
  bench.hide = () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  };
})();
${REMEMBER_SERVER_ELEMENTS}`;

type InpReading = {
  value: number;
  target: string;
  type: string;
  inputDelay: number;
  processing: number;
  presentation: number;
};

/** onINP's reading, and each step's own latency (Event Timing) when every step was timed. */
type Sample = InpReading & { steps: number[] };

declare global {
  interface Window {
    __inpBench: {
      inp: InpReading | null;
      latencies: Map<number, number>;
      hide: () => void;
    };
  }
}

/** Resolves once `check` answers true, polling; fails with `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Nem történt meg ${timeoutMs / 1000} s alatt: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * onINP's value once every interaction is in. The browser times an interaction after its next
 * paint and web-vitals waits for an idle moment before it counts it; a page turning hidden makes it
 * count at once and report (web-vitals' documented moment), so the bench tells the page it is hidden.
 * An interaction quicker than 16 ms is never timed, hence the short wait for the count.
 */
async function readInp(page: Page, steps: number): Promise<Sample> {
  const latencies = () =>
    page.evaluate(() => [...window.__inpBench.latencies].sort(([a], [b]) => a - b).map(([, ms]) => ms));
  await until(async () => (await latencies()).length >= steps, 'az interakció időmérése', 2000).catch(
    () => undefined,
  );
  const timed = await latencies();
  await page.evaluate(() => window.__inpBench.hide());
  let reading: InpReading | null = null;
  await until(async () => {
    reading = await page.evaluate(() => window.__inpBench.inp);
    return reading !== null;
  }, 'az onINP jelentése');
  return { ...reading!, steps: timed.length === steps ? timed : [] };
}

type Scenario = {
  name: string;
  url: string;
  /** The taps the scenario makes, in order (the filter needs its sheet opened first). */
  steps: string[];
  /** Storage the page starts with (the guest cart for the cart page). */
  prepare?: (context: BrowserContext) => Promise<void>;
  act: (page: Page) => Promise<void>;
};

function scenarios(pages: ShopPages): Scenario[] {
  const { product, filter } = pages;
  return [
    {
      name: 'Kosárba (termékoldal)',
      url: product.url,
      steps: ['Kosárba'],
      act: async (page) => {
        await page.getByRole('button', { name: `Kosárba: ${product.title}`, exact: true }).tap();
        await page.getByText(`Kosárba tettük: ${product.title}`).first().waitFor();
      },
    },
    {
      name: 'szűrő bepipálása (kategóriaoldal, a Szűrők panelben)',
      url: pages.category.url,
      steps: ['a Szűrők panel megnyitása', 'a pipa'],
      act: async (page) => {
        await page.getByRole('button', { name: 'Szűrők', exact: true }).tap();
        const group = page
          .getByRole('dialog', { name: 'Szűrők' })
          .getByRole('group', { name: filter.property });
        await group.getByText(filter.value, { exact: true }).tap();
        await group.getByRole('checkbox', { name: filter.value, exact: true, checked: true }).waitFor();
      },
    },
    {
      name: 'menü megnyitása (hamburger)',
      url: pages.home.url,
      steps: ['a menü gombja'],
      act: async (page) => {
        await page.getByRole('button', { name: 'Menü megnyitása' }).tap();
        await page.getByRole('dialog', { name: 'Menü' }).waitFor();
      },
    },
    {
      name: 'mennyiség + (kosár)',
      url: new URL('/cart', product.url).href,
      steps: ['+'],
      // The spec's `cart` key with one line, as a guest's browser keeps it.
      prepare: async (context) => {
        await context.addInitScript((id) => {
          if (window.location.pathname === '/cart' && !window.localStorage.getItem('cart'))
            window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 1 }]));
        }, product.id);
      },
      act: async (page) => {
        const quantity = page.getByRole('textbox', { name: `Mennyiség: ${product.title}` });
        await quantity.waitFor();
        await page.getByRole('button', { name: 'Eggyel több' }).first().tap();
        await until(async () => (await quantity.inputValue()) === '2', 'a mennyiség 2 lett');
      },
    },
  ];
}

/** A cookie choice made once through the banner, so that it covers no button in the samples. */
async function decidedConsent(browser: Browser, url: string) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: IN_PAGE });
  const page = await context.newPage();
  await page.goto(url);
  // A tap before hydration may be lost (#22 point 1), and this one is not what is measured.
  await waitHydratedAndIdle(page);
  const reject = page.getByRole('button', { name: 'Összes elutasítása' });
  await reject.tap({ timeout: 30_000 }).catch(() => undefined);
  await until(
    () => page.evaluate(() => window.localStorage.length > 0 || document.cookie.length > 0),
    'a sütiválasztás mentése',
  );
  const state = await context.storageState();
  await context.close();
  return state;
}

async function sample(
  browser: Browser,
  scenario: Scenario,
  storageState: Awaited<ReturnType<typeof decidedConsent>>,
): Promise<Sample> {
  const context = await browser.newContext({ ...PHONE, storageState });
  try {
    await context.addInitScript({ content: IN_PAGE });
    await scenario.prepare?.(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    try {
      await page.goto(scenario.url, { waitUntil: 'load', timeout: 60_000 });
      await waitHydratedAndIdle(page);
      await scenario.act(page);
      return await readInp(page, scenario.steps.length);
    } catch (error) {
      // What the phone showed when it went wrong, to look at.
      const shot = path.join(tmpdir(), `bench-web-inp-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(
        `${scenario.name}: ${error instanceof Error ? error.message : String(error)} (képernyő: ${shot})`,
      );
    }
  } finally {
    await context.close();
  }
}

/** The p75 and its neighbours of a list of latencies: a row of the results table. */
function row(name: string, values: number[], phases: string): string[] {
  const p75 = percentile(values, 75);
  return [
    name,
    f(p75, 0),
    f(median(values), 0),
    f(Math.max(...values), 0),
    phases,
    p75 < TARGET_MS ? 'igen' : 'NEM',
  ];
}

/** The end of web-vitals' selector of the element, enough to tell which control it was. */
const shortTarget = (target: string) => (target.length > 60 ? `…${target.slice(-60)}` : target);

/**
 * Runs every scenario SAMPLES times and answers the results table: a row per scenario (onINP, the
 * page's INP after the scenario), one per step of a scenario of more taps (that step's own latency
 * from Event Timing, the entries onINP reads), and the p75 of all scenarios' samples together.
 */
export async function measureInp(pages: ShopPages, log: (line: string) => void): Promise<string[][]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const storageState = await decidedConsent(browser, pages.home.url);
    const rows = [
      [
        'interakció',
        `INP p75 ms (cél < ${TARGET_MS})`,
        'medián ms',
        'legrosszabb ms',
        'a p75 mintája: várakozás / feldolgozás / megjelenítés ms',
        'teljesül',
      ],
    ];
    const all: number[] = [];
    for (const scenario of scenarios(pages)) {
      log(`\n${scenario.name}: ${scenario.url} (${SAMPLES} betöltés, ${CPU_SLOWDOWN}× CPU-lassítás)…`);
      const samples: Sample[] = [];
      for (let run = 1; run <= SAMPLES; run++) {
        const taken = await sample(browser, scenario, storageState);
        samples.push(taken);
        const steps =
          scenario.steps.length > 1 && taken.steps.length > 0
            ? `; lépésenként ${scenario.steps.map((step, i) => `${step} ${f(taken.steps[i]!, 0)}`).join(', ')} ms`
            : '';
        log(
          `  ${run}. betöltés: INP ${f(taken.value, 0)} ms (várakozás ${f(taken.inputDelay, 0)}, feldolgozás ${f(taken.processing, 0)}, megjelenítés ${f(taken.presentation, 0)}; ${shortTarget(taken.target)}${steps})`,
        );
      }
      const values = samples.map((each) => each.value);
      all.push(...values);
      const atP75 = samples.find((each) => each.value === percentile(values, 75))!;
      rows.push(
        row(
          scenario.name,
          values,
          `${f(atP75.inputDelay, 0)} / ${f(atP75.processing, 0)} / ${f(atP75.presentation, 0)}`,
        ),
      );
      if (scenario.steps.length < 2) continue;
      const timed = samples.filter((each) => each.steps.length === scenario.steps.length);
      scenario.steps.forEach((step, i) => {
        rows.push(
          row(
            `  ebből ${step} (Event Timing, ${timed.length} minta)`,
            timed.map((each) => each.steps[i]!),
            '',
          ),
        );
      });
    }
    rows.push(row('mind együtt', all, ''));
    return rows;
  } finally {
    await browser.close();
  }
}

export const INP_SETUP = `${PHONE.viewport.width} × ${PHONE.viewport.height} érintőképernyős telefon, ${CPU_SLOWDOWN}× CPU-lassítás (Emulation.setCPUThrottlingRate), web-vitals onINP, ${SAMPLES} betöltés interakciónként`;
