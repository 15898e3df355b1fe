import { escapeHtml, optOutOfReviewRequests, REVIEW_OPT_OUT_PATH } from '@shop/api';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';

const TOKEN = /^[0-9a-f]{64}$/;

function page(title: string, text: string, shopUrl: string): string {
  return `<!doctype html><html lang="hu"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(shopUrl)}/">Vissza a webáruházba</a></p></body></html>`;
}

/**
 * GET /review-request/unsubscribe?token=… (beyond the spec, #29): the opt-out link of the review-request
 * e-mail (services/reviews/review-requests.ts). One click stops every later review request to the address:
 * the link itself does it, with no page to confirm on. A mail scanner opening the link opts the address out
 * as well, which errs on the side of sending less, never more. A second click is as good as the first.
 * The same address takes the POST of a mail client's own unsubscribe button (the e-mail's
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058), a form the JSON-only API would refuse.
 */
export async function reviewRequestRoutes(
  app: FastifyInstance,
  { prisma, publicUrl }: { prisma: PrismaClient; publicUrl: string },
) {
  const shopUrl = publicUrl.replace(/\/+$/, '');
  const optOut = (token: unknown) =>
    typeof token === 'string' && TOKEN.test(token.trim())
      ? optOutOfReviewRequests({ prisma }, token.trim())
      : Promise.resolve(false);
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, body),
    );
  }
  app.post<{ Querystring: { token?: string } }>(REVIEW_OPT_OUT_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    if (!(await optOut(request.query.token))) return reply.code(404).send('A leiratkozó link nem érvényes.');
    return reply.send('Leiratkoztál az értékelést kérő levelekről.');
  });
  app.get<{ Querystring: { token?: string } }>(REVIEW_OPT_OUT_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!(await optOut(request.query.token))) {
      return reply
        .code(404)
        .send(
          page(
            'A leiratkozó link nem érvényes',
            'Ezt a linket nem ismerjük: lehet, hogy hiányos lett másoláskor. Nyisd meg újra a levélből, vagy írj nekünk, és leiratkoztatunk.',
            shopUrl,
          ),
        );
    }
    return reply.send(
      page(
        'Leiratkoztál az értékelést kérő levelekről',
        'Erre az e-mail-címre több értékelést kérő levelet nem küldünk. A rendeléseidről szóló leveleket továbbra is megkapod, és a termékeket a rendelésed oldalán ezután is értékelheted.',
        shopUrl,
      ),
    );
  });
}
