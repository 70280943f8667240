import { expect, test, type Page } from '@playwright/test';
import {
  API_ORIGIN,
  PROJECT_ID,
  agentReply,
  chatWindow,
  createProject,
  holdRequests,
  launcher,
  openHostPage,
  projectPage,
  sendFromWidget,
  snippetPage,
  watchBrowser,
} from './support.ts';

/**
 * From the start of each page view: the page's cumulative layout shift as CLS counts it (shifts
 * within 500 ms of the visitor's own input are theirs, not the page's); `entries` lists every one.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; shiftEntries: string[] };
    w.shifts = 0;
    w.shiftEntries = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        w.shiftEntries.push(
          `${e.value.toFixed(5)} input:${e.hadRecentInput} ${(e.sources ?? []).map((s) => (s.node as Element | null)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName ?? '?').join(' | ')}`,
        );
        if (!e.hadRecentInput) w.shifts += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return Object.assign(() => page.evaluate(() => (window as unknown as { shifts: number; shiftEntries: string[] }).shifts), {
    entries: () => page.evaluate(() => (window as unknown as { shiftEntries: string[] }).shiftEntries),
  });
}

/** Every request for the app bundle (`app.js` and the chunk it imports). */
function appFetches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/widget\/app(-[\w-]+)?\.js$/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

