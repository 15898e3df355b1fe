import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './html-sanitize';

describe('sanitizeHtml (server side of the one allow-list)', () => {
  it('keeps ordinary formatting, links, images and e-mail placeholders', () => {
    const html =
      '<h2>Szállítás</h2><p>A <strong>csomag</strong> 2 nap &amp; <a href="/page/aszf" title="ÁSZF">ÁSZF</a></p>' +
      '<p><a href="{{resetLink}}">Új jelszó</a> {{firstName}}</p><img src="/media/3/card" alt="kép"><br>' +
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and embedded objects with their content', () => {
    expect(
      sanitizeHtml(
        '<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe><svg onload="x"></svg>',
      ),
    ).toBe('<p>ok</p>');
  });

  it('removes event handlers, style and class attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">szöveg</p>')).toBe(
      '<p>szöveg</p>',
    );
    expect(sanitizeHtml('<img src="/media/a.jpg" onerror="alert(1)" alt="kép">')).toBe(
      '<img src="/media/a.jpg" alt="kép">',
    );
  });

  it('refuses dangerous URL schemes, also when obfuscated, and an image left without a source', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java&#9;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('');
  });

  it('unwraps unknown tags, keeps their text escaped, and cannot be tricked into markup', () => {
    expect(sanitizeHtml('<section><font color="red">Akció</font></section>')).toBe('Akció');
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(sanitizeHtml('<a href="/x&quot; onmouseover=&quot;alert(1)">x</a>')).toBe(
      '<a href="/x&quot; onmouseover=&quot;alert(1)">x</a>',
    );
    expect(sanitizeHtml('<!-- megjegyzés --><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('keeps everything the rich-text editor writes: tables, images with their size, links opening a new tab', () => {
    // The admin editor's own output (Tiptap, see apps/web/src/features/admin/rich-text/extensions.test.ts).
    const written =
      '<h2>Szállítás</h2><p>Első <strong>fontos</strong> és <em>dőlt</em></p><ol start="3"><li><p>pont</p></li></ol>' +
      '<p><a target="_blank" rel="noopener noreferrer" href="https://gyarto.example">A gyártó oldala</a></p>' +
      '<table style="min-width: 50px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup>' +
      '<tbody><tr><th><p>Súly</p></th><th><p>Díj</p></th></tr><tr><td colspan="2"><p>1490 Ft</p></td></tr></tbody></table>' +
      '<img src="/media/7/card" alt="Csomag" width="480" height="320"><blockquote><p>idézet</p></blockquote><hr><p></p>';
    expect(sanitizeHtml(written)).toBe(
      '<h2>Szállítás</h2><p>Első <strong>fontos</strong> és <em>dőlt</em></p><ol start="3"><li><p>pont</p></li></ol>' +
        '<p><a href="https://gyarto.example" target="_blank" rel="noopener noreferrer">A gyártó oldala</a></p>' +
        '<table><tbody><tr><th><p>Súly</p></th><th><p>Díj</p></th></tr><tr><td colspan="2"><p>1490 Ft</p></td></tr></tbody></table>' +
        '<img src="/media/7/card" alt="Csomag" width="480" height="320"><blockquote><p>idézet</p></blockquote><hr><p></p>',
    );
  });

  it('keeps nothing the editor cannot write: other tags are unwrapped, old spellings renamed', () => {
    expect(
      sanitizeHtml(
        '<div><span>a</span><figure>b</figure><u>c</u><code>d</code><sub>e</sub></div><pre>f</pre>',
      ),
    ).toBe('abcdef');
    expect(sanitizeHtml('<h1>Cím</h1><h6>Al</h6><p><b>vastag</b> <i>dőlt</i></p>')).toBe(
      '<h2>Cím</h2><h4>Al</h4><p><strong>vastag</strong> <em>dőlt</em></p>',
    );
    expect(sanitizeHtml('<table><thead><tr><th scope="col">x</th></tr></thead></table>')).toBe(
      '<table><tr><th>x</th></tr></table>',
    );
  });

  it('lets a link open only a new tab, never reaching back to the shop', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example" target="_blank" rel="opener nofollow">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="/a" target="_parent" rel="opener">x</a>')).toBe('<a href="/a">x</a>');
    expect(sanitizeHtml('<a href="/a" target="shop">x</a>')).toBe('<a href="/a">x</a>');
  });

  it('drops a script hidden in editor-looking HTML', () => {
    expect(
      sanitizeHtml(
        '<table><tbody><tr><td><p>a<script>alert(1)</script></p></td></tr></tbody></table>' +
          '<img src="/media/1/card" alt="k" onerror="alert(1)" width="100%">' +
          '<a href="javascript:alert(1)" target="_blank">x</a>',
      ),
    ).toBe(
      '<table><tbody><tr><td><p>a</p></td></tr></tbody></table><img src="/media/1/card" alt="k">' +
        '<a target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('gives the same result when cleaned twice', () => {
    const once = sanitizeHtml(
      '<p title="x">"idézet" <b>és</b> <script>x</script><a href="/a?b=1&c=2">l</a></p>',
    );
    expect(sanitizeHtml(once)).toBe(once);
  });
});
