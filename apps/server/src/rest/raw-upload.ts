import type { Readable } from 'node:stream';
import { DomainError, MESSAGES } from '@shop/api';
import { base64LengthOf } from '@shop/api/schemas';
import { isJsonContentType } from './input';
import type { RawUpload } from './operations';

/** Room for the JSON around an upload's base64 field (its name, the file name, the id). */
const JSON_ENVELOPE_BYTES = 64 * 1024;

/** What an upload route received: a JSON body to parse, or the file itself. */
export type UploadBody = { kind: 'json'; raw: Buffer | undefined } | { kind: 'file'; bytes: Buffer };

/** `text/csv; charset=utf-8` → `text/csv`. */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * Reads an upload route's body as it arrives (its context hands it over unparsed: rest-plugin.ts). A
 * file in one of the operation's types becomes the bytes the procedure reads (`ctx.uploadedFile`);
 * JSON stays JSON, with the file in base64 inside it. Either is refused with 413 once it passes the
 * limit: at once when the announced length is over it, else at the first chunk over it, without
 * reading the rest.
 */
export async function readUploadBody(
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
  upload: RawUpload,
): Promise<UploadBody> {
  const contentType = request.headers['content-type'];
  const mediaType = mediaTypeOf(typeof contentType === 'string' ? contentType : undefined);
  const stream = request.body as Readable | undefined;
  const tooLarge = () => new DomainError('payload_too_large', upload.tooLarge);
  if (mediaType === undefined || isJsonContentType(mediaType)) {
    const limit = base64LengthOf(upload.maxBytes) + JSON_ENVELOPE_BYTES;
    return {
      kind: 'json',
      raw: stream ? await readLimited(stream, limit, announcedLength(request), tooLarge) : undefined,
    };
  }
  if (!upload.contentTypes.includes(mediaType)) {
    throw new DomainError(
      'unsupported_media_type',
      `${MESSAGES.unsupportedMediaType} A fájl maga is lehet a törzs: ${upload.contentTypes.join(', ')}.`,
    );
  }
  const bytes = stream
    ? await readLimited(stream, upload.maxBytes, announcedLength(request), tooLarge)
    : Buffer.alloc(0);
  return { kind: 'file', bytes };
}

function announcedLength(request: { headers: Record<string, string | string[] | undefined> }): number {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) ? length : 0;
}

/**
 * Collects a body up to `limit` bytes. Over it, it stops listening and leaves the connection to be
 * closed after the 413 (the caller marks it so); destroying the request here would lose the answer.
 */
function readLimited(
  stream: Readable,
  limit: number,
  announced: number,
  tooLarge: () => DomainError,
): Promise<Buffer> {
  if (announced > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        stop();
        stream.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    // A sender that gives up half way closes the request without an end.
    const onError = (error?: Error) => {
      stop();
      reject(new DomainError('invalid_input', MESSAGES.badRequest, undefined, { cause: error }));
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onError);
  });
}
