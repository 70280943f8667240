import type { i18n } from 'i18next';
import en, { type LabelKey } from './en.ts';
import { baseLanguage } from './language.ts';
import { pendingEn, type PendingKey } from './pending-en.ts';
import { resolveText, type Bundles } from './resolveText.ts';
import { textsFromServiceLabels } from './labelMeanings.ts';

export { baseLanguage };

/** The widget's own texts for `lang` (locales.ts, code on demand: English, bundled, never asks for it). */
const loadLocale = (lang: string) => import('./locales.ts').then((locales) => locales.loadLocale(lang));

/** `UNREAD_COUNT_one` / `_other` are asked for as `UNREAD_COUNT` (i18next picks the plural form). */
export type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** The key of a text the widget shows: one of its own (en.ts, pending-en.ts), which the service's labels may override. */
export type TextKey = PluralBase<LabelKey | PendingKey>;

/** Languages written right to left: the widget mirrors its layout for them. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export function isRtl(lang: string): boolean {
  return RTL.has(baseLanguage(lang));
}

/**
 * Remote labels for `lang`, or null when they are not for it. A stock service answers the English
 * pivot to any language it has no labels for; laying those over Italian texts would be wrong.
 */
export function remoteLabelsFor(lang: string, answer: unknown): Record<string, string> | null {
  if (!answer || typeof answer !== 'object') return null;
  const { lang: answered, data } = answer as { lang?: unknown; data?: unknown };
  if (typeof answered !== 'string' || baseLanguage(answered) !== baseLanguage(lang)) return null;
  return labelTexts(data);
}

