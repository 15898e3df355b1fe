import { XLSX_CONTENT_TYPE } from '../schemas/product-export';
import type { DocumentedOperation } from './operations';

/** Procedures with `download: true` (CSV), `'pdf'` or `'spreadsheet'` answer a file over REST (see the REST mirror), not JSON. */
export function describeDownload({ operation, meta }: DocumentedOperation): void {
  if (!meta.download) return;
  const ok = operation.responses?.['200'];
  if (!ok || '$ref' in ok) return;
  if (meta.download === 'spreadsheet') {
    ok.description =
      'A letöltendő táblázat a kért formátumban (`format`): CSV (UTF-8 BOM-mal, pontosvesszővel tagolva) vagy XLSX; a `Content-Disposition` fejléc adja a fájlnevet.';
    ok.content = {
      'text/csv': { schema: { type: 'string' } },
      [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
    };
    return;
  }
  if (meta.download === 'pdf') {
    ok.description = 'A PDF-fájl; a `Content-Disposition` fejléc adja a fájlnevet.';
    ok.content = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
    return;
  }
  ok.description =
    'A letöltendő CSV-fájl (UTF-8, pontosvesszővel tagolva); a `Content-Disposition` fejléc adja a fájlnevet.';
  ok.content = { 'text/csv': { schema: { type: 'string' } } };
}
