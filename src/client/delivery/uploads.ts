import { signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { ApiError } from '../../api/http.ts';
import type { TextKey } from '../../i18n/translator.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import type { ConversationModel } from '../conversation/conversation.ts';
import type { SessionModel } from '../session/session.ts';
import type { WidgetSettings } from '../../state/settings.ts';

/** One file on its way: progress 0–1, or the label key of what went wrong. */
export interface UploadItem {
  /** What `retryUpload` and `dismissUpload` take. */
  id: string;
  /** The file's name. */
  name: string;
  /** 0–1. */
  progress: number;
  /** The text key of what went wrong, or null. */
  error: TextKey | null;
  /** The parameters of that text (a size limit…). */
  errorParams?: Record<string, unknown>;
}

export interface UploadsModel {
  items: Signal<UploadItem[]>;
  add(file: File): void;
  retry(id: string): void;
  dismiss(id: string): void;
}

export interface UploadsOptions {
  apiUrl: string;
  projectId: string;
  session: SessionModel;
  conversation: ConversationModel;
  /** What the project lets a visitor upload (`fileUploadAccept`, `allowedUploadExtentions`), read at each file. */
  settings: ReadonlySignal<Pick<WidgetSettings, 'fileUploadAccept' | 'allowedUploadExtentions'>>;
  onError: (detail: WidgetErrorDetail) => void;
}

/** `items`: the list to keep them in (uploadsOnDemand.ts made it before this code was here). */
export function createUploads(options: UploadsOptions, items = signal<UploadItem[]>([])): UploadsModel {
  const { apiUrl, projectId, session, conversation } = options;
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
      // The transfer (XHR with progress, the older services' routes) is a chunk of its own,
      // fetched for the first file the visitor sends.
      const { uploadFile } = await import('./uploadFile.ts');
      const { metadata, image } = await uploadFile({ apiUrl, projectId, session, file, onProgress: (fraction) => patch(id, { progress: fraction }) });
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
      items.value = [...items.value, { id, name: file.name, progress: 0, error: null }];
      // The rules come with the first file (most visitors send none); a refused file never leaves.
      import('../../state/uploadRules.ts').then(
        ({ checkUpload }) => {
          const { fileUploadAccept: accept, allowedUploadExtentions: allowedExtensions } = options.settings.peek();
          const problem = checkUpload(file, { accept, allowedExtensions });
          if (problem)
            return patch(id, { error: problem.key, ...('limit' in problem ? { errorParams: { size: `${Math.round(problem.limit / 1000)} kB` } } : {}) });
          files.set(id, file);
          void run(id);
        },
        // Not downloaded (offline): the file is not sent; the visitor may dismiss it and try again.
        () => patch(id, { error: 'UPLOAD_FAILED' }),
      );
    },
    retry: (id) => void run(id),
    dismiss: remove,
  };
}
