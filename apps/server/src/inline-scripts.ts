import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `<script>…</script>` with neither a source nor a data type: code the browser runs where it stands. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script\s*>/gi;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) that let exactly the built page's inline scripts
 * run: the web app's first script, which keeps a shopper's taps until the app has woken up
 * (apps/web/src/early-input/capture.ts). Any other inline script stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The hashes of the built index.html, read once at start (the server is restarted after a new build,
 * as for its server-rendered pages); none before the web app is built.
 */
export function builtInlineScriptHashes(webDist: string): string[] {
  try {
    return inlineScriptHashes(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}
