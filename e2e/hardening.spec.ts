import { expect, test } from '@playwright/test';
import { API_ORIGIN, API_URL, DEFAULT_DEPARTMENT, PROJECT_ID, agentReply, chatWindow, launcher, openHostPage, sendFromWidget, snippetPage } from './support.ts';

/** The CSP the README asks of a site (the API and the widget on API_ORIGIN). */
const STRICT_CSP = [
  "default-src 'none'",
  `script-src 'self' ${API_ORIGIN}`,
  "style-src 'self'",
  `img-src 'self' data: ${API_ORIGIN}`,
  `connect-src 'self' ${API_ORIGIN} ${API_ORIGIN.replace('http', 'ws')}`,
  "require-trusted-types-for 'script'",
  'trusted-types dompurify',
].join('; ');

function strictPage(): string {
  // No inline script is allowed: the settings ride on the loader tag's data attributes.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${STRICT_CSP}"><title>Strict CSP</title></head>
<body><main><h1>Strict CSP page</h1></main>
<script async src="${API_ORIGIN}/widget/loader.js" data-projectid="${PROJECT_ID}" data-api-url="${API_URL}" data-department-i-d="${DEFAULT_DEPARTMENT}" data-lang="it"></script></body></html>`;
}

test.describe('hardening', () => {
  test('works under a strict CSP with Trusted Types, with no violation', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await openHostPage(page, strictPage());
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    // Styles applied (constructable stylesheets are not blocked by style-src).
    expect(await launcher(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // The Italian chunk loaded under script-src.
    await expect(page.getByRole('button', { name: 'Chiudi la chat' }).first()).toBeVisible();
    const rid = await sendFromWidget(page, 'CSP hello');
    await agentReply(rid, '**Strict** and [safe](https://example.com)');
    await expect(page.locator('porchlight-widget strong', { hasText: 'Strict' })).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('survives a hostile page: global resets, patched prototypes, wrapped fetch, no customElements, no IndexedDB', async ({ page }) => {
    const hostile = `
Object.prototype.polluted = 'x';
Array.prototype.extra = function () {};
const realFetch = window.fetch;
window.fetch = function () { window.wrappedCalls = (window.wrappedCalls || 0) + 1; return realFetch.apply(this, arguments); };
Object.defineProperty(window, 'customElements', { value: undefined, configurable: true });
Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });`;
    const css = `<style>* { all: initial !important; } body * { display: block !important; } button { position: static !important; transform: scale(0.5) !important; }</style>`;
    const html = snippetPage({
      before: hostile,
      body: `${css}<button id="corner" onclick="window.cornerClicks=(window.cornerClicks||0)+1">Page button at the corner</button>`,
    }).replace('<main>', '<main style="position:fixed;top:0;left:0">');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await openHostPage(page, html);
    const before = await page.evaluate(() => Object.keys(window));
    await expect(launcher(page)).toBeVisible();
    const box = await launcher(page).boundingBox();
    const viewport = page.viewportSize()!;
    // Still our size and our corner.
    expect(box!.width).toBe(60);
    expect(box!.x + box!.width).toBeCloseTo(viewport.width - 20, 0);
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    const rid = await sendFromWidget(page, 'hostile hello');
    await agentReply(rid, 'still works');
    await expect(page.getByText('still works')).toBeVisible({ timeout: 10_000 });
    // Page clicks outside our UI still reach the page.
    await page.locator('#corner').click();
    expect(await page.evaluate(() => (window as unknown as { cornerClicks: number }).cornerClicks)).toBe(1);
    // Nothing added to the page but our element and window.Porchlight.
    const added = await page.evaluate((keys) => Object.keys(window).filter((k) => !keys.includes(k)), before);
    expect(added.filter((k) => k !== 'wrappedCalls' && k !== 'cornerClicks')).toEqual([]);
    // The page's fetch wrapper (an analytics or error tracker) saw our calls and they still worked.
    expect(await page.evaluate(() => (window as unknown as { wrappedCalls: number }).wrappedCalls)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.querySelectorAll('porchlight-widget').length)).toBe(1);
    // No IndexedDB: the visit is kept in localStorage, so a reload keeps the conversation.
    await page.reload();
    await expect(page.getByText('still works')).toBeVisible({ timeout: 10_000 });
    expect(errors).toEqual([]);
  });
});

test.describe('browser features that throw', () => {
  // As Firefox does with storage blocked (SecurityError "The operation is insecure"), and a page
  // whose matchMedia throws: each feature the widget probes fails, and the widget still chats.
  const insecure = "new DOMException('The operation is insecure.', 'SecurityError')";
  const features: Array<{ name: string; script: string }> = [
    { name: 'BroadcastChannel', script: `window.BroadcastChannel = function BroadcastChannel() { throw ${insecure}; };` },
    { name: 'navigator.locks', script: `LockManager.prototype.request = function () { return Promise.reject(${insecure}); };` },
    {
      name: 'web storage and IndexedDB',
      script: `for (const name of ['localStorage', 'sessionStorage']) Object.defineProperty(window, name, { configurable: true, get() { throw ${insecure}; } });
IDBFactory.prototype.open = function () { throw ${insecure}; };`,
    },
    { name: 'matchMedia', script: "window.matchMedia = function () { throw new TypeError('matchMedia is not available'); };" },
  ];
  for (const feature of features) {
    test(`${feature.name} throws: one tab's behaviour, and the visitor still chats`, async ({ page }) => {
      await page.addInitScript(feature.script);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await openHostPage(page, snippetPage());
      await launcher(page).click();
      await expect(chatWindow(page)).toBeVisible();
      const rid = await sendFromWidget(page, `${feature.name} hello`);
      await expect(page.locator('porchlight-widget [part~="message-visitor"]')).toContainText(`${feature.name} hello`);
      await agentReply(rid, `${feature.name} answered`);
      await expect(page.getByText(`${feature.name} answered`)).toBeVisible({ timeout: 20_000 });
      expect(errors).toEqual([]);
    });
  }
});

