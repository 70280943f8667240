/**
 * The script-tag loader (`dist/loader.js`, budget 1,500 B gzip). Tiny and framework-free: it installs
 * the `window.Porchlight` command queue (and `window.Tiledesk` for pages written for the official
 * widget), appends the one `<porchlight-widget>` host with an open shadow root, draws the launcher
 * as the app drew it last time, and loads the real widget (`app.js`, beside this file) once the page
 * has settled, or sooner when it is wanted. It never imports the app statically.
 *
 * When `app.js` is fetched (README "Loading"):
 * - at once when the page asks for the widget: the `open` setting, or `open`, `toggle`, `show`,
 *   `sendMessage` called (or queued) on the command queue;
 * - when the visitor comes to our launcher: pointer over it, keyboard focus, click;
 * - otherwise after the page's `load` event, at its first idle moment (issue 25: a first visit's
 *   launcher within a second of `load` on a mid-range phone; the app's start-up runs in tasks under
 *   50 ms, so the page feels none of it).
 * A first visit paints nothing before that: the app paints the launcher with the project's look
 * (faded in, so nothing moves), rather than this file guessing it.
 */

// Types only (erased from the build): the loader stays free of the app's code, yet cannot drift from its `boot`.
import type * as App from '../src/app.ts';

type AppModule = typeof App;

type Command = ArrayLike<unknown>;
type CommandFn = ((...args: unknown[]) => unknown) & { q?: Command[]; loaded?: boolean };
type HostWindow = Window & { Porchlight?: CommandFn; Tiledesk?: CommandFn; porchlightSettings?: unknown; tiledeskSettings?: unknown };

/**
 * The launcher's last look for this project, as the app resolved it (src/client/ui-state/lookCache.ts) with the
 * stylesheet that draws it and its icon, so the placeholder paints exactly where and how the app's
 * launcher will. Anything odd (a stylesheet that could fetch or escape, an image that is not
 * http(s), no icon: an older app's look): no look.
 */
