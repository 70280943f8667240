import type { WidgetsResponse } from '../../api/wire.ts';
import type { LauncherLook } from '../../state/launcherLook.ts';

/**
 * The last known look of a project's widget, kept in localStorage so that a return visit paints
 * the launcher and the texts as they will stay, at once, instead of switching when `/widgets` and
 * the labels answer (they are then refreshed quietly). Only project configuration is kept here,
 * nothing about the visitor. `embed/loader.ts` reads `look` synchronously for its placeholder, so
 * the shape of `look` is shared with it (keys `theme fg x y mx my w h image align hide css icon`).
 */
export type { LauncherLook };

/** What `project.apply()` needs from `/widgets`, minus availability (that is never stale-safe). */
export type CachedWidgets = Pick<Partial<WidgetsResponse>, 'project' | 'departments'>;

export interface LookCache {
  /** The last `/widgets` answer for the project, or null on a first visit. */
  widgets(): CachedWidgets | null;
  /** The last texts (the widget's own for the language with the service's labels laid over). */
  texts(lang: string): Record<string, string> | null;
  /**
   * Keeps `/widgets`' answer with the launcher's look; without a look (its code, launcherLook.ts,
   * not here yet) the stored look stays, so a return visit's app paints from the answer at once.
   */
  save(widgets: CachedWidgets, look?: LauncherLook): void;
  saveTexts(lang: string, texts: Record<string, string>): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** `storage` is null where the page allows none (or `persistence: none`): then nothing is kept. */
export function createLookCache(storage: Storage | null, projectId: string): LookCache {
  const lookKey = `porchlight:look:${projectId}`;
  const textsKey = (lang: string) => `porchlight:labels:${projectId}:${lang}`;
  const read = (key: string): unknown => {
    try {
      return JSON.parse(storage?.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };
  const write = (key: string, value: unknown) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or refused: the next visit simply starts like a first one.
    }
  };
  return {
    widgets() {
      const entry = read(lookKey);
      return isRecord(entry) && isRecord(entry.widgets) ? entry.widgets : null;
    },
    texts(lang) {
      const texts = read(textsKey(lang));
      if (!isRecord(texts)) return null;
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(texts)) if (typeof value === 'string') out[key] = value;
      return out;
    },
    save(widgets, look) {
      const stored = read(lookKey);
      write(lookKey, { widgets, look: look ?? (isRecord(stored) ? stored.look : undefined) });
    },
    saveTexts(lang, texts) {
      write(textsKey(lang), texts);
    },
  };
}

/** localStorage, or null where reading it throws (sandboxed frames, storage disabled). */
export function localStorageOf(win: Window): Storage | null {
  try {
    return win.localStorage ?? null;
  } catch {
    return null;
  }
}
