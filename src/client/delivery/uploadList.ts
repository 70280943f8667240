import { signal } from '@preact/signals-core';
import type { TextKey } from '../../i18n/translator.ts';

/** One file on its way: progress 0–1, or the label key of what went wrong. */
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

export type UploadEvent = { type: 'added'; item: UploadItem } | { type: 'changed'; id: string; change: Partial<UploadItem> } | { type: 'removed'; id: string };

/**
 * The files on their way, and `apply`: the one place where the list changes, for the uploads' code
 * (uploads.ts) and for what lists a file before that code is here (uploadsOnDemand.ts).
 */
export function createUploadList() {
  const items = signal<UploadItem[]>([]);
  function apply(event: UploadEvent): void {
    switch (event.type) {
      case 'added':
        items.value = [...items.value, event.item];
        return;
      case 'changed':
        items.value = items.value.map((item) => (item.id === event.id ? { ...item, ...event.change } : item));
        return;
      case 'removed':
        items.value = items.value.filter((item) => item.id !== event.id);
        return;
    }
  }
  return { items, apply };
}

export type UploadList = ReturnType<typeof createUploadList>;
