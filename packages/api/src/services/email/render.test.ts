import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlToText, renderEmail } from './render';

describe('renderEmail', () => {
  const template = {
    subject: 'Kedves {{firstName}}, új jelszó',
    bodyHtml: '<p>Kedves {{ firstName }}!</p><p><a href="{{resetLink}}">Új jelszó beállítása</a></p>',
  };

  it('fills placeholders, with or without spaces inside the braces', () => {
    const rendered = renderEmail(template, {
      firstName: 'Anna',
      resetLink: 'https://bolt.hu/newpassword/abc',
    });
    expect(rendered.subject).toBe('Kedves Anna, új jelszó');
    expect(rendered.html).toBe(
      '<p>Kedves Anna!</p><p><a href="https://bolt.hu/newpassword/abc">Új jelszó beállítása</a></p>',
    );
    expect(rendered.unknownPlaceholders).toEqual([]);
  });

  it('HTML-escapes values in the body, also inside attributes, but not the template itself', () => {
    const rendered = renderEmail(template, {
      firstName: '<script>alert("x")</script>',
      resetLink: 'https://bolt.hu/" onclick="alert(1)',
    });
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(rendered.html).toContain('href="https://bolt.hu/&quot; onclick=&quot;alert(1)"');
    expect(rendered.html).toContain('<a href=');
    // The subject is a header, not HTML: the value appears as typed.
    expect(rendered.subject).toBe('Kedves <script>alert("x")</script>, új jelszó');
  });

  it('keeps a value from breaking the subject onto a second header line', () => {
    const rendered = renderEmail(template, { firstName: 'Anna\r\nBcc: mindenki@example.hu', resetLink: 'x' });
    expect(rendered.subject).toBe('Kedves Anna Bcc: mindenki@example.hu, új jelszó');
  });

  it('leaves an unknown placeholder visible and reports it, instead of silently dropping it', () => {
    const rendered = renderEmail(
      { subject: 'Szia {{nickname}}', bodyHtml: '<p>{{firstName}} {{nickname}}</p>' },
      {
        firstName: 'Anna',
      },
    );
    expect(rendered.subject).toBe('Szia {{nickname}}');
    expect(rendered.html).toBe('<p>Anna {{nickname}}</p>');
    expect(rendered.unknownPlaceholders).toEqual(['nickname']);
  });

  it('puts a block placeholder written alone in a paragraph (as the editor writes it) in place of that paragraph', () => {
    const lines = { html: '<table><tr><td>Bögre</td></tr></table>', text: 'Bögre' };
    const rendered = renderEmail(
      {
        subject: 'Rendelés',
        bodyHtml: '<p>Tételek:</p><p>{{ orderLines }}</p><p>{{firstName}}</p><p>Ára: {{orderLines}}</p>',
      },
      { orderLines: lines, firstName: 'Anna' },
    );
    expect(rendered.html).toBe(
      '<p>Tételek:</p><table><tr><td>Bögre</td></tr></table><p>Anna</p><p>Ára: <table><tr><td>Bögre</td></tr></table></p>',
    );
  });

  it('does not treat inherited object keys as values', () => {
    const rendered = renderEmail({ subject: '{{constructor}}', bodyHtml: '<p>{{toString}}</p>' }, {});
    expect(rendered.subject).toBe('{{constructor}}');
    expect(rendered.unknownPlaceholders).toEqual(['constructor', 'toString']);
  });

  it('makes a plain-text alternative with the link address written out', () => {
    const rendered = renderEmail(template, {
      firstName: 'Anna & Béla',
      resetLink: 'https://bolt.hu/newpassword/abc',
    });
    expect(rendered.text).toBe(
      'Kedves Anna & Béla!\n\nÚj jelszó beállítása (https://bolt.hu/newpassword/abc)',
    );
  });
});

describe('renderEmail: the article before a placeholder', () => {
  const statusMail = {
    subject: 'A {{orderNumber}} számú rendelésed',
    bodyHtml:
      '<p>A <strong>{{orderNumber}}</strong> számú rendelésed elkészült; a visszaigazolást a {{email}} címre küldtük.</p>',
  };

  it('agrees with the value that fills it, in the subject, the HTML and the text part', () => {
    const five = renderEmail(statusMail, { orderNumber: '5-000001', email: 'info@bolt.hu' });
    expect(five.subject).toBe('Az 5-000001 számú rendelésed');
    expect(five.html).toBe(
      '<p>Az <strong>5-000001</strong> számú rendelésed elkészült; a visszaigazolást az info@bolt.hu címre küldtük.</p>',
    );
    expect(five.text).toBe(
      'Az 5-000001 számú rendelésed elkészült; a visszaigazolást az info@bolt.hu címre küldtük.',
    );

    const year = renderEmail(statusMail, { orderNumber: '2026-000123', email: 'kovacs.anna@bolt.hu' });
    expect(year.subject).toBe('A 2026-000123 számú rendelésed');
    expect(year.html).toContain('<p>A <strong>2026-000123</strong>');
    expect(year.html).toContain('a kovacs.anna@bolt.hu címre');
  });

  it('turns an admin\'s "a(z)" and a wrong "az" into the right article, keeping its capital', () => {
    const rendered = renderEmail(
      { subject: 'A(z) {{orderNumber}}', bodyHtml: '<p>Az „{{name}}” csomag, a(z) {{email}} cím</p>' },
      { orderNumber: '1000', name: 'Kék doboz', email: 'eva@bolt.hu' },
    );
    expect(rendered.subject).toBe('Az 1000');
    expect(rendered.html).toBe('<p>A „Kék doboz” csomag, az eva@bolt.hu cím</p>');
  });

  it('leaves words that end in "a" and HTML tags named "a" alone', () => {
    const rendered = renderEmail(
      {
        subject: 'Kedves {{firstName}}',
        bodyHtml: '<p>Rendelésszáma {{orderNumber}}: <a href="{{link}}">{{link}}</a></p>',
      },
      { firstName: 'Éva', orderNumber: '5', link: 'https://bolt.hu/order/5' },
    );
    expect(rendered.html).toBe(
      '<p>Rendelésszáma 5: <a href="https://bolt.hu/order/5">https://bolt.hu/order/5</a></p>',
    );
  });

  it('keeps "a(z)" before a placeholder it cannot fill, so the mistake shows', () => {
    expect(renderEmail({ subject: 'a(z) {{nincs}}', bodyHtml: '' }, {}).subject).toBe('a(z) {{nincs}}');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs, line breaks and list items, and decodes entities', () => {
    expect(
      htmlToText(
        '<p>Üdvözlettel:<br>a csapat</p><ul><li>Végösszeg: 12&nbsp;990 Ft</li><li>&lt;b&gt; &amp; &#337;</li></ul><style>p{}</style>',
      ),
    ).toBe('Üdvözlettel:\na csapat\n\n- Végösszeg: 12 990 Ft\n- <b> & ő');
  });

  it('writes a link only once when its label is its address', () => {
    expect(htmlToText('<a href="https://bolt.hu">https://bolt.hu</a>')).toBe('https://bolt.hu');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;');
  });
});
