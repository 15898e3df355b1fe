import type { Prisma } from '../generated/prisma/client';
import { COMPANY as C } from './company';
import type { SeedContext } from './seed-context';
import { DAY_MS } from './text';

/**
 * The review policy page and demo reviews (#29), so `npm start` shows the product page's stars and the
 * admin's moderation queue at once:
 *
 * 1. "Hogyan ellenőrizzük az értékeléseket": the Hungarian rules on consumer reviews ask the shop to say how
 *    it checks them; every review list links here (the web app's REVIEW_POLICY_PAGE_SLUG).
 * 2. Reviews are written as the shop writes them (services/reviews/shopper-reviews.ts): from delivered
 *    demo orders, one per buyer and product, signed "Kovács A.". The product most delivered orders hold
 *    gets its buyers' reviews, approved (the first with the shop's answer); the next one a review waiting
 *    for moderation.
 *
 * The page is every shop's, with or without demo data; both only while the shop has no review and no page
 * of that address, so nothing an admin removed comes back.
 */

export const REVIEW_POLICY_PAGE = {
  slug: 'ertekelesek-ellenorzese',
  title: 'Hogyan ellenőrizzük az értékeléseket',
  metaDescription:
    'Kik írhatnak értékelést a termékeinkről, hogyan ellenőrizzük és moderáljuk őket, és mit jelent az „Ellenőrzött vásárló” jelölés.',
  body:
    '<h2>Ki írhat értékelést?</h2>' +
    '<p>Termékeinket csak az értékelheti, aki nálunk vásárolta meg őket: bejelentkezve, a fiókjában a rendelés oldalán, miután a rendelés teljesült (a csomagot kézbesítettük vagy átvette). Vásárlónként egy termékről egy értékelés írható. Más nevében, vendégként vagy vásárlás nélkül nem lehet értékelést küldeni.</p>' +
    '<h2>Mit jelent az „Ellenőrzött vásárló” jelölés?</h2>' +
    '<p>Azt, hogy az értékelés egy teljesített rendelésből készült, és a rendszerünk ellenőrizte: az értékelő valóban megrendelte és megkapta a terméket. Minden, a termékoldalon megjelenő értékelésünk ilyen.</p>' +
    '<h2>Moderálás</h2>' +
    '<p>Minden értékelést megjelenés előtt elolvasunk. Jóváhagyjuk a kedvezőt és a kedvezőtlent egyaránt; nem jelenítjük meg (elrejtjük) azt, amely sértő, trágár, személyes adatot tartalmaz, reklámot vagy más termékre vonatkozó szöveget közöl, vagy nem a termékről szól. Értékelésért nem adunk ellenszolgáltatást, és nem írunk értékelést a vásárlóink helyett.</p>' +
    '<h2>Az átlag és a válaszaink</h2>' +
    '<p>A termékoldalon látható átlag és darabszám a jóváhagyott értékelésekből számol. Az értékelésekre nyilvánosan válaszolhatunk; a válasz az értékelés alatt jelenik meg.</p>' +
    `<h2>Kérdése van?</h2><p>Ha egy értékeléssel kapcsolatban észrevétele van, írjon nekünk: ${C.email}.</p>`,
};

const APPROVED_TEXTS = [
  {
    rating: 5,
    title: 'Pont olyan, mint a képen',
    body: 'Szép darab, a színe és a mérete is pontosan olyan, mint a fotókon. Gondosan becsomagolva, gyorsan megérkezett.',
    answer: 'Köszönjük szépen a kedves értékelést, örülünk, hogy elégedett!',
  },
  {
    rating: 4,
    title: 'Jó minőség',
    body: 'Igényes kidolgozás, jó áron. Egy csillagot azért vontam le, mert egy nappal később jött, mint vártam.',
    answer: null,
  },
  {
    rating: 5,
    title: 'Ajándékba vettem',
    body: 'Ajándéknak vettem, nagy sikere volt. A csomagolás is rendezett volt, biztosan rendelek még.',
    answer: null,
  },
  {
    rating: 5,
    title: null,
    body: 'Mindennap használjuk, eddig semmi kivetnivalót nem találtam benne. Csak ajánlani tudom.',
    answer: null,
  },
] as const;

