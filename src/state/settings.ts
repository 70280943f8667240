/**
 * Widget settings: names and meanings of the service's official widget (`tiledeskSettings`),
 * resolved by the precedence of docs/public-api.md §1, last wins:
 * built-in defaults → project.widget → stored state → page settings → `porchlight_<key>` query params.
 * Each layer is validated on its own: a value that is not valid where it is set (a colour that is no
 * colour) counts as not set there, so the layer below shows through instead of the default.
 */
import { customTokenJwt } from './tokenParams.ts';
import { isColor, isLength } from './theme.ts';

/** Where the visitor and the conversation are kept: `local` (survive reloads, shared by the site's tabs), `session` (this tab only), `none` (memory). */
export type Persistence = 'local' | 'session' | 'none';
/** The side of the page the launcher and window sit on. */
export type Align = 'left' | 'right';
/** Whether the window is open on the next page: `open`, `close`, or as it was (`last`). */
export type PageChangeVisibility = 'open' | 'close' | 'last';

/** The widget's settings, as the official widget names them plus `apiUrl`, `realtime` and `windowEvents` (README "Settings"; docs/public-api.md §1). */
export interface WidgetSettings {
  /** The project on the service: its look, texts, hours, departments and agents. Required. */
  projectid: string;
  /** The service's API root. Default: the page's origin + `/v3`. */
  apiUrl: string;
  /** The language of the widget's texts (e.g. `en`, `pt-BR`); default: the browser's. */
  lang: string;
  /** The side the launcher and window sit on. */
  align: Align;
  /** Light, dark, or the visitor's system preference (`prefers-color-scheme`). */
  colorScheme: 'light' | 'dark' | 'auto';
  /** The launcher's distance from the side of the page (a CSS length). */
  marginX: string;
  /** The launcher's distance from the bottom of the page (a CSS length). */
  marginY: string;
  /** `marginX` on a phone. */
  mobileMarginX: string;
  /** `marginY` on a phone. */
  mobileMarginY: string;
  /** The launcher's width (a CSS length). */
  launcherWidth: string;
  /** The launcher's height (a CSS length). */
  launcherHeight: string;
  /** An http(s) image for the launcher instead of its icon. */
  baloonImage: string;
  /** The main colour (a CSS colour): launcher, header, the visitor's bubbles. */
  themeColor: string;
  /** Text on `themeColor` (a CSS colour); '' picks a readable one. */
  themeForegroundColor: string;
  /** The opacity of the header's `themeColor`, in percent (0–100). */
  themeColorOpacity: number;
  /** An http(s) logo in the header; `nologo` for none. */
  logoChat: string;
  /** The window's title; default: the project's name. */
  widgetTitle: string;
  /** The welcome's title (home screen, empty conversation). */
  welcomeTitle: string;
  /** The welcome's text. */
  welcomeMsg: string;
  /** Seconds after which the callout bubble shows over the closed launcher; negative: never. */
  calloutTimer: number;
  /** The callout's title. */
  calloutTitle: string;
  /** The callout's text. */
  calloutMsg: string;
  /** The visitor's name, as the page knows it (`setUser`). */
  userFullname: string;
  /** The visitor's email, as the page knows it (`setUser`). */
  userEmail: string;
  /**
   * A custom token of a signed-in visitor (docs/public-api.md §1), with or without `JWT `; also the
   * `porchlight_jwt` / `tiledesk_jwt` query parameter. Never taken from `project.widget`.
   */
  jwt: string;
  /** What the page tells the agents about the visitor (the conversation's attributes). */
  customAttributes: Record<string, unknown> | null;
  /** Ask name and email before the first message. */
  preChatForm: boolean;
  /** The form's fields (an array, or its JSON text), used when `preChatFormCustomFieldsEnabled`. */
  preChatFormJson: unknown[] | null;
  /** The pre-chat form's fields are `preChatFormJson`, not the default name and email. */
  preChatFormCustomFieldsEnabled: boolean;
  /** HTML from the dashboard ("Powered by …"), sanitized before it is shown. */
  poweredBy: string;
  /** The department every conversation goes to: no department choice is asked. */
  departmentID: string;
  /** The window is open at start. */
  open: boolean;
  /** The widget starts hidden (`show` shows it). */
  startHidden: boolean;
  /** The window opens to the home screen (welcome, recent conversations) instead of the conversation. */
  startFromHome: boolean;
  /** One conversation per visitor, as before many conversations: no home screen, no list asked of the service. */
  singleConversation: boolean;
  /** Every opening of the window starts a new conversation (the earlier ones stay, listed). */
  restartConversation: boolean;
  /** Where the visitor and the conversation are kept (`local` by default). */
  persistence: Persistence;
  /** A chime when a reply arrives while the window is closed or the tab hidden. */
  soundEnabled: boolean;
  /** Shown on a desktop browser. */
  displayOnDesktop: boolean;
  /** Shown on a phone. */
  displayOnMobile: boolean;
  /** On a desktop browser, whether the window is open on the next page. */
  onPageChangeVisibilityDesktop: PageChangeVisibility;
  /** On a phone, whether the window is open on the next page. */
  onPageChangeVisibilityMobile: PageChangeVisibility;
  /** The files the visitor may pick (an `accept` list: `image/*,.pdf`). */
  fileUploadAccept: string;
  /** Set by the dashboard in `project.widget` (the service's own spelling): what guests may upload. */
  allowedUploadExtentions: string;
  /** No close button in the header (the launcher closes the window). */
  hideHeaderCloseButton: boolean;
  /** A header button saves the conversation as a text file (off by default, as on the official widget). */
  allowTranscriptDownload: boolean;
  /** The rating at the end of a conversation is asked. */
  nativeRating: boolean;
  /** The composer has an upload button. */
  showAttachmentFooterButton: boolean;
  /** The composer has an emoji button. */
  showEmojiFooterButton: boolean;
  /** CSP nonce for the `<link>`/`<style>` fallback on browsers without constructable stylesheets. */
  nonce: string;
  /**
   * The websocket push, only where the service takes visitors: `true` = the service's socket at the
   * API root (where the reference places it), a ws(s) URL = that endpoint, `false` = none (polling
   * is always on). Off by default: the reference server does not take visitors (docs/service.md §10).
   */
  realtime: boolean | string;
  /**
   * Chat21's push channel (issue 24; README "Push"): the broker's web-MQTT endpoint, a `ws(s)://`
   * URL or a path on the API's origin (`/mqws/ws` on the official deployments). '' = none: the
   * widget polls. Only from the page's settings or the script's `data-` attributes: a link (query
   * string) or the service's public settings must not send the visitor's token elsewhere.
   */
  mqttEndpoint: string;
  /** Dispatch `porchlight:<event>` on `window` (the script tag does; several previews should not). */
  windowEvents: boolean;
}

