import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeholderCss } from '../src/state/launcherLook.ts';
import { CHAT_ICON_PATH } from '../src/state/launcherIcon.ts';
import { createLoadHint } from '../src/client/live/loadHint.ts';

/**
 * When the loader fetches app.js (issue 9): never before the page is idle and the visitor could
 * plausibly interact, except when the page asks for the widget or a conversation is going on.
 * In this environment there is no app.js beside the loader, so every fetch ends in one
 * `porchlight:error` of type `load`: that is what is counted.
 */
type Fn = ((...a: unknown[]) => unknown) & { q?: unknown[]; loaded?: boolean };
type Win = Window & { Porchlight?: Fn; porchlightSettings?: unknown };
const win = window as Win;
const VALUES = { align: 'right', theme: '#c2410c', fg: '#ffffff', x: '30px', y: '24px', mx: '0px', my: '0px', w: '64px', h: '64px', image: '', hide: false };
const remember = (projectId: string) =>
  localStorage.setItem(`porchlight:look:${projectId}`, JSON.stringify({ look: { ...VALUES, css: placeholderCss(VALUES), icon: CHAT_ICON_PATH } }));

// Real time, captured before the fake timers: a started import fails on its own time.
const realTimeout = globalThis.setTimeout;
const realWait = (ms: number) => new Promise((resolve) => realTimeout(resolve, ms));
let attempts: string[] = [];
const countAttempts = (e: Event) => {
  if ((e as CustomEvent<{ type: string }>).detail.type === 'load') attempts.push('load');
};

beforeEach(() => {
  attempts = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
  window.addEventListener('porchlight:error', countAttempts);
});

afterEach(async () => {
  // This test's loader gives up its timers, and a sign of a person spends its listeners (its import
  // fails before the next test starts): nothing of it reaches the next test.
  vi.clearAllTimers();
  window.dispatchEvent(new Event('pointerdown'));
  await realWait(150);
  window.removeEventListener('porchlight:error', countAttempts);
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  delete win.Porchlight;
  delete win.porchlightSettings;
});

async function start(settings: Record<string, unknown> = {}) {
  win.porchlightSettings = { projectid: 'p1', ...settings };
  remember('p1');
  vi.resetModules();
  await import('./loader.ts');
}

/** Lets the timers run `ms` further, then gives a started import time to fail. */
async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await realWait(150);
}

describe('when the loader fetches app.js', () => {
  it('not at once nor at the first idle moment, then at the first sign of a person', async () => {
    await start();
    await after(0);
    expect(attempts).toEqual([]);
    window.dispatchEvent(new Event('scroll'));
    await after(0);
    expect(attempts).toEqual(['load']);
  });

  it('without any sign of a person: at a later idle moment, 3 s after the first', async () => {
    await start();
    await after(2000);
    expect(attempts).toEqual([]);
    await after(1500);
    expect(attempts).toEqual(['load']);
  });

  it('at once when the page asks for the window (open queued before the loader ran)', async () => {
    win.Porchlight = Object.assign(() => {}, { q: [['open']] });
    await start();
    await realWait(150);
    expect(attempts).toEqual(['load']);
  });

  it('at once when the visitor points at the launcher, before any idle moment', async () => {
    await start();
    document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')!.dispatchEvent(new Event('pointerenter'));
    await realWait(150);
    expect(attempts).toEqual(['load']);
  });

  it('promptly after the first idle moment with a conversation going on (the app keeps the hint where it keeps the visit)', async () => {
    for (const persistence of ['local', 'session'] as const) {
      attempts = [];
      createLoadHint(window, 'p1', persistence)(true);
      await start();
      // Not before the page is idle.
      expect(attempts).toEqual([]);
      await after(10);
      expect(attempts).toEqual(['load']);
      window.dispatchEvent(new Event('pointerdown'));
      await realWait(150);
      localStorage.clear();
      sessionStorage.clear();
      document.body.innerHTML = '';
      delete win.Porchlight;
    }
  });

  it('not promptly once the conversation ended (the hint removed)', async () => {
    const hint = createLoadHint(window, 'p1', 'local');
    hint(true);
    hint(false);
    await start();
    await after(10);
    expect(attempts).toEqual([]);
  });

  it("promptly when the window was open on this tab's last page", async () => {
    sessionStorage.setItem('porchlight:v1:p1:open', '1');
    await start();
    await after(10);
    expect(attempts).toEqual(['load']);
  });

  it("reads the hint only once the page is idle: the script's own task opens no tab storage", async () => {
    sessionStorage.setItem('porchlight:v1:p1:open', '1');
    const read = vi.spyOn(sessionStorage, 'getItem');
    await start();
    expect(read).not.toHaveBeenCalled();
    await after(10);
    expect(read).toHaveBeenCalledWith('porchlight:v1:p1:open');
    expect(attempts).toEqual(['load']);
    read.mockRestore();
  });

  it('never opens IndexedDB (the hint is read synchronously from web storage)', async () => {
    const open = vi.spyOn(indexedDB, 'open');
    await start();
    await after(10);
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
