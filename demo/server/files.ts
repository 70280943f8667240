/**
 * Uploads and downloads (docs/service.md §9): `POST /:pid/files/chat` through multer
 * (`single('file')`, the reference's size limit and error bodies) with the reference's three
 * checks (extension allow-list and declared mimetype in the file filter, then the content), and
 * the public `GET /files?path=` readers. The legacy `/files/users` and `/images/users` are not
 * registered, so they fall into the catch-all's "Invalid project id" like on the reference.
 */
import path from 'node:path';
import type { NextFunction, Request, Response, Router } from 'express';
import multer from 'multer';
import type { AuthDeps } from './credentials.ts';
import { authenticate, protect, validToken } from './credentials.ts';
import { contentMismatch, mimeForExtension, sameMimeType } from './fileTypes.ts';
import { principalOf, projectOf, queryText } from './httpContext.ts';
import { uuid } from './ids.ts';
import { nowIso } from './store.ts';
import type { FileDoc, ProjectDoc, ProjectUserDoc } from './types.ts';

/** `MAX_UPLOAD_FILE_SIZE`, default 1,024,000 bytes. */
export const MAX_UPLOAD_FILE_SIZE = Number(process.env.MAX_UPLOAD_FILE_SIZE) || 1_024_000;
const DEFAULT_CHAT_EXTENSIONS = process.env.CHAT_FILES_ALLOW_LIST || '.jpg,.jpeg,.png,.gif,.pdf,.txt';
const CHAT_FILE_EXPIRATION_SECONDS = Number(process.env.CHAT_FILE_EXPIRATION_TIME) || 2_592_000;

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
function refusal(file: Express.Multer.File, allowed: unknown): string | undefined {
  if (allowed === '*/*') return undefined;
  if (!file.originalname) return 'File original name is required';
  const ext = path.extname(file.originalname).toLowerCase();
  const listed = Array.isArray(allowed) ? allowed.includes(ext) : String(allowed).includes(ext);
  if (!listed) return `File extension ${ext} is not allowed`;
  const expected = mimeForExtension(ext);
  if (expected && !sameMimeType(file.mimetype, expected)) {
    return `File content does not match mimetype. Detected: ${file.mimetype}, provided: ${expected}`;
  }
  return undefined;
}

const chatUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_FILE_SIZE },
  // Browsers send file names in UTF-8 (busboy's default would read them as latin1).
  defParamCharset: 'utf8',
  fileFilter(req, file, done) {
    const refused = refusal(file, allowedExtensions(projectOf(req), req.projectUser));
    if (refused) done(new Error(refused));
    else done(null, true);
  },
}).single('file');

/** multer's failures, answered as `routes/filesp.js` does. */
function uploadFailure(err: unknown, res: Response): void {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') res.status(413).json({ success: false, error: 'File too large', code: err.code });
    // multer 2 says "Unexpected file field"; the reference's multer 1.4 says "Unexpected field".
    else res.status(400).json({ success: false, error: err.code === 'LIMIT_UNEXPECTED_FILE' ? 'Unexpected field' : err.message, code: err.code });
    return;
  }
  res.status(403).json({ success: false, error: err instanceof Error ? err.message : 'Upload failed' });
}

function uploadChat(deps: AuthDeps) {
  return (req: Request, res: Response, next: NextFunction): void => {
    chatUpload(req, res, (err: unknown) => {
      if (err) return uploadFailure(err, res);
      const file = req.file;
      if (!file) {
        res.status(500).json({ success: false, error: 'Error updating file chunks' });
        return;
      }
      const mismatch = contentMismatch(file.buffer, file.mimetype);
      if (mismatch) {
        res.status(403).json({ success: false, error: mismatch });
        return;
      }
      try {
        const uploaderId = principalOf(req).id;
        const filename = `uploads/users/${uploaderId}/files/${uuid()}/${file.originalname}`;
        storeFile(deps, filename, file, uploaderId);
        res.status(201).json({ message: 'File uploaded successfully', filename });
      } catch (failure) {
        next(failure);
      }
    });
  };
}

function storeFile(deps: AuthDeps, filename: string, file: Express.Multer.File, uploaderId: string): void {
  const doc: FileDoc = {
    bucket: 'files',
    filename,
    contentType: file.mimetype || 'application/octet-stream',
    length: file.size,
    uploadDate: nowIso(),
    metadata: { expireAt: new Date(Date.now() + CHAT_FILE_EXPIRATION_SECONDS * 1000).toISOString(), createdBy: uploaderId },
    data: file.buffer,
  };
  deps.store.data.files.push(doc);
  deps.store.changed();
}

/** Looks in bucket `files`, then `images`, like the reference's `/files` readers. */
function findFile(deps: AuthDeps, filePath: string | undefined): FileDoc | undefined {
  if (!filePath) return undefined;
  return deps.store.file('files', filePath) ?? deps.store.file('images', filePath);
}

function sendFile(res: Response, file: FileDoc): void {
  // Uploads are served from the API origin: never let a browser sniff them into HTML.
  res.set({ 'Content-Type': file.contentType, 'X-Content-Type-Options': 'nosniff' }).send(file.data);
}

function serveFile(deps: AuthDeps, download: boolean) {
  return (req: Request, res: Response): void => {
    const file = findFile(deps, queryText(req, 'path'));
    if (!file) {
      res.status(404).json({ success: false, error: 'File not found.' });
      return;
    }
    if (download) res.attachment(path.posix.basename(file.filename));
    sendFile(res, file);
  };
}

/** Legacy `/images?path=`: bucket `images` only, and a `msg` key instead of `error`. */
function serveImage(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const wanted = queryText(req, 'path');
    const file = wanted ? deps.store.file('images', wanted) : undefined;
    if (!file) {
      res.status(404).json({ success: false, msg: 'Image not found.' });
      return;
    }
    sendFile(res, file);
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
  router.post('/:projectid/files/chat', protect(deps, 'guest', ['bot', 'subscription']), uploadChat(deps));
  router.get('/:projectid/files', authenticate(deps), validToken, serveFile(deps, false));
  router.get('/:projectid/files/download', authenticate(deps), validToken, serveFile(deps, true));
}