test.describe('loading (issue 9)', () => {
  test('a first visit fetches no app.js while the page starts up; at its first idle moment after load it does, and the launcher appears, nobody touching anything', async ({
    page,
  }) => {
    const pid = await createProject();
    const fetchedAt: number[] = [];
    page.on('request', (r) => /\/widget\/app(-[\w-]+)?\.js$/.test(new URL(r.url()).pathname) && fetchedAt.push(Date.now()));
    const browser = watchBrowser(page);
    let loadedAt = 0;
    page.on('load', () => (loadedAt = Date.now()));
    await openHostPage(page, projectPage(pid));
    await expect(launcher(page)).toBeVisible({ timeout: 5000 });
    expect(loadedAt).toBeGreaterThan(0);
    expect(fetchedAt.length).toBeGreaterThan(0);
    expect(Math.min(...fetchedAt)).toBeGreaterThanOrEqual(loadedAt);
    expect(browser.problems()).toEqual([]);
  });

  test('a return visit paints the launcher at once, before the app comes, which takes it over; nothing shifts', async ({ page }) => {
    const pid = await createProject({ widget: { themeColor: '#7c3aed' } });
    await openHostPage(page, projectPage(pid));
    await expect(launcher(page)).toBeVisible();
    // The app has stored its look; the next page view is a return visit.
    await page.waitForTimeout(1500);
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.shifts += (e as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The app held back a while, so the loader's own launcher is seen on its own first.
    const release = await holdRequests(page, /\/widget\/app(-[\w-]+)?\.js$/);
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await expect(page.locator('porchlight-widget button.launcher')).toHaveCount(0);
    release();
    await expect(page.locator('porchlight-widget button.launcher')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  });

  test('window.Tiledesk: a page written for the official widget queues commands that run like Porchlight(...)', async ({ page }) => {
    // The official snippet's stub (Tiledesk.q of `arguments`), then only our loader.
    const official = `window.tiledeskSettings = { projectid: "${PROJECT_ID}", apiUrl: "${API_ORIGIN}/v3", departmentID: "65f0c0ffee0000000000de00" };
var i = function () { i.c(arguments); }; i.q = []; i.c = function (args) { i.q.push(args); }; window.Tiledesk = i;
window.tiledeskEvents = [];
window.Tiledesk('on', 'open', function () { window.tiledeskEvents.push('open'); });
window.Tiledesk('open');`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Official snippet</title></head>
<body><main><h1>Official snippet</h1></main><script>${official}</script><script async src="${API_ORIGIN}/widget/loader.js"></script></body></html>`;
    await openHostPage(page, html);
    await expect(chatWindow(page)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { tiledeskEvents: string[] }).tiledeskEvents)).toEqual(['open']);
    expect(
      await page.evaluate(
        () => (window as unknown as { Tiledesk: unknown; Porchlight: unknown }).Tiledesk === (window as unknown as { Porchlight: unknown }).Porchlight,
      ),
    ).toBe(true);
    await page.evaluate(() => (window as unknown as { Tiledesk: (...a: unknown[]) => void }).Tiledesk('close'));
    await expect(chatWindow(page)).toBeHidden();
  });

  test('window.tiledesk: on a page written for the official widget, its onInit handler drives the official object (open() toggles); a Porchlight page gets none', async ({
    page,
  }) => {
    const official = `window.tiledeskSettings = { projectid: "${PROJECT_ID}", apiUrl: "${API_ORIGIN}/v3", departmentID: "65f0c0ffee0000000000de00" };
var i = function () { i.c(arguments); }; i.q = []; i.c = function (args) { i.q.push(args); }; window.Tiledesk = i;
window.seen = [];
window.Tiledesk('onInit', function () {
  window.seen.push(typeof window.tiledesk);
  window.tiledesk.on('onOpen', function (e) { window.seen.push(e.type); });
  window.tiledesk.open();
});`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Official snippet</title></head>
<body><main><h1>Official snippet</h1></main><script>${official}</script><script async src="${API_ORIGIN}/widget/loader.js"></script></body></html>`;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await openHostPage(page, html);
    // A person on the page: the app comes, and with it the official object.
    await page.mouse.move(40, 40);
    await expect(chatWindow(page)).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['object', 'onOpen']);
    // The official open() toggles: on an open window it closes it.
    await page.evaluate(() => (window as unknown as { tiledesk: { open(): void } }).tiledesk.open());
    await expect(chatWindow(page)).toBeHidden();
    await page.evaluate(() => (window as unknown as { tiledesk: { show(): void; open(): void } }).tiledesk.open());
    await expect(chatWindow(page)).toBeVisible();
    await page.evaluate(() => (window as unknown as { tiledesk: { close(): void } }).tiledesk.close());
    await expect(chatWindow(page)).toBeHidden();
    expect(errors).toEqual([]);

    await openHostPage(page, snippetPage());
    await page.mouse.move(40, 40);
    await expect(page.locator('porchlight-widget button.launcher')).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => 'tiledesk' in window || 'Tiledesk' in window)).toBe(false);
  });

  test('a poll that brings nothing new is revalidated: the service answers 304 to the browser', async ({ page }) => {
    // What went over the wire (Playwright reports the 200 the browser made of a 304 from its cache).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const polls = new Set<string>();
    const notModified: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.method === 'GET' && /\/requests\/[^/]+\/messages$/.test(e.request.url)) polls.add(e.requestId);
    });
    cdp.on('Network.responseReceivedExtraInfo', (e) => {
      if (e.statusCode === 304 && polls.has(e.requestId)) notModified.push(e.requestId);
    });
    await openHostPage(page, snippetPage({ settings: { realtime: false } }));
    await launcher(page).click();
    await sendFromWidget(page, 'poll me cheaply');
    // The open window polls every 2 s (6 s when quiet): polls of an unchanged history.
    await expect.poll(() => notModified.length, { timeout: 15_000 }).toBeGreaterThan(0);
  });

  test('nothing shifts the page: a first visit until the launcher, a return visit with the badge, opening and closing the window', async ({ page }) => {
    const shifts = await watchLayoutShifts(page);
    // A page with content above and below the fold, so a shifted box would move something.
    const body = `<p>${'Text of the host page. '.repeat(200)}</p>`;
    await openHostPage(page, snippetPage({ settings: { realtime: false }, body }));
    await page.mouse.move(100, 100);
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(800);
    expect(await shifts()).toBe(0);
    await launcher(page).click();
    const rid = await sendFromWidget(page, 'layout shift check');
    await page.locator('porchlight-widget [part~="close-button"]').click();
    await expect(chatWindow(page)).toBeHidden();
    expect(await shifts(), (await shifts.entries()).join('\n')).toBe(0);
    // A reply while the visitor is away, then a return visit: placeholder, the app, the badge.
    await agentReply(rid, 'reply while away');
    await page.reload();
    await expect(page.locator('porchlight-widget button.launcher')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(await shifts(), (await shifts.entries()).join('\n')).toBe(0);
    await page.evaluate(() => window.scrollBy(0, 400));
    await page.waitForTimeout(300);
    expect(await shifts(), (await shifts.entries()).join('\n')).toBe(0);
  });

  test('a returning visitor with a conversation going on gets the unread badge promptly, without moving a finger', async ({ page }) => {
    await openHostPage(page, snippetPage({ settings: { realtime: false } }));
    await page.mouse.move(100, 100);
    await launcher(page).click();
    const rid = await sendFromWidget(page, 'badge check');
    await page.locator('porchlight-widget [part~="close-button"]').click();
    await expect(chatWindow(page)).toBeHidden();
    await page.close();
    // A new page view later (a new tab: no window state of this tab), nobody touching anything.
    const next = await page.context().newPage();
    const fetches = appFetches(next);
    const firstLook = next.waitForResponse((r) => r.request().method() === 'GET' && /\/requests\/[^/]+\/messages$/.test(r.url()), { timeout: 10_000 });
    await openHostPage(next, snippetPage({ settings: { realtime: false } }));
    await next.waitForLoadState('load');
    const loadedAt = Date.now();
    // The app came promptly, at the page's first idle moment after load…
    await expect.poll(() => fetches.length, { timeout: 2500 }).toBeGreaterThan(0);
    expect(Date.now() - loadedAt).toBeLessThan(2500);
    // …so a reply after its first look (the history, not news) gets its badge at the next
    // closed-window poll (15 s), no interaction needed.
    await firstLook;
    await agentReply(rid, 'are you still there?');
    await expect(next.locator('porchlight-widget [part~="unread-badge"]')).toBeVisible({ timeout: 20_000 });
  });
});
