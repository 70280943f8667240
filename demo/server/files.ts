/**
 * Uploads and downloads (server-contract §9): `POST /:pid/files/chat` with multer's limits and
 * the reference's three checks (extension allow-list, declared mimetype, content), then the
 * public `GET /files?path=` readers. The legacy `/files/users` and `/images/users` are not
 * registered, so they fall into the catch-all's "Invalid project id" like on the reference.
 */
import path from 'node:path';
import type { Ctx } from './http.ts';
import { sendJson } from './http.ts';
import { uuid } from './ids.ts';
import { contentMismatch, mimeForExtension, sameMimeType } from './fileTypes.ts';
import { boundaryOf, parseMultipart, type Part } from './multipart.ts';
import type { AuthDeps } from './passport.ts';
import { authenticate, protect, validToken } from './passport.ts';
import type { Router } from './router.ts';
import { nowIso } from './store.ts';
import type { FileDoc, ProjectDoc, ProjectUserDoc } from './types.ts';

/** `MAX_UPLOAD_FILE_SIZE`, default 1,024,000 bytes. */
export const MAX_UPLOAD_FILE_SIZE = Number(process.env.MAX_UPLOAD_FILE_SIZE) || 1_024_000;
const DEFAULT_CHAT_EXTENSIONS = process.env.CHAT_FILES_ALLOW_LIST || '.jpg,.jpeg,.png,.gif,.pdf,.txt';
const CHAT_FILE_EXPIRATION_SECONDS = Number(process.env.CHAT_FILE_EXPIRATION_TIME) || 2_592_000;
/** Past this the rest of an upload is drained unread: its headers have been seen by then. */
const BUFFER_SLACK = 256 * 1024;
const DRAIN_LIMIT = 64 * 1024 * 1024;

interface UploadBody {
  body: Buffer;
  truncated: boolean;
}

/** Buffers at most `cap` bytes, drains the rest (so the answer still reaches the client). */
function readCapped(ctx: Ctx, cap: number): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let seen = 0;
    ctx.req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT) ctx.req.destroy();
      if (size >= cap) return;
      const room = cap - size;
      chunks.push(room >= chunk.length ? chunk : chunk.subarray(0, room));
      size += Math.min(room, chunk.length);
    });
    ctx.req.on('end', () => resolve({ body: Buffer.concat(chunks), truncated: seen > size }));
    // Destroyed past DRAIN_LIMIT (or by the client): what was read is all there is.
    ctx.req.on('close', () => resolve({ body: Buffer.concat(chunks), truncated: true }));
    ctx.req.on('error', reject);
  });
}

/** The allow-list: the widget's for visitors, the project settings' for agents; "*\/*" = any. */
function allowedExtensions(project: ProjectDoc, membership: ProjectUserDoc | undefined): unknown {
  const isVisitor = !membership || membership.roleType === 2 || membership.role === 'guest';
  const configured = isVisitor ? project.widget.allowedUploadExtentions : project.settings.allowed_upload_extentions;
  return configured || DEFAULT_CHAT_EXTENSIONS;
}

/**
 * multer's fileFilter. The reference tests `allowed.includes(ext)` on the comma-separated
 * string (a substring test, kept as is). Returns an error message for a 403, or undefined.
 */
function filterFile(part: Part, allowed: unknown): string | undefined {
  if (allowed === '*/*') return undefined;
  if (!part.filename) return 'File original name is required';
  const ext = path.extname(part.filename).toLowerCase();
  const listed = Array.isArray(allowed) ? allowed.includes(ext) : String(allowed).includes(ext);
  if (!listed) return `File extension ${ext} is not allowed`;
  const expected = mimeForExtension(ext);
  if (expected && !sameMimeType(part.contentType, expected)) {
    return `File content does not match mimetype. Detected: ${part.contentType}, provided: ${expected}`;
  }
  return undefined;
}

type UploadOutcome = { status: number; body: unknown } | { file: Part };

/** Walks the parts like multer `.single('file')`: one file, in field `file`, within the limit. */
function pickFile(parts: Part[], truncated: boolean, allowed: unknown): UploadOutcome {
  let file: Part | undefined;
  for (const part of parts) {
    if (part.filename === undefined) continue;
    if (part.name !== 'file' || file) {
      return { status: 400, body: { success: false, error: 'Unexpected field', code: 'LIMIT_UNEXPECTED_FILE' } };
    }
    const refused = filterFile(part, allowed);
    if (refused) return { status: 403, body: { success: false, error: refused } };
    if (part.data.length > MAX_UPLOAD_FILE_SIZE || (!part.complete && truncated)) {
      return { status: 413, body: { success: false, error: 'File too large', code: 'LIMIT_FILE_SIZE' } };
    }
    file = part;
  }
  if (!file) return { status: 500, body: { success: false, error: 'Error updating file chunks' } };
  return { file };
}

