import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('lets exactly the code of each inline script run, and nothing that is loaded or only data', () => {
    const first = '(function(){window.__earlyInput={awake:false}})()';
    const html = `<!doctype html><html><head><script>${first}</script>
      <script type="module" src="/boot.js"></script>
      <script type="application/ld+json">{"@type":"Product"}</script></head>
      <body><script type="application/json" id="shop-state">{}</script></body></html>`;

    expect(inlineScriptHashes(html)).toEqual([sha(first)]);
  });

  it('finds none in a page without inline code', () => {
    expect(inlineScriptHashes('<html><head><script src="/a.js"></script></head></html>')).toEqual([]);
  });
});
