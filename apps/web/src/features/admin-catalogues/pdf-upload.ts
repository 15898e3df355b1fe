import { MEDIA_PDF_MAX_BYTES, MEDIA_PDF_TOO_LARGE } from '@shop/api/schemas';
import { readFileAsBase64 } from '../../lib/read-file';

/** Reads a chosen PDF as the base64 text media.upload takes, after the checks the server also makes. */
export async function readPdfFile(
  file: File,
): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
  if (file.type && file.type !== 'application/pdf') {
    throw new Error(`${file.name}: csak PDF-fájl tölthető fel katalógusként.`);
  }
  if (file.size > MEDIA_PDF_MAX_BYTES) throw new Error(`${file.name}: ${MEDIA_PDF_TOO_LARGE}`);
  return { fileName: file.name, mimeType: 'application/pdf', dataBase64: await readFileAsBase64(file) };
}
