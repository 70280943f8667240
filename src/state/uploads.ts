import { signal, type Signal } from '@preact/signals-core';
import { ApiError } from '../api/http.ts';
import { fileUrl, uploadChatFile, uploadLegacy } from '../api/files.ts';
import type { MessageMetadata } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';
import type { WidgetErrorDetail } from './events.ts';
import type { ConversationModel } from './conversation.ts';
import type { SessionModel } from './session.ts';
import { checkUpload, isImage } from './uploadRules.ts';

/** One file on its way: progress 0–1, or the label key of what went wrong. */
export interface UploadItem {
  id: string;
  name: string;
  progress: number;
  error: TextKey | null;
  errorParams?: Record<string, unknown>;
}

export interface UploadsModel {
  items: Signal<UploadItem[]>;
  add(file: File): void;
  retry(id: string): void;
  dismiss(id: string): void;
}

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

/** The service without `/files/chat` (older versions) answers 404 there; the document's routes then. */
const missingRoute = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 405);

export function createUploads(options: {
  apiUrl: string;
  projectId: string;
  session: SessionModel;
  conversation: ConversationModel;
  rules: () => { accept: string; allowedExtensions: string };
  onError: (detail: WidgetErrorDetail) => void;
}): UploadsModel {
  const { apiUrl, projectId, session, conversation } = options;
  const items = signal<UploadItem[]>([]);
  const files = new Map<string, File>();
  let counter = 0;

  const patch = (id: string, change: Partial<UploadItem>) => {
    items.value = items.value.map((item) => (item.id === id ? { ...item, ...change } : item));
  };
  const remove = (id: string) => {
    items.value = items.value.filter((item) => item.id !== id);
    files.delete(id);
  };

  async function run(id: string) {
    const file = files.get(id);
    if (!file) return;
    // The visitor's own action: a session the service refused may be tried once more.
    session.allowAgain();
    patch(id, { progress: 0, error: null });
    try {
      const onProgress = (fraction: number) => patch(id, { progress: fraction });
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
      remove(id);
      // The name is the text: the service needs a text on a conversation's first message.
      await conversation.send({ text: file.name, type: image ? 'image' : 'file', metadata });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      patch(id, { error: status === 413 ? 'UPLOAD_TOO_LARGE' : status === 403 ? 'UPLOAD_TYPE_NOT_ALLOWED' : 'UPLOAD_FAILED', progress: 0 });
      options.onError({ type: 'upload', status, message: String(error) });
    }
  }

  return {
    items,
    add(file) {
      const id = `u${++counter}`;
      const problem = checkUpload(file, options.rules());
      items.value = [
        ...items.value,
        {
          id,
          name: file.name,
          progress: 0,
          error: problem?.key ?? null,
          ...(problem && 'limit' in problem ? { errorParams: { size: `${Math.round(problem.limit / 1000)} kB` } } : {}),
        },
      ];
      if (problem) return;
      files.set(id, file);
      void run(id);
    },
    retry: (id) => void run(id),
    dismiss: remove,
  };
}
