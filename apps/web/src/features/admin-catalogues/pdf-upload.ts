import { MEDIA_PDF_MAX_BYTES, MEDIA_PDF_TOO_LARGE } from '@shop/api/schemas';

/** Reads a chosen PDF as the base64 text media.upload takes, after the checks the server also makes. */
export function readPdfFile(file: File): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
  if (file.type && file.type !== 'application/pdf') {
    return Promise.reject(new Error(`${file.name}: csak PDF-fájl tölthető fel katalógusként.`));
  }
  if (file.size > MEDIA_PDF_MAX_BYTES)
    return Promise.reject(new Error(`${file.name}: ${MEDIA_PDF_TOO_LARGE}`));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve({
        fileName: file.name,
        mimeType: 'application/pdf',
        dataBase64: result.slice(result.indexOf(',') + 1),
      });
    };
    reader.onerror = () => reject(new Error(`${file.name}: a fájl nem olvasható.`));
    reader.readAsDataURL(file);
  });
}
