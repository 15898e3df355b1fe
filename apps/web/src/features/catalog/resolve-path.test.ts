import { describe, expect, it } from 'vitest';
import { categoryCrumbs, categoryHref } from './category-tree';
import { resolveShopPath } from './resolve-path';

describe('resolveShopPath', () => {
  it('reads a single segment ending in digits as a product', () => {
    expect(resolveShopPath('piros-bogre-123')).toEqual({ kind: 'product', slug: 'piros-bogre-123' });
  });

  it('reads other single segments as a category', () => {
    expect(resolveShopPath('konyha')).toEqual({ kind: 'category', slugPath: 'konyha' });
  });

  it('reads several segments as a category path, even when the last ends in digits', () => {
    expect(resolveShopPath('konyha/bogrek-2')).toEqual({ kind: 'category', slugPath: 'konyha/bogrek-2' });
  });

  it('ignores empty segments from doubled or trailing slashes', () => {
    expect(resolveShopPath('konyha//bogrek/')).toEqual({ kind: 'category', slugPath: 'konyha/bogrek' });
    expect(resolveShopPath('')).toEqual({ kind: 'none' });
    expect(resolveShopPath(undefined)).toEqual({ kind: 'none' });
  });
});

describe('categoryCrumbs', () => {
  it('links every ancestor of the » path', () => {
    expect(categoryCrumbs({ path: 'Konyha » Bögrék » Porcelán', urlPath: 'konyha/bogrek/porcelan' })).toEqual(
      [
        { title: 'Konyha', urlPath: 'konyha' },
        { title: 'Bögrék', urlPath: 'konyha/bogrek' },
        { title: 'Porcelán', urlPath: 'konyha/bogrek/porcelan' },
      ],
    );
  });

  it('falls back to one crumb when a title itself contains the separator', () => {
    expect(categoryCrumbs({ path: 'A » B » C', urlPath: 'a/bc' })).toEqual([
      { title: 'A » B » C', urlPath: 'a/bc' },
    ]);
  });
});

describe('categoryHref', () => {
  it('uses the pretty URL', () => {
    expect(categoryHref({ urlPath: 'konyha/bogrek' })).toBe('/konyha/bogrek');
  });

  it('uses /category/ when the pretty URL would read as a product', () => {
    expect(categoryHref({ urlPath: 'akcio-2026' })).toBe('/category/akcio-2026');
  });
});
