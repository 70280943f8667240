/**
 * The uploads of one chat (uploads.ts), whose code comes with the first file the visitor attaches:
 * most visits attach none. It is prefetched once the window opens (client.ts), so a file is then
 * listed at once; files added while it downloads wait for it, in the order they came.
 */
import { loadOnce } from '../platform/loadOnce.ts';
import type { UploadsModel, UploadsOptions } from './uploads.ts';
import { createUploadList } from './uploadList.ts';

export function uploadsOnDemand(options: UploadsOptions): UploadsModel {
  const list = createUploadList();
  let model: UploadsModel | null = null;
  /** Files waiting for the code: a later one must not overtake them. */
  let waiting = 0;
  let unsent = 0;
  // Not downloaded (offline): the next file tries again.
  const load = loadOnce(() => import('./uploads.ts').then((m) => (model = m.createUploads(options, list))));
  return {
    items: list.items,
    add(file) {
      if (model && !waiting) return model.add(file);
      waiting++;
      void load()
        .then(
          (m) => m.add(file),
          // Listed as not sent, as a file whose checks could not be downloaded: the visitor may dismiss it.
          () => list.apply({ type: 'added', item: { id: `x${++unsent}`, name: file.name, progress: 0, error: 'UPLOAD_FAILED' } }),
        )
        .finally(() => waiting--);
    },
    // Only a file the code has seen can be sent again.
    retry: (id) => model?.retry(id),
    dismiss: (id) => (model ? model.dismiss(id) : list.apply({ type: 'removed', id })),
  };
}
