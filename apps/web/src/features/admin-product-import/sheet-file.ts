import { IMPORT_UPLOAD_MAX_BYTES, XLSX_CONTENT_TYPE } from '@shop/api/schemas';
import { formatFileSize } from '@shop/ui';

/** What is wrong with a chosen sheet, said before anything is sent (the server checks the same), or null. */
export function sheetFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return `${file.name}: csak CSV vagy XLSX táblázat importálható.`;
  if (file.size > IMPORT_UPLOAD_MAX_BYTES) {
    return `${file.name} (${formatFileSize(file.size)}) túl nagy: legfeljebb 50 MB-os táblázat tölthető fel.`;
  }
  return null;
}

/** What is wrong with a chosen pictures ZIP, said before anything is sent, or null. */
export function picturesFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.zip$/i.test(file.name)) return `${file.name}: a képeket egy ZIP-fájlban várjuk.`;
  if (file.size > IMPORT_UPLOAD_MAX_BYTES) {
    return `${file.name} (${formatFileSize(file.size)}) túl nagy: legfeljebb 50 MB-os ZIP tölthető fel.`;
  }
  return null;
}

/**
 * The type a sheet is sent as, from its name: browsers label a CSV differently (Windows with Excel says
 * `application/vnd.ms-excel`, some say nothing), and the server reads the format from the bytes anyway.
 */
export function sheetContentType(fileName: string): string {
  return /\.xlsx$/i.test(fileName) ? XLSX_CONTENT_TYPE : 'text/csv';
}

export const PICTURES_CONTENT_TYPE = 'application/zip';
