import { createHash } from 'node:crypto';
import { BARION_PIXEL_ID_PATTERN } from '@shop/api/schemas/barion-pixel';
import { jsonForScript } from './seo-html';

/** Where the Barion Pixel's script lives and where it sends its events: the only host the CSP opens for it. */
export const BARION_PIXEL_ORIGIN = 'https://pixel.barion.com';

/** The Pixel's base code for one ID, and the CSP hash that lets exactly this inline script run. */
export type PixelHead = { tags: string; scriptHash: string };

/**
 * Barion's base code (docs: "Implementing the Base Barion Pixel"): the `bp` queue, the Pixel ID, and
 * marketing consent rejected until the visitor says otherwise. The web app then sends `grantConsent`
 * or `rejectConsent` as the visitor chose (features/consent/barion-pixel.ts). bp.js is loaded by its
 * own async tag instead of the inserted element of Barion's sample, so the CSP needs no script
 * hash for what it would insert.
 */
function baseCode(pixelId: string): string {
  return [
    'window.bp=window.bp||function(){(window.bp.q=window.bp.q||[]).push(arguments)};',
    'window.bp.l=1*new Date();',
    `window.barion_pixel_id=${jsonForScript(pixelId)};`,
    "bp('consent','rejectConsent');",
    "bp('init','addBarionPixelId',window.barion_pixel_id);",
  ].join('');
}

let lastHead: { pixelId: string; head: PixelHead } | undefined;

/** The head tags for a Pixel ID (kept for the last ID: a shop has one). Null for an ID not in Barion's format. */
export function pixelHeadFor(pixelId: string): PixelHead | null {
  if (!BARION_PIXEL_ID_PATTERN.test(pixelId)) return null;
  if (lastHead?.pixelId === pixelId) return lastHead.head;
  const code = baseCode(pixelId);
  const head: PixelHead = {
    tags: `<script>${code}</script>\n    <script async src="${BARION_PIXEL_ORIGIN}/bp.js"></script>`,
    scriptHash: `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  };
  lastHead = { pixelId, head };
  return head;
}

/** The page with the Pixel's tags at the end of its head. */
export function withPixelTags(html: string, head: PixelHead): string {
  const end = html.search(/<\/head\s*>/i);
  return end < 0 ? html : `${html.slice(0, end)}  ${head.tags}\n  ${html.slice(end)}`;
}

const PIXEL_SOURCES: Record<string, (head: PixelHead) => string[]> = {
  'script-src': (head) => [head.scriptHash, BARION_PIXEL_ORIGIN],
  'img-src': () => [BARION_PIXEL_ORIGIN],
  'connect-src': () => [BARION_PIXEL_ORIGIN],
};

/** The shop's CSP opened for the Pixel: its inline base code by hash, its host for scripts, images and beacons. */
export function cspWithPixel(csp: string, head: PixelHead): string {
  return csp
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      const name = trimmed.split(/\s+/)[0] ?? '';
      const extra = PIXEL_SOURCES[name];
      return extra ? `${trimmed} ${extra(head).join(' ')}` : trimmed;
    })
    .join(';');
}
