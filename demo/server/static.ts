/**
 * Static files: the built widget (`/widget/` → `dist/`), the agent console, the demo's assets
 * and the host pages. Paths are resolved inside their root only; HTML pages may carry
 * `{{API_ORIGIN}}`-style placeholders filled in when served.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { sendJson } from './http.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticOptions {
  /** `{{KEY}}` → value, in .html files only */
  templateVars?: () => Record<string, string>;
  /** the file served for a directory path */
  index?: string;
}

/** `/prefix/a/b.js` → `<root>/a/b.js`, or undefined when it would leave the root. */
export function resolveInside(root: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : undefined;
}

export function fillTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => vars[key] ?? whole);
}

async function fileAt(candidate: string, index: string): Promise<string | undefined> {
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) {
      const inner = path.join(candidate, index);
      return (await stat(inner)).isFile() ? inner : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function notFound(res: ServerResponse): void {
  sendJson(res, 404, { error: 'Not found' });
}

/** Serves `relative` from `root` with `Cache-Control: no-cache` (the widget is rebuilt often). */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, relative: string, options: StaticOptions = {}): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const candidate = resolveInside(path.resolve(root), relative);
  const file = candidate && (await fileAt(candidate, options.index ?? 'index.html'));
  if (!file) return notFound(res);
  let body: Buffer = await readFile(file);
  if (options.templateVars && path.extname(file) === '.html') body = Buffer.from(fillTemplate(body.toString('utf8'), options.templateVars()));
  res.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