/** The texts of a label set (`{KEY: text}`), trimmed; other values (ARRAY_DAYS is an array) are not texts to show. */
export function labelTexts(data: unknown): Record<string, string> | null {
  if (!data || typeof data !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  return out;
}

export interface Translator {
  /** The i18next instance once it is loaded (`engine()`), null before. */
  readonly i18n: i18n | null;
  t(key: TextKey, options?: Record<string, unknown>): string;
  /**
   * A text whose key the service's data names (a pre-chat form's JSON): ours of that key (our own, or
   * the label taken for it), else the service's label of that key as it named it.
   */
  textOf(key: string, options?: Record<string, unknown>): string;
  /** Switches language, loading the widget's own texts for it first (one chunk per language). */
  use(lang: string): Promise<void>;
  /** Texts (the widget's keys) over those of `lang`: the stored texts of the last visit. */
  overlay(lang: string, texts: Record<string, string>): void;
  /**
   * Replaces every text of `lang` with the widget's own plus the service's `labels` (null: none),
   * each label taken only for the text it means (i18n/labelMeanings.ts), dropping what an earlier
   * overlay or the stored texts of the last visit had put there.
   */
  refresh(lang: string, labels: Record<string, string> | null): Promise<void>;
  /** The texts of `lang` as they stand (to keep for the next visit). */
  texts(lang: string): Record<string, string>;
  /**
   * Downloads i18next (a chunk of its own, asked for at idle once the widget is up), hands it the
   * texts, and from then on every text is i18next's. Until then texts are read from the same
   * bundles the way i18next reads them (resolveText.ts); a text that reading cannot vouch for asks
   * for i18next at once.
   */
  engine(): Promise<void>;
  /**
   * The English texts only views loaded on demand show (en-views.ts, a chunk of their own, asked for
   * with i18next at idle or at the first such text): true once they are here, else the download (a
   * view loaded on demand waits for it before it paints, lazyView.tsx).
   */
  viewTexts(): true | Promise<void>;
}

export interface TranslatorOptions {
  /**
   * i18next has taken over after a text was shown as a guess (a text i18next reads differently than
   * resolveText.ts can vouch for): views re-read their texts. Without a guess every text is the
   * same string, and nothing renders again (at idle, on a slow phone, a render of every view beside
   * i18next's start was one task of over 50 ms on the host page).
   */
  onEngine?(): void;
  /** The texts of views loaded on demand arrived after one of them was asked for: views re-read theirs. */
  onViewTexts?(): void;
}

/**
 * The service's labels that are no text of ours (labelMeanings.ts `labels`) are kept in the bundles
 * beside our texts under this prefix: stored and restored with them for the next visit, read only by
 * `textOf`, so a label never stands for a text of ours whatever its key, even one whose text has not
 * been downloaded yet (en-views.ts).
 */
const SERVICE_LABEL = 'service_';

/** One i18next instance per widget: two previews on one page may speak two languages. */
export function createTranslator(lang: string, { onEngine, onViewTexts }: TranslatorOptions = {}): Translator {
  // The texts of each language, kept here and mirrored into i18next once it is loaded.
  const english: Record<string, string> = { ...pendingEn, ...en };
  const bundles: Bundles = { en: { ...english } };
  let language = baseLanguage(lang);
  let instance: i18n | null = null;
  let loading: Promise<void> | null = null;
  const loaded = new Set(['en']);
  /** The texts of views loaded on demand (en-views.ts), once downloaded. */
  let ofViews: Record<string, string> | null = null;
  let loadingViews: Promise<void> | null = null;
  /** The service's labels the last English refresh laid over (see `refresh`). */
  let englishLabels: Record<string, string> | null = null;
  /** A text was asked for before they came: what shows it must re-read it. */
  let missed = false;
  /** A text was shown as resolveText.ts guessed it: once i18next is here, what shows it must re-read it. */
  let guessed = false;

  /**
   * Texts asked for without options, as last read, until a text or the language changes: a view
   * reads a dozen as it renders, and i18next takes each through its whole path (~1 ms on a slow
   * phone): the tap that shows a window rendered ahead spent ~15 ms of its task in there at 6× CPU.
   */
  const read = new Map<string, string>();
  const setBundle = (code: string, texts: Record<string, string>) => {
    read.clear();
    bundles[code] = texts;
    if (!instance) return;
    instance.removeResourceBundle(code, 'translation');
    instance.addResourceBundle(code, 'translation', { ...texts }, true, true);
  };

  function viewTexts(): true | Promise<void> {
    if (ofViews) return true;
    loadingViews ??= import('./en-views.ts').then(
      ({ englishOfViews }) => {
        ofViews = englishOfViews;
        // Under what is there: the service's labels and the stored texts of the last visit win.
        setBundle('en', { ...englishOfViews, ...bundles.en });
        if (englishLabels) void model.refresh('en', englishLabels).catch(() => undefined);
        if (missed) onViewTexts?.();
      },
      (error: unknown) => {
        // Not downloaded (offline): the next ask tries again.
        loadingViews = null;
        throw error;
      },
    );
    return loadingViews;
  }
  const askViewTexts = () => {
    const texts = viewTexts();
    if (texts !== true) texts.catch(() => undefined);
  };

  function engine(): Promise<void> {
    // At idle, with i18next: the texts of the views a visitor may open next.
    askViewTexts();
    loading ??= import('./engine.ts').then(
      async ({ createEngine }) => {
        const created = await createEngine(language, bundles);
        instance = created;
        read.clear();
        // What arrived while i18next was starting (the views' texts, a locale, the service's labels)
        // went into `bundles` only: i18next gets them now, or it would show their keys.
        for (const [code, texts] of Object.entries(bundles)) if (texts) setBundle(code, texts);
        if (guessed) onEngine?.();
      },
      (error: unknown) => {
        // Not downloaded (offline): the texts stay as read so far; the next ask tries again.
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  /** A key of a text of ours (plural texts by their base key), as far as the texts here tell. */
  const isOurs = (key: string) => [english, ofViews].some((texts) => !!texts && (key in texts || `${key}_other` in texts));

  const lookUp = (key: string, options?: Record<string, unknown>): string => {
    // Not one of the first open's texts: those of the views loaded on demand may have it.
    if (!ofViews && !isOurs(key)) {
      missed = true;
      askViewTexts();
    }
    if (instance) return instance.t<string, Record<string, unknown>, string>(key, options ?? {});
    const resolved = resolveText(bundles, language, key, options);
    if (!resolved.exact) {
      guessed = true;
      void engine().catch(() => undefined);
    }
    return resolved.text;
  };
  const text = (key: string, options?: Record<string, unknown>): string => {
    if (options) return lookUp(key, options);
    let found = read.get(key);
    if (found === undefined) read.set(key, (found = lookUp(key)));
    return found;
  };

  const model: Translator = {
    get i18n() {
      return instance;
    },
    t: text,
    textOf(key, options) {
      const ours = text(key, options);
      const label = SERVICE_LABEL + key;
      // The label of that key in this language, else in English (i18next's fallback).
      const labelled = [bundles[language], bundles.en].some((texts) => !!texts && label in texts);
      return isOurs(key) || !labelled ? ours : text(label, options);
    },
    engine,
    viewTexts,
    async use(lang) {
      const code = baseLanguage(lang);
      if (!loaded.has(code)) {
        // A chunk that fails to download leaves English in place; the next call tries again.
        const texts = await loadLocale(code).catch(() => null);
        if (texts) {
          // Not overwriting: remote labels already laid over this language keep precedence.
          setBundle(code, { ...texts, ...bundles[code] });
          loaded.add(code);
        }
      }
      language = code;
      read.clear();
      await instance?.changeLanguage(code);
      // What was read while i18next was still switching was in the language it had.
      read.clear();
    },
    overlay(target, labels) {
      const code = baseLanguage(target);
      setBundle(code, { ...bundles[code], ...labels });
    },
    async refresh(target, labels) {
      const code = baseLanguage(target);
      if (code === 'en') englishLabels = labels;
      const locale = code === 'en' ? null : await loadLocale(code).catch(() => null);
      // English's own texts as they stand after the waits: with those of the views loaded on demand
      // if they came meanwhile (read before, they were dropped: their keys showed, seen under load);
      // without them until they are here (refreshed again then, so a label meant for one is taken).
      const englishNow = { ...english, ...ofViews };
      const own = code === 'en' ? englishNow : locale;
      const fromService = labels ? textsFromServiceLabels(labels, { ...englishNow, ...own }) : null;
      const taken = { ...fromService?.texts };
      for (const [key, label] of Object.entries(fromService?.labels ?? {})) taken[SERVICE_LABEL + key] = label;
      // Without our own texts (chunk not downloaded) the stored ones stay; only the labels change.
      setBundle(code, own ? { ...own, ...taken } : { ...bundles[code], ...taken });
    },
    texts(target) {
      return { ...bundles[baseLanguage(target)] };
    },
  };
  return model;
}
