/**
 * Which files the visitor may send, checked before any byte leaves: the service refuses the rest
 * anyway (docs/service.md §9), but a clear message now beats a 403 later.
 */
export const MAX_UPLOAD_BYTES = 1_024_000;
export const SERVER_DEFAULT_EXTENSIONS = '.jpg,.jpeg,.png,.gif,.pdf,.txt';

export type UploadProblem = { key: 'UPLOAD_TOO_LARGE'; limit: number } | { key: 'UPLOAD_TYPE_NOT_ALLOWED' } | null;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

/** `accept`-style match: `.pdf`, `image/*`, `image/png`, `*\/*`. */
export function matchesAccept(name: string, mime: string, accept: string): boolean {
  const rules = list(accept);
  if (!rules.length) return true;
  const ext = extensionOf(name);
  const type = mime.toLowerCase();
  return rules.some(
    (rule) =>
      rule === '*/*' || rule === '*' || (rule.startsWith('.') ? rule === ext : rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : rule === type),
  );
}

export function checkUpload(
  file: { name: string; type: string; size: number },
  rules: { accept: string; allowedExtensions: string; maxBytes?: number },
): UploadProblem {
  const limit = rules.maxBytes ?? MAX_UPLOAD_BYTES;
  const allowed = rules.allowedExtensions.trim() || SERVER_DEFAULT_EXTENSIONS;
  if (!matchesAccept(file.name, file.type, rules.accept)) return { key: 'UPLOAD_TYPE_NOT_ALLOWED' };
  if (allowed !== '*/*' && !list(allowed).includes(extensionOf(file.name))) return { key: 'UPLOAD_TYPE_NOT_ALLOWED' };
  if (file.size > limit) return { key: 'UPLOAD_TOO_LARGE', limit };
  return null;
}
