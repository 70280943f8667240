import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { baseLanguage } from '../../i18n/translator.ts';
import { cleanLayer, resolveSettings, type WidgetSettings } from '../../state/settings.ts';
import { customTokenJwt } from '../../state/tokenParams.ts';

/**
 * What the page says, and what follows from it: its settings (over the project's, under the
 * address's query), the language it sets, and the site's token it gives (docs/public-api.md §1).
 */
export interface PageSettingsModel {
  /** The settings in force: the project's (`project.widget`), then the page's, then the query's. */
  settings: ReadonlySignal<WidgetSettings>;
  /** The chat's language: the page's `setLocale`, else the `lang` setting, else the browser's. */
  lang: ReadonlySignal<string>;
  /**
   * The site's token the page gives now, bare; null for none. `signInWithCustomToken` wins over the
   * `jwt` setting (query parameter over the page); after `logout` the setting's token named the
   * visitor who left, so it is not used again.
   */
  wantedToken: ReadonlySignal<string | null>;
  /** Lays `layer` (cleaned: settingsFromQuery, cleanLayer) over the page's settings. */
  update(layer: Partial<WidgetSettings>): void;
  setLocale(lang: string): void;
  /** `signInWithCustomToken`: the token (bare) the page gives from now on. */
  giveToken(jwt: string): void;
  /**
   * The page's token (command or setting) is not used again on this page: the visitor it named left
   * (`logout`), or another tab of the site signed someone else in or out since. One the page gives
   * anew is.
   */
  dropToken(): void;
}

export function createPageSettings(options: {
  page: Partial<WidgetSettings> | Record<string, unknown>;
  query: Partial<WidgetSettings>;
  /** `project.widget` as a settings layer (project.ts). */
  projectLayer: ReadonlySignal<Partial<WidgetSettings>>;
  /** The browser's language (`navigator.language`), read when nothing else names one. */
  browserLanguage: () => string;
}): PageSettingsModel {
  const pageLayer = signal(cleanLayer(options.page));
  const localeOverride = signal('');
  const commandToken = signal<string | null>(null);
  const droppedToken = signal<string | null>(null);
  const settings = computed(() => resolveSettings(options.projectLayer.value, pageLayer.value, options.query));
  return {
    settings,
    lang: computed(() => baseLanguage(localeOverride.value || settings.value.lang || options.browserLanguage() || 'en')),
    wantedToken: computed(() => {
      const setting = customTokenJwt(settings.value.jwt);
      return commandToken.value ?? (setting !== droppedToken.value ? setting : null);
    }),
    update(layer) {
      pageLayer.value = { ...pageLayer.peek(), ...layer };
    },
    setLocale(lang) {
      localeOverride.value = lang;
    },
    giveToken(jwt) {
      commandToken.value = jwt;
    },
    dropToken() {
      droppedToken.value = customTokenJwt(settings.peek().jwt);
      commandToken.value = null;
    },
  };
}
