/// <reference path="./pdfjs-minified.d.ts" />
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
let pdfjsLoading: Promise<PdfJs> | undefined;

/** Loaded on first use: most requests never touch a PDF, and pdf.js is a large module. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= loadMinifiedPdfJs();
  return pdfjsLoading;
}

/**
 * pdf.js's minified builds: half the code of the readable ones, which the server keeps in memory
 * once a PDF has been read, each file with the source map tsx appends to it (main.ts keeps such maps
 * from being decoded). In Node pdf.js runs its worker in this thread and takes it from
 * `globalThis.pdfjsWorker`, which the worker module sets: imported first, the minified worker is
 * the one used.
 */
async function loadMinifiedPdfJs(): Promise<PdfJs> {
  await import('pdfjs-dist/legacy/build/pdf.worker.min.mjs');
  return import('pdfjs-dist/legacy/build/pdf.min.mjs');
}

/** pdf.js's own data files (the 14 standard fonts, decoders), read from its package on disk. */
const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dataUrl = (folder: string) => `${pathToFileURL(join(PDFJS_DIR, folder)).pathname}/`;

/** The widest cover rendered (the media pipeline's largest variant); taller pages are capped too. */
const COVER_WIDTH = 1200;
const COVER_MAX_HEIGHT = 2400;

export class UnreadablePdfError extends Error {}

async function withPdf<T>(bytes: Uint8Array, use: (pdf: PdfDocument) => Promise<T>) {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of the buffer it is given (and may detach it), so it gets a copy.
    data: new Uint8Array(bytes),
    // A PDF comes from an upload: its fonts are drawn from its own data, never looked up on the host.
    useSystemFonts: false,
    standardFontDataUrl: dataUrl('standard_fonts'),
    cMapUrl: dataUrl('cmaps'),
    cMapPacked: true,
    wasmUrl: dataUrl('wasm'),
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let pdf: PdfDocument;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new UnreadablePdfError('A PDF nem nyitható meg.', { cause: error });
  }
  try {
    return await use(pdf);
  } finally {
    await task.destroy();
  }
}

/** How many pages the PDF has; an UnreadablePdfError when pdf.js cannot open it. */
export function readPdfPageCount(bytes: Uint8Array): Promise<number> {
  return withPdf(bytes, async (pdf) => pdf.numPages);
}

/**
 * The first page as a PNG about COVER_WIDTH pixels wide, on white (a PDF page has no background of
 * its own). pdf.js renders on this thread, so a heavy page holds the server for its duration; only
 * admins upload PDFs, once per catalogue.
 */
export function renderFirstPagePng(bytes: Uint8Array): Promise<{ png: Buffer; pageCount: number }> {
  return withPdf(bytes, async (pdf) => {
    const page = await pdf.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const scale = Math.min(COVER_WIDTH / natural.width, COVER_MAX_HEIGHT / natural.height);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      // @napi-rs/canvas implements the 2D context pdf.js draws with; the DOM types do not know it.
      canvas: canvas as never,
      canvasContext: context as never,
      viewport,
    }).promise;
    return { png: await canvas.encode('png'), pageCount: pdf.numPages };
  });
}
