import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFile } from './precompress';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'shop-precompress-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the compressed copies the server sends', () => {
  it('writes a Brotli and a gzip copy of a chunk that decode to the chunk itself', async () => {
    const file = path.join(dir, 'index-abc.js');
    const source = `export const names = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `termék-${i}`))};\n`;
    await writeFile(file, source);

    expect(await precompressFile(file)).toBe(true);

    const br = await readFile(`${file}.br`);
    const gz = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(source);
    expect(gunzipSync(gz).toString()).toBe(source);
    expect(br.length).toBeLessThan(source.length / 3);
  });

  it('leaves files too small to gain and formats that are compressed already', async () => {
    const small = path.join(dir, 'tiny-abc.js');
    const image = path.join(dir, 'logo-abc.png');
    await writeFile(small, 'export const a = 1;\n');
    await writeFile(image, Buffer.alloc(4096, 7));

    expect(await precompressFile(small)).toBe(false);
    expect(await precompressFile(image)).toBe(false);
    expect(existsSync(`${small}.br`) || existsSync(`${image}.br`) || existsSync(`${image}.gz`)).toBe(false);
  });
});
