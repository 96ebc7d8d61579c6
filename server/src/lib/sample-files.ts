/**
 * Real, small files made in code for demo data (the demo seed, the order simulator): PNG images a
 * browser renders (a coloured pattern with a label drawn in blocks) and one-page PDFs a viewer
 * opens. No dependency: the PNG is deflated with node:zlib, the PDF written by hand.
 *
 * The label and lines are ASCII (order numbers, kinds): a PNG glyph table and a PDF's standard
 * Helvetica cover them; any other character is drawn as a box (PNG) or a `?` (PDF).
 */
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/** A file the demo data names by its object key, and what to draw in it. */
export interface SampleFile {
  key: string;
  /** `asset`: a committed file of server/assets/demo/ named by `label` (the demo video, made by scripts/make-demo-video.mjs). */
  kind: 'png' | 'pdf' | 'asset';
  /** The big text: an order number; for an asset, its file name. */
  label: string;
  /** Smaller lines under it (PDF only). */
  lines?: string[];
}

export function renderSampleFile(f: SampleFile): Buffer {
  if (f.kind === 'asset') return readFileSync(new URL(`../../assets/demo/${f.label}`, import.meta.url));
  return f.kind === 'png' ? samplePng(f.label) : samplePdf(f.label, f.lines ?? []);
}

// ---------------------------------------------------------------------------------------------
// PNG

/** 5×7 glyphs, one string of five bits per row. */
const GLYPHS: Record<string, readonly string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '10001', '01010', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  _: ['00000', '00000', '00000', '00000', '00000', '00000', '11111'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};
const BOX = ['11111', '10001', '10001', '10001', '10001', '10001', '11111'];
const WHITE = [255, 255, 255] as const;

/** A small hash of the label: the same label always gets the same colours. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** HSL (h in 0..360, s and l in 0..1) to RGB bytes. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return [f(0), f(8), f(4)];
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A 320×200 RGB PNG: diagonal stripes in two shades of a colour picked from the label, a white
 * card across the middle, and the label drawn on it in blocks (as many characters as fit).
 */
export function samplePng(label: string, width = 320, height = 200): Buffer {
  const hue = hashOf(label) % 360;
  const dark = hsl(hue, 0.55, 0.42);
  const light = hsl(hue, 0.6, 0.62);
  const ink = hsl(hue, 0.5, 0.25);
  const text = label.toUpperCase();
  const scale = 3;
  const advance = 6 * scale;
  const chars = [...text].slice(0, Math.floor((width - 16) / advance));
  const textWidth = chars.length * advance - scale;
  const x0 = Math.floor((width - textWidth) / 2);
  const y0 = Math.floor((height - 7 * scale) / 2);
  const card = { top: y0 - 16, bottom: y0 + 7 * scale + 16, left: 8, right: width - 8 };

  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  const put = (at: number, rgb: readonly number[]) => {
    raw[at] = rgb[0]!;
    raw[at + 1] = rgb[1]!;
    raw[at + 2] = rgb[2]!;
  };
  // The glyph rows, expanded once: is the pixel at (gx, gy) of the text ink?
  const ink1 = new Uint8Array(textWidth * 7 * scale);
  chars.forEach((ch, i) => {
    const glyph = GLYPHS[ch] ?? BOX;
    for (let gy = 0; gy < 7 * scale; gy++) {
      for (let col = 0; col < 5; col++) {
        if (glyph[Math.floor(gy / scale)]![col] !== '1') continue;
        for (let k = 0; k < scale; k++) ink1[gy * textWidth + i * advance + col * scale + k] = 1;
      }
    }
  });
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 0; // filter: none
    const inCard = y >= card.top && y < card.bottom;
    const gy = y - y0;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      if (inCard && x >= card.left && x < card.right) {
        const gx = x - x0;
        put(at, gy >= 0 && gy < 7 * scale && gx >= 0 && gx < textWidth && ink1[gy * textWidth + gx] ? ink : WHITE);
      } else put(at, Math.floor((x + y) / 16) % 2 === 0 ? dark : light);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------------------------------------
// PDF

/** A PDF string literal's text: ASCII only, with `\`, `(` and `)` escaped. */
function pdfText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A one-page A4 PDF 1.4: a coloured band, the label in large Helvetica and the lines under it, a
 * frame like a print file's trim box. Written by hand with a correct cross-reference table.
 */
export function samplePdf(label: string, lines: string[] = []): Buffer {
  const [r, g, b] = hsl(hashOf(label) % 360, 0.55, 0.45).map((v) => (v / 255).toFixed(3));
  const content = [
    `${r} ${g} ${b} rg 0 742 595 100 re f`,
    '0.6 0.6 0.6 RG 1 w 36 36 523 690 re S',
    `BT /F1 28 Tf 1 1 1 rg 56 780 Td (${pdfText(label)}) Tj ET`,
    ...lines.map((line, i) => `BT /F1 14 Tf 0.15 0.15 0.15 rg 56 ${690 - i * 24} Td (${pdfText(line)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