const PENDING_TEXT = {
  rating: 3,
  title: 'Rendben van',
  body: 'A termékkel elégedett vagyok, de a futár csak a második alkalommal talált meg.',
};

/** "Kovács A.": as services/reviews/shopper-reviews.ts signs a review. */
function authorName(firstName: string, lastName: string): string {
  const initial = firstName.trim().charAt(0).toLocaleUpperCase('hu');
  return initial ? `${lastName.trim()} ${initial}.` : lastName.trim();
}

export async function seedReviewPolicyPage(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  const existing = await tx.page.findUnique({
    where: { slug: REVIEW_POLICY_PAGE.slug },
    select: { id: true },
  });
  if (existing || (await tx.review.count()) > 0) return ctx.log('értékelési szabályzat: változatlan');
  const last = await tx.page.aggregate({ _max: { position: true } });
  await tx.page.create({
    data: {
      slug: REVIEW_POLICY_PAGE.slug,
      position: (last._max.position ?? -1) + 1,
      descriptions: {
        create: {
          language: 'hu',
          title: REVIEW_POLICY_PAGE.title,
          body: REVIEW_POLICY_PAGE.body,
          metaDescription: REVIEW_POLICY_PAGE.metaDescription,
        },
      },
    },
  });
  ctx.log('értékelési szabályzat: oldal létrehozva');
}

export async function seedDemoReviews(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.review.count()) > 0) return ctx.log('értékelések: vannak, változatlan');
  const delivered = await tx.order.findMany({
    where: { completedAt: { not: null } },
    orderBy: { completedAt: 'asc' },
    select: {
      id: true,
      userId: true,
      firstName: true,
      lastName: true,
      completedAt: true,
      lines: { select: { productId: true } },
    },
  });
  const ordersOf = new Map<number, typeof delivered>();
  for (const order of delivered) {
    for (const productId of new Set(order.lines.map((line) => line.productId))) {
      if (productId === null) continue;
      ordersOf.set(productId, [...(ordersOf.get(productId) ?? []), order]);
    }
  }
  const ranked = [...ordersOf.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
  const [top, next] = ranked;
  if (!top || !next) return ctx.log('értékelések: nincs elég teljesített rendelés');
  const [productId, orders] = top;
  // One review per buyer: a demo customer's second order of the product gives no second review.
  const buyers = new Set<string>();
  const approved = orders
    .filter((order) => {
      const buyer = order.userId === null ? `order:${order.id}` : `user:${order.userId}`;
      if (buyers.has(buyer)) return false;
      buyers.add(buyer);
      return true;
    })
    .slice(0, APPROVED_TEXTS.length);
  // The one waiting for moderation is on another product, so the reviewed product keeps all its buyers'.
  const [pendingProductId, [pending]] = next;
  if (!pending) return ctx.log('értékelések: nincs elég teljesített rendelés');
  const writtenAt = (completedAt: Date | null) =>
    new Date(Math.min(ctx.now.getTime(), (completedAt ?? ctx.now).getTime() + 2 * DAY_MS));
  await tx.review.createMany({
    data: [
      ...approved.map((order, index) => {
        const text = APPROVED_TEXTS[index]!;
        const createdAt = writtenAt(order.completedAt);
        return {
          productId,
          userId: order.userId,
          orderId: order.id,
          authorName: authorName(order.firstName, order.lastName),
          rating: text.rating,
          title: text.title,
          body: text.body,
          status: 'approved' as const,
          moderatedAt: createdAt,
          answer: text.answer,
          answeredAt: text.answer ? createdAt : null,
          createdAt,
        };
      }),
      {
        productId: pendingProductId,
        userId: pending.userId,
        orderId: pending.id,
        authorName: authorName(pending.firstName, pending.lastName),
        ...PENDING_TEXT,
        status: 'pending' as const,
        createdAt: writtenAt(pending.completedAt),
      },
    ],
  });
  ctx.log(
    `értékelések: #${productId} termék ${approved.length} jóváhagyott, #${pendingProductId} 1 moderálásra váró`,
  );
}
