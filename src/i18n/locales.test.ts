import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './en.ts';
import { pendingEn } from './pending-en.ts';
import { englishOfViews, enOfViews, pendingEnOfViews } from './en-views.ts';
import { isShipped, loadLocale, SHIPPED_LANGUAGES } from './locales.ts';
import pt from './pt.ts';

/**
 * Every shipped locale must translate every key of en.ts and pending-en.ts: adding a key to en.ts
 * fails here (and in tsc) until each locale has it.
 */
const english: Record<string, string> = { ...pendingEn, ...en, ...englishOfViews };
const CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** `UNREAD_COUNT` for `UNREAD_COUNT_one` / `UNREAD_COUNT_other`. */
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => k.endsWith('_other'))
    .map((k) => k.slice(0, -'_other'.length)),
);

function pluralOf(key: string): { base: string; category: string } | null {
  const cut = key.lastIndexOf('_');
  const base = key.slice(0, cut);
  const category = key.slice(cut + 1);
  return cut > 0 && pluralBases.has(base) && CATEGORIES.includes(category) ? { base, category } : null;
}

const singleKeys = Object.keys(english)
  .filter((k) => !pluralOf(k))
  .sort();

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

/** The counts 0–1000 that `category` covers in `lang` ("two" in Arabic: just 2). */
function countsOf(lang: string, category: string): number[] {
  const rules = new Intl.PluralRules(lang);
  return Array.from({ length: 1001 }, (_, n) => n).filter((n) => rules.select(n) === category);
}

async function textsOf(lang: string): Promise<Record<string, string>> {
  const texts = await loadLocale(lang);
  if (!texts) throw new Error(`no texts for ${lang}`);
  return texts;
}

describe.each(SHIPPED_LANGUAGES)('locale %s', (lang) => {
  it('has every key of en.ts and pending-en.ts, and no other', async () => {
    const texts = await textsOf(lang);
    expect(
      Object.keys(texts)
        .filter((k) => !pluralOf(k))
        .sort(),
    ).toEqual(singleKeys);
  });

  it('has the plural forms its language needs', async () => {
    const texts = await textsOf(lang);
    const rules = new Intl.PluralRules(lang);
    const categories = rules.resolvedOptions().pluralCategories as string[];
    const needed = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
    for (const base of pluralBases) {
      const own = Object.keys(texts).flatMap((k) => (pluralOf(k)?.base === base ? [pluralOf(k)?.category] : []));
      expect(own, `${base}_other`).toContain('other');
      // Only forms the language has: i18next would never pick another one.
      for (const category of own) expect(categories, `${base}_${category}`).toContain(category);
      // Every realistic count finds its own form instead of falling back to English.
      for (const category of needed) expect(own, `${base}_${category}`).toContain(category);
    }
  });

  it('keeps every {{placeholder}} of the English text and adds none', async () => {
    const texts = await textsOf(lang);
    for (const [key, text] of Object.entries(texts)) {
      const plural = pluralOf(key);
      const source = english[key] ?? (plural ? english[`${plural.base}_other`] : undefined);
      if (source === undefined) continue; // reported by the key test
      let wanted = placeholders(source);
      // A form that stands for a single number ("two" in Arabic) may spell it out instead.
      if (plural && countsOf(lang, plural.category).length === 1) wanted = wanted.filter((p) => p !== 'count');
      const found = placeholders(text);
      for (const name of wanted) expect(found, `${key}: {{${name}}}`).toContain(name);
      for (const name of found) expect(placeholders(source), `${key}: {{${name}}} is not in English`).toContain(name);
    }
  });

  it('has plain, non-empty texts', async () => {
    const texts = await textsOf(lang);
    for (const [key, text] of Object.entries(texts)) {
      expect(text.trim(), key).not.toBe('');
      expect(text, key).not.toMatch(/[<>]/);
    }
  });
});

describe('loadLocale', () => {
  it('serves a base language for a regional tag', async () => {
    expect(await loadLocale('pt-BR')).toEqual(pt);
    expect(await loadLocale('PT_pt')).toEqual(pt);
    expect((await loadLocale('ar-EG'))?.['UNREAD_COUNT_two']).toBeTruthy();
  });

  it('resolves null for a language the widget does not ship', async () => {
    expect(await loadLocale('xx')).toBeNull();
    expect(await loadLocale('constructor')).toBeNull();
  });

  it('gives English with the pending keys and the texts of views loaded on demand', async () => {
    const texts = await textsOf('en-GB');
    expect(texts['LABEL_PLACEHOLDER']).toBe(en.LABEL_PLACEHOLDER);
    expect(texts['BUTTON_EMOJI']).toBe(pendingEn.BUTTON_EMOJI);
    expect(texts['LABEL_SELECT_TOPIC']).toBe(pendingEnOfViews.LABEL_SELECT_TOPIC);
    expect(texts['CONFIRM_CLOSE_CHAT']).toBe(enOfViews.CONFIRM_CLOSE_CHAT);
  });

  it('gives a fresh object each time', async () => {
    const first = await textsOf('it');
    first['CLOSE'] = 'changed';
    expect((await textsOf('it'))['CLOSE']).not.toBe('changed');
  });

  it('knows which languages are shipped', () => {
    expect(isShipped('pt-BR')).toBe(true);
    expect(isShipped('de')).toBe(true);
    expect(isShipped('xx')).toBe(false);
  });
});

describe('Arabic plurals through i18next', () => {
  it('picks the dual for two, and the right form for other counts', async () => {
    const ar = await textsOf('ar');
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'ar',
      fallbackLng: 'en',
      resources: { ar: { translation: ar }, en: { translation: english } },
      initImmediate: false,
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    expect(instance.t('UNREAD_COUNT', { count: 2 })).toBe('رسالتان غير مقروءتين');
    expect(instance.t('UNREAD_COUNT', { count: 2 })).toBe(ar['UNREAD_COUNT_two']);
    expect(instance.t('UNREAD_COUNT', { count: 0 })).toBe(ar['UNREAD_COUNT_zero']);
    expect(instance.t('UNREAD_COUNT', { count: 1 })).toBe(ar['UNREAD_COUNT_one']);
    expect(instance.t('UNREAD_COUNT', { count: 3 })).toBe('3 رسائل غير مقروءة');
    expect(instance.t('UNREAD_COUNT', { count: 11 })).toBe('11 رسالة غير مقروءة');
    expect(instance.t('RATING_STARS', { count: 2 })).toBe('نجمتان');
  });
});
