import { describe, expect, it } from 'vitest';
import { classifyShopPath, plainText, shortDescription } from './seo';

describe('classifyShopPath', () => {
  it('reads paths the way the web app routes them', () => {
    expect(classifyShopPath('/')).toEqual({ kind: 'home' });
    expect(classifyShopPath('/kek-bogre-12')).toEqual({ kind: 'product', slug: 'kek-bogre-12' });
    expect(classifyShopPath('/product/kek-bogre-12')).toEqual({ kind: 'product', slug: 'kek-bogre-12' });
    expect(classifyShopPath('/category/Konyha/bogrek/')).toEqual({
      kind: 'category',
      slugPath: 'konyha/bogrek',
    });
    expect(classifyShopPath('/konyha/bogrek-2')).toEqual({ kind: 'category', slugPath: 'konyha/bogrek-2' });
    expect(classifyShopPath('/bogrek')).toEqual({ kind: 'category', slugPath: 'bogrek' });
    expect(classifyShopPath('/page/aszf')).toEqual({ kind: 'page', slug: 'aszf' });
    expect(classifyShopPath('/info/aszf')).toEqual({ kind: 'page', slug: 'aszf' });
    expect(classifyShopPath('/blog')).toEqual({ kind: 'blog' });
    expect(classifyShopPath('/blog/Bogre-Valasztas/')).toEqual({
      kind: 'blog-post',
      slug: 'bogre-valasztas',
    });
  });

  it('leaves the web app its own screens', () => {
    for (const path of [
      '/product',
      '/cart',
      '/search/bogre',
      '/admin/catalog/products',
      '/services/account',
      '/blog/2026/bogre',
    ]) {
      expect(classifyShopPath(path), path).toEqual({ kind: 'screen' });
    }
  });

  it('decodes percent-encoded segments and survives malformed ones', () => {
    expect(classifyShopPath('/category/b%C3%B6gr%C3%A9k')).toEqual({ kind: 'category', slugPath: 'bögrék' });
    expect(classifyShopPath('/category/%E0%A4%A')).toEqual({ kind: 'category', slugPath: '%e0%a4%a' });
  });
});

describe('plainText and shortDescription', () => {
  it('turns stored HTML into one line of text', () => {
    expect(
      plainText('<h2>Szállítás</h2><p>Futárral&nbsp;2 nap &amp; <b>ingyen</b>&#33;</p><script>x()</script>'),
    ).toBe('Szállítás Futárral 2 nap & ingyen!');
  });

  it('cuts at a word boundary with an ellipsis', () => {
    const text = 'szó '.repeat(60).trim();
    const short = shortDescription(text);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith('szó…')).toBe(true);
    expect(shortDescription('rövid')).toBe('rövid');
  });
});