export const DEFAULT_SETTINGS: Readonly<WidgetSettings> = Object.freeze({
  projectid: '',
  apiUrl: '',
  lang: '',
  align: 'right',
  colorScheme: 'light',
  marginX: '20px',
  marginY: '20px',
  mobileMarginX: '0px',
  mobileMarginY: '0px',
  launcherWidth: '60px',
  launcherHeight: '60px',
  baloonImage: '',
  themeColor: '#2a6ac1',
  themeForegroundColor: '',
  themeColorOpacity: 100,
  logoChat: '',
  widgetTitle: '',
  welcomeTitle: '',
  welcomeMsg: '',
  calloutTimer: -1,
  calloutTitle: '',
  calloutMsg: '',
  userFullname: '',
  userEmail: '',
  jwt: '',
  customAttributes: null,
  preChatForm: false,
  preChatFormJson: null,
  preChatFormCustomFieldsEnabled: false,
  poweredBy: '',
  departmentID: '',
  open: false,
  startHidden: false,
  startFromHome: false,
  singleConversation: false,
  restartConversation: false,
  persistence: 'local',
  soundEnabled: true,
  displayOnDesktop: true,
  displayOnMobile: true,
  onPageChangeVisibilityDesktop: 'last',
  onPageChangeVisibilityMobile: 'last',
  fileUploadAccept: 'image/*,.pdf,.txt',
  allowedUploadExtentions: '',
  hideHeaderCloseButton: false,
  allowTranscriptDownload: false,
  nativeRating: true,
  showAttachmentFooterButton: true,
  showEmojiFooterButton: false,
  nonce: '',
  realtime: false,
  mqttEndpoint: '',
  windowEvents: true,
});

export type SettingsLayer = Partial<Record<keyof WidgetSettings, unknown>>;

const KEYS = Object.keys(DEFAULT_SETTINGS) as Array<keyof WidgetSettings>;
const isHttpUrl = (v: string) => /^https?:\/\/\S+$/i.test(v);
/** Strings that reach CSS or an <img>: only values valid for that use are set in a layer ('' = none). */
const STRING_RULES: Partial<Record<keyof WidgetSettings, (value: string) => boolean>> = {
  themeColor: isColor,
  themeForegroundColor: (v) => v === '' || isColor(v),
  marginX: isLength,
  marginY: isLength,
  mobileMarginX: isLength,
  mobileMarginY: isLength,
  launcherWidth: isLength,
  launcherHeight: isLength,
  baloonImage: (v) => v === '' || isHttpUrl(v),
  logoChat: (v) => v === '' || v === 'nologo' || isHttpUrl(v),
  jwt: (v) => v === '' || customTokenJwt(v) !== null,
};
const ENUMS: Partial<Record<keyof WidgetSettings, readonly string[]>> = {
  align: ['left', 'right'],
  colorScheme: ['light', 'dark', 'auto'],
  persistence: ['local', 'session', 'none'],
  onPageChangeVisibilityDesktop: ['open', 'close', 'last'],
  onPageChangeVisibilityMobile: ['open', 'close', 'last'],
};

