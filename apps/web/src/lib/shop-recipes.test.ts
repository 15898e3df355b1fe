import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { getShopSystem, SHOP_RECIPES, SHOP_SLOT_RECIPES, UNUSED_PALETTES } from '@shop/ui';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

/** Screens drawn with the shop's trimmed Chakra system: everything but the admin dashboard's lazy screens. */
function shopFiles(dir: string, withAdmin = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const relative = path.relative(SRC, full);
    if (!withAdmin && /^features\/admin|^routes\/_admin-dashboard/.test(relative)) return [];
    if (entry.isDirectory()) return shopFiles(full, withAdmin);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

describe('the shop’s Chakra system', () => {
  it('carries the recipe of every Chakra component a shop screen imports', () => {
    const shopKeys = new Set([...Object.keys(SHOP_RECIPES), ...Object.keys(SHOP_SLOT_RECIPES)]);
    const missing = [...Object.keys(recipes), ...Object.keys(slotRecipes)]
      .filter((key) => !shopKeys.has(key))
      .map(pascal);
    const offenders: string[] = [];
    for (const file of shopFiles(SRC)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        const names = (match[1] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/)[0]);
        for (const name of names) {
          if (name && missing.includes(name)) offenders.push(`${path.relative(SRC, file)}: ${name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('writes no CSS variables for the colour palettes it leaves out', () => {
    const css = JSON.stringify(getShopSystem().getTokenCss());
    expect(css).toContain('--chakra-colors-red-500');
    for (const palette of UNUSED_PALETTES) expect(css).not.toContain(`--chakra-colors-${palette}-`);
  });

  it('leaves out only palettes no screen, the admin’s included, asks for', () => {
    const offenders: string[] = [];
    for (const file of shopFiles(SRC, true)) {
      const source = readFileSync(file, 'utf8');
      for (const palette of UNUSED_PALETTES) {
        if (new RegExp(`\\b${palette}\\b`).test(source))
          offenders.push(`${path.relative(SRC, file)}: ${palette}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
