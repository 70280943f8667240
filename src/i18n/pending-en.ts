import type { pendingEnOfViews } from './en-views.ts';

/**
 * English texts for keys the widget is about to use but that are not in en.ts yet; those only views
 * loaded on demand show (offline and out-of-hours notices, the pre-chat form, the launcher callout,
 * the preview samples) are in en-views.ts (`pendingEnOfViews`). Every shipped
 * locale already translates them. When a key moves into en.ts, delete it here: the locales keep
 * their translation, and en.ts wins over this file anyway (see `loadLocale`).
 */
export const pendingEn = {
  BUTTON_EMOJI: 'Insert emoji',
} as const;

/** The keys of the texts not in en.ts yet (`pendingEn`, `pendingEnOfViews`). */
export type PendingKey = keyof typeof pendingEn | keyof typeof pendingEnOfViews;
