/**
 * The demo's stored file: a one-page price list PDF, written in code (no binary in the
 * repository), seeded into the file store so that `GET /files?path=` serves it like an upload.
 * The bot's `/file` and the console's "File" button send it as a `type: "file"` message.
 */
import { readFileSync } from 'node:fs';
import type { FileDoc } from './types.ts';

export const PRICE_LIST = {
  /** the stored `filename` (what `?path=` names) */
  path: 'uploads/public/demo/price-list.pdf',
  name: 'price-list.pdf',
  type: 'application/pdf',
} as const;

const LINES: Array<[size: number, text: string]> = [
  [22, 'Porchlight lamps - price list'],
  [12, ''],
  [12, 'Brass Lantern ........................ 89.00 EUR'],
  [12, 'Garden Globe ......................... 59.00 EUR'],
  [12, 'Blue Hour Sconce ..................... 74.00 EUR'],
  [12, ''],
  [10, 'A demo document served by the Porchlight demo service.'],
];

/** PDF string literal escaping: backslash and both parentheses. */
function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A minimal, valid PDF 1.4: catalog, one A4 page, Helvetica, exact xref offsets. */
export function priceListPdf(): Buffer {
  let y = 780;
  const content = LINES.map(([size, text]) => {
    const line = `BT /F1 ${size} Tf 72 ${y} Td (${pdfText(text)}) Tj ET`;
    y -= size + 12;
    return line;
  }).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

let cached: Buffer | undefined;

/** The price list as a stored file (bucket `files`, no expiry). */
export function priceListFile(uploadDate: string): FileDoc {
  cached ??= priceListPdf();
  return {
    bucket: 'files',
    filename: PRICE_LIST.path,
    contentType: PRICE_LIST.type,
    length: cached.length,
    uploadDate,
    metadata: { createdBy: 'system' },
    data: Buffer.from(cached),
  };
}

/** Size in bytes of the price list (for `metadata.size`). */
export function priceListSize(): number {
  cached ??= priceListPdf();
  return cached.length;
}

/** `metadata` of a `type: "file"` message pointing at the price list served by `apiOrigin`. */
export function priceListMetadata(apiOrigin: string): { src: string; name: string; type: string; size: number } {
  return {
    src: `${apiOrigin}/v3/files?path=${encodeURIComponent(PRICE_LIST.path)}`,
    name: PRICE_LIST.name,
    type: PRICE_LIST.type,
    size: priceListSize(),
  };
}

/** Where the official widget looks for a user's photo (a bot's id without `bot_`). */
export function photoPath(userId: string): string {
  return `uploads/users/${userId}/images/photo.jpg`;
}

/** Stored files (bucket `images`) for photos `{userId: asset}`: small PNGs from demo/assets (a browser sniffs the type). */
export function photoFiles(uploadDate: string, photos: Readonly<Record<string, string>>): FileDoc[] {
  return Object.entries(photos).map(([userId, asset]) => {
    const data = readFileSync(new URL(`../assets/${asset}`, import.meta.url));
    return {
      bucket: 'images',
      filename: photoPath(userId),
      contentType: 'image/png',
      length: data.length,
      uploadDate,
      metadata: { createdBy: 'system' },
      data,
    };
  });
}
