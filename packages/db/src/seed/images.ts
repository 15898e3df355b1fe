import type { Prisma } from '../generated/prisma/client';
import { escapeXml } from './text';

// Demo pictures are drawn here as SVG rather than downloaded: the seed must work
// offline, stay small in the database and look the same on every machine.

export type Shape =
  | 'mug'
  | 'teacup'
  | 'tumbler'
  | 'plate'
  | 'bowl'
  | 'glass'
  | 'wineglass'
  | 'board'
  | 'spoon'
  | 'jar'
  | 'shaker'
  | 'candle'
  | 'tealight'
  | 'diffuser'
  | 'pillow'
  | 'towel'
  | 'blanket'
  | 'vase'
  | 'frame'
  | 'gift'
  | 'book'
  | 'cookie'
  | 'egg'
  | 'tshirt';

export type Palette = { background: string; body: string; accent: string };

export const PALETTES: readonly Palette[] = [
  { background: '#dbe9f6', body: '#1f5fa8', accent: '#ffffff' },
  { background: '#fbe3d6', body: '#c2462e', accent: '#fff4e8' },
  { background: '#e3f1e0', body: '#3d7a3a', accent: '#f6fff2' },
  { background: '#f4ecd8', body: '#8a5a2b', accent: '#fff8e8' },
  { background: '#ece4f4', body: '#6a4596', accent: '#fbf6ff' },
  { background: '#fdf1c7', body: '#c48a00', accent: '#fffdf2' },
  { background: '#e6e6e6', body: '#454b54', accent: '#f8f8f8' },
  { background: '#fde2ea', body: '#b83a62', accent: '#fff5f8' },
];

