import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  AGENT,
  API_ORIGIN,
  agentReply,
  chatWindow,
  history,
  holdRequests,
  input,
  isMessagePost,
  launcher,
  openHostPage,
  requestIdOf,
  sendFromWidget,
  snippetPage,
  watchBrowser,
  widget,
} from './support.ts';

test.describe('foundation: one script tag, a working chat', () => {
  test('the launcher appears from the snippet alone, in one host with an open shadow root', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await openHostPage(page, snippetPage());
    await expect(launcher(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open chat' })).toBeVisible();
    expect(await page.locator('porchlight-widget').count()).toBe(1);
    expect(await widget(page).evaluate((el) => el.shadowRoot?.mode)).toBe('open');
    // Nothing but the host element and window.Porchlight is added to the page.
    expect(await page.evaluate(() => document.querySelectorAll('body > :not(main):not(script):not(porchlight-widget)').length)).toBe(0);
    expect(await page.evaluate(() => document.head.querySelectorAll('style, link[rel=stylesheet]').length)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('no sign-in until the visitor opens the chat', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${API_ORIGIN}/v3/`)) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await openHostPage(page, snippetPage());
    await launcher(page).hover();
    // The app is up and has its window ready, parked, with the composer (windowPreparation.ts): none of it signs in.
    await page.waitForFunction(() => !!document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('.window.is-parked [part~="input"]'));
    await page.waitForTimeout(500);
    expect(calls.some((c) => c.includes('/auth/'))).toBe(false);
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    await expect.poll(() => calls.filter((c) => c === 'POST /v3/auth/signinAnonymously').length).toBe(1);
  });

  test('the visitor sends, the bubble shows at once, the agent reply appears', async ({ page }) => {
    const browser = watchBrowser(page);
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    const rid = await sendFromWidget(page, 'Hello from e2e');
    expect(rid).toMatch(/^support-group-65f0c0ffee0000000000d3e0-[0-9a-f]{32}$/);
    await expect(page.locator('porchlight-widget [part~="message-visitor"]', { hasText: 'Hello from e2e' })).toBeVisible();
    await agentReply(rid, 'Hi! How can I help?');
    await expect(page.locator('porchlight-widget [part~="message-agent"]', { hasText: 'Hi! How can I help?' })).toBeVisible({ timeout: 10_000 });
    // Stored once, with the client id that matched the bubble.
    const stored = await history(rid);
    const mine = stored.filter((m) => m.text === 'Hello from e2e');
    expect(mine).toHaveLength(1);
    expect(typeof mine[0]!.attributes?.tempUID).toBe('string');
    await expect(page.locator('porchlight-widget [part~="message-visitor"]')).toHaveCount(1);
    // A normal session prints nothing; the push went where the page told it: the API root.
    expect(browser.problems()).toEqual([]);
    expect(browser.seen.pageErrors).toEqual([]);
    expect(browser.seen.failed).toEqual([]);
    // (Its code comes on demand, policy/realtimeLink.ts: the socket may open after the reply came by a poll.)
    await expect.poll(() => browser.seen.sockets.map((url) => new URL(url).pathname)).toEqual(['/v3/']);
  });

  test('a reload brings back the history and the open window', async ({ page }) => {
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    const rid = await sendFromWidget(page, 'Before reload');
    await agentReply(rid, 'Reply before reload');
    await expect(page.getByText('Reply before reload')).toBeVisible({ timeout: 10_000 });
    await page.reload();
    await expect(chatWindow(page)).toBeVisible();
    await expect(page.getByText('Before reload', { exact: true })).toBeVisible();
    await expect(page.getByText('Reply before reload')).toBeVisible();
    const next = page.waitForRequest(isMessagePost);
    await input(page).fill('After reload');
    await input(page).press('Enter');
    expect(requestIdOf(await next)).toBe(rid);
    await page.locator('porchlight-widget [part~="close-button"]').click();
    await expect(chatWindow(page)).toBeHidden();
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await page.waitForTimeout(800);
    await expect(chatWindow(page)).toBeHidden();
  });

  test('a Porchlight("open") queued before the loader ran still opens the window, and events reach the page', async ({ page }) => {
    const stub = `window.Porchlight = window.Porchlight || function () { (Porchlight.q = Porchlight.q || []).push(arguments) };
window.seen = []; Porchlight('on', 'open', function () { window.seen.push('open') });
window.addEventListener('porchlight:ready', function () { window.seen.push('ready') });
Porchlight('open');`;
    await openHostPage(page, snippetPage({ before: stub }));
    await expect(chatWindow(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(expect.arrayContaining(['open', 'ready']));
    await page.evaluate(() => (window as unknown as { Porchlight: (c: string) => void }).Porchlight('close'));
    await expect(chatWindow(page)).toBeHidden();
    await page.evaluate(() => (window as unknown as { Porchlight: (c: string, t: string) => void }).Porchlight('sendMessage', 'Sent by page code'));
    await page.evaluate(() => (window as unknown as { Porchlight: (c: string) => void }).Porchlight('open'));
    await expect(page.locator('porchlight-widget [part~="message-visitor"]', { hasText: 'Sent by page code' })).toBeVisible();
  });

  test('the agent console answers into the widget', async ({ page, context }) => {
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    const marker = `Console test ${Date.now()}`;
    const rid = await sendFromWidget(page, marker);
    const consolePage = await context.newPage();
    await consolePage.goto(`${API_ORIGIN}/console/`);
    await consolePage.fill('#email', AGENT.email);
    await consolePage.fill('#password', AGENT.password);
    await consolePage.click('#signin');
    await consolePage.locator(`[data-testid=conversation][data-request-id="${rid}"]`).click();
    await expect(consolePage.locator('[data-testid=message]', { hasText: marker })).toBeVisible();
    await consolePage.fill('#reply', 'Answer from the console');
    await consolePage.click('#send');
    await expect(page.locator('porchlight-widget [part~="message-agent"]', { hasText: 'Answer from the console' })).toBeVisible({ timeout: 10_000 });
  });

  test('the open window has no axe violations and works with the keyboard', async ({ page }) => {
    await openHostPage(page, snippetPage());
    await expect(launcher(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chatWindow(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await sendFromWidget(page, 'Keyboard only');
    await expect(page.getByText('Keyboard only')).toBeVisible();
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    await page.addScriptTag({ content: readFileSync(axePath, 'utf8') });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } })
        .axe;
      const result = await axe.run({ include: [['porchlight-widget']] }, { resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(chatWindow(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
  });

  test("keyboard focus stays on the launcher when the app replaces the loader's", async ({ page }) => {
    // A return visit (the loader paints its launcher only with the look the app stored last time).
    await openHostPage(page, snippetPage());
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('porchlight:look:')))).toBe(true);
    // Hold the app back, so the visitor tabs to the loader's launcher before the app is in.
    const release = await holdRequests(page, '**/widget/app.js');
    await page.reload();
    await expect(page.locator('porchlight-widget button.l')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('porchlight-widget button.l')).toBeFocused();
    release();
    await expect(page.locator('porchlight-widget button.launcher')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chatWindow(page)).toBeVisible();
  });

  test('on a phone-sized screen the open window fills the viewport', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 720 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    // After the opening animation, the window covers the whole screen.
    await expect.poll(async () => chatWindow(page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 720 });
    await expect(page.locator('porchlight-widget [part~="close-button"]')).toBeVisible();
    // Esc closes it, and the keyboard is back on the launcher (hidden under the window until then).
    await input(page).focus();
    await page.keyboard.press('Escape');
    await expect(chatWindow(page)).toHaveCount(0);
    await expect(launcher(page)).toBeFocused();
    await context.close();
  });
});
