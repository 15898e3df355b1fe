import { ZDashboardInput, ZDashboardOutput } from '../schemas';
import { dashboardSummary } from '../services/dashboard';
import { router, scopedAdminProcedure } from '../trpc';

export const dashboardRouter = router({
  summary: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard',
        tags: ['Vezérlőpult'],
        protect: true,
        summary: 'Vezérlőpult: forgalom és teendők',
        description: [
          'A specifikáción túli művelet az /admin/dashboard oldalhoz.',
          'Napok: Europe/Budapest szerinti naptári napok (az időpontok UTC-ben tároltak).',
          '`periods` (ma, utolsó 7 és 30 nap): rendelések száma, bruttó forgalom, átlagos kosárérték. Eladásnak számít minden rendelés a leadása napján, kivéve a törölt (`cancelled`), a sikertelen fizetésű (`payment_failed`) és a fizetésre váró (`awaiting_payment`) rendeléseket; a visszatérített összeget (`Order.refundedTotal`) a forgalom már nem tartalmazza (`refunded` mutatja), így a teljesen visszatérített rendelés 0 Ft forgalmú rendelésként számít. Átlagos kosárérték = forgalom / rendelések, egész forintra kerekítve.',
          '`revenueByDay`: az utolsó 30 nap mindegyike, a forgalom nélküliek is.',
          '`topProducts`: az utolsó 30 nap legtöbbet eladott termékei darabszám és bruttó tételérték szerint (a tételek rendeléskori értéke, visszatérítés nélkül).',
          '`waiting`: teendőre váró rendelések állapotonként (Új, Feldolgozás alatt, Csomagolva, Átadva a futárnak, Átvehető), a legrégebbi időpontjával.',
          '`pendingPayments`: a fizetésre váró (folyamatban lévő kártyás fizetésű) rendelések száma, összege és a legrégebbiek.',
          '`withdrawals`: nyitott elállások; a visszatérítés határideje a bejelentéstől számított 14 nap.',
          '`lowStock`: engedélyezett termékek, amelyek készlete legfeljebb `lowStockThreshold` (alapértelmezés 5).',
          '`quality`: a katalógus-ellenőrzések találatainak száma (ugyanaz, mint a `GET /api/product/quality-summary`).',
        ].join('\n\n'),
      },
    })
    .input(ZDashboardInput)
    .output(ZDashboardOutput)
    .query(({ ctx, input }) => dashboardSummary(ctx, input)),
});
