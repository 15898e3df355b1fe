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
function applyEdits(code: string, edits: readonly Edit[]): string | undefined {
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

/** Runs a generator's steps at once: what the rewritten modules' synchronous functions do. */
const RUN_TO_END =
  'function runToEnd(steps) {\n  let step = steps.next();\n  while (!step.done) step = steps.next();\n  return step.value;\n}\n';

/** The token dictionary's build, one phase after another as Chakra calls them. */
const TOKEN_BUILD_PHASES = [
  'applyMiddlewares("pre");',
  'applyTransforms("pre");',
  'addConditionalTokens();',
  'addReferences();',
  'expandTokenReferences$1();',
  'applyMiddlewares("post");',
  'applyTransforms("post");',
  'setupViews();',
];

const tokenBuild = (keyword: string, between: string) =>
  `  ${keyword} build() {\n${TOKEN_BUILD_PHASES.map((phase) => `    ${phase}\n`).join(between)}  }`;

/**
 * Chakra's token dictionary as a generator that stops after each phase of its build
 * (`createTokenDictionarySteps`), with `createTokenDictionary` still building it at once.
 */
export function rewriteChakraTokenDictionarySteps(code: string): string | undefined {
  return applyEdits(code, [
    ['function createTokenDictionary(options) {', 'function* createTokenDictionarySteps(options) {'],
    [tokenBuild('function', ''), tokenBuild('function*', '    yield;\n')],
    ['  registerTokens();\n', '  registerTokens();\n  yield;\n'],
    ['  build();\n  return dictionary;', '  yield* build();\n  return dictionary;'],
    [
      'export { createTokenDictionary, tokenCategories };',
      `${RUN_TO_END}function createTokenDictionary(options) {\n  return runToEnd(createTokenDictionarySteps(options));\n}\nexport { createTokenDictionary, createTokenDictionarySteps, tokenCategories };`,
    ],
  ]);
}

/**
 * Chakra's `createSystem` as a generator that stops between its parts (`createSystem.steps`): merging
 * the configs, each phase of the token dictionary, the style utilities, the rest. Called as Chakra
 * documents it, `createSystem` still builds the whole system at once.
 */
export function rewriteChakraSystemSteps(code: string): string | undefined {
  return applyEdits(code, [
    [
      "import { createTokenDictionary } from './token-dictionary.js';",
      "import { createTokenDictionarySteps } from './token-dictionary.js';",
    ],
    [
      'function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n',
      'function* createSystemSteps(...configs) {\n  const config = mergeConfigs(...configs);\n  yield;\n',
    ],
    ['const tokens = createTokenDictionary({', 'const tokens = yield* createTokenDictionarySteps({'],
    ['  const breakpoints = createBreakpoints(', '  yield;\n  const breakpoints = createBreakpoints('],
    ['  function assignComposition() {', '  yield;\n  function assignComposition() {'],
    ['  const tokenMap = getTokenMap(tokens);', '  yield;\n  const tokenMap = getTokenMap(tokens);'],
    [
      'export { createSystem, isValidSystem };',
      `${RUN_TO_END}function createSystem(...configs) {\n  return runToEnd(createSystemSteps(...configs));\n}\ncreateSystem.steps = createSystemSteps;\nexport { createSystem, isValidSystem };`,
    ],
  ]);
}

/**
 * Building the shop's style system takes one piece of 20–40 ms on this kind of machine, four times
 * that on a phone, and Lighthouse counts all of it as blocking. Made of steps, the app runs each in a
 * task of its own (`prepareShopSystem` in `@shop/ui`), none long.
 */
export function chakraSystemSteps(): Plugin[] {
  return [
    rewriteChakraModule(
      'chakra-token-dictionary-steps',
      'styled-system/token-dictionary.js',
      rewriteChakraTokenDictionarySteps,
      'A Chakra tokenszótárának forrása megváltozott: a lépésenkénti felépítést frissíteni kell.',
    ),
    rewriteChakraModule(
      'chakra-system-steps',
      'styled-system/system.js',
      rewriteChakraSystemSteps,
      'A Chakra createSystem forrása megváltozott: a lépésenkénti felépítést frissíteni kell.',
    ),
  ];
}