function cachedLook(win: Window, projectId: unknown): Record<string, string> | undefined {
  try {
    const look = JSON.parse(win.localStorage.getItem('porchlight:look:' + projectId) || '0').look;
    // A look always has its stylesheet (`look.icon` tells the app's current shape from an older one).
    if (!look.hide && look.icon && !/url|image|\/\*|\\|["']|@(?!media )/i.test(look.css) && /^(https?:\/\/|$)/.test(look.image)) return look;
  } catch {
    // none stored, or not readable: no look
  }
}

(function install(win: HostWindow) {
  /** Commands that need the widget itself, now. */
  const WANTS_APP = /^(open|toggle|show|sendMessage)$/;
  const doc = win.document;
  const own = win.Porchlight;
  const official = win.Tiledesk;
  // Loaded twice (a snippet pasted twice, an SPA re-running it): the first copy stays in charge.
  if (own && own.loaded) return;

  // This classic script's own tag: the app is found beside it, so `dist/` works from any path.
  const script = doc.currentScript as HTMLScriptElement | null;
  const appUrl = (script ? script.src : '').replace(/[^/]*$/, 'app.js');
  // The loader tag's data attributes (strict-CSP pages), then the page's settings object; own keys
  // only (Object.assign), as a page may have added enumerable keys to Object.prototype.
  const settings: Record<string, unknown> = Object.assign({}, script && script.dataset, win.porchlightSettings || win.tiledeskSettings);
  // `data-project-id` names it too.
  settings.projectid = settings.projectid || settings.projectId;
  // A page written for the official widget queues on `window.Tiledesk` (`Tiledesk.q`): same commands.
  const tiledesk = official || win.tiledeskSettings;
  const queue: Command[] = [...((own && own.q) || []), ...((official && official.q) || [])];
  const expose = (fn: CommandFn) => {
    win.Porchlight = fn;
    if (tiledesk) win.Tiledesk = fn;
  };
  let app: ReturnType<AppModule['boot']> | null = null;
  let loading: Promise<void> | null = null;
  let visitorOpened = false;
  let host: HTMLElement | undefined;
  let root: ShadowRoot;
  let button: HTMLButtonElement;

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
      try {
        if (args[0] == 'on' && args[1] == 'error') (args[2] as (detail: unknown) => void)(detail);
      } catch {
        // a call that throws when read, not a function, or the page's own listener threw: not ours to report
      }
    };
    expose((...args: unknown[]) => answer(args));
    queue.splice(0).forEach(answer);
  };

  /**
   * Whether a page's call needs the widget now. It never throws, whatever the page passed (a Symbol,
   * a Proxy that throws, a name whose `toString` throws): such a bad call waits like any other, and
   * the app, which reads every call (src/commandQueue.ts), ignores it with one `porchlight:error`.
   */
  const wantsApp = (args: Command) => {
    try {
      return WANTS_APP.test(args[0] as string);
    } catch {
      // a bad call: the app reports it
    }
  };

  const api: CommandFn = (...args: unknown[]) => {
    if (app) return app.command(...(args as [string]));
    queue.push(args);
    if (wantsApp(args)) load();
  };
  api.q = queue;

  function load() {
    if (loading) return;
    loading = (import(/* @vite-ignore */ appUrl) as Promise<AppModule>).then(
      (module) => {
        try {
          // The app takes over the placeholder (a keyboard user keeps their focus) and runs the
          // queued calls, in order.
          app = module.boot({ host: host!, settings, visitorOpened, queue });
        } catch (error) {
          // A widget that cannot start (no projectid, …) leaves no dead launcher behind.
          refuse(error);
        }
      },
      (error: unknown) => {
        // Not downloaded (offline, blocked): the launcher stays, and a click tries again.
        loading = null;
        // The browser says only that the import failed (Safari not even where from): the likely cause
        // with a widget on another origin is its server's missing CORS header (README "Serving it").
        fail('load', `could not import ${appUrl} (CORS header missing?): ${String(error)}`);
      },
    );
  }

  try {
    // Another `<porchlight-widget>` (the page's own element, or one left by other code) would fight ours.
    if (doc.querySelector('porchlight-widget') || (win.customElements && win.customElements.get('porchlight-widget'))) {
      throw 'porchlight-widget is taken';
    }
    host = doc.createElement('porchlight-widget');
    root = host.attachShadow({ mode: 'open' });
    button = doc.createElement('button');
  } catch (error) {
    return refuse(error);
  }
  api.loaded = true;
  expose(api);

  // Paint only a look we know is final (the app's, from the last visit); otherwise the app paints.
  const look = !settings.startHidden && cachedLook(win, settings.projectid);
  /** Sets the attributes (own keys only: a page may have added enumerable keys to Object.prototype). */
  const attributes = (el: Element, list: Record<string, string>) => {
    for (const [name, value] of Object.entries(list)) el.setAttribute(name, value);
    return el;
  };
  /** The SVG element `tag` with its attributes, appended to `parent`. */
  const svg = (tag: string, list: Record<string, string>, parent: Node) =>
    parent.appendChild(attributes(doc.createElementNS('http://www.w3.org/2000/svg', tag), list));
  if (look) {
    try {
      // A constructable sheet, which `style-src` does not govern. Without one (old browsers) there
      // is no placeholder: the app paints its launcher when it loads.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(look.css!);
      root.adoptedStyleSheets = [sheet];
      // Scoped by class: the app's own buttons share this shadow root later.
      attributes(button, { class: 'l', part: 'launcher', 'aria-label': 'Open chat', 'aria-expanded': 'false' });
      if (look.image) {
        // The image host must not learn the page's URL (order numbers, emails in the query).
        button.append(attributes(doc.createElement('img'), { referrerpolicy: 'no-referrer', alt: '', src: look.image }));
      } else {
        // The app's icon; its colour (currentColor) comes from the stylesheet, the button's label names it.
        svg('path', { d: look.icon! }, svg('svg', { viewBox: '0 0 24 24' }, button));
      }
      root.append(button);
      // Not disabled while the app comes: a disabled button drops a keyboard user's focus, and a
      // second click changes nothing (`load` runs once; after a failed download it tries again).
      button.onclick = () => {
        visitorOpened = true;
        load();
      };
      button.onpointerenter = button.onfocus = load;
    } catch {
      // no constructable stylesheets: no placeholder
    }
  }

  // After the page's `load`, at its first idle moment: the launcher comes as soon as the page has
  // settled (issue 25: within a second of `load` on a mid-range phone), never while it starts up.
  const afterLoad = () => (win.requestIdleCallback ? win.requestIdleCallback(load, { timeout: 2000 }) : setTimeout(load));

  const attach = () => {
    doc.body.append(host);
    if (settings.open || queue.some(wantsApp)) load();
    else if (doc.readyState == 'complete') afterLoad();
    else win.addEventListener('load', afterLoad);
  };
  if (doc.body) attach();
  else doc.addEventListener('DOMContentLoaded', attach);
})(window);
export {};
