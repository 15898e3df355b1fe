import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { MAIN_CONTENT_ID } from './src/components/main-content';
import { captureEarlyInput, type EarlyInputConfig } from './src/early-input/capture';
import {
  CONSENT_DECIDED_ATTRIBUTE,
  CONSENT_DECIDES_ATTRIBUTE,
  CONSENT_MAX_AGE_MS,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
} from './src/features/consent/consent-policy';

/** The id prefix of the per-icon modules `splitIcons` makes, for the build's chunk groups to match. */
export const ICON_MODULE_PREFIX = '\0shop-icon:';
const IMPORT_PATTERN = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/lu['"];?/g;

/**
 * react-icons ships each icon set as one module, and a module lives in exactly one chunk: every Lucide
 * icon any screen uses (the admin's too) would sit in the shop's entry chunk. This rewrites
 * `import { LuX } from 'react-icons/lu'` into one tiny module per icon, so each chunk carries only the
 * icons it draws.
 */
export function splitIcons(): Plugin {
  const require = createRequire(import.meta.url);
  let icons: Map<string, string> | undefined;

  const iconSource = (name: string): string | undefined => {
    if (!icons) {
      const file = require.resolve('react-icons/lu').replace(/index\.js$/, 'index.mjs');
      const source = readFileSync(file, 'utf8');
      icons = new Map();
      for (const match of source.matchAll(
        /export function (Lu\w+) \(props\) \{\n {2}return (GenIcon\(.*\))\(props\);\n\};/g,
      )) {
        const [, iconName, body] = match;
        if (iconName && body) icons.set(iconName, body);
      }
    }
    return icons.get(name);
  };

  return {
    name: 'shop:split-icons',
    enforce: 'pre',
    transform: {
      filter: { id: /\/src\/.*\.tsx?$/, code: 'react-icons/lu' },
      handler(code) {
        if (!code.includes('react-icons/lu')) return null;
        const rewritten = code.replace(IMPORT_PATTERN, (statement, list: string) => {
          // Type-only imports (`import type { IconType }`) come from 'react-icons', not the set.
          const names = list
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean);
          if (names.some((name) => !/^Lu\w+(\s+as\s+\w+)?$/.test(name))) return statement;
          return names
            .map((name) => {
              const [imported, local = imported] = name.split(/\s+as\s+/);
              return `import ${local} from '${ICON_MODULE_PREFIX}${imported}';`;
            })
            .join('\n');
        });
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
    resolveId(id) {
      return id.startsWith(ICON_MODULE_PREFIX) ? id : null;
    },
    load(id) {
      if (!id.startsWith(ICON_MODULE_PREFIX)) return null;
      const name = id.slice(ICON_MODULE_PREFIX.length);
      const body = iconSource(name);
      if (!body) this.error(`Ismeretlen ikon: ${name} (react-icons/lu).`);
      return `import { GenIcon } from 'react-icons/lib';\nexport default function ${name}(props) {\n  return ${body}(props);\n}\n`;
    },
  };
}

/**
 * Lets a server-rendered page paint before the app's code is even fetched, and keeps the app's start
 * from blocking a phone's main thread in one long piece. The built page neither runs nor preloads the
 * app's entry: public/boot.js, its only script, waits for the first paint, preloads the entry's chunks
 * (`data-preload`), then imports the chunks the entry imports (`data-steps`, in the entry's order) and
 * the entry itself (`data-app`), yielding to the browser between them: a module graph imported at once
 * is evaluated in one task. The entry stays the page's entry for the bundler, which keeps its chunking:
 * imported from a script of the bundle, the app was split into twice as many chunks.
 */
export function paintBeforeApp(): Plugin {
  return {
    name: 'shop:paint-before-app',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>\s*/.exec(
          html,
        );
        const chunk = entry && context.bundle?.[entry[1] ?? ''];
        if (!entry || chunk?.type !== 'chunk')
          throw new Error('A lefordított index.html-ben nincs az alkalmazás belépési pontja.');
        const preloads: string[] = [];
        const withoutPreloads = html
          .replace(entry[0], '')
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
            preloads.push(href);
            return '';
          });
        const attributes = [
          `data-app="/${entry[1]}"`,
          `data-preload="${preloads.join(' ')}"`,
          `data-steps="${importOrder(context.bundle ?? {}, chunk.imports).join(' ')}"`,
        ];
        const boot = `<script type="module" src="/boot.js" ${attributes.join(' ')}></script>`;
        return withoutPreloads.replace('</head>', `  ${boot}\n  </head>`);
      },
    },
  };
}

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * The chunks under these imports as URLs, each after the chunks it imports. The entry names only the
 * chunks it imports itself; a chunk one of them imports would otherwise be evaluated inside that
 * one's step, and Chakra's recipes and its style system together were a long task on a phone.
 */
