import type { TProductImportOutcome } from '@shop/api/schemas';
import { OUTCOMES } from './import-search';
import type { ImportJobView, ImportRowView } from './import-types';

/** The words and colours the import screen uses for a row's outcome and a job's state. */
export const OUTCOME_LABELS: Record<TProductImportOutcome, string> = {
  created: 'Új',
  changed: 'Módosul',
  unchanged: 'Változatlan',
  refused: 'Elutasítva',
};

export const OUTCOME_PALETTES: Record<TProductImportOutcome, string> = {
  created: 'green',
  changed: 'blue',
  unchanged: 'gray',
  refused: 'red',
};

export const STATUS_LABELS: Record<ImportJobView['status'], string> = {
  uploaded: 'Feltöltve',
  checked: 'Próba kész',
  pending: 'Fut',
  done: 'Kész',
  failed: 'Megállt',
};

export const STATUS_PALETTES: Record<ImportJobView['status'], string> = {
  uploaded: 'gray',
  checked: 'blue',
  pending: 'orange',
  done: 'green',
  failed: 'red',
};

/** A changed value is cut here in the table (a description can be pages long); the report has it whole. */
const VALUE_MAX = 80;

function shortValue(value: string): string {
  if (!value) return '–';
  return value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}…` : value;
}

/**
 * One change of a row as the table shows it: "Bruttó ár (Ft): 2990 → 3290"; a new product's fields
 * have no old value, so they read "Bruttó ár (Ft): 2990".
 */
export function changeText(change: ImportRowView['changes'][number]): string {
  if (!change.from) return `${change.field}: ${shortValue(change.to)}`;
  return `${change.field}: ${shortValue(change.from)} → ${shortValue(change.to)}`;
}

/** The first of the sample rows' values in a column that is not empty, to show what the column holds. */
export function sampleValue(sample: readonly (readonly string[])[], column: number): string | null {
  for (const row of sample) {
    const value = row[column]?.trim();
    if (value) return value;
  }
  return null;
}

/** "2 új · 1 módosul · 0 változatlan · 1 elutasítva" for a job's counts. */
export function countsText(job: Pick<ImportJobView, TProductImportOutcome>): string {
  return OUTCOMES.map((outcome) => `${job[outcome]} ${OUTCOME_LABELS[outcome].toLowerCase()}`).join(' · ');
}
