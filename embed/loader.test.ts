import { afterEach, describe, expect, it, vi } from 'vitest';

type Win = Window & { Porchlight?: ((...a: unknown[]) => unknown) & { q?: unknown[]; loaded?: boolean }; porchlightSettings?: unknown; tiledeskSettings?: unknown };
const win = window as Win;

async function runLoader() {
  vi.resetModules();
  await import('./loader.ts');
}

afterEach(() => {
  document.body.innerHTML = '';
  delete win.Porchlight;
  delete win.porchlightSettings;
  delete win.tiledeskSettings;
});

describe('loader', () => {
  it('appends one host with an open shadow root and a named launcher, and nothing else', async () => {
    win.porchlightSettings = { projectid: 'p1', themeColor: '#ff0000' };
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
    expect(win.Porchlight!.loaded).toBe(true);
    win.Porchlight!('setLocale', 'it');
    expect(win.Porchlight!.q!.map((args) => (args as unknown[])[0])).toEqual(['on', 'setLocale']);
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
    await runLoader();
    expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button')).toBeNull();
  });
});