/**
 * Coerces one untrusted value (page script, query string or the service) to the type of its
 * default; `undefined` means "not set here", so the layer below shows through.
 */
export function coerceSetting<K extends keyof WidgetSettings>(key: K, value: unknown): WidgetSettings[K] | undefined {
  if (value === undefined || value === null) return undefined;
  const fallback = DEFAULT_SETTINGS[key];
  if (key === 'realtime' && typeof value === 'string' && /^wss?:\/\//i.test(value)) return value as WidgetSettings[K];
  if (typeof fallback === 'boolean') {
    if (typeof value === 'boolean') return value as WidgetSettings[K];
    // Query parameters: a bare key means true and '0' means false, as the official widget reads them.
    if (value === '' || value === 'true' || value === '1') return true as WidgetSettings[K];
    if (value === 'false' || value === '0') return false as WidgetSettings[K];
    return undefined;
  }
  if (typeof fallback === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) && value !== '' ? (n as WidgetSettings[K]) : undefined;
  }
  if (key === 'customAttributes' || key === 'preChatFormJson') {
    const wantArray = key === 'preChatFormJson';
    const fits = (v: unknown) => !!v && typeof v === 'object' && Array.isArray(v) === wantArray;
    if (fits(value)) return value as WidgetSettings[K];
    if (typeof value === 'string') {
      try {
        const parsed: unknown = JSON.parse(value);
        return fits(parsed) ? (parsed as WidgetSettings[K]) : undefined;
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return undefined;
  const allowed = ENUMS[key];
  if (allowed && !allowed.includes(value)) return undefined;
  const rule = STRING_RULES[key];
  if (rule && !rule(value.trim())) return undefined;
  return (rule ? value.trim() : value) as WidgetSettings[K];
}

/** Keeps only known keys with values of the right type. */
export function cleanLayer(layer: unknown): Partial<WidgetSettings> {
  const out: Partial<WidgetSettings> = {};
  if (!layer || typeof layer !== 'object') return out;
  const source = layer as Record<string, unknown>;
  for (const key of KEYS) {
    // Own properties only: a host page may have polluted Object.prototype.
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    const value = coerceSetting(key, source[key]);
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/**
 * What any HTML element (or a framework's component) may carry besides settings: HTML's own
 * attributes and listeners (`class`, `id`, `data-*`, `aria-*`, `onClick`…). Not settings, and no
 * mistake either: never reported as unknown ones.
 */
export const isElementAttribute = (name: string): boolean =>
  /^(class|id|style|slot|part|title|hidden|dir|tabindex|role|is|inert|data-.*|aria-.*|on.*)$/.test(name);

/** The keys of `layer` that name no setting (a typo the page would otherwise never hear of), in its order. */
export function unknownSettingKeys(layer: object): string[] {
  return Object.keys(layer).filter((key) => !isSetting(key));
}

/** `key` names a setting (`themeColor`; camel case). */
export const isSetting = (key: string): boolean => (KEYS as string[]).includes(key);

/** Reads `porchlight_<key>` (and the official widget's `tiledesk_<key>`) from a query string. */
export function settingsFromQuery(search: string): Partial<WidgetSettings> {
  const params = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const prefix of ['tiledesk_', 'porchlight_']) {
    params.forEach((value, name) => {
      if (name.startsWith(prefix)) raw[name.slice(prefix.length)] = value;
    });
  }
  const layer = cleanLayer(raw);
  // A link to the host page must not send the visitor's token to a socket of the link's choosing.
  if (typeof layer.realtime === 'string') delete layer.realtime;
  delete layer.mqttEndpoint;
  // A bare `?porchlight_jwt` names no visitor; it must not hide the page's own token.
  if (layer.jwt === '') delete layer.jwt;
  return layer;
}

/** Applies the layers in order, last wins. */
export function resolveSettings(...layers: Array<object | undefined>): WidgetSettings {
  const out: WidgetSettings = { ...DEFAULT_SETTINGS };
  for (const layer of layers) if (layer) Object.assign(out, cleanLayer(layer));
  return out;
}

export function defaultApiUrl(origin: string): string {
  return `${origin}/v3`;
}
