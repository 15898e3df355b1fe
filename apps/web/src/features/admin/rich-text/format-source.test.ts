import { describe, expect, it } from 'vitest';
import { compactSource, formatSource } from './format-source';

const html =
  '<h2>Cím</h2><ul><li><p>a</p></li><li><p>b</p></li></ul><table><tbody><tr><th><p>x</p></th></tr><tr><td><p>y</p></td></tr></tbody></table><p>Egy <strong>szó</strong></p>';

describe('the source view', () => {
  it('shows one block a line: headings, list items, table rows', () => {
    expect(formatSource(html)).toBe(
      '<h2>Cím</h2>\n<ul><li><p>a</p></li>\n<li><p>b</p></li></ul>\n' +
        '<table><tbody><tr><th><p>x</p></th></tr>\n<tr><td><p>y</p></td></tr></tbody></table>\n<p>Egy <strong>szó</strong></p>',
    );
  });

  it('gives back exactly the editor HTML when nothing was changed, and keeps line breaks inside text', () => {
    expect(compactSource(formatSource(html))).toBe(html);
    expect(compactSource('<p>egy\nkét</p>\n  <p>há</p>')).toBe('<p>egy\nkét</p><p>há</p>');
  });
});
