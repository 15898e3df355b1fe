import { handleSessionExpired } from './session';
import { readToken } from './storage';

const FALLBACK_MESSAGE = 'A feltöltés nem sikerült. Ellenőrizd a kapcsolatot, és próbáld újra!';

/** A refused upload: the server's Hungarian message and its status (0 when the network failed). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends a chosen file as the body of a REST upload (the procedures with `upload` in their meta), as
 * the browser reads it from disk: no base64 copy of a 50 MB sheet in memory, and the progress of the
 * bytes sent, which fetch cannot report. Resolves with the JSON answer; a 401 ends the session as
 * every other POST does.
 */
export function uploadFile<T>(
  url: string,
  file: Blob,
  contentType: string,
  onProgress?: (sentFraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('content-type', contentType);
    const token = readToken();
    if (token) request.setRequestHeader('token', token);
    request.responseType = 'json';
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      if (request.status === 401) handleSessionExpired();
      reject(new UploadError(messageOf(body) ?? FALLBACK_MESSAGE, request.status));
    };
    request.onerror = () => reject(new UploadError(FALLBACK_MESSAGE, 0));
    request.send(file);
  });
}

function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  return typeof body.message === 'string' && body.message !== '' ? body.message : null;
}
