import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem, defaultConfig, type SystemConfig } from '@chakra-ui/react';
import { lightOnly } from '@shop/ui';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rewriteChakraConditions,
  rewriteChakraLazyGlobalStyles,
  rewriteChakraLightTokens,
  rewriteChakraSystemSteps,
  rewriteChakraTokenDictionarySteps,
} from './vite-chakra';

/** Chakra's ESM build, as the web app's build reads it. */
const CHAKRA_ESM = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm',
);

type TokenTree = Record<string, unknown>;
type System = ReturnType<typeof createSystem>;
type SteppedCreateSystem = typeof createSystem & {
  steps: (...configs: SystemConfig[]) => Generator<void, System, void>;
};

/** The modules the build rewrites, with their rewrites in the build's order. */
const REWRITES: Record<string, ((code: string) => string | undefined)[]> = {
  'styled-system/system.js': [rewriteChakraLazyGlobalStyles, rewriteChakraSystemSteps],
  'styled-system/conditions.js': [rewriteChakraConditions],
  'styled-system/token-dictionary.js': [rewriteChakraTokenDictionarySteps],
  'theme/semantic-tokens/colors.js': [rewriteChakraLightTokens],
  'theme/semantic-tokens/shadows.js': [rewriteChakraLightTokens],
};

/**
 * A copy of Chakra's ESM build with the rewrites applied, beside the original so that its own imports
 * (`@pandacss/is-valid-prop`, …) resolve as they do in the build.
 */
let rewritten: string;

beforeAll(() => {
  rewritten = mkdtempSync(path.join(path.dirname(CHAKRA_ESM), 'esm-rewritten-'));
  cpSync(CHAKRA_ESM, rewritten, { recursive: true });
  for (const [file, rewrites] of Object.entries(REWRITES)) {
    let code = readFileSync(path.join(CHAKRA_ESM, file), 'utf8');
    for (const rewrite of rewrites) {
      const next = rewrite(code);
      if (next === undefined) throw new Error(`${file}: a rewrite no longer applies`);
      code = next;
    }
    writeFileSync(path.join(rewritten, file), code);
  }
});

afterAll(() => {
  rmSync(rewritten, { recursive: true, force: true });
});

const importRewritten = async <T>(file: string): Promise<T> =>
  (await import(/* @vite-ignore */ pathToFileURL(path.join(rewritten, file)).href)) as T;

/** What a system writes: the CSS of its tokens, globals and reset, and of some styles and recipes. */
function output(system: System) {
  return {
    tokens: system.getTokenCss(),
    global: system.getGlobalCss(),
    preflight: system.getPreflightCss(),
    globalStyles: system._global,
    style: system.css({
      color: 'fg.muted',
      bg: { base: 'red.500', md: 'colorPalette.solid' },
      _hover: { p: 4 },
    }),
    button: system.cva(defaultConfig.theme?.recipes?.button ?? {})({ variant: 'outline', size: 'lg' }),
    token: [system.token('colors.red.500'), system.token.var('spacing.4')],
  };
}

describe("the build's rewrites of Chakra", () => {
  it('still find the code they rewrite in the installed Chakra', () => {
    for (const [file, rewrites] of Object.entries(REWRITES)) {
      const code = readFileSync(path.join(CHAKRA_ESM, file), 'utf8');
      for (const rewrite of rewrites) expect(rewrite(code), `${file}: ${rewrite.name}`).toBeDefined();
    }
  });

  it('refuse code they cannot rewrite whole', () => {
    expect(rewriteChakraSystemSteps('function createSystem(config) {}')).toBeUndefined();
    expect(rewriteChakraLightTokens('value: { _light: cond ? "a" : "b", _dark: "c" }')).toBeUndefined();
  });

  it('build the same system at once, and in steps', async () => {
    const { createSystem: rewrittenCreateSystem } = await importRewritten<{
      createSystem: SteppedCreateSystem;
    }>('styled-system/system.js');
    const expected = output(createSystem(defaultConfig));
    expect(output(rewrittenCreateSystem(defaultConfig))).toEqual(expected);

    const steps = rewrittenCreateSystem.steps(defaultConfig);
    let step = steps.next();
    let pauses = 0;
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    // Merging the configs, the dictionary's tokens and its eight build phases, the utilities, the rest.
    expect(pauses).toBeGreaterThanOrEqual(10);
    expect(output(step.value)).toEqual(expected);
  });

  it('leave the semantic tokens as the shop reads them, without their dark values', async () => {
    const original = await import('@chakra-ui/react/theme');
    const { semanticColors } = await importRewritten<{ semanticColors: TokenTree }>(
      'theme/semantic-tokens/colors.js',
    );
    const { semanticShadows } = await importRewritten<{ semanticShadows: TokenTree }>(
      'theme/semantic-tokens/shadows.js',
    );
    expect(JSON.stringify({ semanticColors, semanticShadows })).not.toContain('_dark');
    expect(semanticColors).toEqual(lightOnly(original.semanticTokens.colors as TokenTree));
    expect(semanticShadows).toEqual(lightOnly(original.semanticTokens.shadows as TokenTree));
  });
});
