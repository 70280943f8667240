import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './en.ts';
import { loadLocale, SHIPPED_LANGUAGES } from './locales.ts';
import { pendingEn } from './pending-en.ts';
import { englishOfViews } from './en-views.ts';
import { resolveText, type Bundles } from './resolveText.ts';
import { engineOptions } from './engine.ts';
import { createTranslator } from './translator.ts';

/**
 * The first paint reads texts without i18next (resolveText.ts); i18next takes over at idle. Both
 * must give the same string for every text the widget can show: every key of every shipped locale
 * (and a language we do not ship, which falls back to English), with the options the views pass.
 */
const english: Record<string, string> = { ...pendingEn, ...en, ...englishOfViews };

async function engineFor(lng: string, bundles: Bundles) {
  const instance = i18next.createInstance();
  // The translator's own configuration (engine.ts `engineOptions`).
  await instance.init(engineOptions(lng, bundles));
  return instance;
}

/** Every key a view may ask for: the plural keys by their base (`UNREAD_COUNT`), as the views ask. */
function keysOf(texts: Record<string, string>): string[] {
  const keys = new Set<string>();
  for (const key of Object.keys(texts)) keys.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
  return [...keys, 'NOT_A_KEY'].sort();
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 101, 1.5, -1];
const VALUES = { name: 'report.pdf', max: '10,000', index: 2, size: '5 MB', when: 'tomorrow at 9:00', fullname: 'Ada $& Lovelace', reply_time: '5 minutes' };

/** No options; each count with every variable; the variables without a count; every variable missing; an explicit undefined. */
const OPTION_SETS: Array<Record<string, unknown>> = [
  {},
  ...COUNTS.map((count) => ({ ...VALUES, count })),
  { ...VALUES },
  { count: 2 },
  { name: undefined, count: '3' },
  { name: null, max: 0, when: '' },
];

const LANGUAGES = [...SHIPPED_LANGUAGES, 'xx'];

describe.each(LANGUAGES)('texts of %s before and after i18next', (lang) => {
  it('are the same string for every key and every sample of options', async () => {
    const own = lang === 'en' ? english : await loadLocale(lang);
    const bundles: Bundles = { en: english, ...(own && lang !== 'en' ? { [lang]: own } : {}) };
    const engine = await engineFor(lang, bundles);
    let compared = 0;
    for (const key of keysOf(own ?? english)) {
      for (const options of OPTION_SETS) {
        const ours = resolveText(bundles, lang, key, options);
        expect(ours.exact).toBe(true);
        expect({ key, options, text: ours.text }).toEqual({ key, options, text: engine.t(key, { ...options }) });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('resolveText', () => {
  it('answers labels laid over the texts, and the English text of a key the language lacks', async () => {
    // A `_zero` form and a key that has both a plain and a plural text: the order of the lookups shows.
    const bundles: Bundles = {
      en: { ...english, UNREAD_COUNT_zero: 'Nothing new', CAROUSEL_POSITION_other: '{{index}}/{{count}}' },
      it: { BUTTON_OPEN_CHAT: 'Apri', UNREAD_COUNT_other: '{{count}} da leggere' },
    };
    const engine = await engineFor('it', bundles);
    for (const [key, options] of [
      ['BUTTON_OPEN_CHAT', {}],
      ['UNREAD_COUNT', { count: 0 }],
      ['UNREAD_COUNT', { count: 1 }],
      ['UNREAD_COUNT', { count: 4 }],
      ['CAROUSEL_POSITION', { index: 1, count: 3 }],
      ['CAROUSEL_POSITION', { index: 1 }],
      ['TYPING_NAMED', { name: 'Lea' }],
    ] as const) {
      expect(resolveText(bundles, 'it', key, options)).toEqual({ text: engine.t(key, { ...options }), exact: true });
    }
  });

  it('does not vouch for what only i18next does: nesting, formats, paths, its own options, other key shapes', () => {
    const bundles: Bundles = { en: { ...english, NESTED: 'See $t(CLOSE)', FORMATTED: '{{when, datetime}}', PATH: '{{user.name}}' } };
    expect(resolveText(bundles, 'en', 'NESTED').exact).toBe(false);
    expect(resolveText(bundles, 'en', 'FORMATTED', { when: 1 }).exact).toBe(false);
    expect(resolveText(bundles, 'en', 'PATH', { user: { name: 'x' } }).exact).toBe(false);
    expect(resolveText(bundles, 'en', 'CLOSE', { context: 'male' }).exact).toBe(false);
    expect(resolveText(bundles, 'en', 'Your name: ').exact).toBe(false);
    expect(resolveText(bundles, 'en', 'CLOSE').exact).toBe(true);
  });
});

describe('the translator', () => {
  it('gives the same texts before i18next is loaded, so nothing renders again when i18next takes over', async () => {
    let tookOver = 0;
    const translator = createTranslator('de', { onEngine: () => tookOver++ });
    await translator.use('de');
    translator.overlay('de', { BUTTON_OPEN_CHAT: 'Chat öffnen (gespeichert)' });
    const samples = keysOf(english).flatMap((key) => OPTION_SETS.map((options) => [key, options] as const));
    const before = samples.map(([key, options]) => translator.textOf(key, { ...options }));
    expect(translator.i18n).toBeNull();
    await translator.engine();
    expect(tookOver).toBe(0);
    expect(translator.i18n).not.toBeNull();
    expect(samples.map(([key, options]) => translator.textOf(key, { ...options }))).toEqual(before);
    expect(translator.t('BUTTON_OPEN_CHAT')).toBe('Chat öffnen (gespeichert)');
  });

  it('asks for i18next at once for a text it cannot vouch for, and then shows i18next’s answer', async () => {
    let tookOver!: () => void;
    const engineReady = new Promise<void>((resolve) => (tookOver = resolve));
    const translator = createTranslator('en', { onEngine: () => tookOver() });
    translator.overlay('en', { WELCOME_MSG: 'Hello. $t(WELCOME_TITLE)' });
    expect(translator.t('WELCOME_MSG')).toBe('Hello. $t(WELCOME_TITLE)');
    await engineReady;
    expect(translator.t('WELCOME_MSG')).toBe(`Hello. ${english.WELCOME_TITLE}`);
  });

  it('keeps texts and labels in step once i18next is there (language switch, refresh, overlay)', async () => {
    const translator = createTranslator('en');
    await translator.engine();
    await translator.use('it');
    expect(translator.t('BUTTON_SEND_MESSAGE')).toBe((await loadLocale('it'))?.BUTTON_SEND_MESSAGE);
    await translator.refresh('it', { LABEL_PLACEHOLDER: 'Scrivi qui' });
    expect(translator.t('LABEL_PLACEHOLDER')).toBe(translator.texts('it').LABEL_PLACEHOLDER);
    translator.overlay('it', { CLOSE: 'Chiudi ora' });
    expect(translator.t('CLOSE')).toBe('Chiudi ora');
  });
});
