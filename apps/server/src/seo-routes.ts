import {
  cacheFor,
  escapeHtml,
  getAnalyticsPageConfig,
  getBarionPixelId,
  getSitemapData,
  resolveSeo,
  SITEMAP_MAX_URLS,
  type SitemapData,
  type SitemapUrl,
} from '@shop/api';
import type { TAnalyticsPageConfig } from '@shop/api/schemas/analytics';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cspWithAnalytics, hasAnalytics, withAnalyticsTag } from './analytics-head';
import { cspWithPixel, type PixelHead, pixelHeadFor, withPixelTags } from './barion-pixel-head';
import { redactUrl } from './log-redaction';
import { renderShopPage, TemplateCache } from './seo-html';
import type { ShopRender, ShopRenderer } from './shop-renderer';
import { sendSpaIndex } from './spa';

export type SeoRoutesOptions = {
  prisma: PrismaClient;
  publicUrl: string;
  /** URLs per sitemap file; tests lower it to see the sitemap index without 50 000 products. */
  sitemapChunkSize?: number;
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(urls: SitemapUrl[]): string {
  const parts = [XML_HEAD, `<urlset xmlns="${SITEMAP_NS}">\n`];
  for (const url of urls) {
    parts.push(`<url><loc>${escapeHtml(url.loc)}</loc><lastmod>${url.lastmod}</lastmod></url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

function sitemapIndex(files: SitemapUrl[]): string {
  const entries = files.map(
    (file) => `<sitemap><loc>${escapeHtml(file.loc)}</loc><lastmod>${file.lastmod}</lastmod></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('')}</sitemapindex>\n`;
}

function newest(urls: SitemapUrl[], fallback: string): string {
  let latest = '';
  for (const url of urls) if (url.lastmod > latest) latest = url.lastmod;
  return latest || fallback;
}

/** A product page's `?variant=<id>`: the variant the page preselects, and the head describes. */
function variantOfQuery(url: string): number | undefined {
  const query = url.indexOf('?');
  const value = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('variant');
  const id = value !== null && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  return id > 0 && id < 2 ** 31 ? id : undefined;
}

/** The sitemap files of one data snapshot, rendered once each. */
const renderedFiles = new WeakMap<SitemapData, Map<string, string | null>>();

function renderFile(data: SitemapData, name: string, publicUrl: string, chunk: number): string | null {
  let files = renderedFiles.get(data);
  if (!files) {
    files = new Map();
    renderedFiles.set(data, files);
  }
  const key = `${chunk}:${name}`;
  if (files.has(key)) return files.get(key) ?? null;
  const productFiles = Math.ceil(data.products.length / chunk);
  const single = data.main.length + data.products.length <= chunk;
  let xml: string | null = null;
  if (name === 'sitemap.xml') {
    xml = single
      ? urlset([...data.main, ...data.products])
      : sitemapIndex([
          { loc: `${publicUrl}/sitemap-main.xml`, lastmod: newest(data.main, data.lastmod) },
          ...Array.from({ length: productFiles }, (_, i) => ({
            loc: `${publicUrl}/sitemap-products-${i + 1}.xml`,
            lastmod: newest(data.products.slice(i * chunk, (i + 1) * chunk), data.lastmod),
          })),
        ]);
  } else if (name === 'sitemap-main.xml') {
    xml = urlset(data.main.slice(0, chunk));
  } else {
    const page = Number(/^sitemap-products-(\d{1,6})\.xml$/.exec(name)?.[1] ?? 0);
    if (page >= 1 && page <= productFiles)
      xml = urlset(data.products.slice((page - 1) * chunk, page * chunk));
  }
  files.set(key, xml);
  return xml;
}

/**
 * What search engines read without running the web app: `/robots.txt`, `/sitemap.xml` (a sitemap
 * index with files of at most 50 000 URLs once the shop outgrows one file), and the head of every
 * shop page written into index.html (see `sendShopPage`).
 */
export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions) {
  const { prisma, publicUrl } = options;
  const chunk = options.sitemapChunkSize ?? SITEMAP_MAX_URLS;
  const robots = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /trpc/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  const sendSitemap = async (name: string, reply: FastifyReply) => {
    const data = await getSitemapData({ prisma, cache: cacheFor(prisma) }, publicUrl);
    const xml = renderFile(data, name, publicUrl, chunk);
    if (xml === null) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send('A keresett fájl nem található.');
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(xml);
  };
  app.get('/sitemap.xml', (_request, reply) => sendSitemap('sitemap.xml', reply));
  app.get('/sitemap-main.xml', (_request, reply) => sendSitemap('sitemap-main.xml', reply));
  app.get<{ Params: { page: string } }>('/sitemap-products-:page.xml', (request, reply) =>
    sendSitemap(`sitemap-products-${request.params.page}.xml`, reply),
  );
}

export type ShopPageOptions = {
  prisma: PrismaClient;
  publicUrl: string;
  webDist: string;
  /** Renders shop pages to HTML; without it (or before the web app's server entry is built) the browser renders them. */
  renderer?: ShopRenderer;
};

/**
 * Sends the web app for a shop URL with the page's own head written in: a product, category,
 * static page or the home page gets its title, description, canonical URL, Open Graph tags and
 * JSON-LD; an unknown or disabled one the 404 status with the shop's 'Page not found'.
 * The public pages arrive rendered (the renderer's routes), the rest as the app's shell.
 * With a Barion Pixel ID set, every such page carries the Pixel's base code and its CSP allows the Pixel;
 * with GA4 or the Meta Pixel switched on, a tag naming them and their hosts in the CSP (analytics-head.ts).
 */
export function createShopPageSender({ prisma, publicUrl, webDist, renderer }: ShopPageOptions) {
  const templates = new TemplateCache(webDist);
  /** The Barion Pixel's base code when the admin set a Pixel ID; a failed look-up leaves it out, never the page. */
  const pixelHead = async (request: FastifyRequest): Promise<PixelHead | null> => {
    try {
      const pixelId = await getBarionPixelId({ prisma, cache: cacheFor(prisma) });
      return pixelId ? pixelHeadFor(pixelId) : null;
    } catch (error) {
      request.log.error({ err: error }, 'A Barion Pixel azonosítója nem olvasható');
      return null;
    }
  };
  /** GA4 and the Meta Pixel as the admin switched them on; a failed look-up leaves them out, never the page. */
  const analyticsConfig = async (request: FastifyRequest): Promise<TAnalyticsPageConfig | null> => {
    try {
      const config = await getAnalyticsPageConfig({ prisma, cache: cacheFor(prisma) });
      return hasAnalytics(config) ? config : null;
    } catch (error) {
      request.log.error({ err: error }, 'Az analitika beállításai nem olvashatók');
      return null;
    }
  };
  return async function sendShopPage(request: FastifyRequest, reply: FastifyReply) {
    const template = await templates.get();
    if (!template) return sendSpaIndex(webDist, request, reply);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const pathname = request.url.split('?')[0] ?? '/';
    const [pixel, analytics] = await Promise.all([pixelHead(request), analyticsConfig(request)]);
    const send = (status: number, page: string) => {
      let html = page;
      let csp = reply.raw.getHeader('content-security-policy');
      if (pixel) {
        html = withPixelTags(html, pixel);
        if (typeof csp === 'string') csp = cspWithPixel(csp, pixel);
      }
      if (analytics) {
        html = withAnalyticsTag(html, analytics);
        if (typeof csp === 'string') csp = cspWithAnalytics(csp, analytics);
      }
      if (typeof csp === 'string') void reply.header('content-security-policy', csp);
      return reply.code(status).send(html);
    };
    const rendered = await renderPage(request);
    if (rendered?.kind === 'redirect') {
      return reply.code(rendered.status).header('location', rendered.location).send();
    }
    const body = rendered?.kind === 'page' ? rendered : undefined;
    const head = await resolveSeo(
      { prisma, cache: cacheFor(prisma) },
      pathname,
      { publicUrl, siteName: template.siteName, siteDescription: template.siteDescription },
      variantOfQuery(request.url),
    ).catch((error: unknown) => {
      // The page still works without its own head tags.
      request.log.error(
        { err: error, pathname: redactUrl(pathname) },
        'Az oldal keresőbarát adatai nem készültek el',
      );
      return null;
    });
    try {
      // The rendered page's status is the router's: the page shown is the page the status describes.
      return send(body?.status ?? head?.status ?? 200, renderShopPage(template, head, body));
    } catch (error) {
      // The app as built still works: the browser loads its data itself.
      request.log.error({ err: error, pathname: redactUrl(pathname) }, 'Az oldal nem állt össze');
      return send(head?.status ?? 200, template.html);
    }
  };

  /** A failed render is logged and leaves the page to the browser, which loads its data itself. */
  async function renderPage(request: FastifyRequest): Promise<ShopRender | null> {
    if (!renderer) return null;
    try {
      return await renderer.render(request.url);
    } catch (error) {
      request.log.error(
        { err: error, url: redactUrl(request.url) },
        'Az oldal szerveroldali megjelenítése nem sikerült',
      );
      return null;
    }
  }
}