export function importOrder(bundle: Bundle, imports: readonly string[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
    order.push(`/${file}`);
  };
  for (const file of imports) visit(file);
  return order;
}

/** How long React works before it lets the browser answer (`reactSchedulerSlices`). */
export const SCHEDULER_SLICE_MS = 2;

const SCHEDULER_SLICE = 'frameInterval = 5,';

/** React's scheduler with slices of `SCHEDULER_SLICE_MS`, or undefined if its slice is no longer there. */
export function rewriteSchedulerSlice(code: string): string | undefined {
  if (!code.includes(SCHEDULER_SLICE)) return undefined;
  return code.replace(SCHEDULER_SLICE, `frameInterval = ${SCHEDULER_SLICE_MS},`);
}

/**
 * React hydrates a page in slices of 5 ms before it lets the browser answer. Lighthouse models a
 * phone by stretching each task it saw here four times (eight for a machine half as fast) and counts
 * what goes over 50 ms as blocking: a slice, with the unit of work it finishes, came to 6–11 ms, a
 * long task on that phone. In slices of 2 ms hydration stays in short tasks there; on a real phone it
 * means more turns for the browser, each a fraction of a millisecond. A React update that changed its
 * scheduler fails the build instead of shipping the 5 ms slices unnoticed.
 */
export function reactSchedulerSlices(): Plugin {
  return {
    name: 'shop:react-scheduler-slices',
    transform: {
      filter: { id: /[\\/]scheduler[\\/]cjs[\\/]scheduler\.production\.js$/ },
      handler(code) {
        const rewritten = rewriteSchedulerSlice(code);
        if (rewritten === undefined)
          this.error('A React ütemezőjének forrása megváltozott: a szeletek hosszát frissíteni kell.');
        return { code: rewritten, map: null };
      },
    },
  };
}

/**
 * Writes the page's first script inline at the top of the head: it runs before anything is painted,
 * keeps the shopper's taps until the app has woken up, and tells the first paint's CSS about choices
 * kept in the browser (src/early-input/capture.ts). Inline, because a script the browser must fetch
 * first would leave exactly the gap it closes; the server allows it in its Content-Security-Policy by
 * its hash (apps/server/src/inline-scripts.ts).
 */
export function earlyInputScript(): Plugin {
  const config: EarlyInputConfig = {
    consentKey: CONSENT_STORAGE_KEY,
    consentVersion: CONSENT_POLICY_VERSION,
    consentMaxAgeMs: CONSENT_MAX_AGE_MS,
    consentDecidedAttribute: CONSENT_DECIDED_ATTRIBUTE,
    consentDecidesAttribute: CONSENT_DECIDES_ATTRIBUTE,
    mainContentId: MAIN_CONTENT_ID,
  };
  const script = `<script>(${captureEarlyInput.toString()})(${JSON.stringify(config)})</script>`;
  return {
    name: 'shop:early-input',
    transformIndexHtml(html) {
      return html.replace(/(<meta charset="UTF-8" \/>)/i, `$1\n    ${script}`);
    },
  };
}
