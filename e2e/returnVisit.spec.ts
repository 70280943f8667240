import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { withOwnDemo } from './ownDemo.ts';
import { agentReply, chatWindow, isMessagePost, launcher, openHostPage, sendFromWidget, snippetPage, watchBrowser } from './support.ts';

/**
 * A return visit whose window was open (issue 22 §5, §6): after a reload, and in a second tab of
 * the site, the window paints with its history or not yet — never the empty conversation (the
 * welcome, no end button) first — and a click on the launcher while it is being restored means what
 * its label said: "Open chat" opens, it never closes.
 */

/**
 * Watches the widget's shadow root from the page's first script on: every state of the window it
 * shows (at each change of the DOM and each frame), and, with `clickOnFirstPaint`, clicks the
 * launcher in the very task the window first appears (before the browser paints that frame: no
 * person could have seen the label change).
 */
const PROBE = `(() => {
  const seen = (window.__windowStates = []);
  // Read as the page loads: only a page loaded after the flag is set clicks.
  const clickOnFirstPaint = !!localStorage.getItem('e2e:clickOnFirstPaint');
  window.__clicked = [];
  const watch = () => {
    const host = document.querySelector('porchlight-widget');
    if (!host || !host.shadowRoot) return requestAnimationFrame(watch);
    const root = host.shadowRoot;
    const look = () => {
      // A window parked ahead of a tap (windowPreparation.ts) is not painted: visibility hidden.
      const win = root.querySelector('[part~="window"]:not(.is-parked)');
      if (!win) return;
      const state = { bubbles: win.querySelectorAll('[part~="message-visitor"], [part~="message-agent"]').length, empty: !!win.querySelector('.welcome.is-empty'), text: win.textContent };
      const last = seen[seen.length - 1];
      if (!last || last.bubbles !== state.bubbles || last.empty !== state.empty) seen.push(state);
      if (clickOnFirstPaint && window.__clicked.length === 0) {
        const button = root.querySelector('button.launcher');
        window.__clicked.push(button.getAttribute('aria-label'));
        button.click();
      }
    };
    new MutationObserver(look).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
    const frame = () => { look(); requestAnimationFrame(frame); };
    frame();
  };
  watch();
})();`;

type Probe = { __windowStates: Array<{ bubbles: number; empty: boolean; text: string }>; __clicked: string[] };
/** From the next page load on, the probe clicks the launcher as the window first appears. */
const clickOnFirstPaint = (page: Page) => page.evaluate(() => localStorage.setItem('e2e:clickOnFirstPaint', '1'));
const states = (page: Page) => page.evaluate(() => (window as unknown as Probe).__windowStates);

/** The first visit: the visitor opens the window and writes, an agent answers. */
async function firstVisit(page: Page, html: string): Promise<string> {
  await openHostPage(page, html);
  await launcher(page).click();
  const rid = await sendFromWidget(page, 'Where is my order?');
  await agentReply(rid, 'It ships today.');
  await expect(page.getByText('It ships today.')).toBeVisible({ timeout: 10_000 });
  return rid;
}

/** Every state the window was painted in had the conversation's history; none was the empty one. */
async function expectPaintedWithHistory(page: Page) {
  await expect(chatWindow(page)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('It ships today.')).toBeVisible();
  const painted = await states(page);
  expect(painted.length).toBeGreaterThan(0);
  expect(painted.filter((state) => state.empty || state.bubbles === 0)).toEqual([]);
  expect(painted[0]!.text).toContain('Where is my order?');
}

async function probed(context: BrowserContext, page?: Page): Promise<Page> {
  await context.addInitScript(PROBE);
  return page ?? context.newPage();
}

