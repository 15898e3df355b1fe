import type { DocumentedOperation } from './operations';

/** Procedures with `download: true` (CSV) or `'pdf'` answer a file over REST (see the REST mirror), not JSON. */
export function describeDownload({ operation, meta }: DocumentedOperation): void {
  if (!meta.download) return;
  const ok = operation.responses?.['200'];
  if (!ok || '$ref' in ok) return;
  if (meta.download === 'pdf') {
    ok.description = 'A PDF-fájl; a `Content-Disposition` fejléc adja a fájlnevet.';
    ok.content = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
    return;
  }
  ok.description =
    'A letöltendő CSV-fájl (UTF-8, pontosvesszővel tagolva); a `Content-Disposition` fejléc adja a fájlnevet.';
  ok.content = { 'text/csv': { schema: { type: 'string' } } };
}
