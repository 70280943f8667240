/**
 * The small HTTP vocabulary every module shares: the request context, body parsing with
 * body-parser's limits and failure modes, and the exact response shapes the reference
 * server's stack (express 4, passport, cors) produces.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Principal } from './passport.ts';
import type { ProjectDoc, ProjectUserDoc } from './types.ts';

/** `JSON_BODY_LIMIT` default of the reference server: '500KB' = 512000 bytes. */
export const JSON_BODY_LIMIT = 512000;

export type Body = Record<string, unknown>;

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** Path relative to the API root (the `/v3` mount already stripped), not decoded. */
  path: string;
  /** Path as the client sent it, for Express's "Cannot GET …" page. */
  originalPath: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** body-parser's `req.body`: the parsed JSON / urlencoded object, `{}` when there is none. */
  body: Body;
  /** Per-request state set by middleware, like Express's `req.project`, `req.user`, `req.projectuser`. */
  locals: {
    project?: ProjectDoc;
    principal?: Principal;
    projectUser?: ProjectUserDoc;
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  // `res.json(undefined)` in Express sends an empty body with a JSON content type.
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** passport's failure answer: `res.end(STATUS_CODES[status])`, no content type at all. */
export function sendBareStatus(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  const text = STATUS_CODES[status] ?? String(status);
  res.writeHead(status, { 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** Express `res.send(string)`: text/html. */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
    ...headers,
  });
  res.end(html);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Express's finalhandler page for an unmatched route (the reference has no JSON 404 handler). */
export function sendCannot(res: ServerResponse, method: string, originalPath: string): void {
  const html =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
    `<pre>Cannot ${escapeHtml(method)} ${escapeHtml(originalPath)}</pre>\n</body>\n</html>\n`;
  sendHtml(res, 404, html, {
    'Content-Security-Policy': "default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
}

// ------------------------------------------------------------------ CORS, like `cors()` defaults

export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (req.method !== 'OPTIONS') return;
  res.setHeader('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
  const requested = req.headers['access-control-request-headers'];
  if (requested) {
    res.setHeader('Access-Control-Allow-Headers', requested);
    res.setHeader('Vary', 'Access-Control-Request-Headers');
  }
}

/** `app.options('*', cors())`: preflights end with 204 and no body. */
export function answerPreflight(res: ServerResponse): void {
  res.writeHead(204, { 'Content-Length': '0' });
  res.end();
}

// ------------------------------------------------------------------ bodies

export class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`body error ${status}`);
  }
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isJsonType(req: IncomingMessage): boolean {
  const type = mediaType(req);
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

function isUrlencodedType(req: IncomingMessage): boolean {
  return mediaType(req) === 'application/x-www-form-urlencoded';
}

/** Reads the whole body, failing with body-parser's 413 once it exceeds `limit`. */
export function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function tooLarge(limit: number): BodyError {
  return new BodyError(413, { err: 'Request entity too large', limit });
}

/**
 * body-parser's json (strict) then urlencoded parsers. Any other content type is left unread
 * (multipart routes read it themselves) and the body is `{}`.
 * A syntax error reaches the reference's generic handler: 500 `{"err":"error"}`.
 */
export async function parseBody(req: IncomingMessage): Promise<Body> {
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (!req.headers['content-length'] && !req.headers['transfer-encoding']) return {};
  }
  if (isJsonType(req)) return parseJson(await readRaw(req, JSON_BODY_LIMIT));
  if (isUrlencodedType(req)) return parseUrlencoded((await readRaw(req, JSON_BODY_LIMIT)).toString('utf8'));
  return {};
}

function parseJson(raw: Buffer): Body {
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  // strict mode: only objects and arrays are accepted.
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') throw new BodyError(500, { err: 'error' });
  try {
    return JSON.parse(text) as Body;
  } catch {
    throw new BodyError(500, { err: 'error' });
  }
}

/** `extended: true` (qs): `a[b]=1` nests; repeated keys become arrays. */
export function parseUrlencoded(text: string): Body {
  const out: Body = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    assignPath(out, path, value);
  }
  return out;
}

function assignPath(target: Body, path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined || head === '__proto__' || head === 'constructor' || head === 'prototype') return;
  if (rest.length === 0) {
    const existing = target[head];
    if (existing === undefined) target[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else target[head] = [existing, value];
    return;
  }
  const child = target[head];
  const next: Body = child && typeof child === 'object' && !Array.isArray(child) ? (child as Body) : {};
  target[head] = next;
  assignPath(next, rest, value);
}

// ------------------------------------------------------------------ small readers

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function remoteIp(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded === 'string' && forwarded) return forwarded;
  return req.socket.remoteAddress ?? '';
}