test.describe('a return visit whose window was open', () => {
  test('after a reload, the window paints with its history, never the empty conversation first', async ({ page, context }) => {
    const browser = watchBrowser(page);
    await probed(context, page);
    await firstVisit(page, snippetPage());
    await page.reload();
    await expectPaintedWithHistory(page);
    expect(browser.problems()).toEqual([]);
  });

  test('in a second tab of the site, the window paints with its history, never the empty conversation first', async ({ page, context }) => {
    await firstVisit(page, snippetPage());
    const second = await probed(context);
    const browser = watchBrowser(second);
    await second.goto(page.url());
    await expectPaintedWithHistory(second);
    expect(browser.problems()).toEqual([]);
  });

  test('a click on the launcher in the very moment the restore shows the window opens it, never closes it: after a reload and in a second tab', async ({
    page,
    context,
  }) => {
    await probed(context, page);
    await firstVisit(page, snippetPage());
    await clickOnFirstPaint(page);
    for (const tab of [page, await context.newPage()]) {
      const heard: string[] = [];
      await tab.exposeFunction('heard', (name: string) => heard.push(name));
      await tab.addInitScript("for (const name of ['open', 'close']) addEventListener('porchlight:' + name, () => window.heard(name));");
      if (tab === page) await tab.reload();
      else await tab.goto(page.url());
      await expect(chatWindow(tab)).toBeVisible({ timeout: 10_000 });
      await expect.poll(() => tab.evaluate(() => (window as unknown as Probe).__clicked)).toHaveLength(1);
      // Still open once everything settled: the page heard one open and no close.
      await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600)));
      await expect(chatWindow(tab)).toBeVisible();
      expect(heard).toEqual(['open']);
      // As with the visitor's own open: they are taken to the composer.
      await expect(tab.locator('porchlight-widget [part~="input"]')).toBeFocused();
    }
  });
});

test('after the first visit, a reload writes the times and days without Intl: its first date format is a long task on a slow phone', async ({
  page,
  context,
}) => {
  // Counts the date formats the page makes, from its first script on.
  await context.addInitScript(`(() => {
    const Real = Intl.DateTimeFormat;
    window.__dateFormats = 0;
    Intl.DateTimeFormat = new Proxy(Real, {
      construct: (target, args) => (window.__dateFormats++, Reflect.construct(target, args)),
      apply: (target, self, args) => (window.__dateFormats++, Reflect.apply(target, self, args)),
    });
  })()`);
  const browser = watchBrowser(page);
  const formats = () => page.evaluate(() => (window as unknown as { __dateFormats: number }).__dateFormats);
  const day = page.locator('porchlight-widget .day-separator').first();
  await firstVisit(page, snippetPage());
  await expect(day).not.toHaveText('', { timeout: 10_000 });
  expect(await formats()).toBeGreaterThan(0);
  // The names are read from Intl at an idle moment after the clock was made, and kept (keptClock.ts)
  // in the widget's IndexedDB store (the page's storage, written by now: the visit stored its session).
  const kept = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const opened = indexedDB.open('porchlight');
          opened.onerror = () => resolve(false);
          opened.onsuccess = () => {
            const keys = opened.result.transaction('keyval').objectStore('keyval').getAllKeys();
            keys.onsuccess = () => (opened.result.close(), resolve(keys.result.some((key) => typeof key === 'string' && key.endsWith(':clock:en'))));
          };
        }),
    );
  await expect.poll(kept).toBe(true);
  await page.reload();
  await expect(chatWindow(page)).toBeVisible({ timeout: 10_000 });
  await expect(day).toHaveText('Today', { timeout: 10_000 });
  await expect(page.locator('porchlight-widget [part~="message-agent"]').first()).toContainText(/\d:\d\d/);
  expect(await formats()).toBe(0);
  expect(browser.problems()).toEqual([]);
});

// The same against a service that behaves like the reference server (slower history, no socket).
const reference = withOwnDemo({ reference: true });
reference(
  'against the reference-like service: after a reload the window paints with its history, and a click at that moment keeps it open',
  async ({ page, context, demo }) => {
    await probed(context, page);
    const html = snippetPage({ settings: { apiUrl: demo.apiUrl, realtime: undefined } });
    await openHostPage(page, html, demo.pagesOrigin);
    await launcher(page).click();
    const sent = page.waitForResponse((r) => isMessagePost(r.request()));
    await page.locator('porchlight-widget [part~="input"]').fill('Where is my order?');
    await page.locator('porchlight-widget [part~="input"]').press('Enter');
    expect((await sent).status()).toBe(200);
    await clickOnFirstPaint(page);
    await page.reload();
    await expect(chatWindow(page)).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as Probe).__clicked)).toHaveLength(1);
    const painted = await states(page);
    expect(painted.filter((state) => state.empty || state.bubbles === 0)).toEqual([]);
    expect(painted[0]!.text).toContain('Where is my order?');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600)));
    await expect(chatWindow(page)).toBeVisible();
  },
);
