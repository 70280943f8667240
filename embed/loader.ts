/**
 * The script-tag loader (`dist/loader.js`). It must stay tiny and framework-free: it installs the
 * `window.Porchlight` command queue, appends the one `<porchlight-widget>` host with an open shadow
 * root, draws a launcher at once, and loads the real widget (`app.js`, beside this file) on idle,
 * hover, focus or click. It never imports the app statically.
 */

// Types only (erased from the build): the loader stays free of the app's code, yet cannot drift from its `boot`.
type AppModule = typeof import('../src/app.ts');

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

/**
 * The launcher's last look for this project, as the app resolved it (src/state/lookCache.ts), so the
 * placeholder paints exactly where and how the app's launcher will. Anything odd: no look at all.
 */
function cachedLook(win: Window, projectId: unknown): Record<string, string> | null {
  try {
    const look = JSON.parse(win.localStorage.getItem('porchlight:look:' + projectId) || 'null').look;
    const safe = (v: unknown) => typeof v == 'string' && /^[#\w\s.,%()/-]*$/.test(v) && !/url|\/\*/i.test(v);
    return !look.hide && 'theme fg x y mx my w h'.split(' ').every((k) => safe(look[k])) && /^(https?:\/\/.+)?$/.test(look.image) ? look : null;
  } catch {
    return null;
  }
}

function placeholderCss(k: Record<string, string>): string {
  const side = k.align == 'left' ? 'left' : 'right';
  return (
    ':host{all:initial!important;display:block!important;position:fixed!important;top:0!important;left:0!important;width:0!important;height:0!important;z-index:2147483000!important}' +
    `.l{position:fixed;bottom:${k.y};${side}:${k.x};width:${k.w};height:${k.h};border:0;border-radius:50%;padding:0;cursor:pointer;` +
    `display:grid;place-items:center;background:${k.theme};color:${k.fg};box-shadow:0 6px 20px rgb(16 24 40/.22)}` +
    '.l svg{width:28px;height:28px}.l img{width:100%;height:100%;border-radius:50%;object-fit:cover}' +
    `@media (max-width:480px){.l{bottom:max(${k.my},16px);${side}:max(${k.mx},16px)}}`
  );
}

function install(win: Window & { Porchlight?: PorchlightFn; porchlightSettings?: unknown; tiledeskSettings?: unknown }) {
  const doc = win.document;
  const existing = win.Porchlight;
  // Loaded twice (a snippet pasted twice, an SPA re-running it): the first copy stays in charge.
  if (existing && existing.loaded) return;

  const script = loaderScript(doc);
  const src = script ? script.src : '';
  const base = src.slice(0, src.lastIndexOf('/') + 1);
  const settings = { ...datasetSettings(script), ...((win.porchlightSettings || win.tiledeskSettings) as Record<string, unknown>) };
  const queue: Command[] = (existing && existing.q) || [];
  let app: ReturnType<AppModule['boot']> | null = null;
  let loading: Promise<void> | null = null;
  let visitorOpened = false;
  let host: HTMLElement | undefined;

  const fail = (type: string, error: unknown) => {
    const detail = { type, message: String(error) };
    win.dispatchEvent(new CustomEvent('porchlight:error', { detail }));
    return detail;
  };

  /**
   * The widget cannot run on this page: nothing is thrown into it, `porchlight:error` says why, and
   * `window.Porchlight` stays an unloaded stub whose `on('error', fn)` calls — queued or later — are
   * answered with that error.
   */
  const refuse = (error: unknown) => {
    if (host) host.remove();
    const detail = fail('config', error);
    const answer = (args: Command) => {
      if (args[0] == 'on' && args[1] == 'error' && typeof args[2] == 'function') {
        try {
          args[2](detail);
        } catch {
          // the page's own listener; not ours to report
        }
      }
    };
    const stub: PorchlightFn = (...args: unknown[]) => answer(args);
    win.Porchlight = stub;
    queue.splice(0).forEach(answer);
  };

  const api: PorchlightFn = function (...args: unknown[]) {
    if (app) return app.command(String(args[0]), ...args.slice(1));
    queue.push(args);
    if (args[0] === 'open' || args[0] === 'toggle' || args[0] === 'sendMessage') load();
    return undefined;
  };
  api.q = queue;

  function load() {
    loading =
      loading ||
      (import(/* @vite-ignore */ base + 'app.js') as Promise<AppModule>).then(
        (module) => {
          try {
            // A keyboard user on our launcher keeps their focus on the app's launcher.
            app = module.boot({ host: host!, settings, query: win.location.search, visitorOpened, focusLauncher: root.activeElement === button });
          } catch (error) {
            // A widget that cannot start (no projectid, …) leaves no dead launcher behind.
            return refuse(error);
          }
          button.remove();
          // Calls made before the widget was here run now, in order.
          for (const args of queue.splice(0)) {
            try {
              app.command(String(args[0]), ...Array.prototype.slice.call(args, 1));
            } catch (error) {
              fail('command', error);
            }
          }
        },
        (error: unknown) => {
          // Not downloaded (offline, blocked): the launcher stays, and a click tries again.
          loading = null;
          button.disabled = false;
          fail('load', error);
        },
      );
  }

  let root: ShadowRoot;
  let button: HTMLButtonElement;
  try {
    // Another `<porchlight-widget>` (the page's own element, or one left by other code) would fight ours.
    if (doc.querySelector('porchlight-widget') || (win.customElements && win.customElements.get('porchlight-widget'))) {
      throw new Error('porchlight-widget is taken');
    }
    host = doc.createElement('porchlight-widget');
    root = host.attachShadow({ mode: 'open' });
    button = doc.createElement('button');
  } catch (error) {
    return refuse(error);
  }
  api.loaded = true;
  win.Porchlight = api;

  // Paint only a look we know is final (the app's, from the last visit); otherwise the app paints.
  const look = settings.startHidden ? null : cachedLook(win, settings.projectid);
  if (look) {
    const css = placeholderCss(look);
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
    button.type = 'button';
    // Scoped by class: the app's own buttons share this shadow root later.
    button.className = 'l';
    button.setAttribute('part', 'launcher');
    button.setAttribute('aria-label', 'Open chat');
    button.setAttribute('aria-expanded', 'false');
    if (look.image) {
      const img = doc.createElement('img');
      // The image host must not learn the page's URL (order numbers, emails in the query).
      img.referrerPolicy = 'no-referrer';
      img.alt = '';
      img.src = look.image;
      button.appendChild(img);
    } else {
      const svg = doc.createElementNS(SVG, 'svg');
      svg.setAttribute('viewBox', '0 0 24 24');
      svg.setAttribute('aria-hidden', 'true');
      const path = doc.createElementNS(SVG, 'path');
      path.setAttribute('fill', 'currentColor');
      path.setAttribute('d', CHAT_ICON);
      svg.appendChild(path);
      button.appendChild(svg);
    }
    root.appendChild(button);
    button.addEventListener('click', () => {
      visitorOpened = true;
      button.disabled = true;
      load();
    });
    button.addEventListener('pointerenter', load);
    button.addEventListener('focus', load);
  }

  const attach = () => {
    doc.body.appendChild(host!);
    // No launcher of ours yet (first visit): the app paints one, so fetch it now.
    if (!look || settings.open || queue.length) return load();
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
