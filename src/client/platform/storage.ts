import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { Persistence } from '../../state/settings.ts';

/**
 * Where the visitor's session, conversation and outbox live between page loads.
 * `local` → IndexedDB (shared by the site's tabs), `session` → sessionStorage (this tab only),
 * `none` → memory. Keys are versioned and per project: `v1:<projectId>:<name>`.
 */
export interface KeyValueStore {
  /** The value kept under `name`, or undefined. */
  get<T>(name: string): Promise<T | undefined>;
  /** Keeps `value` (structured-cloneable) under `name`. */
  set(name: string, value: unknown): Promise<void>;
  /** Forgets what is kept under `name`. */
  del(name: string): Promise<void>;
}

export const STORAGE_VERSION = 'v1';

export function storageKey(projectId: string, name: string): string {
  return `${STORAGE_VERSION}:${projectId}:${name}`;
}

export function createMemoryStore(): KeyValueStore {
  const map = new Map<string, unknown>();
  return {
    async get<T>(name: string) {
      return map.get(name) as T | undefined;
    },
    async set(name, value) {
      map.set(name, structuredClone(value));
    },
    async del(name) {
      map.delete(name);
    },
  };
}

function createWebStorageStore(storage: Storage, prefix: string): KeyValueStore {
  return {
    async get<T>(name: string) {
      const raw = storage.getItem(prefix + name);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    async set(name, value) {
      storage.setItem(prefix + name, JSON.stringify(value));
    },
    async del(name) {
      storage.removeItem(prefix + name);
    },
  };
}

function createIdbStore(idb: UseStore, projectId: string): KeyValueStore {
  return {
    get: <T>(name: string) => get<T>(storageKey(projectId, name), idb),
    set: (name, value) => set(storageKey(projectId, name), value, idb),
    del: (name) => del(storageKey(projectId, name), idb),
  };
}

/**
 * Wraps a store so that a failing backend (private mode, quota, a blocked database) falls back to
 * the next one (then memory) for the rest of the visit instead of breaking the chat.
 */
function withFallback(primary: KeyValueStore, onFallback: (error: unknown) => void, next: KeyValueStore = createMemoryStore()): KeyValueStore {
  let active = primary;
  const guard = async <T>(run: (store: KeyValueStore) => Promise<T>): Promise<T> => {
    try {
      return await run(active);
    } catch (error) {
      if (active === next) throw error;
      active = next;
      onFallback(error);
      return run(next);
    }
  };
  return {
    get: <T>(name: string) => guard((s) => s.get<T>(name)),
    set: (name, value) => guard((s) => s.set(name, value)),
    del: (name) => guard((s) => s.del(name)),
  };
}

export function openStore(persistence: Persistence, projectId: string, onFallback: (error: unknown) => void = () => {}): KeyValueStore {
  const prefix = `porchlight:${storageKey(projectId, '')}`;
  // Each backend on its own: where reading one throws (SecurityError, storage blocked), the next is tried.
  const attempt = (open: () => KeyValueStore | undefined | false | null): KeyValueStore | undefined => {
    try {
      return open() || undefined;
    } catch (error) {
      onFallback(error);
      return undefined;
    }
  };
  if (persistence === 'local') {
    // No IndexedDB, or one that fails (some private modes): localStorage still keeps the visit.
    const local = attempt(() => typeof localStorage !== 'undefined' && localStorage && withFallback(createWebStorageStore(localStorage, prefix), onFallback));
    const idb = attempt(() => typeof indexedDB !== 'undefined' && indexedDB && createIdbStore(createStore('porchlight', 'keyval'), projectId));
    if (idb) return withFallback(idb, onFallback, local);
    if (local) return local;
  }
  if (persistence === 'session') {
    const tab = attempt(
      () => typeof sessionStorage !== 'undefined' && sessionStorage && withFallback(createWebStorageStore(sessionStorage, prefix), onFallback),
    );
    if (tab) return tab;
  }
  return createMemoryStore();
}

/** The open-state mirror of ui.ts in sessionStorage (this tab), or nothing where it is unavailable. */
export function sessionOpenMirror(
  win: Window,
  projectId: string,
  persistence: Persistence,
): { read(): boolean | undefined; write(open: boolean): void } | undefined {
  if (persistence === 'none') return undefined;
  const key = `porchlight:${storageKey(projectId, 'open')}`;
  try {
    const storage = win.sessionStorage;
    return {
      read() {
        try {
          const value = storage.getItem(key);
          return value === null ? undefined : value === '1';
        } catch {
          return undefined;
        }
      },
      write(open) {
        try {
          storage.setItem(key, open ? '1' : '0');
        } catch {
          /* full or blocked: the asynchronous store still has it */
        }
      },
    };
  } catch {
    return undefined;
  }
}
