import { z } from 'zod';
import {
  ZAdminReview,
  ZOrderReviewsInput,
  ZOrderReviewsOutput,
  ZOwnReview,
  ZProductReviewsInput,
  ZProductReviewsOutput,
  ZReviewCreateInput,
  ZReviewListInput,
  ZReviewListOutput,
  ZReviewModerateInput,
  ZReviewSettings,
  ZReviewSettingsInput,
} from '../schemas';
import { listReviews, moderateReview } from '../services/reviews/review-moderation';
import { getReviewSettings, updateReviewSettings } from '../services/reviews/review-requests';
import { createReview, productReviews, reviewsOfOrder } from '../services/reviews/shopper-reviews';
import { protectedProcedure, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Értékelések'];

/** Beyond the spec (#29): product reviews from buyers of delivered orders, moderated by the shop. */
export const reviewRouter = router({
  list: scopedAdminProcedure('reviews:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/review',
        tags,
        protect: true,
        summary: 'Értékelések listája moderáláshoz',
        description:
          'Legújabb elöl, oldalanként 20; `status` megadásával csak az ilyen állapotúak (a moderálásra várók: pending).',
      },
    })
    .input(ZReviewListInput)
    .output(ZReviewListOutput)
    .query(({ ctx, input }) => listReviews(ctx, input)),

  settings: scopedAdminProcedure('reviews:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/review/settings',
        tags,
        protect: true,
        summary: 'Az értékelést kérő levél beállításai',
        description:
          'Küld-e a bolt értékelést kérő levelet (alapból igen), és hány nappal a rendelés teljesítése után (alapból 7).',
      },
    })
    .input(z.void())
    .output(ZReviewSettings)
    .query(({ ctx }) => getReviewSettings(ctx)),

  updateSettings: scopedAdminProcedure('reviews:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/review/settings',
        tags,
        protect: true,
        summary: 'Az értékelést kérő levél be- és kikapcsolása, várakozási ideje',
        description:
          'A levél rendelésenként egyszer megy a vásárló fiókjának címére, ennyi nappal a teljesítés után (1–60), csak teljesített (vagy részben visszatérített) rendelésnél, és soha olyan címre, amely a levél linkjével leiratkozott. A szöveg a „review_request” e-mail-sablon.',
      },
    })
    .input(ZReviewSettingsInput)
    .output(ZReviewSettings)
    .mutation(({ ctx, input }) => updateReviewSettings(ctx, input)),

  byProduct: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/review/product/{product}',
        tags,
        protect: false,
        summary: 'Egy termék jóváhagyott értékelései',
        description:
          'A termékoldal hívja: a jóváhagyott értékelések átlaga és száma (`summary`), és egy oldalnyi (5) értékelés, legújabb elöl. Moderálásra váró és elrejtett értékelést senki nem kap meg itt.',
      },
    })
    .input(ZProductReviewsInput)
    .output(ZProductReviewsOutput)
    .query(({ ctx, input }) => productReviews(ctx, input)),

  forOrder: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/review/order/{order}',
        tags,
        protect: true,
        summary: 'A saját rendelés értékelhető termékei',
        description:
          'A rendelés minden terméke egyszer, a vásárló értékelésével, ha már írt. `reviewable` csak teljesített rendelésnél igaz. Más vásárló rendelésére 404.',
      },
    })
    .input(ZOrderReviewsInput)
    .output(ZOrderReviewsOutput)
    .query(({ ctx, input }) => reviewsOfOrder(ctx, ctx.session, input.order)),

  create: protectedProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/review',
        tags,
        protect: true,
        summary: 'Termék értékelése a saját, teljesített rendelésből',
        description:
          'Csak bejelentkezett vásárló, csak a saját rendelése termékét, és csak a rendelés teljesítése után (előtte 409); más rendelésére 404. Vásárlónként egy értékelés egy termékről: a második 409. Az értékelés moderálásra vár, jóváhagyás után jelenik meg „Ellenőrzött vásárló” jelöléssel.',
      },
    })
    .input(ZReviewCreateInput)
    .output(ZOwnReview)
    .mutation(({ ctx, input }) => createReview(ctx, ctx.session, input)),

  moderate: scopedAdminProcedure('reviews:write')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/review/{id}',
        tags,
        protect: true,
        summary: 'Értékelés jóváhagyása, elrejtése vagy megválaszolása',
        description:
          '`status`: approved megjeleníti a termékoldalon, hidden elrejti; `answer`: a bolt nyilvános válasza (üres szöveg vagy null törli). Amit a kérés nem említ, marad.',
      },
    })
    .input(ZReviewModerateInput)
    .output(ZAdminReview)
    .mutation(({ ctx, input }) => moderateReview(ctx, input)),
});
