import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TFileOutput } from '../../schemas';
import { IMPORT_TOO_LARGE, IMPORT_UPLOAD_MAX_BYTES } from '../../schemas/product-import';
import { IMPORT_FIELDS, type ImportField, type PresetId } from '../../schemas/product-sheet';
import { csvFile } from '../csv';
import { readZipDirectory } from './pictures-zip';
import { pictureSources, type RowPlan } from './plan-row';
import { parseRows, planRows, sheetCodes } from './plan-sheet';
import { detectPreset, headerKey, type Mapping, proposeMapping } from './presets';
import { readSheet, type Sheet } from './read-sheet';

export const IMPORT_NOT_FOUND = 'Nincs ilyen import.';
const OUTCOME_LABELS: Record<string, string> = {
  created: 'új',
  changed: 'módosul',
  unchanged: 'változatlan',
  refused: 'elutasítva',
};

type Deps = { prisma: PrismaClient; cache: VersionedCache; publicUrl: string };

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', message, [{ path, message }]);
}

/**
 * An upload's bytes: the request body itself when the REST mirror received the file raw (it stopped
 * reading at the limit), else the base64 field.
 */
function fileBytes(uploaded: Uint8Array | undefined, dataBase64: string | undefined): Uint8Array {
  const path = 'dataBase64';
  if (uploaded) {
    if (uploaded.byteLength === 0) throw invalid(path, 'A fájl üres.');
    return uploaded;
  }
  if (dataBase64 === undefined) {
    throw invalid(
      path,
      'Hiányzik a fájl: base64-ben a dataBase64 mezőben, vagy maga a fájl a kérés törzseként.',
    );
  }
  const trimmed = dataBase64.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed)) throw invalid(path, 'A fájl tartalma nem base64.');
  const bytes = Buffer.from(trimmed, 'base64');
  if (bytes.byteLength === 0) throw invalid(path, 'A fájl üres.');
  if (bytes.byteLength > IMPORT_UPLOAD_MAX_BYTES) {
    throw new DomainError('payload_too_large', IMPORT_TOO_LARGE);
  }
  return bytes;
}

const VIEW_SELECT = {
  id: true,
  fileName: true,
  format: true,
  preset: true,
  headers: true,
  mapping: true,
  status: true,
  totalRows: true,
  processedRows: true,
  created: true,
  changed: true,
  unchanged: true,
  refused: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const satisfies Prisma.ProductImportSelect;

/** An import as the API answers it, without its file. */
function viewOf(job: Prisma.ProductImportGetPayload<{ select: typeof VIEW_SELECT }>) {
  return {
    ...job,
    preset: job.preset as PresetId | null,
    headers: job.headers as string[],
    mapping: (job.mapping ?? {}) as Mapping,
    status: job.status as 'uploaded' | 'checked' | 'pending' | 'done' | 'failed',
  };
}

export type ImportView = ReturnType<typeof viewOf>;

async function importView(prisma: PrismaClient, id: number): Promise<ImportView> {
  const job = await prisma.productImport.findUnique({ where: { id }, select: VIEW_SELECT });
  if (!job) throw new DomainError('not_found', IMPORT_NOT_FOUND);
  return viewOf(job);
}

/**
 * Stores an uploaded sheet as an import: reads it once to refuse what cannot be read and to find its
 * headers, recognises the engine that wrote it, and offers the mapping last used for the same headers
 * (else the preset's).
 */
export async function uploadImport(
  prisma: PrismaClient,
  input: { fileName: string; dataBase64?: string | undefined },
  uploaded: Uint8Array | undefined,
  userId: number | null,
) {
  const bytes = fileBytes(uploaded, input.dataBase64);
  const { format, sheet } = await readSheet(bytes);
  if (sheet.rows.length === 0) throw invalid('dataBase64', 'A fájlban nincs egy termék sora sem.');
  const preset = detectPreset(sheet.headers);
  const remembered = await prisma.productImportMapping.findUnique({
    where: { headerKey: headerKey(sheet.headers) },
    select: { mapping: true },
  });
  const mapping = (remembered?.mapping as Mapping | undefined) ?? proposeMapping(sheet.headers, preset);
  const job = await prisma.productImport.create({
    data: {
      fileName: input.fileName.slice(0, 200),
      format,
      file: new Uint8Array(bytes),
      preset,
      headers: sheet.headers,
      mapping,
      totalRows: sheet.rows.length,
      createdById: userId,
    },
    select: { id: true },
  });
  return {
    ...(await importView(prisma, job.id)),
    sample: sheet.rows.slice(0, 3),
    mappingRemembered: Boolean(remembered),
  };
}

async function storedSheet(
  prisma: PrismaClient,
  id: number,
): Promise<{ sheet: Sheet; pictures: Uint8Array | null }> {
  const job = await prisma.productImport.findUnique({
    where: { id },
    select: { file: true, pictures: true },
  });
  if (!job) throw new DomainError('not_found', IMPORT_NOT_FOUND);
  return { sheet: (await readSheet(job.file)).sheet, pictures: job.pictures };
}

/**
 * Stores the ZIP of pictures whose file names the sheet's picture cells may give, before the dry
 * run: it checks them. A later ZIP replaces the earlier one.
 */
export async function attachPictures(
  prisma: PrismaClient,
  input: { id: number; dataBase64?: string | undefined },
  uploaded: Uint8Array | undefined,
) {
  const { id } = input;
  const job = await importView(prisma, id);
  if (job.status === 'pending' || job.status === 'done') {
    throw new DomainError('conflict', 'Ez az import már elindult; a képeket a próba előtt kell feltölteni.');
  }
  const bytes = fileBytes(uploaded, input.dataBase64);
  const directory = await readZipDirectory(bytes);
  await prisma.productImport.update({
    where: { id },
    data: { pictures: new Uint8Array(bytes), status: 'uploaded' },
    select: { id: true },
  });
  return {
    ...(await importView(prisma, id)),
    pictureCount: new Set([...directory.values()].map((picture) => picture.path)).size,
  };
}

function checkMapping(headers: readonly string[], mapping: Mapping): void {
  const used = new Map<ImportField, string>();
  for (const [header, field] of Object.entries(mapping)) {
    if (!headers.includes(header)) throw invalid('mapping', `A fájlban nincs „${header}” oszlop.`);
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) {
      throw invalid('mapping', `Ismeretlen mező: „${field}”.`);
    }
    const earlier = used.get(field);
    if (earlier) throw invalid('mapping', `„${earlier}” és „${header}” ugyanarra a mezőre mutat.`);
    used.set(field, header);
  }
  if (!used.has('sku')) {
    throw invalid('mapping', 'A cikkszám oszlopát meg kell adni: a sorokat a cikkszámuk köti a termékekhez.');
  }
}

