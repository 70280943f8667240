import { expect, test, type Page } from '@playwright/test';
import {
  API_ORIGIN,
  PROJECT_ID,
  chatWindow,
  createProject,
  launcher,
  openHostPage,
  projectPage,
  sendFromWidget,
  snippetPage,
  watchBrowser,
} from './support.ts';

/** Every request for the app bundle (`app.js` and the chunk it imports). */
function appFetches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/widget\/app(-[\w-]+)?\.js$/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

test.describe('loading (issue 9)', () => {
  test('a first visit fetches no app.js before the page is idle and a person shows up (or a later idle); the launcher then appears', async ({ page }) => {
    const pid = await createProject();
    const fetches = appFetches(page);
    const browser = watchBrowser(page);
    await openHostPage(page, projectPage(pid));
    await page.waitForLoadState('load');
    await page.waitForTimeout(1200);
    expect(fetches).toEqual([]);
    // A person: the pointer moves over the page.
    await page.mouse.move(100, 100);
    await page.mouse.move(120, 140);
    await expect(launcher(page)).toBeVisible();
    expect(fetches.length).toBeGreaterThan(0);
    expect(browser.problems()).toEqual([]);
  });

  test('with nobody moving, a first visit still gets its launcher at a later idle moment', async ({ page }) => {
    const pid = await createProject();
    await openHostPage(page, projectPage(pid));
    await expect(launcher(page)).toBeVisible({ timeout: 15_000 });
  });

  test('a return visit paints the launcher at once without fetching the app, and shifts nothing', async ({ page }) => {
    const pid = await createProject({ widget: { themeColor: '#7c3aed' } });
    await openHostPage(page, projectPage(pid));
    await page.mouse.move(50, 50);
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
    const fetches = appFetches(page);
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(1000);
    expect(fetches).toEqual([]);
    // Pointing at it fetches the app, which takes over the launcher.
    await launcher(page).hover();
    await expect(page.locator('porchlight-widget button.launcher')).toBeVisible();
    expect(fetches.length).toBeGreaterThan(0);
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
});
