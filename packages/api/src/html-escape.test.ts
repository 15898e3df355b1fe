import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape';

describe('escapeHtml', () => {
  it('escapes every character that could end text or a quoted attribute', () => {
    expect(escapeHtml(`<a href='x' title="y">&amp;</a>`)).toBe(
      '&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves other text, accents included, as it is', () => {
    expect(escapeHtml('Árvíztűrő tükörfúrógép 100%')).toBe('Árvíztűrő tükörfúrógép 100%');
  });
});
