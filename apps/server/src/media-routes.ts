import { createHash } from 'node:crypto';
import { getMediaVariant, MEDIA_NOT_FOUND } from '@shop/api';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type MediaRoutesOptions = {
  prisma: PrismaClient;
  /** Bytes of recently served variants kept in memory (default 32 MB). */
  memoryBytes?: number;
};

/** The variant `/media/{id}` answers: the largest layout size (the original for an SVG). */
export const DEFAULT_MEDIA_VARIANT = 'full';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An SVG is a document: opened directly it must not run script, load anything or be sniffed as HTML. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'";
/**
 * A catalogue's PDF opens in the browser's own viewer, which Chromium runs as a plugin showing this
 * very URL: without `object-src 'self'` it is blocked and the tab stays empty.
 */
const PDF_CSP = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'";
const PDF_TYPE = 'application/pdf';

type StoredVariant = { body: Buffer; mimeType: string; etag: string; fileName: string };

/** `inline`: shown in the browser's viewer; the name is the one a "save" offers. */
function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Variants never change (a re-upload is a new medium), so a small LRU of their bytes is always fresh. */
class VariantCache {
  private readonly entries = new Map<string, StoredVariant>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): StoredVariant | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: StoredVariant): void {
    if (entry.body.byteLength > this.maxBytes / 4) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.byteLength;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.byteLength;
    }
  }
}

function etagOf(body: Buffer): string {
  // Weak: compression may re-encode an SVG on the way out, the bytes it stands for stay the same.
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function sendNotFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(MEDIA_NOT_FOUND);
}

/** `GET /media/{id}/{variant}` and `GET /media/{id}`: stored images with a year-long cache lifetime. */
export async function mediaRoutes(app: FastifyInstance, { prisma, memoryBytes }: MediaRoutesOptions) {
  const cache = new VariantCache(memoryBytes ?? 32 * 1024 * 1024);

  async function serve(
    request: { headers: Record<string, string | string[] | undefined> },
    reply: FastifyReply,
    idText: string,
    variant: string,
  ) {
    if (!/^\d{1,9}$/.test(idText)) return sendNotFound(reply);
    const key = `${idText}/${variant}`;
    let stored = cache.get(key);
    if (!stored) {
      const found = await getMediaVariant(prisma, Number(idText), variant);
      if (!found) return sendNotFound(reply);
      const body = Buffer.from(found.data.buffer, found.data.byteOffset, found.data.byteLength);
      stored = { body, mimeType: found.mimeType, etag: etagOf(body), fileName: found.fileName };
      cache.set(key, stored);
    }
    void reply
      .header('cache-control', IMMUTABLE)
      .header('etag', stored.etag)
      .header('content-security-policy', stored.mimeType === PDF_TYPE ? PDF_CSP : MEDIA_CSP)
      .header('x-content-type-options', 'nosniff')
      // Shared previews (Open Graph) and e-mails show these pictures from other origins.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (stored.mimeType === PDF_TYPE)
      void reply.header('content-disposition', inlineDisposition(stored.fileName));
    const ifNoneMatch = request.headers['if-none-match'];
    const tags = typeof ifNoneMatch === 'string' ? ifNoneMatch.split(',').map((tag) => tag.trim()) : [];
    if (tags.includes(stored.etag) || tags.includes(stored.etag.slice(2)) || tags.includes('*')) {
      return reply.code(304).send();
    }
    return reply.code(200).type(stored.mimeType).send(stored.body);
  }

  app.get<{ Params: { id: string } }>('/media/:id', (request, reply) =>
    serve(request, reply, request.params.id, DEFAULT_MEDIA_VARIANT),
  );
  app.get<{ Params: { id: string; variant: string } }>('/media/:id/:variant', (request, reply) =>
    serve(request, reply, request.params.id, request.params.variant),
  );
}