const SHAPES: Record<Shape, (p: Palette) => string> = {
  mug: (p) =>
    `<path d="M470 300 h40 a70 70 0 0 1 0 140 h-40" fill="none" stroke="${p.body}" stroke-width="34"/>` +
    `<rect x="250" y="250" width="240" height="260" rx="28" fill="${p.body}"/>` +
    `<circle cx="370" cy="380" r="46" fill="${p.accent}" opacity="0.85"/>`,
  teacup: (p) =>
    `<ellipse cx="400" cy="500" rx="200" ry="36" fill="${p.body}" opacity="0.7"/>` +
    `<path d="M460 340 a50 50 0 0 1 0 90" fill="none" stroke="${p.body}" stroke-width="26"/>` +
    `<path d="M250 300 h240 a120 150 0 0 1 -240 0 z" fill="${p.body}"/>` +
    `<path d="M280 330 h180" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`,
  tumbler: (p) =>
    `<rect x="300" y="200" width="200" height="46" rx="14" fill="${p.accent}" stroke="${p.body}" stroke-width="10"/>` +
    `<path d="M305 250 h190 l-20 290 h-150 z" fill="${p.body}"/>` +
    `<rect x="318" y="330" width="164" height="26" fill="${p.accent}" opacity="0.6"/>`,
  plate: (p) =>
    `<circle cx="400" cy="380" r="190" fill="${p.accent}" stroke="${p.body}" stroke-width="14"/>` +
    `<circle cx="400" cy="380" r="120" fill="none" stroke="${p.body}" stroke-width="8" stroke-dasharray="18 14"/>` +
    `<circle cx="400" cy="380" r="40" fill="${p.body}" opacity="0.5"/>`,
  bowl: (p) =>
    `<ellipse cx="400" cy="320" rx="220" ry="50" fill="${p.accent}" stroke="${p.body}" stroke-width="12"/>` +
    `<path d="M180 320 a220 200 0 0 0 440 0 z" fill="${p.body}"/>` +
    `<path d="M250 400 q150 60 300 0" fill="none" stroke="${p.accent}" stroke-width="12"/>`,
  glass: (p) =>
    `<path d="M290 220 h220 l-28 310 h-164 z" fill="${p.body}" opacity="0.35" stroke="${p.body}" stroke-width="10"/>` +
    `<path d="M300 330 h200 l-18 200 h-164 z" fill="${p.body}" opacity="0.55"/>`,
  wineglass: (p) =>
    `<path d="M300 200 h200 q10 170 -100 200 q-110 -30 -100 -200 z" fill="${p.body}" opacity="0.45" stroke="${p.body}" stroke-width="10"/>` +
    `<rect x="392" y="398" width="16" height="110" fill="${p.body}"/>` +
    `<ellipse cx="400" cy="520" rx="90" ry="18" fill="${p.body}"/>`,
  board: (p) =>
    `<rect x="200" y="250" width="330" height="240" rx="36" fill="${p.body}"/>` +
    `<rect x="520" y="330" width="110" height="80" rx="30" fill="${p.body}"/>` +
    `<circle cx="595" cy="370" r="16" fill="${p.background}"/>` +
    `<path d="M240 300 q120 30 240 0 M240 380 q120 30 240 0 M240 450 q120 20 240 0" fill="none" stroke="${p.accent}" stroke-width="6" opacity="0.5"/>`,
  spoon: (p) =>
    `<ellipse cx="400" cy="270" rx="70" ry="100" fill="${p.body}"/>` +
    `<rect x="386" y="350" width="28" height="230" rx="14" fill="${p.body}"/>` +
    `<ellipse cx="400" cy="260" rx="40" ry="62" fill="${p.accent}" opacity="0.35"/>`,
  jar: (p) =>
    `<rect x="300" y="210" width="200" height="56" rx="10" fill="${p.body}"/>` +
    `<rect x="270" y="260" width="260" height="290" rx="40" fill="${p.body}" opacity="0.45" stroke="${p.body}" stroke-width="10"/>` +
    `<rect x="310" y="350" width="180" height="100" rx="12" fill="${p.accent}"/>`,
  shaker: (p) =>
    `<path d="M320 260 q80 -80 160 0 z" fill="${p.body}"/>` +
    `<circle cx="380" cy="240" r="6" fill="${p.accent}"/><circle cx="400" cy="230" r="6" fill="${p.accent}"/><circle cx="420" cy="240" r="6" fill="${p.accent}"/>` +
    `<rect x="300" y="260" width="200" height="270" rx="30" fill="${p.body}" opacity="0.8"/>` +
    `<rect x="330" y="360" width="140" height="70" rx="10" fill="${p.accent}"/>`,
  candle: (p) =>
    `<path d="M400 170 q40 50 0 90 q-40 -40 0 -90 z" fill="#f5a623"/>` +
    `<rect x="396" y="250" width="8" height="30" fill="#333"/>` +
    `<rect x="290" y="270" width="220" height="270" rx="20" fill="${p.body}"/>` +
    `<rect x="290" y="370" width="220" height="70" fill="${p.accent}" opacity="0.7"/>`,
  tealight: (p) =>
    `<path d="M300 300 q25 35 0 60 q-25 -25 0 -60 z M500 300 q25 35 0 60 q-25 -25 0 -60 z M400 280 q25 35 0 60 q-25 -25 0 -60 z" fill="#f5a623"/>` +
    `<ellipse cx="300" cy="430" rx="80" ry="24" fill="${p.accent}" stroke="${p.body}" stroke-width="8"/>` +
    `<rect x="220" y="380" width="160" height="50" fill="${p.body}"/>` +
    `<rect x="420" y="380" width="160" height="50" fill="${p.body}"/>` +
    `<rect x="320" y="360" width="160" height="50" fill="${p.body}" opacity="0.85"/>`,
  diffuser: (p) =>
    `<path d="M390 330 l-80 -190 M400 330 l10 -200 M410 330 l90 -180" stroke="#6b4a2b" stroke-width="8"/>` +
    `<rect x="365" y="310" width="70" height="40" fill="${p.body}"/>` +
    `<path d="M330 350 h140 q40 0 40 40 v130 q0 30 -30 30 h-160 q-30 0 -30 -30 v-130 q0 -40 40 -40 z" fill="${p.body}" opacity="0.6"/>` +
    `<rect x="340" y="420" width="120" height="60" rx="8" fill="${p.accent}"/>`,
  pillow: (p) =>
    `<path d="M220 230 q180 -40 360 0 q-30 150 0 300 q-180 40 -360 0 q30 -150 0 -300 z" fill="${p.body}"/>` +
    `<path d="M270 300 q130 -25 260 0 M270 380 q130 -25 260 0 M270 460 q130 -25 260 0" fill="none" stroke="${p.accent}" stroke-width="10" opacity="0.6"/>`,
  towel: (p) =>
    `<rect x="260" y="190" width="280" height="360" rx="8" fill="${p.accent}" stroke="${p.body}" stroke-width="8"/>` +
    `<rect x="260" y="250" width="280" height="24" fill="${p.body}"/><rect x="260" y="290" width="280" height="12" fill="${p.body}"/>` +
    `<rect x="260" y="460" width="280" height="24" fill="${p.body}"/><rect x="260" y="500" width="280" height="12" fill="${p.body}"/>` +
    `<rect x="380" y="170" width="40" height="40" rx="10" fill="none" stroke="${p.body}" stroke-width="8"/>`,
  blanket: (p) =>
    `<rect x="200" y="380" width="400" height="120" rx="24" fill="${p.body}"/>` +
    `<rect x="220" y="290" width="360" height="100" rx="24" fill="${p.body}" opacity="0.8"/>` +
    `<rect x="240" y="210" width="320" height="90" rx="24" fill="${p.body}" opacity="0.6"/>` +
    `<path d="M220 440 h360 M240 340 h320" stroke="${p.accent}" stroke-width="10" stroke-dasharray="24 16"/>`,
  vase: (p) =>
    `<path d="M360 180 h80 v60 q100 60 90 170 q-10 120 -130 130 q-120 -10 -130 -130 q-10 -110 90 -170 z" fill="${p.body}"/>` +
    `<path d="M300 400 q100 40 200 0" fill="none" stroke="${p.accent}" stroke-width="12"/>` +
    `<path d="M400 180 q-30 -60 -80 -70 M400 180 q20 -70 70 -80" fill="none" stroke="#3d7a3a" stroke-width="8"/>`,
  frame: (p) =>
    `<rect x="230" y="190" width="340" height="380" rx="8" fill="${p.body}"/>` +
    `<rect x="270" y="230" width="260" height="300" fill="${p.accent}"/>` +
    `<path d="M290 500 l80 -110 l60 70 l40 -40 l60 80 z" fill="${p.body}" opacity="0.5"/>` +
    `<circle cx="470" cy="300" r="24" fill="${p.body}" opacity="0.5"/>`,
  gift: (p) =>
    `<rect x="240" y="300" width="320" height="240" rx="10" fill="${p.body}"/>` +
    `<rect x="220" y="250" width="360" height="70" rx="10" fill="${p.body}" opacity="0.85"/>` +
    `<rect x="380" y="250" width="40" height="290" fill="${p.accent}"/>` +
    `<path d="M400 250 q-90 -110 -110 -20 q20 30 110 20 q90 10 110 -20 q-20 -90 -110 20 z" fill="${p.accent}" stroke="${p.body}" stroke-width="6"/>`,
  book: (p) =>
    `<rect x="260" y="190" width="300" height="380" rx="10" fill="${p.body}"/>` +
    `<rect x="260" y="190" width="36" height="380" fill="#000" opacity="0.2"/>` +
    `<rect x="330" y="270" width="180" height="24" rx="6" fill="${p.accent}"/>` +
    `<rect x="330" y="310" width="130" height="16" rx="6" fill="${p.accent}" opacity="0.7"/>`,
  cookie: (p) =>
    `<path d="M400 520 l-150 -150 a85 85 0 0 1 150 -120 a85 85 0 0 1 150 120 z" fill="${p.body}"/>` +
    `<path d="M300 330 q30 -20 60 0 q30 20 60 0 q30 -20 60 0" fill="none" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="400" cy="420" r="14" fill="${p.accent}"/>`,
  tshirt: (p) =>
    `<path d="M320 200 q80 50 160 0 l130 70 l-50 100 l-60 -30 v260 h-200 v-260 l-60 30 l-50 -100 z" fill="${p.body}"/>` +
    `<path d="M340 205 q60 40 120 0" fill="none" stroke="${p.accent}" stroke-width="10" opacity="0.7"/>` +
    `<rect x="360" y="330" width="80" height="60" rx="10" fill="${p.accent}" opacity="0.5"/>`,
  egg: (p) =>
    `<ellipse cx="400" cy="340" rx="100" ry="135" fill="${p.accent}" stroke="${p.body}" stroke-width="10"/>` +
    `<path d="M306 320 l30 -20 l30 20 l30 -20 l30 20 l30 -20 l30 20" fill="none" stroke="${p.body}" stroke-width="10"/>` +
    `<path d="M290 450 q110 -40 220 0 l-30 90 h-160 z" fill="${p.body}"/>`,
};

