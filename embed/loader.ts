/**
 * The script-tag loader (`dist/loader.js`). It must stay tiny and framework-free: it installs the
 * `window.Porchlight` command queue, appends the one `<porchlight-widget>` host with an open shadow
 * root, draws a launcher at once, and loads the real widget (`app.js`, beside this file) on idle,
 * hover, focus or click. It never imports the app statically.
 */

interface AppModule {
  boot(options: { host: HTMLElement; settings: Record<string, unknown>; query: string; visitorOpened: boolean; focusLauncher: boolean }): {
    command(name: string, ...args: unknown[]): unknown;
  };
}

type Command = ArrayLike<unknown>;
type PorchlightFn = ((...args: unknown[]) => unknown) & { q?: Command[]; loaded?: boolean };

const SVG = 'http://www.w3.org/2000/svg';
const CHAT_ICON =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8.5L4 21.5V18a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z';

function loaderScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript as HTMLScriptElement | null;
  if (current?.src) return current;
  const scripts = doc.getElementsByTagName('script');
  for (let i = scripts.length - 1; i >= 0; i--) {
    if (/\/loader(\.min)?\.js(\?|#|$)/.test(scripts[i]!.src)) return scripts[i]!;
  }
  return null;
}

/**
 * Settings from the loader tag's data attributes (`data-projectid`, `data-api-url`, …): pages under
 * a strict CSP cannot run the inline `window.porchlightSettings = …` script.
 */
function datasetSettings(script: HTMLScriptElement | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const data = script ? script.dataset : {};
  // Own keys only: a page may have added enumerable keys to Object.prototype.
  for (const key of Object.keys(data)) out[key === 'projectId' ? 'projectid' : key] = data[key];
  return out;
}

/** Safe colour for the placeholder only: anything odd falls back to the default. */
function colour(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i.test(value) ? value : fallback;
}

function cssLength(value: unknown, fallback: string): string {
  const v = String(value ?? '');
  return /^\d+(\.\d+)?(px|rem|em)?$/.test(v) ? (/\d$/.test(v) ? v + 'px' : v) : fallback;
}

function placeholderCss(s: Record<string, unknown>): string {
  const side = s.align === 'left' ? 'left' : 'right';
  return (
    ':host{all:initial!important;display:block!important;position:fixed!important;top:0!important;left:0!important;width:0!important;height:0!important;z-index:2147483000!important}' +
    `.l{position:fixed;bottom:${cssLength(s.marginY, '20px')};${side}:${cssLength(s.marginX, '20px')};` +
    `width:${cssLength(s.launcherWidth, '60px')};height:${cssLength(s.launcherHeight, '60px')};border:0;border-radius:50%;padding:0;cursor:pointer;` +
    `display:grid;place-items:center;background:${colour(s.themeColor, '#2a6ac1')};color:${colour(s.themeForegroundColor, '#fff')};` +
    'box-shadow:0 6px 20px rgb(16 24 40/.22)}.l svg{width:28px;height:28px}' +
    '@media (max-width:480px){.l{bottom:16px;' + side + ':16px}}'
  );
}

function install(win: Window & { Porchlight?: PorchlightFn; porchlightSettings?: unknown; tiledeskSettings?: unknown }) {
  const doc = win.document;
  const existing = win.Porchlight;
  // Loaded twice (a snippet pasted twice, an SPA re-running it): the first copy stays in charge.
  if ((existing && existing.loaded) || doc.querySelector('porchlight-widget')) return;

  const script = loaderScript(doc);
  const src = script ? script.src : '';
  const base = src.slice(0, src.lastIndexOf('/') + 1);
  const settings = { ...datasetSettings(script), ...((win.porchlightSettings || win.tiledeskSettings) as Record<string, unknown>) };
  const queue: Command[] = (existing && existing.q) || [];
  let app: ReturnType<AppModule['boot']> | null = null;
  let loading: Promise<void> | null = null;
  let visitorOpened = false;

  const api: PorchlightFn = function (...args: unknown[]) {
    if (app) return app.command(String(args[0]), ...args.slice(1));
    queue.push(args);
    if (args[0] === 'open' || args[0] === 'toggle' || args[0] === 'sendMessage') load();
    return undefined;
  };
  api.q = queue;
  api.loaded = true;
  win.Porchlight = api;

  const host = doc.createElement('porchlight-widget');
  const root = host.attachShadow({ mode: 'open' });
  const css = placeholderCss(settings);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } catch {
    const style = doc.createElement('style');
    if (typeof settings.nonce === 'string') style.nonce = settings.nonce;
    style.textContent = css;
    root.appendChild(style);
  }

  const button = doc.createElement('button');
  button.type = 'button';
  // Scoped by class: the app's own buttons share this shadow root later.
  button.className = 'l';
  button.setAttribute('part', 'launcher');
  button.setAttribute('aria-label', 'Open chat');
  button.setAttribute('aria-expanded', 'false');
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', CHAT_ICON);
  svg.appendChild(path);
  button.appendChild(svg);
  if (!settings.startHidden) root.appendChild(button);

  const fail = (type: string, error: unknown) => void win.dispatchEvent(new CustomEvent('porchlight:error', { detail: { type, message: String(error) } }));

  function load() {
    loading =
      loading ||
      (import(/* @vite-ignore */ base + 'app.js') as Promise<AppModule>).then(
        (module) => {
          try {
            // A keyboard user on our launcher keeps their focus on the app's launcher.
            app = module.boot({ host, settings, query: win.location.search, visitorOpened, focusLauncher: root.activeElement === button });
          } catch (error) {
            // A widget that cannot start (no projectid, …) leaves no dead launcher behind.
            host.remove();
            fail('config', error);
            return;
          }
          button.remove();
          // Calls made before the widget was here run now, in order.
          for (const args of queue.splice(0)) app.command(String(args[0]), ...Array.prototype.slice.call(args, 1));
        },
        (error: unknown) => {
          // Not downloaded (offline, blocked): the launcher stays, and a click tries again.
          loading = null;
          button.disabled = false;
          fail('load', error);
        },
      );
  }

  button.addEventListener('click', () => {
    visitorOpened = true;
    button.disabled = true;
    load();
  });
  button.addEventListener('pointerenter', load);
  button.addEventListener('focus', load);

  const attach = () => {
    doc.body.appendChild(host);
    if (settings.open || queue.length) return load();
    // Leave the page's own start-up alone: fetch the widget once the page is idle.
    const idle = () => ('requestIdleCallback' in win ? win.requestIdleCallback(load, { timeout: 4000 }) : setTimeout(load, 1500));
    if (doc.readyState === 'complete') idle();
    else win.addEventListener('load', idle);
  };
  if (doc.body) attach();
  else doc.addEventListener('DOMContentLoaded', attach);
}

install(window);
export {};
