/**
 * CSS custom properties for the shadow root, from settings that come from page code or the
 * service. Only values the browser accepts as colours or lengths pass, so a setting can never
 * smuggle `url(…)` or another declaration into our styles.
 */
export type ThemeVariables = Record<`--pl-${string}`, string>;

function parseHex(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m || !m[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function parseRgb(color: string): [number, number, number] | null {
  const m = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/i.exec(color.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function rgbOf(color: string): [number, number, number] | null {
  return parseHex(color) ?? parseRgb(color);
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colours (1–21); null when either is not a hex or rgb() colour. */
export function contrastRatio(a: string, b: string): number | null {
  const x = rgbOf(a);
  const y = rgbOf(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (WCAG contrast ratio). */
export function readableOn(background: string): string {
  const rgb = rgbOf(background);
  if (!rgb) return '#ffffff';
  const l = luminance(rgb);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/**
 * The text colour on the theme colour: the configured one while it passes WCAG AA (4.5:1), else
 * black or white computed for the theme. A colour whose contrast cannot be measured (a named
 * colour) is kept: the site owner chose it and we cannot prove it wrong.
 */
export function themeForeground(theme: string, configured: string): string {
  if (!configured) return readableOn(theme);
  const ratio = contrastRatio(theme, configured);
  return ratio !== null && ratio < AA_CONTRAST ? readableOn(theme) : configured;
}

export function isColor(value: string): boolean {
  if (!value || /[;{}<>]|url\(|var\(/i.test(value)) return false;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', value);
  return !!(parseHex(value) ?? parseRgb(value)) || /^[a-z]+$/i.test(value);
}

export function isLength(value: string): boolean {
  return /^-?\d+(\.\d+)?(px|rem|em|vh|vw|%)?$/.test(value.trim());
}

const asLength = (value: string, fallback: string) => {
  const v = value.trim();
  if (!isLength(v)) return fallback;
  return /^-?\d+(\.\d+)?$/.test(v) ? `${v}px` : v;
};

/** What the theme reads of the settings (settings.ts `WidgetSettings` has them, checked with `isColor` and `isLength`). */
export interface ThemeSettings {
  themeColor: string;
  themeForegroundColor: string;
  themeColorOpacity: number;
  marginX: string;
  marginY: string;
  mobileMarginX: string;
  mobileMarginY: string;
  launcherWidth: string;
  launcherHeight: string;
}

export function themeVariables(settings: ThemeSettings, fallback: ThemeSettings): ThemeVariables {
  const theme = isColor(settings.themeColor) ? settings.themeColor : fallback.themeColor;
  const foreground = themeForeground(theme, isColor(settings.themeForegroundColor) ? settings.themeForegroundColor : '');
  const opacity = Math.min(100, Math.max(0, settings.themeColorOpacity)) / 100;
  return {
    '--pl-theme': theme,
    '--pl-theme-fg': foreground,
    '--pl-header-opacity': String(opacity),
    '--pl-margin-x': asLength(settings.marginX, fallback.marginX),
    '--pl-margin-y': asLength(settings.marginY, fallback.marginY),
    '--pl-mobile-margin-x': asLength(settings.mobileMarginX, fallback.mobileMarginX),
    '--pl-mobile-margin-y': asLength(settings.mobileMarginY, fallback.mobileMarginY),
    '--pl-launcher-width': asLength(settings.launcherWidth, fallback.launcherWidth),
    '--pl-launcher-height': asLength(settings.launcherHeight, fallback.launcherHeight),
  };
}
