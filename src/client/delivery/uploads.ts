import { effect, type ReadonlySignal } from '@preact/signals-core';
import { ApiError } from '../../api/http.ts';
import type { MessageMetadata } from '../../api/wire.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import type { SessionModel } from '../session/session.ts';
import type { WidgetSettings } from '../../state/settings.ts';
import { createUploadList, type UploadItem, type UploadList } from './uploadList.ts';

export type { UploadItem } from './uploadList.ts';

export interface UploadsModel {
  items: ReadonlySignal<UploadItem[]>;
  add(file: File): void;
  retry(id: string): void;
  dismiss(id: string): void;
}

/** The message that carries an uploaded file. */
export interface FileMessage {
  text: string;
  type: 'image' | 'file';
  metadata: MessageMetadata;
}

export interface UploadsOptions {
  apiUrl: string;
  projectId: string;
  session: SessionModel;
  /** Where a stored file goes as a message: the conversation, which sits above delivery and sends it as any other. */
  conversation: { send(message: FileMessage): Promise<void> };
  /** What the project lets a visitor upload (`fileUploadAccept`, `allowedUploadExtentions`), read at each file. */
  settings: ReadonlySignal<Pick<WidgetSettings, 'fileUploadAccept' | 'allowedUploadExtentions'>>;
  onError: (detail: WidgetErrorDetail) => void;
  /**
   * What is asked before the first message (intake.ts): while the pre-chat form is, a file waits
   * (listed, at 0 %), as the sign-in does (policy/signIn.ts): the sign-in then carries its answers.
   */
  intake?: { stage: ReadonlySignal<string> };
}

/** `list`: where they are listed (uploadsOnDemand.ts made it before this code was here). */
export function createUploads(options: UploadsOptions, list: UploadList = createUploadList()): UploadsModel {
  const { apiUrl, projectId, session, conversation } = options;
  const files = new Map<string, File>();
  let counter = 0;

  const patch = (id: string, change: Partial<UploadItem>) => list.apply({ type: 'changed', id, change });
  /** Resolves once no pre-chat form is asked (at once when none is). */
  const formAnswered = () =>
    new Promise<void>((resolve) => {
      const stop = effect(() => {
        if (options.intake?.stage.value === 'prechat') return;
        resolve();
        // Answered during the effect's first run: `stop` is not there yet.
        queueMicrotask(() => stop());
      });
    });
  const remove = (id: string) => {
    list.apply({ type: 'removed', id });
    files.delete(id);
  };

  async function run(id: string) {
    const file = files.get(id);
    if (!file) return;
    // The visitor's own action: a session the service refused may be tried once more.
    session.allowAgain();
    patch(id, { progress: 0, error: null });
    try {
      await formAnswered();
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
    items: list.items,
    add(file) {
      const id = `u${++counter}`;
      list.apply({ type: 'added', item: { id, name: file.name, progress: 0, error: null } });
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
