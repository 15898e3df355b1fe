import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  ZEmailPreviewInput,
  ZEmailPreviewOutput,
  ZEmailTemplate,
  ZEmailTemplateCreateInput,
  ZEmailTemplateListOutput,
  ZEmailTemplateUpdateInput,
  ZIdInput,
  ZOkOutput,
  ZOutboxListInput,
  ZOutboxListOutput,
  ZOutboxMessage,
} from '../schemas';
import { getOutboxMessage, listOutbox, retryOutboxMessage } from '../services/email/outbox';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  previewEmailTemplate,
  updateEmailTemplate,
} from '../services/email/templates';
import { router, staffProcedure } from '../trpc';

const tags = ['E-mail-sablonok'];
const outboxTags = ['E-mail-kimenő'];

export const emailRouter = router({
  list: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/email',
        tags,
        protect: true,
        summary: 'E-mail-sablonok listája',
        description:
          'A sablonok a levél törzse nélkül; `builtIn` jelzi a webáruház saját, nem törölhető sablonjait.',
      },
    })
    .input(z.void())
    .output(ZEmailTemplateListOutput)
    .query(({ ctx }) => listEmailTemplates(ctx.prisma)),

  preview: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/email/preview',
        tags,
        protect: true,
        summary: 'E-mail-sablon előnézete',
        description:
          'A specifikáción túli művelet a szerkesztőnek: a még nem mentett tárgyat és törzset magyar mintaadatokkal tölti ki, pontosan úgy, ahogy a vásárló megkapná (HTML-escape-elt értékek, szöveges változat). A `key` dönti el, mely helyőrzők ismertek; az ismeretleneket az `unknownPlaceholders` sorolja fel, és a levélben változatlanul (`{{név}}`) maradnak.',
      },
    })
    .input(ZEmailPreviewInput)
    .output(ZEmailPreviewOutput)
    .mutation(({ input }) => previewEmailTemplate(input)),

  outboxList: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/email/outbox',
        tags: outboxTags,
        protect: true,
        summary: 'Kimenő levelek listája',
        description:
          'A specifikáción túli művelet: a kimenő levelek (legújabb elöl) állapot és címzett vagy tárgy szerinti szűréssel, lapozva. SMTP-beállítás nélkül (demó) a levelek itt olvashatók.',
      },
    })
    .input(ZOutboxListInput)
    .output(ZOutboxListOutput)
    .query(({ ctx, input }) => listOutbox(ctx.prisma, input)),

  outboxRetry: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/email/outbox/retry',
        tags: outboxTags,
        protect: true,
        summary: 'Kimenő levél újraküldése',
        description:
          'A specifikáción túli művelet: egy végleg sikertelen (`failed`) levelet újra küldendőnek jelöl a következő körre, a próbálkozások számlálóját nullázva (például a beállítások javítása után). Elküldött vagy még várakozó levélre 409.',
      },
    })
    .input(ZIdInput)
    .output(ZOutboxMessage)
    .mutation(({ ctx, input }) => retryOutboxMessage(ctx.prisma, input.id)),

  outboxById: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/email/outbox/{id}',
        tags: outboxTags,
        protect: true,
        summary: 'Kimenő levél',
        description:
          'A specifikáción túli művelet: egy kimenő levél a HTML- és a szöveges változattal, kézbesítési állapottal.',
      },
    })
    .input(ZIdInput)
    .output(ZOutboxMessage)
    .query(({ ctx, input }) => getOutboxMessage(ctx.prisma, input.id)),

  byId: staffProcedure('settings:write')
    .meta({
      openapi: { method: 'GET', path: '/email/{id}', tags, protect: true, summary: 'E-mail-sablon' },
    })
    .input(ZIdInput)
    .output(ZEmailTemplate)
    .query(({ ctx, input }) => getEmailTemplate(ctx.prisma, input.id)),

  create: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/email',
        tags,
        protect: true,
        summary: 'E-mail-sablon létrehozása',
        description: 'A kulcs egyedi; foglalt kulcsra 409.',
      },
    })
    .input(ZEmailTemplateCreateInput)
    .output(ZEmailTemplate)
    .mutation(({ ctx, input }) => createEmailTemplate(ctx.prisma, input)),

  update: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/email',
        tags,
        protect: true,
        summary: 'E-mail-sablon módosítása',
        description: 'Csak a megadott mezők változnak. A beépített sablonok kulcsa nem módosítható (409).',
      },
    })
    .input(ZEmailTemplateUpdateInput)
    .output(ZEmailTemplate)
    .mutation(async ({ ctx, input }) =>
      updateEmailTemplate(
        ctx.prisma,
        await withoutReadOnly(ZEmailTemplateUpdateInput, input, () => getEmailTemplate(ctx.prisma, input.id)),
      ),
    ),

  delete: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/email/{id}',
        tags,
        protect: true,
        summary: 'E-mail-sablon törlése',
        description: 'A webáruház hat beépített sablonja nem törölhető (409).',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteEmailTemplate(ctx.prisma, input.id);
      return { ok: true as const };
    }),
});