export type SvgImage = { fileName: string; alt: string; svg: string; width: number; height: number };

export function productImage(opts: {
  fileName: string;
  label: string;
  shape: Shape;
  palette: Palette;
}): SvgImage {
  const { label, shape, palette } = opts;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
    `<rect width="800" height="800" fill="${palette.background}"/>` +
    `<circle cx="400" cy="370" r="280" fill="${palette.accent}" opacity="0.45"/>` +
    SHAPES[shape](palette) +
    `<text x="400" y="690" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="46" font-weight="600" fill="${palette.body}">${escapeXml(label)}</text>` +
    `</svg>`;
  return { fileName: opts.fileName, alt: label, svg, width: 800, height: 800 };
}

/** A wide picture with a headline for heroes, sliders, blog posts and catalogue covers. */
export function bannerImage(opts: {
  fileName: string;
  title: string;
  subtitle: string;
  shapes: readonly Shape[];
  palette: Palette;
  width?: number;
  height?: number;
}): SvgImage {
  const width = opts.width ?? 1600;
  const height = opts.height ?? 600;
  const p = opts.palette;
  const portrait = height > width;
  // Landscape: the drawings share the right 45%; portrait: one drawing below the text.
  const shapes = portrait ? opts.shapes.slice(0, 1) : opts.shapes;
  const slot = (width * 0.45) / Math.max(1, shapes.length);
  const size = portrait ? width * 0.8 : Math.min(height * 0.8, slot * 1.3);
  const decorations = shapes
    .map((shape, i) => {
      const x = portrait ? (width - size) / 2 : width * 0.55 + i * slot + (slot - size) / 2;
      const y = portrait ? height - size : (height - size) / 2;
      return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${(size / 800).toFixed(3)})">${SHAPES[shape](p)}</g>`;
    })
    .join('');
  const textWidth = width * (portrait ? 0.88 : 0.48);
  const titleSize = Math.round(Math.min(height, width) * (portrait ? 0.09 : 0.1));
  const subtitleSize = Math.round(titleSize * 0.6);
  const titleLines = wrap(opts.title, textWidth, titleSize);
  const subtitleLines = wrap(opts.subtitle, textWidth, subtitleSize);
  const blockHeight =
    titleLines.length * titleSize * 1.15 + subtitleSize * 0.8 + subtitleLines.length * subtitleSize * 1.3;
  const top = portrait ? height * 0.12 : (height - blockHeight) / 2 + titleSize * 0.8;
  const x = (width * 0.06).toFixed(0);
  const lines = (texts: string[], y0: number, lineHeight: number) =>
    texts
      .map((t, i) => `<tspan x="${x}" y="${(y0 + i * lineHeight).toFixed(0)}">${escapeXml(t)}</tspan>`)
      .join('');
  const subtitleTop = top + titleLines.length * titleSize * 1.15 + subtitleSize * 0.6;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${p.background}"/>` +
    `<circle cx="${portrait ? width / 2 : width - height * 0.6}" cy="${portrait ? height * 0.65 : height / 2}" r="${Math.min(width, height) * 0.5}" fill="${p.accent}" opacity="0.5"/>` +
    decorations +
    `<text font-family="Helvetica, Arial, sans-serif" font-size="${titleSize}" font-weight="700" fill="${p.body}">${lines(titleLines, top, titleSize * 1.15)}</text>` +
    `<text font-family="Helvetica, Arial, sans-serif" font-size="${subtitleSize}" fill="${p.body}">${lines(subtitleLines, subtitleTop, subtitleSize * 1.3)}</text>` +
    `</svg>`;
  return { fileName: opts.fileName, alt: opts.title, svg, width, height };
}

