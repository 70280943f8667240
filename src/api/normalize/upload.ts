import type { UploadResponse } from '../wire.ts';
import { isRecord, text } from './guards.ts';

/** `POST /{pid}/files/chat` (and the legacy routes): `{message, filename}`; no filename → null. */
export function normalizeUpload(value: unknown): UploadResponse | null {
  const filename = isRecord(value) ? text(value.filename) : undefined;
  return filename ? { message: text((value as { message?: unknown }).message) ?? '', filename } : null;
}
