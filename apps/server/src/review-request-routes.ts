import { escapeHtml, optOutOfReviewRequests, REVIEW_OPT_OUT_PATH } from '@shop/api';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { acceptFormBodies, isOneClickBody, ONE_CLICK_BODY } from './one-click-unsubscribe';

const TOKEN = /^[0-9a-f]{64}$/;

function page(title: string, content: string, shopUrl: string): string {
  return `<!doctype html><html lang="hu"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>${content}<p><a href="${escapeHtml(shopUrl)}/">Vissza a webáruházba</a></p></main></body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The button's form posts the RFC 8058 body itself, so one check covers the page and a mail client. */
function confirmForm(token: string): string {
  const [name, value] = ONE_CLICK_BODY.split('=') as [string, string];
  const action = `${REVIEW_OPT_OUT_PATH}?token=${encodeURIComponent(token)}`;
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"><button type="submit" style="font:inherit;padding:0.5rem 1.25rem;cursor:pointer">Leiratkozás</button></form>`;
}

const INVALID_TITLE = 'A leiratkozó link nem érvényes';
const INVALID_TEXT =
  'Ezt a linket nem ismerjük: lehet, hogy hiányos lett másoláskor. Nyisd meg újra a levélből, vagy írj nekünk, és leiratkoztatunk.';

/**
 * /review-request/unsubscribe?token=… (beyond the spec, #29): the opt-out address of the review-request
 * e-mail (services/reviews/review-requests.ts), both its visible link and its `List-Unsubscribe` header.
 * The GET only shows a page with a "Leiratkozás" button: mail scanners open every link on delivery, and
 * RFC 8058 forbids a GET to unsubscribe, so opening the link changes nothing. Only a POST whose body is
 * `List-Unsubscribe=One-Click` stops the later review requests to the address: a mail client's own
 * button (the e-mail's `List-Unsubscribe-Post`) and the page's form both send exactly that. A second
 * POST is as good as the first.
 */
export async function reviewRequestRoutes(
  app: FastifyInstance,
  { prisma, publicUrl }: { prisma: PrismaClient; publicUrl: string },
) {
  const shopUrl = publicUrl.replace(/\/+$/, '');
  const tokenOf = (token: unknown) =>
    typeof token === 'string' && TOKEN.test(token.trim()) ? token.trim() : null;
  acceptFormBodies(app);

  app.post<{ Querystring: { token?: string } }>(REVIEW_OPT_OUT_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const token = tokenOf(request.query.token);
    if (!isOneClickBody(request)) {
      return reply
        .code(400)
        .send(
          page(
            'Nem iratkoztál le',
            paragraph(
              `A leiratkozáshoz a kérés törzse: ${ONE_CLICK_BODY}. Nyisd meg a levélben kapott linket, és kattints a „Leiratkozás” gombra.`,
            ),
            shopUrl,
          ),
        );
    }
    if (!token || !(await optOutOfReviewRequests({ prisma }, token))) {
      return reply.code(404).send(page(INVALID_TITLE, paragraph(INVALID_TEXT), shopUrl));
    }
    return reply.send(
      page(
        'Leiratkoztál az értékelést kérő levelekről',
        paragraph(
          'Erre az e-mail-címre több értékelést kérő levelet nem küldünk. A rendeléseidről szóló leveleket továbbra is megkapod, és a termékeket a rendelésed oldalán ezután is értékelheted.',
        ),
        shopUrl,
      ),
    );
  });

  app.get<{ Querystring: { token?: string } }>(REVIEW_OPT_OUT_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const token = tokenOf(request.query.token);
    if (!token) return reply.code(404).send(page(INVALID_TITLE, paragraph(INVALID_TEXT), shopUrl));
    return reply.send(
      page(
        'Leiratkozás az értékelést kérő levelekről',
        paragraph(
          'A gombra kattintva erre az e-mail-címre több értékelést kérő levelet nem küldünk. A rendeléseidről szóló leveleket továbbra is megkapod.',
        ) + confirmForm(token),
        shopUrl,
      ),
    );
  });
}