function uploadChat(deps: AuthDeps) {
  return async (ctx: Ctx): Promise<void> => {
    const project = ctx.locals.project as ProjectDoc;
    const boundary = boundaryOf(ctx.req.headers['content-type']);
    const { body, truncated } = await readCapped(ctx, MAX_UPLOAD_FILE_SIZE + BUFFER_SLACK);
    const parts = boundary ? parseMultipart(body, boundary) : [];
    const outcome = pickFile(parts, truncated, allowedExtensions(project, ctx.locals.projectUser));
    if (!('file' in outcome)) {
      sendJson(ctx.res, outcome.status, outcome.body);
      return;
    }
    const mismatch = contentMismatch(outcome.file.data, outcome.file.contentType);
    if (mismatch) {
      sendJson(ctx.res, 403, { success: false, error: mismatch });
      return;
    }
    const uploaderId = ctx.locals.principal?.id ?? 'unknown';
    const filename = `uploads/users/${uploaderId}/files/${uuid()}/${outcome.file.filename}`;
    storeFile(deps, filename, outcome.file, uploaderId);
    sendJson(ctx.res, 201, { message: 'File uploaded successfully', filename });
  };
}

function storeFile(deps: AuthDeps, filename: string, part: Part, uploaderId: string): void {
  const doc: FileDoc = {
    bucket: 'files',
    filename,
    contentType: part.contentType ?? 'application/octet-stream',
    length: part.data.length,
    uploadDate: nowIso(),
    metadata: { expireAt: new Date(Date.now() + CHAT_FILE_EXPIRATION_SECONDS * 1000).toISOString(), createdBy: uploaderId },
    data: Buffer.from(part.data),
  };
  deps.store.data.files.push(doc);
  deps.store.changed();
}

/** Looks in bucket `files`, then `images`, like the reference's `/files` readers. */
function findFile(deps: AuthDeps, filePath: string | null): FileDoc | undefined {
  if (!filePath) return undefined;
  return deps.store.file('files', filePath) ?? deps.store.file('images', filePath);
}

function sendFile(ctx: Ctx, file: FileDoc, headers: Record<string, string> = {}): void {
  ctx.res.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.length),
    // Uploads are served from the API origin: never let a browser sniff them into HTML.
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  ctx.res.end(ctx.method === 'HEAD' ? undefined : file.data);
}

function serveFile(deps: AuthDeps, download: boolean) {
  return (ctx: Ctx): void => {
    const file = findFile(deps, ctx.query.get('path'));
    if (!file) {
      sendJson(ctx.res, 404, { success: false, error: 'File not found.' });
      return;
    }
    if (!download) return sendFile(ctx, file);
    const name = path.posix.basename(file.filename);
    const ascii = name.replace(/[^\x20-\x7e]|"/g, '?');
    const disposition = ascii === name ? `attachment; filename="${name}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
    sendFile(ctx, file, { 'Content-Disposition': disposition });
  };
}

/** Legacy `/images?path=`: bucket `images` only, and a `msg` key instead of `error`. */
function serveImage(deps: AuthDeps) {
  return (ctx: Ctx): void => {
    const wanted = ctx.query.get('path');
    const file = wanted ? deps.store.file('images', wanted) : undefined;
    if (!file) {
      sendJson(ctx.res, 404, { success: false, msg: 'Image not found.' });
      return;
    }
    sendFile(ctx, file);
  };
}

/** Root readers, mounted before the project catch-all. */
export function registerPublicFiles(router: Router, deps: AuthDeps): void {
  router.get('/files', serveFile(deps, false));
  router.get('/files/download', serveFile(deps, true));
  router.get('/images', serveImage(deps));
}

/** Project routes (`routes/filesp.js`), mounted after the catch-all. */
export function registerProjectFiles(router: Router, deps: AuthDeps): void {
  router.post('/:projectid/files/chat', ...protect(deps, 'guest', ['bot', 'subscription']), uploadChat(deps));
  router.get('/:projectid/files', authenticate(deps), validToken, serveFile(deps, false));
  router.get('/:projectid/files/download', authenticate(deps), validToken, serveFile(deps, true));
}
