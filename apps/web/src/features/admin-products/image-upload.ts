import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES } from '@shop/api/schemas';
import { readFileAsBase64 } from '../../lib/read-file';

/** Reads a chosen file as the base64 text media.upload takes, after the checks the server also makes. */
export async function readImageFile(
  file: File,
): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
  if (!(MEDIA_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    throw new Error(`${file.name}: csak JPEG, PNG, WebP vagy GIF kép tölthető fel.`);
  }
  if (file.size > MEDIA_MAX_BYTES) {
    throw new Error(`${file.name}: a kép legfeljebb 8 MB lehet.`);
  }
  return { fileName: file.name, mimeType: file.type, dataBase64: await readFileAsBase64(file) };
}
