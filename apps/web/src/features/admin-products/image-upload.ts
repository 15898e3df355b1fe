import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES } from '@shop/api/schemas';

/** Reads a chosen file as the base64 text media.upload takes, after the checks the server also makes. */
export function readImageFile(
  file: File,
): Promise<{ fileName: string; mimeType: string; dataBase64: string }> {
  if (!(MEDIA_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return Promise.reject(new Error(`${file.name}: csak JPEG, PNG, WebP vagy GIF kép tölthető fel.`));
  }
  if (file.size > MEDIA_MAX_BYTES) {
    return Promise.reject(new Error(`${file.name}: a kép legfeljebb 8 MB lehet.`));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve({
        fileName: file.name,
        mimeType: file.type,
        dataBase64: result.slice(result.indexOf(',') + 1),
      });
    };
    reader.onerror = () => reject(new Error(`${file.name}: a fájl nem olvasható.`));
    reader.readAsDataURL(file);
  });
}
