import { z } from 'zod';
import { ZBackupStatus } from '../schemas';
import { backupNow, backupStatus } from '../services/backup/status';
import { adminProcedure, router } from '../trpc';

const TAGS = ['Mentések'];

export const backupRouter = router({
  status: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/backups',
        tags: TAGS,
        protect: true,
        summary: 'A bolt mentéseinek állapota',
        description:
          'A specifikáción túli művelet az /admin/backups oldalhoz: a legutóbbi és a legutóbbi sikeres mentés (idő, méret, fájlnév, mappa, szerver), és figyelmeztetés, ha a legutóbbi sikeres mentés egy napnál régebbi, hiányzik, vagy a legutóbbi nem sikerült.',
      },
    })
    .input(z.void())
    .output(ZBackupStatus)
    .query(({ ctx }) => backupStatus(ctx.prisma)),
  run: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/backups',
        tags: TAGS,
        protect: true,
        summary: 'Mentés most',
        description:
          'A szerver mentési feladata most ment (adatbázis és az adatkönyvtár fájljai egy .tar.gz fájlba a BACKUP_DIR mappába), és a mentés elkészülte után az új állapottal válaszol.',
      },
    })
    .input(z.void())
    .output(ZBackupStatus)
    .mutation(({ ctx }) => backupNow(ctx.prisma)),
});
