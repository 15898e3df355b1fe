import { describe, expect, it } from 'vitest';
import { type SafeNode, sanitizeHtml } from './sanitize-html';

/** Serializes the sanitized tree back to markup so expectations read like HTML. */
function render(nodes: SafeNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      const attributes = Object.entries(node.attributes)
        .map(([name, value]) => ` ${name}="${value}"`)
        .join('');
      return `<${node.tag}${attributes}>${render(node.children)}</${node.tag}>`;
    })
    .join('');
}

const clean = (html: string) => render(sanitizeHtml(html));

describe('sanitizeHtml', () => {
  it('keeps ordinary formatting', () => {
    expect(clean('<h2>Szállítás</h2><p>A <strong>csomag</strong> <em>2 nap</em> alatt érkezik.</p>')).toBe(
      '<h2>Szállítás</h2><p>A <strong>csomag</strong> <em>2 nap</em> alatt érkezik.</p>',
    );
  });

  it('drops scripts, styles and embedded objects with their content', () => {
    expect(
      clean('<p>ok</p><script>alert(1)</script><style>p{}</style><object data="x"></object><embed src="x">'),
    ).toBe('<p>ok</p>');
  });

  it('removes event handlers and style attributes', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" class="x">szöveg</p>')).toBe('<p>szöveg</p>');
    expect(clean('<img src="/media/a.jpg" onerror="alert(1)" alt="kép">')).toBe(
      '<img src="/media/a.jpg" alt="kép"></img>',
    );
  });

  it('refuses dangerous link schemes, also when obfuscated', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('');
  });

  it('keeps safe links', () => {
    expect(clean('<a href="https://example.hu/a">k</a><a href="/page/impresszum">i</a>')).toBe(
      '<a href="https://example.hu/a">k</a><a href="/page/impresszum">i</a>',
    );
    expect(clean('<a href="mailto:info@example.hu">m</a>')).toBe('<a href="mailto:info@example.hu">m</a>');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(clean('<section><font color="red">Akció</font></section>')).toBe('Akció');
  });

  it('demotes h1 because the page title is the only h1', () => {
    expect(clean('<h1>Cím</h1>')).toBe('<h2>Cím</h2>');
  });

  it('keeps text as text, never as markup', () => {
    const nodes = sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(nodes).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
  });
});
