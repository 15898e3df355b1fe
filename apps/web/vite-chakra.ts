import type { Plugin } from 'vite';

/**
 * Rewrites of Chakra's own modules in the web app's build. Chakra's style system is built in the
 * browser while a phone starts the shop, and each rewrite takes work off that start or out of its long
 * tasks. Every one checks that the code it rewrites is still there, so a Chakra update that changed it
 * fails the build instead of shipping an unpatched or broken module.
 */

/** A piece of a module's code and what it becomes. */
type Edit = readonly [before: string, after: string];

/** The code with each edit made once, or undefined if any piece is no longer in it. */
export function applyEdits(code: string, edits: readonly Edit[]): string | undefined {
  let result = code;
  for (const [before, after] of edits) {
    if (!result.includes(before)) return undefined;
    result = result.replace(before, () => after);
  }
  return result;
}

/** A plugin that rewrites one module of Chakra's ESM build, and fails the build if it cannot. */
function rewriteChakraModule(
  name: string,
  file: string,
  rewrite: (code: string) => string | undefined,
  failure: string,
): Plugin {
  const id = new RegExp(`@chakra-ui/react/dist/esm/${file.replaceAll('.', '\\.')}$`);
  return {
    name: `shop:${name}`,
    transform: {
      filter: { id },
      handler(code) {
        const rewritten = rewrite(code);
        if (rewritten === undefined) this.error(failure);
        return { code: rewritten, map: null };
      },
    },
  };
}

/**
 * Chakra builds its default theme with `defineConfig({...})`, an identity function the bundler cannot
 * prove pure, so the unused default theme would keep every recipe alive. Marked pure, it drops out and
 * the shop's system (@shop/ui system.ts) carries only the recipes it lists.
 */
export function chakraPureTheme(): Plugin {
  return rewriteChakraModule(
    'chakra-pure-theme',
    'theme/index.js',
    (code) =>
      code.includes('= defineConfig(')
        ? code.replace(/= defineConfig\(/g, '= /* @__PURE__ */ defineConfig(')
        : undefined,
    'A Chakra alaptémájának forrása megváltozott: a tiszta defineConfig-jelölést frissíteni kell.',
  );
}

/**
 * Chakra's `createSystem` turns the reset, the global styles and every token's CSS variable into CSS
 * eagerly: about a third of its time, which a phone spends in one piece before the shop answers. A
 * server-rendered page already has those styles in its head (Emotion wrote them on the server), so in
 * the browser the system computes them only when asked: by a page the browser renders itself, or by
 * the admin's own provider. `@shop/ui`'s provider does not ask on a server-rendered page.
 */
export function rewriteChakraLazyGlobalStyles(code: string): string | undefined {
  return applyEdits(code, [
    [
      'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
      'let globalStyles;\n  const getGlobalStyles = () => (globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);',
    ],
    ['\n    _global,\n', '\n    get _global() { return getGlobalStyles(); },\n'],
  ]);
}

export function chakraLazyGlobalStyles(): Plugin {
  return rewriteChakraModule(
    'chakra-lazy-global-styles',
    'styled-system/system.js',
    rewriteChakraLazyGlobalStyles,
    'A Chakra createSystem forrása megváltozott: a globális stílusok lusta számítását frissíteni kell.',
  );
}

/**
 * Chakra's condition check (`_hover`, `md`, …) lists the names of all ~200 conditions into a new
 * array and searches it on every call, and `createSystem` calls it for every key of every token and
 * style it turns into CSS: a fifth of its time plus the garbage those arrays leave, spent while a
 * phone starts the app, and again in each component's styles. The names never change after the
 * system is made, so they are listed once, into a set. Same answers, so the same CSS.
 */
export function rewriteChakraConditions(code: string): string | undefined {
  return applyEdits(code, [
    ['function has(key) {', 'const conditionNames = new Set(keys());\n  function has(key) {'],
    ['return keys().includes(key) ||', 'return conditionNames.has(key) ||'],
  ]);
}

export function chakraConditionSet(): Plugin {
  return rewriteChakraModule(
    'chakra-condition-set',
    'styled-system/conditions.js',
    rewriteChakraConditions,
    'A Chakra feltételkezelésének forrása megváltozott: a feltételnevek halmazát frissíteni kell.',
  );
}

const LIGHT_AND_DARK = /\{\s*_light: ("(?:[^"\\]|\\.)*"),\s*_dark: "(?:[^"\\]|\\.)*"\s*\}/g;

/**
 * Chakra's semantic tokens with their light value only, as `lightOnly` in `@shop/ui` system.ts makes
 * them when the system is built: the shop has no dark mode, and the dark values were bytes of every
 * shopper's first load that nothing reads. Undefined if a dark value is left that this cannot drop.
 */
export function rewriteChakraLightTokens(code: string): string | undefined {
  const rewritten = code.replace(LIGHT_AND_DARK, (_pair, light: string) => light);
  return rewritten.includes('_dark') ? undefined : rewritten;
}

export function chakraLightTokens(): Plugin[] {
  return ['colors', 'shadows'].map((tokens) =>
    rewriteChakraModule(
      `chakra-light-${tokens}`,
      `theme/semantic-tokens/${tokens}.js`,
      rewriteChakraLightTokens,
      `A Chakra ${tokens} szemantikus tokenjeinek forrása megváltozott: a sötét értékek elhagyását frissíteni kell.`,
    ),
  );
}
