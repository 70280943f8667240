import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeholderCss } from '../src/state/launcherLook.ts';
import { CHAT_ICON_PATH } from '../src/state/launcherIcon.ts';

type Fn = ((...a: unknown[]) => unknown) & { q?: unknown[]; loaded?: boolean };
type Win = Window & { Porchlight?: Fn; Tiledesk?: Fn; porchlightSettings?: unknown; tiledeskSettings?: unknown };
const win = window as Win;

async function runLoader() {
  vi.resetModules();
  await import('./loader.ts');
}

/** What the app stored after the last visit (src/client/ui-state/lookCache.ts). */
const VALUES = { align: 'left', theme: '#c2410c', fg: '#ffffff', x: '30px', y: '24px', mx: '0px', my: '0px', w: '64px', h: '64px', image: '', hide: false };
const LOOK = { ...VALUES, css: placeholderCss(VALUES), icon: CHAT_ICON_PATH };
const remember = (projectId: string, look: Record<string, string | boolean> = LOOK) =>
  localStorage.setItem(`porchlight:look:${projectId}`, JSON.stringify({ look }));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.body.innerHTML = '';
  delete win.Porchlight;
  delete win.porchlightSettings;
  delete win.tiledeskSettings;
  delete win.Tiledesk;
  sessionStorage.clear();
});

describe('loader', () => {
  it('appends one host with an open shadow root and a named launcher, and nothing else', async () => {
    win.porchlightSettings = { projectid: 'p1', themeColor: '#ff0000' };
    remember('p1');
    const before = new Set(Object.keys(window));
    await runLoader();
    const hosts = document.querySelectorAll('porchlight-widget');
    expect(hosts).toHaveLength(1);
    const root = hosts[0]!.shadowRoot!;
    expect(root).toBeTruthy();
    const button = root.querySelector('button')!;
    expect(button.getAttribute('part')).toBe('launcher');
    expect(button.getAttribute('aria-label')).toBe('Open chat');
    expect(document.head.querySelector('style')).toBeNull();
    const added = Object.keys(window).filter((k) => !before.has(k));
    expect(added).toEqual(['Porchlight']);
  });

  it('keeps calls queued by the stub before it ran, and queues new ones until the app is here', async () => {
    win.tiledeskSettings = { projectid: 'p1' };
    const stub = function (...args: unknown[]) {
      (stub.q = stub.q || []).push(args);
    } as ((...a: unknown[]) => void) & { q?: unknown[] };
    stub('on', 'ready', () => {});
    win.Porchlight = stub;
    await runLoader();
    expect(win.Porchlight).not.toBe(stub);
    expect(win.Porchlight.loaded).toBe(true);
    win.Porchlight('setLocale', 'it');
    expect(win.Porchlight.q!.map((args) => (args as unknown[])[0])).toEqual(['on', 'setLocale']);
  });

  it('loading twice does not create a second widget', async () => {
    win.porchlightSettings = { projectid: 'p1' };
    await runLoader();
    const first = win.Porchlight;
    await runLoader();
    expect(document.querySelectorAll('porchlight-widget')).toHaveLength(1);
    expect(win.Porchlight).toBe(first);
  });

  it('does not draw a launcher with startHidden', async () => {
    win.porchlightSettings = { projectid: 'p1', startHidden: true };
    remember('p1');
    await runLoader();
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).toBeNull();
  });

  it("paints the placeholder with the app's last look for this project: side, colour, size, image without referrer", async () => {
    win.porchlightSettings = { projectid: 'p1', align: 'right', themeColor: '#00ff00' };
    remember('p1', { ...LOOK, image: 'https://cdn.example.com/balloon.png' });
    await runLoader();
    const root = document.querySelector('porchlight-widget')!.shadowRoot!;
    const css = [...root.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n');
    expect(css).toMatch(/\.l\s*\{[^}]*left: 30px/);
    expect(css).toMatch(/background: #c2410c/);
    expect(css).toMatch(/width: 64px/);
    const img = root.querySelector('button img') as HTMLImageElement;
    expect(img.src).toBe('https://cdn.example.com/balloon.png');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('paints no placeholder on a first visit, or when the stored look is not safe CSS', async () => {
    win.porchlightSettings = { projectid: 'p1' };
    await runLoader();
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).toBeNull();
    document.body.innerHTML = '';
    delete win.Porchlight;
    remember('p1', { ...LOOK, css: placeholderCss({ ...VALUES, theme: 'red;background:url(https://evil.example/x)' }) });
    await runLoader();
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).toBeNull();
    // A launcher the app hides on some screens (displayOnMobile false, …) is the app's to show.
    document.body.innerHTML = '';
    delete win.Porchlight;
    remember('p1', { ...LOOK, hide: true });
    await runLoader();
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).toBeNull();
    // A look stored by an older app, without its stylesheet, or without its icon: the app paints.
    for (const older of [VALUES, { ...VALUES, css: LOOK.css }]) {
      document.body.innerHTML = '';
      delete win.Porchlight;
      remember('p1', older);
      await runLoader();
      expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).toBeNull();
    }
  });

  it('a page written for the official widget: its Tiledesk queue runs through the same commands, and window.Tiledesk is ours', async () => {
    win.tiledeskSettings = { projectid: 'p1' };
    // The official snippet's stub: `Tiledesk.q` holds `arguments` objects.
    const stub = function (this: unknown) {
      // eslint-disable-next-line prefer-rest-params
      (stub.q = stub.q || []).push(arguments);
    } as unknown as Fn;
    win.Tiledesk = stub;
    (win.Tiledesk as (...a: unknown[]) => void)('on', 'ready', () => {});
    await runLoader();
    expect(win.Tiledesk).toBe(win.Porchlight);
    expect(win.Porchlight!.loaded).toBe(true);
    win.Tiledesk('setLocale', 'it');
    expect(win.Porchlight!.q!.map((args) => (args as unknown[])[0])).toEqual(['on', 'setLocale']);
  });

  it('a bad call queued before it ran (a Symbol, a list that throws when read, a name whose toString throws) throws nothing: the launcher is drawn and every call waits for the app', async () => {
    win.porchlightSettings = { projectid: 'p1' };
    remember('p1');
    const stub = function (...args: unknown[]) {
      (stub.q = stub.q || []).push(args);
    } as ((...a: unknown[]) => void) & { q?: unknown[] };
    const trap = {
      get() {
        throw new TypeError('a hostile page');
      },
    };
    stub(Symbol('x'));
    stub(new Proxy({}, trap));
    stub({
      toString() {
        throw new Error('odd');
      },
    });
    stub.q!.push(new Proxy([], trap));
    stub('setLocale', 'it');
    win.Porchlight = stub;
    // The app reads and reports each of them when it takes the queue over (src/boot.ts, src/commandQueue.ts).
    await runLoader();
    expect(win.Porchlight.loaded).toBe(true);
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')!.getAttribute('aria-label')).toBe('Open chat');
    expect(win.Porchlight.q).toHaveLength(5);
  });

  it('a bad call made live before the app is here never throws into the page', async () => {
    win.porchlightSettings = { projectid: 'p1' };
    await runLoader();
    const porchlight = win.Porchlight!;
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new TypeError('a hostile page');
        },
      },
    );
    expect(() => porchlight(Symbol('x'))).not.toThrow();
    expect(() => porchlight(hostile)).not.toThrow();
    expect(() => porchlight('on', hostile)).not.toThrow();
    expect(porchlight.q).toHaveLength(3);
  });

  it('an app.js that cannot be imported (on another origin without CORS headers): the error names it and the likely cause, and the launcher stays', async () => {
    win.porchlightSettings = { projectid: 'p1', open: true };
    remember('p1');
    const failed = new Promise<{ type: string; message: string }>((resolve) =>
      window.addEventListener('porchlight:error', (e) => resolve((e as CustomEvent).detail), { once: true }),
    );
    await runLoader();
    const detail = await failed;
    // No loader tag here (currentScript): app.js is looked for beside the page.
    expect(detail.type).toBe('load');
    expect(detail.message).toMatch(/^could not import app\.js \(CORS header missing\?\): \w*Error/);
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).not.toBeNull();
  });

  it('adds no window.Tiledesk to a page that never asked for it', async () => {
    win.porchlightSettings = { projectid: 'p1' };
    await runLoader();
    expect('Tiledesk' in window).toBe(false);
  });
});

