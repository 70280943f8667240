import i18next, { type i18n } from 'i18next';
import en, { type LabelKey } from './en.ts';
import { textsFromServiceLabels } from './labelMeanings.ts';
import { baseLanguage, loadLocale } from './locales.ts';
import { pendingEn, type PendingKey } from './pending-en.ts';

export { baseLanguage };

/** `UNREAD_COUNT_one` / `_other` are asked for as `UNREAD_COUNT` (i18next picks the plural form). */
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

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
  i18n: i18n;
  t(key: TextKey, options?: Record<string, unknown>): string;
  /** A text whose key the service's data names (a pre-chat form's JSON): its label, or ours of that key. */
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
}

/** One i18next instance per widget: two previews on one page may speak two languages. */
export function createTranslator(lang: string): Translator {
  const instance = i18next.createInstance();
  void instance.init({
    lng: baseLanguage(lang),
    fallbackLng: 'en',
    resources: { en: { translation: { ...pendingEn, ...en } } },
    initImmediate: false,
    // Texts are rendered as text nodes by Preact, never as HTML: i18next must not escape them twice.
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next advertises in the host page's console otherwise; the page is not ours to write to.
    showSupportNotice: false,
  });
  const loaded = new Set(['en']);
  const text = (key: string, options?: Record<string, unknown>) => instance.t<string, Record<string, unknown>, string>(key, options ?? {});
  return {
    i18n: instance,
    t: text,
    textOf: text,
    async use(lang) {
      const code = baseLanguage(lang);
      if (!loaded.has(code)) {
        // A chunk that fails to download leaves English in place; the next call tries again.
        const texts = await loadLocale(code).catch(() => null);
        if (texts) {
          // Not overwriting: remote labels already laid over this language keep precedence.
          instance.addResourceBundle(code, 'translation', texts, true, false);
          loaded.add(code);
        }
      }
      await instance.changeLanguage(code);
    },
    overlay(target, labels) {
      instance.addResourceBundle(baseLanguage(target), 'translation', labels, true, true);
    },
    async refresh(target, labels) {
      const code = baseLanguage(target);
      const english = { ...pendingEn, ...en };
      const own = code === 'en' ? english : await loadLocale(code).catch(() => null);
      const taken = labels ? textsFromServiceLabels(labels, { ...english, ...own }) : {};
      // Without our own texts (chunk not downloaded) the stored ones stay; only the labels change.
      if (own) instance.removeResourceBundle(code, 'translation');
      instance.addResourceBundle(code, 'translation', { ...own, ...taken }, true, true);
    },
    texts(target) {
      return { ...(instance.getResourceBundle(baseLanguage(target), 'translation') as Record<string, string> | undefined) };
    },
  };
}
