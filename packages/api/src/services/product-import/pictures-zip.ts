import type { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';
import { DomainError } from '../../errors';
import { MEDIA_MAX_BYTES } from '../../schemas/media';

/**
 * The ZIP of pictures an owner uploads beside a sheet whose picture cells name files ("bogre.jpg").
 * Only its directory is read to plan (names, sizes, checksums); a picture is unpacked when a row that
 * names it is applied, one at a time and never past 8 MB, whatever the directory claims.
 */
export const MAX_ZIP_PICTURES = 20_000;

export type ZipPicture = {
  /** The entry's path in the ZIP. */
  path: string;
  /**
   * Names the medium made from it, so the same picture in a later sheet's ZIP is found instead of
   * stored twice: the file name with its checksum and size.
   */
  source: string;
};

/** A ZIP's pictures by lower-cased file name and by lower-cased path. */
export type ZipDirectory = Map<string, ZipPicture>;

function unreadable(): DomainError {
  const message = 'A képeket tartalmazó ZIP-fájl nem olvasható.';
  return new DomainError('invalid_input', message, [{ path: 'dataBase64', message }]);
}

async function openZip(bytes: Uint8Array) {
  try {
    return await yauzl.fromBufferPromise(Buffer.from(bytes), { lazyEntries: true, strictFileNames: false });
  } catch {
    throw unreadable();
  }
}

/** Every entry of the ZIP, read from its central directory. */
async function entriesOf(
  bytes: Uint8Array,
): Promise<{ entries: Entry[]; close: () => void; zip: yauzl.ZipFile }> {
  const zip = await openZip(bytes);
  const entries: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > MAX_ZIP_PICTURES) {
        reject(
          new DomainError(
            'invalid_input',
            `Egy ZIP-ben legfeljebb ${MAX_ZIP_PICTURES.toLocaleString('hu-HU')} fájl lehet.`,
          ),
        );
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(unreadable()));
    zip.readEntry();
  });
  return { entries, close: () => zip.close(), zip };
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export async function readZipDirectory(bytes: Uint8Array): Promise<ZipDirectory> {
  const { entries, close } = await entriesOf(bytes);
  close();
  const directory: ZipDirectory = new Map();
  for (const entry of entries) {
    if (entry.fileName.endsWith('/') || entry.isEncrypted()) continue;
    const picture = {
      path: entry.fileName,
      source: `zip:${entry.crc32.toString(16).padStart(8, '0')}:${entry.uncompressedSize}:${baseName(entry.fileName)}`,
    };
    directory.set(entry.fileName.toLowerCase(), picture);
    const name = baseName(entry.fileName).toLowerCase();
    if (!directory.has(name)) directory.set(name, picture);
  }
  return directory;
}

/** The picture a cell names ("bogre.jpg" or "kepek/bogre.jpg"), or null when the ZIP has none such. */
export function zipPictureOf(directory: ZipDirectory | null, cell: string): ZipPicture | null {
  if (!directory) return null;
  const name = cell
    .trim()
    .replace(/^\.?\//, '')
    .toLowerCase();
  return directory.get(name) ?? directory.get(baseName(name)) ?? null;
}

/** Unpacks one picture, refusing it past 8 MB as it streams (a ZIP's sizes can lie). */
export async function readZipPicture(bytes: Uint8Array, path: string): Promise<Buffer> {
  const { entries, close, zip } = await entriesOf(bytes);
  const entry = entries.find((candidate) => candidate.fileName === path);
  if (!entry) {
    close();
    throw new DomainError('invalid_input', `A(z) „${path}” nincs a ZIP-ben.`);
  }
  if (entry.uncompressedSize > MEDIA_MAX_BYTES) {
    close();
    throw new DomainError('payload_too_large', `A(z) „${path}” kép nagyobb 8 MB-nál.`);
  }
  const stream: Readable = await new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, opened) => (error ? reject(unreadable()) : resolve(opened))),
  );
  const parts: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of stream) {
      received += (chunk as Buffer).length;
      if (received > MEDIA_MAX_BYTES)
        throw new DomainError('payload_too_large', `A(z) „${path}” kép nagyobb 8 MB-nál.`);
      parts.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable();
  } finally {
    close();
  }
  return Buffer.concat(parts);
}