describe('loader on a hostile page', () => {
  /** Runs the loader with a stub queue; returns what reached the page. */
  async function startOn(prepare: () => void) {
    win.porchlightSettings = { projectid: 'p1' };
    remember('p1');
    const stub = function (...args: unknown[]) {
      (stub.q = stub.q || []).push(args);
    } as ((...a: unknown[]) => void) & { q?: unknown[] };
    const answered: unknown[] = [];
    stub('open');
    stub('on', 'error', (detail: unknown) => answered.push(detail));
    win.Porchlight = stub;
    const events: unknown[] = [];
    const onError = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener('porchlight:error', onError);
    prepare();
    try {
      await runLoader();
    } finally {
      window.removeEventListener('porchlight:error', onError);
    }
    return { events, answered };
  }

  function expectRefused({ events, answered }: { events: unknown[]; answered: unknown[] }) {
    expect(events).toEqual([expect.objectContaining({ type: 'config' })]);
    // The queued `on('error')` is answered with that error, and the stub does not claim to be loaded.
    expect(answered).toEqual(events);
    expect(win.Porchlight!.loaded).toBeFalsy();
    expect(win.Porchlight!.q ?? []).toHaveLength(0);
    // Later calls are answered too, and never throw.
    const late: unknown[] = [];
    expect(() => win.Porchlight!('on', 'error', (d: unknown) => late.push(d))).not.toThrow();
    expect(late).toEqual(events);
    expect(() => win.Porchlight!('open')).not.toThrow();
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new TypeError('a hostile page');
        },
      },
    );
    expect(() => win.Porchlight!(hostile)).not.toThrow();
    expect(() => win.Porchlight!(Symbol('x'))).not.toThrow();
  }

  it('Element.prototype.attachShadow throws: nothing is thrown into the page, porchlight:error (config) says why', async () => {
    const result = await startOn(() =>
      vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(() => {
        throw new DOMException('blocked by the page', 'NotSupportedError');
      }),
    );
    expectRefused(result);
    expect(document.querySelector('porchlight-widget')).toBeNull();
  });

  it('the page already contains a <porchlight-widget> of its own: left alone, the error is reported', async () => {
    const result = await startOn(() => {
      const foreign = document.createElement('porchlight-widget');
      foreign.id = 'theirs';
      document.body.appendChild(foreign);
    });
    expectRefused(result);
    expect(document.querySelectorAll('porchlight-widget')).toHaveLength(1);
    expect(document.querySelector('porchlight-widget')!.id).toBe('theirs');
  });

  it('the page already defined porchlight-widget as its own custom element: its constructor is never run', async () => {
    const constructed = vi.fn();
    const result = await startOn(() => {
      const name = `porchlight-widget`;
      if (!customElements.get(name)) {
        customElements.define(
          name,
          class extends HTMLElement {
            constructor() {
              super();
              constructed();
            }
          },
        );
      }
    });
    expectRefused(result);
    expect(constructed).not.toHaveBeenCalled();
    expect(document.querySelector('porchlight-widget')).toBeNull();
  });
});
