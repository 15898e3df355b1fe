// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64Bytes, saveFileAnswer } from './save-file';

/** The start of a PDF: its header and the binary comment line of bytes above 127 that marks it binary. */
const PDF_START = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25, 0xe2, 0xe3, 0xcf, 0xd3];
const PDF_START_BASE64 = btoa(String.fromCharCode(...PDF_START));

/** Saves with `saveFileAnswer` and returns the Blob the browser was handed and the link's file name. */
async function saved(...args: Parameters<typeof saveFileAnswer>) {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  let filename = '';
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    filename = this.download;
  });
  saveFileAnswer(...args);
  const [blob] = blobs;
  if (!blob) throw new Error('Nothing was saved.');
  return { blob, bytes: [...new Uint8Array(await blob.arrayBuffer())], filename };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('base64Bytes', () => {
  it('gives each byte as it was, those above 127 too', () => {
    expect([...base64Bytes(PDF_START_BASE64)]).toEqual(PDF_START);
  });

  it('gives no bytes for empty content', () => {
    expect(base64Bytes('')).toHaveLength(0);
  });
});

describe('saveFileAnswer', () => {
  it('saves a base64 answer as its bytes, under its name and type', async () => {
    const { blob, bytes, filename } = await saved(
      { filename: 'cimke-1042.pdf', contentType: 'application/pdf', content: PDF_START_BASE64 },
      'base64',
    );
    expect(bytes).toEqual(PDF_START);
    expect(blob.type).toBe('application/pdf');
    expect(filename).toBe('cimke-1042.pdf');
  });

  it('saves a text answer as its text', async () => {
    const { blob } = await saved(
      {
        filename: 'vasarlok.csv',
        contentType: 'text/csv',
        content: 'Név;E-mail\nÁrvíztűrő Tükörfúró;a@b.hu\n',
      },
      'text',
    );
    expect(await blob.text()).toBe('Név;E-mail\nÁrvíztűrő Tükörfúró;a@b.hu\n');
  });
});
