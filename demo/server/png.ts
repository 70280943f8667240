/**
 * The demo's pictures, drawn in code so the repository carries no binary:
 * - `/demo-assets/sample.png` (the bot's `/image`): a dusk sky in the demo's theme colour with a
 *   glowing porch light;
 * - `/demo-assets/lamp-1.png` … `lamp-3.png` (the bot's `/gallery`): three small lamp pictures,
 *   each in its own colours.
 */
import { deflateSync } from 'node:zlib';

export const SAMPLE_WIDTH = 320;
export const SAMPLE_HEIGHT = 200;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round((a[i] as number) + ((b[i] as number) - (a[i] as number)) * t)) as Rgb;
}

/** Colour of one pixel: gradient sky, a warm glow, the lamp, and a porch silhouette. */
function pixel(x: number, y: number): Rgb {
  const sky = mix([0x1d, 0x3f, 0x7a], [0x2a, 0x6a, 0xc1], y / SAMPLE_HEIGHT);
  if (y > 160) return mix([0x3b, 0x2a, 0x1e], [0x2a, 0x1d, 0x14], (y - 160) / 40);
  const dx = x - 230;
  const dy = y - 90;
  const distance = Math.sqrt(dx * dx + dy * dy);
  if (distance < 14) return [0xff, 0xe2, 0x8a];
  if (x > 226 && x < 234 && y > 40 && y < 78) return [0x22, 0x22, 0x22];
  if (distance < 90) return mix([0xff, 0xc8, 0x57], sky, Math.pow(distance / 90, 0.6));
  return sky;
}

/** An 8-bit RGB PNG of `width`×`height` whose pixels `colour(x, y)` paints. */
export function drawPng(width: number, height: number, colour: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colour(x, y);
      raw.set([r, g, b], y * stride + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function samplePng(): Buffer {
  return drawPng(SAMPLE_WIDTH, SAMPLE_HEIGHT, pixel);
}

// ------------------------------------------------------------------ gallery pictures

export const LAMP_WIDTH = 220;
export const LAMP_HEIGHT = 124;

interface LampPalette {
  top: Rgb;
  bottom: Rgb;
  glow: Rgb;
  lamp: Rgb;
  /** lamp centre, as a fraction of the width */
  at: number;
}

/** The three gallery pictures: a brass lantern at dusk, a garden globe, a blue-hour sconce. */
export const LAMP_PALETTES: readonly LampPalette[] = [
  { top: [0x4a, 0x2c, 0x12], bottom: [0x8a, 0x55, 0x1f], glow: [0xff, 0xb3, 0x47], lamp: [0xff, 0xe9, 0xb0], at: 0.3 },
  { top: [0x12, 0x3b, 0x25], bottom: [0x2e, 0x7d, 0x4f], glow: [0xc8, 0xf5, 0x8a], lamp: [0xf4, 0xff, 0xe0], at: 0.5 },
  { top: [0x1a, 0x1f, 0x5c], bottom: [0x5b, 0x3f, 0xa8], glow: [0x8f, 0xd3, 0xff], lamp: [0xe8, 0xf6, 0xff], at: 0.7 },
];

function lampPixel(palette: LampPalette, x: number, y: number): Rgb {
  const background = mix(palette.top, palette.bottom, y / LAMP_HEIGHT);
  if (y > LAMP_HEIGHT - 18) return mix(palette.top, [0x10, 0x10, 0x10], 0.6);
  const cx = palette.at * LAMP_WIDTH;
  const dx = x - cx;
  const dy = y - 58;
  const distance = Math.sqrt(dx * dx + dy * dy);
  if (distance < 11) return palette.lamp;
  if (Math.abs(dx) < 3 && y > 69) return [0x22, 0x22, 0x22]; // the post
  if (distance < 60) return mix(palette.glow, background, Math.pow(distance / 60, 0.7));
  return background;
}

/** Gallery picture `index` (0–2). */
export function lampPng(index: number): Buffer {
  const palette = LAMP_PALETTES[index] ?? LAMP_PALETTES[0];
  return drawPng(LAMP_WIDTH, LAMP_HEIGHT, (x, y) => lampPixel(palette as LampPalette, x, y));
}

/** Every picture under `/demo-assets/`, by file name, drawn once. */
export function demoAssets(): Map<string, Buffer> {
  const assets = new Map<string, Buffer>([['sample.png', samplePng()]]);
  LAMP_PALETTES.forEach((_, i) => assets.set(`lamp-${i + 1}.png`, lampPng(i)));
  return assets;
}
