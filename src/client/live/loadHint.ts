import type { Persistence } from '../../state/settings.ts';
import { storageKey } from '../platform/storage.ts';

/**
 * The loader's hint that this visitor has a conversation going on (`embed/loader.ts`): with it,
 * app.js loads promptly after the page's first idle moment, so the unread badge comes back at once;
 * without it, not before a sign of a person. Kept as `'1'` under `porchlight:v1:<pid>:going` in the
 * web storage that matches the visitor's persistence (`local` → localStorage, `session` →
 * sessionStorage, `none` → nowhere), so the loader reads it synchronously, without IndexedDB.
 */
export function loadHintKey(projectId: string): string {
  return `porchlight:${storageKey(projectId, 'going')}`;
}

/** Writes (or removes) the hint; a storage that refuses is skipped: the loader then waits for a person. */
export function createLoadHint(win: Window, projectId: string, persistence: Persistence): (going: boolean) => void {
  const key = loadHintKey(projectId);
  let last: boolean | undefined;
  return (going) => {
    if (going === last) return;
    last = going;
    try {
      const storage = persistence === 'local' ? win.localStorage : persistence === 'session' ? win.sessionStorage : null;
      if (going) storage?.setItem(key, '1');
      else storage?.removeItem(key);
    } catch {
      // blocked or full: no hint
    }
  };
}