export type RowRecord = {
  rowNumber: number;
  sku: string | null;
  name: string | null;
  outcome: string;
  changes: unknown[] | null;
  message: string | null;
  productId: number | null;
};

/**
 * Writes an import's row outcomes in one statement: the rows travel as one JSON parameter, which
 * PostgreSQL unpacks, instead of ten thousand rows of bound values.
 */
export async function insertRowRecords(
  tx: Prisma.TransactionClient,
  importId: number,
  records: readonly RowRecord[],
) {
  if (!records.length) return;
  await tx.$executeRaw`
    INSERT INTO "ProductImportRow" ("importId", "rowNumber", sku, name, outcome, changes, message, "productId")
    SELECT ${importId}, r."rowNumber", r.sku, r.name, r.outcome, r.changes, r.message, r."productId"
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      AS r("rowNumber" int, sku text, name text, outcome text, changes jsonb, message text, "productId" int)`;
}

async function storeRowPlans(tx: Prisma.TransactionClient, importId: number, plans: readonly RowPlan[]) {
  await insertRowRecords(
    tx,
    importId,
    plans.map((plan) => ({
      rowNumber: plan.rowNumber,
      sku: plan.sku,
      name: plan.name,
      outcome: plan.outcome,
      changes: plan.changes.length ? plan.changes : null,
      message: plan.message ?? planNote(plan),
      productId: plan.target?.stored?.id ?? null,
    })),
  );
}

/** What the dry run adds beside the field changes: the names the shop will create, the pictures it will fetch. */
function planNote(plan: RowPlan): string | null {
  const notes = [
    ...plan.newCategories.map((path) => `új kategória: ${path.join(' > ')}`),
    ...plan.newValues.map(([property, value]) => `új tulajdonságérték: ${property}: ${value}`),
    ...(plan.newPictures.length ? [`${plan.newPictures.length} új kép`] : []),
  ];
  return notes.length ? notes.join('; ') : null;
}

/**
 * The dry run: every row compared with the shop, stored as created / changed (field, old → new) /
 * unchanged / refused with its reason, and nothing else written. The mapping is remembered for the
 * next sheet with the same headers.
 */
