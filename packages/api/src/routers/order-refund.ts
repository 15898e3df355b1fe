import {
  ZIdInput,
  ZOrderRecordPaymentInput,
  ZOrderRefundInput,
  ZOrderRefundOutput,
  ZOrderRefunds,
  ZOrderWithdrawInput,
  ZOrderWithdrawOutput,
  ZStaffOrder,
} from '../schemas';
import { staffOrderView, staffRefundsView } from '../services/orders/customer-data';
import { refundOrder } from '../services/orders/refund';
import { getOrderRefunds } from '../services/orders/refund-read';
import { withdrawFromOrder } from '../services/orders/withdrawal';
import { recordOrderPayment } from '../services/payments/recorded-payment';
import { publicProcedure, scopedAdminProcedure, seesBuyerContact, staffProcedure } from '../trpc';

const tags = ['Rendelések'];

/** Money in and out: recorded payments and refunds (admin), the customer's withdrawal; spread into the order router. */
export const orderRefundProcedures = {
  recordPayment: scopedAdminProcedure('orders:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/payment',
        tags,
        protect: true,
        summary: 'Befizetés rögzítése (admin)',
        description:
          'A specifikáción túli művelet: utánvétes vagy átutalásos rendeléshez beérkezett pénz (`amount` forintban, `paidAt` ISO 8601 időpont, alapból most, `note` belső megjegyzés). Ezek a rendelések addig nincsenek kifizetve, amíg a bolt nem rögzíti a pénzt (az utánvétest a teljesítés is rögzíti: a futár beszedte). A válasz a rendelés `paidTotal`, `paidStatus` és `paidAt` mezőkkel. Ugyanaz az `Idempotency-Key`, vagy ugyanaz az összeg ugyanazzal a `paidAt` időponttal nem rögzít újra semmit. A még fizetendőnél nagyobb összegre és bankkártyás rendelésre 409 magyar üzenettel. A módosítási naplóba kerül; teljes kifizetéskor `order.paid` webhook, és „fizetéskor” számlázásnál a számla.',
      },
    })
    .input(ZOrderRecordPaymentInput)
    .output(ZStaffOrder)
    .mutation(async ({ ctx, input }) =>
      staffOrderView(
        await recordOrderPayment(
          { prisma: ctx.prisma, actor: ctx.actor, idempotencyKey: ctx.idempotencyKey },
          input,
        ),
        seesBuyerContact(ctx),
      ),
    ),

  refunds: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/order/{id}/refunds',
        tags,
        protect: true,
        summary: 'Visszatérítések és elállások egy rendelésnél (admin)',
        description:
          'A specifikáción túli művelet: mennyit fizettek, mennyit térítettek vissza, tételenként mennyi maradt, az eddigi visszatérítések és az elállási nyilatkozatok.',
      },
    })
    .input(ZIdInput)
    .output(ZOrderRefunds)
    .query(async ({ ctx, input }) =>
      staffRefundsView(await getOrderRefunds(ctx.prisma, input.id), seesBuyerContact(ctx)),
    ),

  refund: staffProcedure('refunds:write')
    .meta({
      errors: ['conflict', 'unavailable'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/refund',
        tags,
        protect: true,
        summary: 'Visszatérítés (admin)',
        description:
          'Teljes vagy részleges visszatérítés összeg (`amount`) vagy tételek (`lines`: `[{line, quantity}]`) szerint; a visszatérítések összege sosem haladja meg a kifizetettet. Bankkártyás rendelésnél a Barion visszatérítési API-ján keresztül; átutalásnál és utánvétnél a vásárló bankszámlaszámával (`bankAccount`, 8-8 vagy 8-8-8 számjegy) rögzítve. A `withdrawal` egy nyitott elállást zár le. Az `Idempotency-Key` fejléc ismételt kérésre ugyanazt a visszatérítést adja vissza. Ha a Barion nem hajtja végre, 409 vagy 503 magyar üzenettel, és semmi nem kerül visszatérítésre.',
      },
    })
    .input(ZOrderRefundInput)
    .output(ZOrderRefundOutput)
    .mutation(async ({ ctx, input }) => {
      const refunded = await refundOrder(
        {
          prisma: ctx.prisma,
          barion: await ctx.barion(),
          actorId: ctx.session.user.id,
          idempotencyKey: ctx.idempotencyKey,
        },
        input,
      );
      // The refund itself keeps the account the caller has just typed; the order's other refunds do not.
      return { ...refunded, order: staffRefundsView(refunded.order, seesBuyerContact(ctx)) };
    }),

  withdraw: publicProcedure
    .meta({
      sessionAware: true,
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/withdraw',
        tags,
        protect: false,
        summary: 'Elállás a szerződéstől',
        description:
          'A rendelés tulajdonosa vagy a rendelés privát linkjének kulcsával (`key`) bárki elállhat a rendeléstől a leadástól a teljesítés utáni 14. nap végéig; a tételeket (`lines`) megadva részben is. A visszaigazolást a tartalommal, dátummal és időponttal azonnal e-mailben küldjük. Rendelésenként egyszerre egy nyitott elállás lehet; az időszakon kívül 409, mindenki másnak 404.',
      },
    })
    .input(ZOrderWithdrawInput)
    .output(ZOrderWithdrawOutput)
    .mutation(({ ctx, input }) => withdrawFromOrder(ctx, input, { session: ctx.session, key: input.key })),
};
