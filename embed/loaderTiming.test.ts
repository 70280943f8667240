import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeholderCss } from '../src/state/launcherLook.ts';
import { CHAT_ICON_PATH } from '../src/state/launcherIcon.ts';

/**
 * When the loader fetches app.js (issues 9 and 25): never while the page starts up; at the first
 * idle moment after its `load` (so a first visit's launcher comes within a second of it), or at
 * once when the page asks for the widget or the visitor comes to the launcher.
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
  it("not in the script's own task: at the first idle moment after the page's load, nobody touching anything", async () => {
    await start();
    expect(attempts).toEqual([]);
    await after(10);
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

  it('the same on a return visit, whatever a visit kept: no storage of the tab is read for it', async () => {
    sessionStorage.setItem('porchlight:v1:p1:open', '1');
    const read = vi.spyOn(sessionStorage, 'getItem');
    await start();
    expect(attempts).toEqual([]);
    await after(10);
    expect(attempts).toEqual(['load']);
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
  });

  it('never opens IndexedDB', async () => {
    const open = vi.spyOn(indexedDB, 'open');
    await start();
    await after(10);
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
