import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml, type SeoHead } from '@shop/api';
import { type BuildManifest, type ChunkSteps, chunkSteps, parseManifest } from './build-manifest';

/** The built web app's index.html, split where the server writes a page's own head. */
export type ShopTemplate = {
  /** The file as built, for screens without a head of their own. */
  html: string;
  /** Up to `</head>`, without the default title, description, canonical and Open Graph tags. */
  head: string;
  /** From `</head>` on. */
  rest: string;
  /** `rest` around the empty `<div id="root"></div>`'s inside, where a server-rendered page goes; null without one. */
  body: { beforeRoot: string; afterRoot: string } | null;
  /** The default title: the shop's name. */
  siteName: string;
  /** The default meta description. */
  siteDescription: string;
  /** The chunks a route needs beyond the app's own, from the build's manifest (none without one). */
  routeSteps: ChunkSteps;
};

const FALLBACK_SITE_NAME = 'Webáruház';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

/**
 * JSON inside `<script type="application/ld+json">`: `<` written as \u003c, so no text in a product
 * name can close the element; `>`, `&` and the JavaScript line separators are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const DEFAULT_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>\s*/gi,
  /<meta\s+[^>]*name=["']description["'][^>]*>\s*/gi,
  /<meta\s+[^>]*name=["']robots["'][^>]*>\s*/gi,
  /<meta\s+[^>]*property=["']og:[^"']*["'][^>]*>\s*/gi,
  /<link\s+[^>]*rel=["']canonical["'][^>]*>\s*/gi,
  /<script\s+[^>]*type=["']application\/ld\+json["'][^>]*>[\s\S]*?<\/script\s*>\s*/gi,
];

const EMPTY_ROOT = /<div id="root"><\/div>/;

function splitAtRoot(rest: string): ShopTemplate['body'] {
  const root = EMPTY_ROOT.exec(rest);
  if (!root) return null;
  const inside = root.index + root[0].indexOf('</div>');
  return { beforeRoot: rest.slice(0, inside), afterRoot: rest.slice(inside + '</div>'.length) };
}

export function parseTemplate(html: string, manifest: BuildManifest = {}): ShopTemplate {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1]?.trim();
  const description = /<meta\s+[^>]*name=["']description["'][^>]*content="([^"]*)"/i.exec(html)?.[1]?.trim();
  const siteName = title ? decodeEntities(title) : FALLBACK_SITE_NAME;
  const headEnd = html.search(/<\/head\s*>/i);
  const head = headEnd >= 0 ? html.slice(0, headEnd) : '';
  const rest = headEnd >= 0 ? html.slice(headEnd) : html;
  return {
    html,
    head: DEFAULT_TAGS.reduce((text, pattern) => text.replace(pattern, ''), head),
    rest,
    body: splitAtRoot(rest),
    siteName,
    siteDescription: description ? decodeEntities(description) : siteName,
    routeSteps: chunkSteps(manifest),
  };
}

const OG_TYPE: Record<SeoHead['kind'], string> = {
  home: 'website',
  product: 'product',
  category: 'website',
  page: 'article',
  blog: 'website',
  'blog-post': 'article',
  'not-found': 'website',
};

/** The page's head tags: what a crawler that runs no JavaScript reads. */
export function renderHeadTags(head: SeoHead, siteName: string): string {
  const documentTitle = head.kind === 'home' ? head.title : `${head.title} | ${siteName}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [`<title>${escapeHtml(documentTitle)}</title>`, meta('name', 'description', head.description)];
  if (head.status === 404) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`);
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', 'hu_HU'),
    meta('property', 'og:type', OG_TYPE[head.kind]),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
  );
  if (head.canonicalUrl) tags.push(meta('property', 'og:url', head.canonicalUrl));
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  for (const [property, value] of Object.entries(head.openGraph ?? {}))
    tags.push(meta('property', property, value));
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'));
  for (const item of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(item)}</script>`);
  }
  return tags.join('\n    ');
}

/** What the server rendered of the app: its HTML for #root, its styles for the head and the data it was rendered with. */
export type RenderedBody = {
  html: string;
  styles: string;
  state: unknown;
  stateElementId: string;
  /** The lazily loaded route files the page shows (their source paths, as the manifest names them). */
  routeModules: string[];
};

/** The start-up script's tag as the build writes it (paintBeforeApp in apps/web/vite-plugins.ts). */
const BOOT_TAG = /(<script type="module" src="\/boot\.js"[^>]*?)><\/script>/;

/** Tells the start-up script which chunks the route needs, so they download with the app's own. */
function withRouteSteps(head: string, routeSteps: ChunkSteps, routeModules: string[]): string {
  const steps = routeSteps(routeModules);
  if (steps.length === 0) return head;
  return head.replace(BOOT_TAG, (_tag, open: string) => `${open} data-route="${steps.join(' ')}"></script>`);
}

/**
 * Holds the page's first frame until the element after #root has arrived, so that it draws the whole
 * page. Chromium's HTML parser never yields inside the head, and yields in the body once it has worked
 * 10 ms; the head's styles take about that long, so it yielded just after `<body>` and Chromium drew a
 * frame of the empty body. Lighthouse takes that frame for the first paint, so the frame that drew the
 * page (its style, layout and paint in one task) counted as blocking time: about 80 ms at 8×, as a
 * machine half as fast runs it. Browsers without render-blocking links ignore this one.
 */
function paintWhole(stateElementId: string): string {
  return `<link rel="expect" href="#${stateElementId}" blocking="render">`;
}

/**
 * The page with its own head and, when the server rendered it, the app's HTML inside #root followed by
 * the dehydrated data as a JSON block (escaped so no text in it can close the element).
 */
export function renderShopPage(
  template: ShopTemplate,
  head: SeoHead | null,
  rendered?: RenderedBody,
): string {
  // Without a head of its own (search, featured, the blog list) the page keeps the shop's default one.
  const headPart = head
    ? `${template.head.replace(/\s*$/, '')}\n    ${renderHeadTags(head, template.siteName)}\n  `
    : template.html.slice(0, template.html.length - template.rest.length);
  if (!rendered || !template.body) return headPart + template.rest;
  const withSteps = withRouteSteps(headPart, template.routeSteps, rendered.routeModules);
  const headWithStyles = `${withSteps.replace(/\s*$/, '')}\n    ${paintWhole(rendered.stateElementId)}\n    ${rendered.styles}\n  `;
  const stateScript = `<script type="application/json" id="${rendered.stateElementId}">${jsonForScript(rendered.state)}</script>`;
  return `${headWithStyles}${template.body.beforeRoot}${rendered.html}</div>${stateScript}${template.body.afterRoot}`;
}

/** How often the file's modification time is checked, so a rebuilt web app is picked up. */
const RECHECK_MS = 1000;

/** index.html read once and re-read only when the file changes. */
export class TemplateCache {
  private readonly file: string;
  private readonly manifestFile: string;
  private cached: { mtimeMs: number; template: ShopTemplate } | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(webDist: string) {
    this.file = path.join(webDist, 'index.html');
    this.manifestFile = path.join(webDist, '.vite', 'manifest.json');
  }

  /** Null when the web app has not been built. */
  async get(): Promise<ShopTemplate | null> {
    const now = Date.now();
    if (this.cached && now - this.checkedAt < RECHECK_MS) return this.cached.template;
    this.checkedAt = now;
    const info = await stat(this.file).catch(() => null);
    if (!info) {
      this.cached = undefined;
      return null;
    }
    if (this.cached?.mtimeMs !== info.mtimeMs) {
      // Written by the same build; a build without it only loses the early download of route chunks.
      const manifest = await readFile(this.manifestFile, 'utf8')
        .then(parseManifest)
        .catch(() => ({}));
      this.cached = {
        mtimeMs: info.mtimeMs,
        template: parseTemplate(await readFile(this.file, 'utf8'), manifest),
      };
    }
    return this.cached.template;
  }
}
