/**
 * What the reference's upload checks need from `mime-types` and `file-type`: the mime type of an
 * extension, the aliases it tolerates, and detection of a file's real type from its first bytes.
 */

const BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.bmp': 'image/bmp',
  '.ico': 'image/vnd.microsoft.icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.md': 'text/markdown',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.exe': 'application/x-msdownload',
};

/** `mime.lookup(ext)`: `undefined` for an unknown extension. */
export function mimeForExtension(ext: string): string | undefined {
  return BY_EXTENSION[ext.toLowerCase()];
}

const ALIASES: Record<string, string[]> = {
  'audio/wav': ['audio/wave', 'audio/x-wav', 'audio/vnd.wave'],
  'audio/wave': ['audio/wav', 'audio/x-wav', 'audio/vnd.wave'],
  'audio/x-wav': ['audio/wav', 'audio/wave', 'audio/vnd.wave'],
  'audio/vnd.wave': ['audio/wav', 'audio/wave', 'audio/x-wav'],
  'audio/mpeg': ['audio/opus', 'audio/mp3', 'audio/webm'],
  'audio/mp3': ['audio/mpeg', 'audio/opus', 'audio/webm'],
  'audio/opus': ['audio/mpeg', 'audio/mp3', 'audio/webm'],
  'audio/webm': ['audio/mpeg', 'audio/mp3', 'audio/opus'],
  'image/jpeg': ['image/jpg'],
  'image/jpg': ['image/jpeg'],
  'application/x-zip-compressed': ['application/zip'],
  'application/zip': ['application/x-zip-compressed'],
  'text/markdown': ['text/plain', 'text/x-markdown'],
  'text/plain': ['text/markdown', 'text/x-markdown'],
  'text/x-markdown': ['text/markdown', 'text/plain'],
};

export function sameMimeType(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || Boolean(ALIASES[x]?.includes(y)) || Boolean(ALIASES[y]?.includes(x));
}

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  return buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The binary formats file-type recognises that matter here; text formats are not detected. */
export function detectMimeType(buf: Buffer): string | undefined {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('%PDF'))) return 'application/pdf';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WAVE'), 8)) return 'audio/vnd.wave';
  if (startsWith(buf, ascii('BM'))) return 'image/bmp';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(buf, ascii('OggS'))) return 'audio/ogg';
  if (startsWith(buf, ascii('ID3'))) return 'audio/mpeg';
  if (startsWith(buf, ascii('ftyp'), 4)) return 'video/mp4';
  if (startsWith(buf, ascii('MZ'))) return 'application/x-msdownload';
  return undefined;
}

const TEXT_TYPES = ['text/plain', 'text/csv', 'text/markdown', 'image/svg+xml', 'application/xml', 'text/xml'];

/**
 * `middleware/file-type.js`: detected content must match the declared type; undetectable
 * content passes only for text types (and SVG). Returns the 403 message, or `undefined` if fine.
 */
export function contentMismatch(buf: Buffer, declared: string | undefined): string | undefined {
  const detected = detectMimeType(buf);
  if (detected) {
    if (declared && !sameMimeType(detected, declared)) return `File content does not match mimetype. Detected: ${detected}, provided: ${declared}`;
    return undefined;
  }
  if (declared && (TEXT_TYPES.includes(declared) || declared.startsWith('image/svg'))) return undefined;
  return `File content does not match mimetype. Detected: unknown, provided: ${declared}`;
}
