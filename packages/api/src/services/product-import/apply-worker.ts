import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { PresetId } from '../../schemas/product-sheet';
import { invalidateCatalogue } from '../catalogue/in-memory-index';
import { codeHolders, duplicateCodeError, isCodeClash } from '../catalogue/product-codes';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { claimDueRows } from '../queue-claim';
import {
  type ApplyDeps,
  checkedInput,
  ensureCategories,
  ensurePropertyValues,
  importPicture,
  writeRow,
} from './apply-row';
import type { ParsedRow } from './cells';
import { createProducts, type NewProduct } from './create-products';
import type { PictureFetcher } from './fetch-picture';
import { insertRowRecords, storedSheet } from './import-jobs';
import { readZipDirectory, readZipPicture } from './pictures-zip';
import { type PictureSourceOf, pictureSources, type RowPlan } from './plan-row';
import { parseRows, planRows, type SheetCodes, sheetCodes } from './plan-sheet';
import type { Mapping } from './presets';

/** Rows planned and written together; the job's progress and lease move on after each batch. */
export const APPLY_BATCH = 500;
/** A claimed job is hidden from other servers this long after each batch; a dead server's job comes due again. */
const LEASE_MS = 5 * 60_000;

type Outcome = 'created' | 'changed' | 'unchanged' | 'refused';

/** A batch's writes wait this long at most for the single connection of the embedded database. */
const BATCH_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

/**
 * Applies one batch of a job's rows: plans them against the shop as it is now, creates the
 * categories, property values and pictures they name, plans them again with those in place, then in
 * one transaction writes each changed row behind its own savepoint (a refused row leaves nothing
 * behind), records every row's outcome and moves the job's progress on. So a batch is recorded
 * exactly when it is written, and a job picked up again after a crash resumes after its last batch.
 */
async function applyBatch(
  deps: ApplyDeps,
  job: JobSheet,
  rows: readonly ParsedRow[],
  processedRows: number,
): Promise<void> {
  const { id, sourceOf, codes } = job;
  const first = await planRows(deps.prisma, rows, sourceOf, codes);
  const writing = first.plans.filter((plan) => plan.outcome === 'created' || plan.outcome === 'changed');
  await ensureCategories(
    deps,
    first.state,
    writing.flatMap((plan) => plan.newCategories),
  );
  await ensurePropertyValues(
    deps,
    first.state,
    writing.flatMap((plan) => plan.newValues),
  );
  const pictureProblems = new Map<string, string>();
  let fetched = 0;
  for (const address of new Set(writing.flatMap((plan) => plan.newPictures))) {
    // Fetching can take 15 s a picture: the lease is renewed as it goes, so no other server
    // takes the job while this one still works on it.
    if (fetched++ % 10 === 0) await renewLease(deps.prisma, id);
    const problem = await importPicture(deps, first.state, address, job.bring);
    if (problem) pictureProblems.set(address, problem);
  }
  const now = new Date();
  await deps.prisma.$transaction(async (tx) => {
    const { plans, state } = await planRows(tx, rows, sourceOf, codes);
    const outcomes = new Map<number, { outcome: Outcome; message: string | null }>();
    const perRow: RowPlan[] = [];
    const fresh: NewProduct[] = [];
    for (const plan of plans) {
      const failedPictures = plan.newPictures.flatMap((address) => pictureProblems.get(address) ?? []);
      if (plan.outcome === 'refused' || plan.outcome === 'unchanged') {
        outcomes.set(plan.rowNumber, { outcome: plan.outcome, message: plan.message });
      } else if (failedPictures.length) {
        outcomes.set(plan.rowNumber, { outcome: 'refused', message: failedPictures.join(' ') });
      } else if (plan.outcome === 'created' && plan.target?.kind === 'product') {
        const input = checkedInput(plan, state);
        if (typeof input === 'string') outcomes.set(plan.rowNumber, { outcome: 'refused', message: input });
        else fresh.push({ rowNumber: plan.rowNumber, input: { ...input, kutiId: plan.sku as string } });
      } else perRow.push(plan);
    }
    if (fresh.length) {
      await tx.$executeRawUnsafe('SAVEPOINT import_batch');
      try {
        const refused = await createProducts(tx, fresh, now);
        await tx.$executeRawUnsafe('RELEASE SAVEPOINT import_batch');
        for (const { rowNumber } of fresh) {
          const message = refused.get(rowNumber);
          outcomes.set(
            rowNumber,
            message ? { outcome: 'refused', message } : { outcome: 'created', message: null },
          );
        }
      } catch {
        // One row broke a statement (a code another writer took meanwhile): each row on its own instead.
        await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT import_batch');
        const rowsByNumber = new Set(fresh.map((row) => row.rowNumber));
        perRow.push(...plans.filter((plan) => rowsByNumber.has(plan.rowNumber)));
      }
    }
    for (const plan of perRow) {
      await tx.$executeRawUnsafe('SAVEPOINT import_row');
      try {
        await writeRow(tx, plan, state, now);
        await tx.$executeRawUnsafe('RELEASE SAVEPOINT import_row');
        outcomes.set(plan.rowNumber, { outcome: plan.outcome as Outcome, message: null });
      } catch (error) {
        await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT import_row');
        outcomes.set(plan.rowNumber, { outcome: 'refused', message: refusalOf(error, plan) });
      }
    }
    const results = plans.map((plan) => ({
      plan,
      ...(outcomes.get(plan.rowNumber) as { outcome: Outcome; message: string | null }),
    }));
    await recordBatch(tx, id, results, processedRows + rows.length);
  }, BATCH_TRANSACTION);
  if (writing.length) invalidateCatalogue(deps.cache);
}