export async function checkImport(
  deps: Deps,
  id: number,
  input: { mapping: Mapping; preset: PresetId | null },
) {
  const job = await importView(deps.prisma, id);
  if (job.status === 'pending' || job.status === 'done') {
    throw new DomainError('conflict', 'Ez az import már elindult; új próbához töltsd fel újra a fájlt.');
  }
  checkMapping(job.headers, input.mapping);
  const { sheet, pictures } = await storedSheet(deps.prisma, id);
  const rows = parseRows(sheet, input.mapping, input.preset);
  const zip = pictures ? await readZipDirectory(pictures) : null;
  const { plans } = await planRows(deps.prisma, rows, pictureSources(deps.publicUrl, zip), sheetCodes(rows));
  const count = (outcome: string) => plans.filter((plan) => plan.outcome === outcome).length;
  await deps.prisma.$transaction(async (tx) => {
    await tx.productImportRow.deleteMany({ where: { importId: id } });
    await storeRowPlans(tx, id, plans);
    await tx.productImport.update({
      where: { id },
      data: {
        mapping: input.mapping,
        preset: input.preset,
        status: 'checked',
        created: count('created'),
        changed: count('changed'),
        unchanged: count('unchanged'),
        refused: count('refused'),
      },
      select: { id: true },
    });
    const key = headerKey(job.headers);
    await tx.productImportMapping.upsert({
      where: { headerKey: key },
      create: { headerKey: key, mapping: input.mapping },
      update: { mapping: input.mapping },
      select: { headerKey: true },
    });
  });
  return importView(deps.prisma, id);
}

/**
 * Queues a checked import for the background worker. Starting it again while it runs or after it
 * finished answers it as it is: a double click starts one run.
 */
export async function startImport(prisma: PrismaClient, id: number) {
  const job = await importView(prisma, id);
  if (job.status === 'uploaded' || job.status === 'failed') {
    throw new DomainError('conflict', 'Előbb futtasd le a próbát (ellenőrzés), és nézd át az eredményét.');
  }
  if (job.status === 'checked') {
    await prisma.productImport.updateMany({
      where: { id, status: 'checked' },
      data: {
        status: 'pending',
        processedRows: 0,
        created: 0,
        changed: 0,
        unchanged: 0,
        refused: 0,
        nextAttemptAt: new Date(),
      },
    });
  }
  return importView(prisma, id);
}

export function getImport(prisma: PrismaClient, id: number) {
  return importView(prisma, id);
}

export async function listImports(prisma: PrismaClient) {
  const jobs = await prisma.productImport.findMany({
    orderBy: { id: 'desc' },
    take: 20,
    select: VIEW_SELECT,
  });
  return jobs.map(viewOf);
}

export async function listImportRows(
  prisma: PrismaClient,
  id: number,
  { outcome, page, pageSize }: { outcome?: string | null; page: number; pageSize: number },
) {
  await importView(prisma, id);
  const where = { importId: id, ...(outcome ? { outcome } : {}) };
  const [total, rows] = await Promise.all([
    prisma.productImportRow.count({ where }),
    prisma.productImportRow.findMany({
      where,
      orderBy: { rowNumber: 'asc' },
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        rowNumber: true,
        sku: true,
        name: true,
        outcome: true,
        changes: true,
        message: true,
        productId: true,
      },
    }),
  ]);
  return {
    total,
    items: rows.map((row) => ({
      ...row,
      outcome: row.outcome as 'created' | 'changed' | 'unchanged' | 'refused',
      changes: (row.changes ?? []) as { field: string; from: string; to: string }[],
    })),
  };
}

/** The report as a CSV Hungarian Excel opens: one line per row with its outcome, changes and reason. */
export async function importReport(prisma: PrismaClient, id: number): Promise<TFileOutput> {
  const job = await importView(prisma, id);
  const rows = await prisma.productImportRow.findMany({
    where: { importId: id },
    orderBy: { rowNumber: 'asc' },
    select: { rowNumber: true, sku: true, name: true, outcome: true, changes: true, message: true },
  });
  return csvFile(
    `import-${job.id}-jelentes`,
    ['Sor', 'Cikkszám', 'Név', 'Eredmény', 'Változások', 'Megjegyzés'],
    rows.map((row) => [
      row.rowNumber,
      row.sku,
      row.name,
      OUTCOME_LABELS[row.outcome] ?? row.outcome,
      ((row.changes ?? []) as { field: string; from: string; to: string }[])
        .map((change) => `${change.field}: ${change.from || '–'} → ${change.to || '–'}`)
        .join('; ') || null,
      row.message,
    ]),
  );
}

export { storedSheet };
