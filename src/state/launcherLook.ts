/**
 * The launcher's look as the loader's next page draws it (lookCache.ts keeps it): computed once the
 * project has answered, at idle, in a chunk of its own, since the page at hand never needs it.
 */
import { CHAT_ICON_PATH } from './launcherIcon.ts';
import { DEFAULT_SETTINGS, type WidgetSettings } from './settings.ts';
import { themeVariables } from './theme.ts';

/**
 * The stylesheet of the loader's placeholder launcher (`button.l`), drawn exactly as the app's
 * `.launcher` with this look. `:host` with `all: initial` (which also resets transform, filter and
 * contain) keeps the host page from moving or hiding it.
 */
export function placeholderCss(look: Omit<LauncherLook, 'css' | 'icon'>): string {
  const side = look.align === 'left' ? 'left' : 'right';
  return (
    ':host{all:initial!important;position:fixed!important;z-index:2147483000!important}' +
    `.l{position:fixed;bottom:${look.y};${side}:${look.x};width:${look.w};height:${look.h};border:0;border-radius:50%;padding:0;cursor:pointer;` +
    `display:grid;place-items:center;background:${look.theme};color:${look.fg};box-shadow:0 6px 20px rgb(16 24 40/.22)}` +
    '.l svg{width:28px;height:28px;fill:currentColor}.l img{width:100%;height:100%;border-radius:50%;object-fit:cover}' +
    `@media (max-width:480px){.l{bottom:max(${look.my},16px);${side}:max(${look.mx},16px)}}`
  );
}

/** The launcher's resolved look, exactly as the app's styles draw it. */
export function launcherLook(settings: WidgetSettings): LauncherLook {
  const vars = themeVariables(settings, DEFAULT_SETTINGS);
  const v = (name: `--pl-${string}`) => vars[name] ?? '';
  const look = {
    align: settings.align,
    theme: v('--pl-theme'),
    fg: v('--pl-theme-fg'),
    x: v('--pl-margin-x'),
    y: v('--pl-margin-y'),
    mx: v('--pl-mobile-margin-x'),
    my: v('--pl-mobile-margin-y'),
    w: v('--pl-launcher-width'),
    h: v('--pl-launcher-height'),
    image: /^https?:\/\//i.test(settings.baloonImage) ? settings.baloonImage : '',
    hide: settings.startHidden || !settings.displayOnDesktop || !settings.displayOnMobile,
  };
  return { ...look, css: placeholderCss(look), icon: CHAT_ICON_PATH };
}

/** The launcher's look as kept for the loader (lookCache.ts): the shape `embed/loader.ts` reads, keys `theme fg x y mx my w h image align hide css icon`. */
export interface LauncherLook {
  align: string;
  theme: string;
  fg: string;
  x: string;
  y: string;
  mx: string;
  my: string;
  w: string;
  h: string;
  image: string;
  /** Not always shown (`startHidden`, or hidden on desktop or phones): the loader leaves it to the app. */
  hide: boolean;
  /** The loader's placeholder stylesheet for this look (launcherLook.ts `placeholderCss`): built here, so the loader stays small. */
  css: string;
  /** The chat icon's path (24×24 viewBox) when there is no image: kept here, so the loader need not carry it. */
  icon: string;
}
