import { ApiError } from '../../api/http.ts';
import { fileUrl, uploadChatFile, uploadLegacy } from '../../api/files.ts';
import type { MessageMetadata } from '../../api/wire.ts';
import type { SessionModel } from '../session/session.ts';

async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** Sent as an image message (shown inline) rather than a file card. */
export function isImage(file: { type: string; name: string }): boolean {
  return /^image\/(png|jpe?g|gif|webp)$/i.test(file.type) || /\.(png|jpe?g|gif|webp)$/i.test(file.name);
}

/** The service without `/files/chat` (older versions) answers 404 there; the document's routes then. */
const missingRoute = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 405);

/**
 * One file to the service and the message metadata that points at it (uploads.ts loads this on
 * the first file the visitor sends: most visits never send one).
 */
export async function uploadFile(options: {
  apiUrl: string;
  projectId: string;
  session: SessionModel;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<{ metadata: MessageMetadata; image: boolean }> {
  const { apiUrl, projectId, session, file, onProgress } = options;
  const stored = await session.authorized(async (token) => {
    const request = { apiUrl, token, file, fileName: file.name, onProgress };
    try {
      return await uploadChatFile(projectId, request);
    } catch (error) {
      if (!missingRoute(error)) throw error;
      return uploadLegacy(isImage(file) ? 'images' : 'files', request);
    }
  });
  if (!stored) throw new Error('upload answered without a filename');
  const src = fileUrl(apiUrl, stored.filename);
  const image = isImage(file);
  const size = image ? await imageSize(file) : null;
  const metadata: MessageMetadata = { src, name: file.name, type: file.type || 'application/octet-stream', size: file.size, ...(size ?? {}) };
  return { metadata, image };
}
