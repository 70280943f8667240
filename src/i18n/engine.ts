/**
 * i18next for one translator (translator.ts): a chunk of its own with i18next, asked for at idle
 * once the widget is up, so its configuration is not part of a first open either.
 */
import i18next, { type i18n, type InitOptions } from 'i18next';
import { yieldToPage } from '../api/yieldToPage.ts';
import type { Bundles } from './resolveText.ts';

/**
 * i18next's configuration for `lng` over `bundles` (the texts loaded so far): the engine's, and the
 * one resolveText.test.ts proves the first-paint reader equal to.
 */
export function engineOptions(lng: string, bundles: Bundles): InitOptions {
  const resources: Record<string, { translation: Record<string, string> }> = {};
  for (const [code, texts] of Object.entries(bundles)) if (texts) resources[code] = { translation: { ...texts } };
  return {
    lng,
    fallbackLng: 'en',
    resources,
    initImmediate: false,
    // Texts are rendered as text nodes by Preact, never as HTML: i18next must not escape them twice.
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next advertises in the host page's console otherwise; the page is not ours to write to.
    showSupportNotice: false,
  };
}

/** A new i18next instance (one per widget) over the texts loaded so far, in `lng`. */
export async function createEngine(lng: string, bundles: Bundles): Promise<i18n> {
  const created = i18next.createInstance();
  await created.init(engineOptions(lng, bundles));
  // The first translation compiles i18next's path through a text (resolving it, a plural rule,
  // interpolation): 10-17 ms on a slow phone. Taken here, at idle beside i18next's start, it stays out
  // of the render that first reads a text from i18next (a page load's unread count, the first tap).
  // In a task of its own: with i18next's start and the texts handed over after it, one task of
  // ~65 ms of a host page storing 10,000 messages (4× CPU).
  await yieldToPage();
  created.t('UNREAD_COUNT', { count: 2 });
  await yieldToPage();
  return created;
}