test('a snippet without projectid leaves nothing behind and says why', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const html = snippetPage({
    settings: { projectid: '' },
    before: "window.reported = []; window.addEventListener('porchlight:error', (e) => window.reported.push(e.detail.type));",
  });
  await openHostPage(page, html);
  await page.evaluate(() => (window as unknown as { Porchlight: (c: string) => void }).Porchlight('open'));
  await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(['config']);
  await expect(page.locator('porchlight-widget')).toHaveCount(0);
  // Not claiming to be loaded: a later copy of the snippet may try again.
  expect(await page.evaluate(() => !!(window as unknown as { Porchlight: { loaded?: boolean } }).Porchlight.loaded)).toBe(false);
  expect(errors).toEqual([]);
});

test.describe('start-up on a hostile page', () => {
  const pages: Array<{ name: string; before: string; body?: string }> = [
    {
      name: 'Element.prototype.attachShadow throws',
      before: "Element.prototype.attachShadow = function () { throw new Error('shadow roots are not allowed here'); };",
    },
    {
      name: 'the page defined porchlight-widget itself',
      before: "customElements.define('porchlight-widget', class extends HTMLElement { constructor() { super(); window.theirsConstructed = true; } });",
    },
    { name: 'the page already contains a <porchlight-widget>', before: '', body: '<porchlight-widget id="theirs"></porchlight-widget>' },
  ];
  for (const hostile of pages) {
    test(`${hostile.name}: nothing thrown into the page, porchlight:error (config), queued calls answered`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const before = `${hostile.before}
window.reported = []; window.answered = [];
window.addEventListener('porchlight:error', (e) => window.reported.push(e.detail.type));
window.Porchlight = window.Porchlight || function () { (Porchlight.q = Porchlight.q || []).push(arguments) };
Porchlight('open');
Porchlight('on', 'error', (detail) => window.answered.push(detail.type));`;
      await openHostPage(page, snippetPage({ before, body: hostile.body ?? '' }));
      await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(['config']);
      const state = await page.evaluate(() => {
        const w = window as unknown as { answered: string[]; Porchlight: { loaded?: boolean; q?: unknown[] }; theirsConstructed?: boolean };
        return {
          answered: w.answered,
          loaded: !!w.Porchlight.loaded,
          queued: (w.Porchlight.q ?? []).length,
          theirsConstructed: !!w.theirsConstructed,
          hosts: document.querySelectorAll('porchlight-widget').length,
        };
      });
      expect(state).toEqual({ answered: ['config'], loaded: false, queued: 0, theirsConstructed: false, hosts: hostile.body ? 1 : 0 });
      // Later calls do not throw either.
      await page.evaluate(() => (window as unknown as { Porchlight: (...a: unknown[]) => void }).Porchlight('open'));
      expect(errors).toEqual([]);
    });
  }
});

test('bad calls queued before the loader ran, and one made once the app is here, are ignored with one config error each; everything else works', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // A Symbol for a name, a name whose reading throws (a Proxy), a name whose toString throws, and a
  // queued list that throws when read; then a good call.
  const before = `window.reported = [];
window.addEventListener('porchlight:error', (e) => window.reported.push(e.detail.type));
window.Porchlight = window.Porchlight || function () { (Porchlight.q = Porchlight.q || []).push(arguments) };
const trap = { get() { throw new TypeError('a hostile page'); } };
Porchlight(Symbol('x'));
Porchlight(new Proxy({}, trap));
Porchlight({ toString() { throw new Error('odd'); } });
Porchlight.q.push(new Proxy([], trap));
Porchlight('open');`;
  await openHostPage(page, snippetPage({ before }));
  await expect(chatWindow(page)).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(['config', 'config', 'config', 'config']);
  // A live bad call, once the app is here: ignored with one error, nothing thrown into the page.
  await page.evaluate(() => (window as unknown as { Porchlight: (...a: unknown[]) => void }).Porchlight(Symbol('late')));
  await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toHaveLength(5);
  await sendFromWidget(page, 'Still chatting');
  expect(errors).toEqual([]);
});

test('a bad call made live before the app has loaded never throws into the page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openHostPage(
    page,
    snippetPage({ before: "window.reported = []; window.addEventListener('porchlight:error', (e) => window.reported.push(e.detail.type));" }),
  );
  // A first visit: no app.js until a person shows up.
  const thrown = await page.evaluate(() => {
    const porchlight = (window as unknown as { Porchlight: (...a: unknown[]) => void }).Porchlight;
    const caught: string[] = [];
    for (const name of [
      Symbol('x'),
      new Proxy(
        {},
        {
          get: () => {
            throw new TypeError('a hostile page');
          },
        },
      ),
    ]) {
      try {
        porchlight(name);
      } catch (error) {
        caught.push(String(error));
      }
    }
    return caught;
  });
  expect(thrown).toEqual([]);
  // The app comes at the first sign of a person, and reports each bad call once; the widget works.
  await page.mouse.move(40, 40);
  await launcher(page).click();
  await expect(chatWindow(page)).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { reported: string[] }).reported)).toEqual(['config', 'config']);
  expect(errors).toEqual([]);
});
