/** A file an API answer carries: what the download procedures return over tRPC. */
export type FileAnswer = { filename: string; contentType: string; content: string };

/**
 * How an answer's `content` holds the file: `text` is the file itself (CSV, JSON), `base64` its bytes
 * (PDFs and spreadsheets, which JSON cannot carry as they are).
 */
export type FileEncoding = 'text' | 'base64';

/** Hands a file made in the browser to the user's downloads under the given name. */
export function saveFile(filename: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel a download the browser has not started reading yet.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The bytes base64 text stands for; `atob` alone gives a string, which a Blob would save as UTF-8 text. */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Hands a file an API answer carries to the user's downloads, decoding its content as the answer holds it. */
export function saveFileAnswer(file: FileAnswer, encoding: FileEncoding): void {
  saveFile(file.filename, encoding === 'base64' ? base64Bytes(file.content) : file.content, file.contentType);
}
