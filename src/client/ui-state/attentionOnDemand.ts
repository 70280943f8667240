/**
 * The attention model (attention.ts) of one chat, whose code comes with the first unread message:
 * until something is unread there is no preview to show and no count for the page title, and a
 * first open and send never have one. Prefetched once the window opens (client.ts).
 */
import { computed, effect, signal } from '@preact/signals-core';
import type { AttentionModel, AttentionOptions } from './attention.ts';

export function attentionOnDemand(options: AttentionOptions): AttentionModel {
  const model = signal<AttentionModel | null>(null);
  let loading = false;
  let disposed = false;
  const stop = effect(() => {
    if (!options.unread.value || loading) return;
    loading = true;
    // Asked for in a task of its own: a count comes with what brought it (a page load's history of
    // thousands of messages), and starting a download there lengthened that task by ~6 ms on a slow phone.
    setTimeout(
      () =>
        void import('./attention.ts').then(
          (m) => void (!disposed && (model.value = m.createAttention(options))),
          // Not downloaded (offline): the next change of the count tries again.
          () => void (loading = false),
        ),
    );
  });
  return {
    preview: computed(() => model.value?.preview.value ?? null),
    dismissPreview: () => model.peek()?.dismissPreview(),
    dispose() {
      disposed = true;
      stop();
      model.peek()?.dispose();
    },
  };
}
