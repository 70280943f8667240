import type { UploadResponse } from '../wire.ts';
import { isRecord, text } from './guards.ts';

/** `POST /{pid}/files/chat` (and the legacy routes): `{message, filename}`; no filename → null. */
export function normalizeUpload(value: unknown): UploadResponse | null {
  if (!isRecord(value)) return null;
  const filename = text(value.filename, 4000);
  if (!filename) return null;
  return { message: text(value.message, 1000) ?? '', filename };
}
