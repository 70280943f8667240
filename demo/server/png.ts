/**
 * The demo's sample picture (`/demo-assets/sample.png`, sent by the bot's `/image`), drawn in
 * code so the repository carries no binary: a dusk sky in the demo's theme colour with a
 * glowing porch light.
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

export function samplePng(): Buffer {
  const stride = SAMPLE_WIDTH * 3 + 1;
  const raw = Buffer.alloc(stride * SAMPLE_HEIGHT);
  for (let y = 0; y < SAMPLE_HEIGHT; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < SAMPLE_WIDTH; x++) {
      const [r, g, b] = pixel(x, y);
      raw.set([r, g, b], y * stride + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SAMPLE_WIDTH, 0);
  header.writeUInt32BE(SAMPLE_HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