/** Greedy word wrap; about 0.52 em per character in a sans-serif font. */
function wrap(text: string, maxWidth: number, fontSize: number): string[] {
  const maxChars = Math.max(8, Math.floor(maxWidth / (fontSize * 0.52)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Stores the pictures as Media rows with one "original" SVG variant each and
 * answers their ids by file name.
 */
export async function storeImages(
  tx: Prisma.TransactionClient,
  images: readonly SvgImage[],
): Promise<Map<string, number>> {
  const encoder = new TextEncoder();
  const encoded = images.map((image) => ({ image, data: encoder.encode(image.svg) }));
  const media = await tx.media.createManyAndReturn({
    data: encoded.map(({ image, data }) => ({
      originalName: image.fileName,
      mimeType: 'image/svg+xml',
      width: image.width,
      height: image.height,
      sizeBytes: data.byteLength,
      alt: image.alt,
    })),
    select: { id: true, originalName: true },
  });
  const idByName = new Map(media.map((m) => [m.originalName, m.id]));
  if (idByName.size !== images.length) throw new Error('Demo image file names must be unique');
  await tx.mediaVariant.createMany({
    data: encoded.map(({ image, data }) => ({
      mediaId: idOf(idByName, image.fileName),
      name: 'original',
      mimeType: 'image/svg+xml',
      width: image.width,
      height: image.height,
      data,
    })),
  });
  return idByName;
}

export function idOf(ids: ReadonlyMap<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo data refers to unknown key "${key}"`);
  return id;
}
