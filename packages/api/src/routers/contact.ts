import { z } from 'zod';
import type { Context } from '../context';
import {
  ZContactInput,
  ZContactMessage,
  ZContactMessageListOutput,
  ZFormToken,
  ZIdInput,
  ZInquiryAccepted,
  ZInquiryListInput,
  ZInquiryStatusInput,
  ZOfferInput,
  ZOfferRequest,
  ZOfferRequestListOutput,
} from '../schemas';
import {
  getContactMessage,
  listContactMessages,
  setContactMessageStatus,
  submitContactMessage,
} from '../services/contact/contact-message';
import { formTokenSecret, issueFormToken } from '../services/contact/form-token';
import type { InquirySender } from '../services/contact/inquiry';
import {
  getOfferRequest,
  listOfferRequests,
  setOfferRequestStatus,
  submitOfferRequest,
} from '../services/contact/offer-request';
import { publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Kapcsolat és ajánlatkérés'];

const BOT_NOTE =
  'Robotok ellen: a `website` mezőnek üresen kell maradnia (ha nem üres, a válasz ugyanaz, de semmi sem tárolódik), a `formToken` a `GET /api/contact/form-token` válasza, és legalább `minFillSeconds` másodpercnek el kell telnie a kérése óta (különben 400). Feladónként és IP-címenként korlátozott (429).';

function sender(ctx: Context): InquirySender {
  return {
    ip: ctx.ip,
    userId: ctx.session?.user.id ?? null,
    limits: ctx.requestLimits,
    formSecret: formTokenSecret(ctx.barionSetup.encryptionKey),
    publicUrl: ctx.publicUrl,
  };
}

export const contactRouter = router({
  formToken: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contact/form-token',
        tags,
        protect: false,
        summary: 'Űrlaptoken a kapcsolat- és ajánlatkérő űrlaphoz',
        description:
          'A specifikáción túli művelet: a szerver által aláírt időbélyeg, amelyet az űrlap küldéskor visszaküld. Bármelyik szerver elfogadja; 24 óráig érvényes.',
      },
    })
    .input(z.void())
    .output(ZFormToken)
    .query(({ ctx }) => issueFormToken(sender(ctx).formSecret)),

  send: publicProcedure
    .meta({
      errors: ['rate_limited'],
      openapi: {
        method: 'POST',
        path: '/contact',
        tags,
        protect: false,
        summary: 'Üzenet küldése a kapcsolatfelvételi űrlapról',
        description: `Az üzenetet tároljuk, a bolt értesítési címére elküldjük, a küldő visszaigazolást kap. Az adatkezelési hozzájárulás (\`consent: true\`) kötelező. ${BOT_NOTE}`,
      },
    })
    .input(ZContactInput)
    .output(ZInquiryAccepted)
    .mutation(({ ctx, input }) => submitContactMessage(ctx.prisma, sender(ctx), input)),

  offer: publicProcedure
    .meta({
      errors: ['rate_limited', 'not_found'],
      openapi: {
        method: 'POST',
        path: '/contact/offer',
        tags,
        protect: false,
        summary: 'Árajánlat kérése',
        description: `Cégadatok (az adószámot ellenőrzőszámmal együtt ellenőrizzük), elérhetőség, a kért termékek és mennyiségek, megjegyzés. Tároljuk, a bolt értesítési címére elküldjük, a küldő visszaigazolást kap. A tételek a kosár tételeihez hasonlóan: változatos terméknél a \`variant\` is kell (nélküle 400), egyféle terméknél nem adható meg (400); más termék, letiltott vagy ismeretlen változat: 404. A tétel a változat nevével tárolódik (pl. "Póló, kék, M"). ${BOT_NOTE}`,
      },
    })
    .input(ZOfferInput)
    .output(ZInquiryAccepted)
    .mutation(({ ctx, input }) => submitOfferRequest(ctx, sender(ctx), input)),

  messageList: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact/message/list',
        tags,
        protect: true,
        summary: 'Beérkezett üzenetek',
        description:
          'A specifikáción túli művelet: a kapcsolatfelvételi üzenetek állapot szerinti szűréssel, név vagy e-mail-cím szerinti kereséssel, rendezve és lapozva.',
      },
    })
    .input(ZInquiryListInput)
    .output(ZContactMessageListOutput)
    .query(({ ctx, input }) => listContactMessages(ctx.prisma, input)),

  messageById: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: { method: 'GET', path: '/contact/message/{id}', tags, protect: true, summary: 'Egy üzenet' },
    })
    .input(ZIdInput)
    .output(ZContactMessage)
    .query(({ ctx, input }) => getContactMessage(ctx.prisma, input.id)),

  messageStatus: scopedAdminProcedure('inquiries:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact/message/{id}/status',
        tags,
        protect: true,
        summary: 'Üzenet állapotának módosítása',
        description: 'Új, megválaszolva vagy lezárva; a jelenlegi állapot ismétlése nem változtat semmit.',
      },
    })
    .input(ZInquiryStatusInput)
    .output(ZContactMessage)
    .mutation(({ ctx, input }) => setContactMessageStatus(ctx.prisma, input)),

  offerList: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact/offer/list',
        tags,
        protect: true,
        summary: 'Árajánlatkérések',
        description:
          'A specifikáción túli művelet: az ajánlatkérések (tételeik száma) állapot szerinti szűréssel, név vagy e-mail-cím szerinti kereséssel, rendezve és lapozva.',
      },
    })
    .input(ZInquiryListInput)
    .output(ZOfferRequestListOutput)
    .query(({ ctx, input }) => listOfferRequests(ctx.prisma, input)),

  offerById: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/contact/offer/{id}',
        tags,
        protect: true,
        summary: 'Egy árajánlatkérés a tételeivel',
      },
    })
    .input(ZIdInput)
    .output(ZOfferRequest)
    .query(({ ctx, input }) => getOfferRequest(ctx.prisma, input.id)),

  offerStatus: scopedAdminProcedure('inquiries:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/contact/offer/{id}/status',
        tags,
        protect: true,
        summary: 'Árajánlatkérés állapotának módosítása',
        description: 'Új, megválaszolva vagy lezárva; a jelenlegi állapot ismétlése nem változtat semmit.',
      },
    })
    .input(ZInquiryStatusInput)
    .output(ZOfferRequest)
    .mutation(({ ctx, input }) => setOfferRequestStatus(ctx.prisma, input)),
});
