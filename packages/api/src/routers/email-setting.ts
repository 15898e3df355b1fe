import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import { ZEmailSetting, ZEmailSettingUpdateInput } from '../schemas';
import { getEmailSetting, updateEmailSetting } from '../services/email/settings';
import { router, staffProcedure } from '../trpc';

const tags = ['E-mail-beállítások'];

export const emailSettingRouter = router({
  get: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/emailsetting',
        tags,
        protect: true,
        summary: 'E-mail-beállítások',
        description:
          'Az SMTP-jelszó soha nem szerepel a válaszban, csak az, hogy van-e mentve (`smtpPasswordSet`). `deliveryEnabled` hamis, amíg nincs SMTP-kiszolgáló: ekkor a levelek a kimenő levelek között várakoznak.',
      },
    })
    .input(z.void())
    .output(ZEmailSetting)
    .query(({ ctx }) => getEmailSetting(ctx.prisma)),

  update: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/emailsetting',
        tags,
        protect: true,
        summary: 'E-mail-beállítások mentése',
        description:
          'Minden mezőt felülír. Az `smtpPassword` elhagyva megtartja a mentett jelszót, üres szöveg vagy null törli, más érték lecseréli. Üres `smtpHost` kikapcsolja a küldést (demó mód).',
      },
    })
    .input(ZEmailSettingUpdateInput)
    .output(ZEmailSetting)
    .mutation(async ({ ctx, input }) =>
      updateEmailSetting(
        ctx.prisma,
        await withoutReadOnly(ZEmailSettingUpdateInput, input, () => getEmailSetting(ctx.prisma)),
      ),
    ),
});
