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

  it('gives the same result when cleaned twice', () => {
    const once = sanitizeHtml(
      '<p title="x">"idézet" <b>és</b> <script>x</script><a href="/a?b=1&c=2">l</a></p>',
    );
    expect(sanitizeHtml(once)).toBe(once);
  });
});
