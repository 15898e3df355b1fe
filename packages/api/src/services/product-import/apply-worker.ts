import type { PrismaClient } from '@shop/db';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { claimDueRows } from '../queue-claim';
import { type ApplyDeps, applyRow, ensureCategories, ensurePropertyValues, importPicture } from './apply-row';
import { storedSheet } from './import-jobs';
import type { RowPlan } from './plan-row';
import { firstRowOfCodes, parseRows, planRows } from './plan-sheet';
import type { Mapping, PresetId } from './presets';

/** Rows planned and written together; the job's progress and lease move on after each batch. */
export const APPLY_BATCH = 100;
/** A claimed job is hidden from other servers this long after each batch; a dead server's job comes due again. */
const LEASE_MS = 5 * 60_000;

type Outcome = 'created' | 'changed' | 'unchanged' | 'refused';

/**
 * Applies one batch of a job's rows: plans them against the shop as it is now, creates the
 * categories, property values and pictures they name, plans them again with those in place and
 * writes each changed row whole. A row already written by an earlier run of the job plans as
 * unchanged now, so a job picked up again after a crash writes nothing twice.
 */
async function applyBatch(
  deps: ApplyDeps,
  rows: Parameters<typeof planRows>[1],
  firstRowOfCode: Map<string, number>,
): Promise<{ plan: RowPlan; outcome: Outcome; message: string | null }[]> {
  const first = await planRows(deps.prisma, rows, deps.publicUrl, firstRowOfCode);
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
  for (const address of new Set(writing.flatMap((plan) => plan.newPictures))) {
    const problem = await importPicture(deps, first.state, address);
    if (problem) pictureProblems.set(address, problem);
  }
  const { plans, state } = await planRows(deps.prisma, rows, deps.publicUrl, firstRowOfCode);
  const results: { plan: RowPlan; outcome: Outcome; message: string | null }[] = [];
  for (const plan of plans) {
    if (plan.outcome === 'refused' || plan.outcome === 'unchanged') {
      results.push({ plan, outcome: plan.outcome, message: plan.message });
      continue;
    }
    const failedPictures = plan.newPictures.flatMap((address) => pictureProblems.get(address) ?? []);
    const problem = failedPictures.length ? failedPictures.join(' ') : await applyRow(deps, plan, state);
    results.push(
      problem
        ? { plan, outcome: 'refused', message: problem }
        : { plan, outcome: plan.outcome, message: null },
    );
  }
  return results;
}

/** Runs one claimed job to its end, batch by batch from where an earlier run stopped. */
export async function runImportJob(deps: ApplyDeps, id: number): Promise<void> {
  const job = await deps.prisma.productImport.findUnique({
    where: { id },
    select: { status: true, processedRows: true, mapping: true, preset: true },
  });
  if (job?.status !== 'pending') return;
  const { sheet } = await storedSheet(deps.prisma, id);
  const rows = parseRows(sheet, job.mapping as Mapping, job.preset as PresetId | null);
  const firstRowOfCode = firstRowOfCodes(rows);
  for (let start = job.processedRows; start < rows.length; start += APPLY_BATCH) {
    const batch = rows.slice(start, start + APPLY_BATCH);
    const results = await applyBatch(deps, batch, firstRowOfCode);
    const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
    await deps.prisma.$transaction(async (tx) => {
      for (const { plan, outcome, message } of results) {
        await tx.productImportRow.upsert({
          where: { importId_rowNumber: { importId: id, rowNumber: plan.rowNumber } },
          create: {
            importId: id,
            rowNumber: plan.rowNumber,
            sku: plan.sku,
            name: plan.name,
            outcome,
            changes: plan.changes,
            message,
          },
          update: { outcome, changes: plan.changes, message },
          select: { rowNumber: true },
        });
      }
      await tx.productImport.update({
        where: { id },
        data: {
          processedRows: Math.min(start + APPLY_BATCH, rows.length),
          created: { increment: count('created') },
          changed: { increment: count('changed') },
          unchanged: { increment: count('unchanged') },
          refused: { increment: count('refused') },
          nextAttemptAt: new Date(Date.now() + LEASE_MS),
        },
        select: { id: true },
      });
    });
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
