/**
 * A small `multipart/form-data` parser. It works on a body that may have been cut short (the
 * upload route stops buffering past the size limit): the last part is then `complete: false`,
 * which is enough to know that the file was too large, after its headers were checked.
 */

export interface Part {
  name: string;
  /** Present for file parts; the base name only, like busboy without `preservePath`. */
  filename?: string;
  contentType?: string;
  data: Buffer;
  /** false when the body ended before this part's closing boundary */
  complete: boolean;
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType.trim())) return undefined;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function headerParam(header: string, name: string): string | undefined {
  const extended = new RegExp(`${name}\\*=([^']*)'[^']*'([^;]+)`, 'i').exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2]);
    } catch {
      return extended[2];
    }
  }
  const quoted = new RegExp(`(?:^|;)\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = new RegExp(`(?:^|;)\\s*${name}=([^;\\s]+)`, 'i').exec(header);
  return bare?.[1];
}

function baseName(filename: string): string {
  const cut = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
  return cut >= 0 ? filename.slice(cut + 1) : filename;
}

function parseHeaders(block: string): Omit<Part, 'data' | 'complete'> | undefined {
  let disposition = '';
  let contentType: string | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    if (key === 'content-type') contentType = value;
  }
  const name = headerParam(disposition, 'name');
  if (name === undefined) return undefined;
  const filename = headerParam(disposition, 'filename');
  return { name, filename: filename === undefined ? undefined : baseName(filename), contentType };
}

/** Splits a body into parts; stops at the closing delimiter or where the body was cut. */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: Part[] = [];
  let cursor = body.indexOf(delimiter);
  if (cursor < 0) return parts;
  cursor += delimiter.length;
  while (cursor < body.length) {
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) break; // "--": the closing delimiter
    const headersStart = body.indexOf('\r\n', cursor) + 2;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersStart < 2 || headersEnd < 0) break;
    const headers = parseHeaders(body.subarray(headersStart, headersEnd).toString('utf8'));
    const dataStart = headersEnd + 4;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    const complete = dataEnd >= 0;
    if (headers) parts.push({ ...headers, data: body.subarray(dataStart, complete ? dataEnd : body.length), complete });
    if (!complete) break;
    cursor = dataEnd + nextDelimiter.length;
  }
  return parts;
}
