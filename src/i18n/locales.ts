import en, { type LabelKey } from './en.ts';
import { baseLanguage } from './language.ts';
import { pendingEn, type PendingKey } from './pending-en.ts';

export { baseLanguage };

/** Languages the widget ships its own texts for. English is the fallback for everything else. */
export const SHIPPED_LANGUAGES = ['en', 'it', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];

/** Every key a locale translates: en.ts plus the keys still waiting in pending-en.ts. */
export type TextKey = LabelKey | PendingKey;

type PluralBaseOf<K> = K extends `${infer Base}_other` ? Base : never;
/** `UNREAD_COUNT` for `UNREAD_COUNT_one` / `UNREAD_COUNT_other` (i18next plural keys). */
type PluralBase = PluralBaseOf<TextKey>;
type PluralKey = `${PluralBase}_${Intl.LDMLPluralRule}`;

/**
 * The shape of a locale file: every English key, except that plural keys follow the language's own
 * plural categories (`Intl.PluralRules`): `KEY_other` is required, `KEY_zero` … `KEY_many` are
 * optional (Arabic has all six, German only `_one` and `_other`). Unknown keys are type errors.
 */
export type LocaleTexts = Record<Exclude<TextKey, PluralKey> | `${PluralBase}_other`, string> & Partial<Record<PluralKey, string>>;

/**
 * One chunk per language, so a visitor downloads only their own. This module is a chunk of its own
 * too (translator.ts loads it for a language other than English): an English visit never runs it.
 */
const LOADERS: Record<Exclude<ShippedLanguage, 'en'>, () => Promise<{ default: LocaleTexts }>> = {
  it: () => import('./it.ts'),
  es: () => import('./es.ts'),
  fr: () => import('./fr.ts'),
  de: () => import('./de.ts'),
  pt: () => import('./pt.ts'),
  ar: () => import('./ar.ts'),
};

/** Whether the widget ships texts for the base language of `lang` (`pt-BR` counts as `pt`). */
export function isShipped(lang: string): boolean {
  return (SHIPPED_LANGUAGES as readonly string[]).includes(baseLanguage(lang));
}

/**
 * The widget's texts for the base language of `lang`, as a fresh object ready for i18next's
 * `addResourceBundle`, or null when the language is not shipped. English (the fallback, bundled
 * statically but for the texts of views loaded on demand, en-views.ts) comes with the pending keys;
 * en.ts wins where both have a key. Rejects only when the language's chunk cannot be downloaded.
 */
export async function loadLocale(lang: string): Promise<Record<string, string> | null> {
  const code = baseLanguage(lang);
  if (code === 'en') {
    const views = await import('./en-views.ts');
    return { ...pendingEn, ...views.pendingEnOfViews, ...en, ...views.enOfViews };
  }
  if (!isShipped(code)) return null;
  const chunk = await LOADERS[code as keyof typeof LOADERS]();
  return { ...chunk.default };
}
