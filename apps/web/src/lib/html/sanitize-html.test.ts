// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { browserHtmlTree } from './browser-html-tree';
import type { HtmlTree } from './html-tree';
import { type SafeNode, safeHtmlMarkup, sanitizeHtml, sanitizeHtmlWith } from './sanitize-html';
import { serverHtmlTree } from './server-html-tree';

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

// The server render reads with htmlparser2, the browser with its own parser: both must clean alike.
describe.each([
  ['htmlparser2', serverHtmlTree as HtmlTree<unknown>],
  ['DOMParser', browserHtmlTree as HtmlTree<unknown>],
])('sanitizeHtml read by %s', (_parser, tree) => {
  const clean = (html: string) => render(sanitizeHtmlWith(tree, html));

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
    const nodes = sanitizeHtmlWith(tree, '&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(nodes).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
  });
});

describe('sanitizeHtml', () => {
  it("reads with the browser's parser outside the server render", () => {
    const parse = DOMParser.prototype.parseFromString;
    let calls = 0;
    DOMParser.prototype.parseFromString = function (this: DOMParser, ...args) {
      calls += 1;
      return parse.apply(this, args);
    };
    try {
      expect(sanitizeHtml('<p>a</p>')).toEqual([
        { kind: 'element', tag: 'p', attributes: {}, children: [{ kind: 'text', text: 'a' }] },
      ]);
    } finally {
      DOMParser.prototype.parseFromString = parse;
    }
    expect(calls).toBe(1);
  });
});

describe('safeHtmlMarkup', () => {
  const markup = (html: string) => safeHtmlMarkup(sanitizeHtmlWith(serverHtmlTree, html));

  it('writes text that looked like markup as text', () => {
    expect(markup('<p>&lt;img src=x onerror=alert(1)&gt; &amp; 5 &gt; 3</p>')).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; 5 &gt; 3</p>',
    );
  });

  it('keeps a quote inside an attribute value from ending it', () => {
    expect(markup('<img src="/media/a.jpg" alt="a &quot;b&quot; onload=&quot;x">')).toBe(
      '<img src="/media/a.jpg" alt="a &quot;b&quot; onload=&quot;x" loading="lazy">',
    );
  });

  it('opens links out of the shop in a tab that cannot reach back', () => {
    expect(markup('<a href="https://gyarto.example">k</a><a href="/page/aszf">b</a>')).toBe(
      '<a href="https://gyarto.example" target="_blank" rel="noopener noreferrer">k</a><a href="/page/aszf">b</a>',
    );
  });

  it('writes void elements without content or closing tag', () => {
    expect(markup('<p>a<br>b</p><hr>')).toBe('<p>a<br>b</p><hr>');
  });

  it('reads back as the same tree in the browser', () => {
    const stored =
      '<h2>Cím</h2><p>Egy <a href="/page/aszf">link</a> &amp; <strong>"idézet"</strong></p>' +
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table><ol start="3"><li>c</li></ol>';
    const nodes = sanitizeHtmlWith(serverHtmlTree, stored);
    expect(sanitizeHtmlWith(browserHtmlTree, safeHtmlMarkup(nodes))).toEqual(nodes);
  });
});