async function renewLease(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.productImport.update({
    where: { id },
    data: { nextAttemptAt: new Date(Date.now() + LEASE_MS) },
    select: { id: true },
  });
}

/** The Hungarian reason a row's write was refused; anything unforeseen stops the job. */
function refusalOf(error: unknown, plan: RowPlan): string {
  if (error instanceof DomainError) return error.message;
  if (plan.sku && isCodeClash(error)) return duplicateCodeError(plan.sku).message;
  throw error;
}

async function recordBatch(
  tx: Prisma.TransactionClient,
  id: number,
  results: readonly { plan: RowPlan; outcome: Outcome; message: string | null }[],
  processedRows: number,
): Promise<void> {
  const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
  await tx.productImportRow.deleteMany({
    where: { importId: id, rowNumber: { in: results.map((result) => result.plan.rowNumber) } },
  });
  // A created product's id exists only now; the report links each row to its product (a new
  // variant's row to the product it was added to).
  const productCodeOf = (plan: RowPlan) =>
    plan.target?.kind === 'newVariant' ? plan.target.productCode : plan.sku;
  const createdCodes = results.flatMap(({ plan, outcome }) => {
    const code = productCodeOf(plan);
    return outcome === 'created' && code ? [code] : [];
  });
  const createdIds = new Map(
    (await codeHolders(tx, createdCodes)).flatMap((holder) =>
      holder.variantId === null ? [[holder.asked, holder.productId] as const] : [],
    ),
  );
  await insertRowRecords(
    tx,
    id,
    results.map(({ plan, outcome, message }) => ({
      rowNumber: plan.rowNumber,
      sku: plan.sku,
      name: plan.name,
      outcome,
      changes: plan.changes.length ? plan.changes : null,
      message,
      productId: plan.target?.stored?.id ?? createdIds.get(productCodeOf(plan) ?? '') ?? null,
    })),
  );
  await tx.productImport.update({
    where: { id },
    data: {
      processedRows,
      created: { increment: count('created') },
      changed: { increment: count('changed') },
      unchanged: { increment: count('unchanged') },
      refused: { increment: count('refused') },
      nextAttemptAt: new Date(Date.now() + LEASE_MS),
    },
    select: { id: true },
  });
}

/** What the batches of one job share: its rows' codes, and where its pictures come from. */
type JobSheet = {
  id: number;
  codes: SheetCodes;
  sourceOf: PictureSourceOf;
  /** Brings a picture in by its source: fetched by address, or unpacked from the job's ZIP. */
  bring: PictureFetcher;
};

/** Runs one claimed job to its end, batch by batch from where an earlier run stopped. */
export async function runImportJob(deps: ApplyDeps, id: number): Promise<void> {
  const job = await deps.prisma.productImport.findUnique({
    where: { id },
    select: { status: true, processedRows: true, mapping: true, preset: true, pictures: true },
  });
  if (job?.status !== 'pending') return;
  const { sheet } = await storedSheet(deps.prisma, id);
  const rows = parseRows(sheet, job.mapping as Mapping, job.preset as PresetId | null);
  const zip = job.pictures ? await readZipDirectory(job.pictures) : null;
  const pathOf = new Map([...(zip?.values() ?? [])].map((picture) => [picture.source, picture.path]));
  const pictures = job.pictures;
  const context: JobSheet = {
    id,
    codes: sheetCodes(rows),
    sourceOf: pictureSources(deps.publicUrl, zip),
    bring: (source) =>
      source.startsWith('zip:') && pictures
        ? readZipPicture(pictures, pathOf.get(source) ?? '')
        : deps.fetchPicture(source),
  };
  for (let start = job.processedRows; start < rows.length; start += APPLY_BATCH) {
    await applyBatch(deps, context, rows.slice(start, start + APPLY_BATCH), start);
  }
  await deps.prisma.productImport.update({
    where: { id },
    data: { status: 'done', finishedAt: new Date() },
    select: { id: true },
  });
}

/** Claims due import jobs (one server each) and runs them; answers how many it finished. */
export async function runDueImports(deps: ApplyDeps, logger: WorkerLogger = silentLogger): Promise<number> {
  const ids = await claimDueRows(deps.prisma, 'ProductImport', {
    now: new Date(),
    leaseMs: LEASE_MS,
    batchSize: 1,
  });
  for (const id of ids) {
    try {
      await runImportJob(deps, id);
    } catch (error) {
      logger.error({ err: error, importId: id }, 'product import failed');
      await markFailed(deps.prisma, id);
    }
  }
  return ids.length;
}

async function markFailed(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.productImport.update({
    where: { id },
    data: {
      status: 'failed',
      error:
        'Az import váratlan hiba miatt megállt; a már beírt sorok megmaradtak. Töltsd fel újra a fájlt: a kész sorokat változatlannak fogja látni.',
      finishedAt: new Date(),
    },
    select: { id: true },
  });
}

export type ImportWorker = PeriodicWorker<number>;

export function startImportWorker(
  deps: ApplyDeps,
  { intervalMs = 2000, logger }: { intervalMs?: number; logger?: WorkerLogger } = {},
): ImportWorker {
  return startPeriodicWorker({
    run: () => runDueImports(deps, logger),
    idle: 0,
    intervalMs,
    logger,
    failureMessage: 'product import worker failed',
  });
}
