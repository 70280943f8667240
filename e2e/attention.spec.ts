import { expect, test, type Page } from '@playwright/test';
import {
  API_ORIGIN,
  API_URL,
  DEFAULT_DEPARTMENT,
  PROJECT_ID,
  agentReply,
  builtFileOf,
  chatWindow,
  input,
  launcher,
  openHostPage,
  sendFromWidget,
  snippetPage,
} from './support.ts';

const preview = (page: Page) => page.locator('porchlight-widget [part~="message-preview"]');
const badge = (page: Page) => page.locator('porchlight-widget [part~="unread-badge"]');

/** Records the page's `porchlight:unread:change` events and its `porchlight:ready`. */
const UNREAD_EVENTS = `window.unread = []; window.addEventListener('porchlight:unread:change', (e) => window.unread.push(e.detail));
window.addEventListener('porchlight:ready', () => (window.readyFired = true));`;
const unreadEvents = (page: Page) => page.evaluate(() => (window as unknown as { unread: number[] }).unread);

/** Makes the page believe its tab is hidden or shown (headless tabs are always visible). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test.describe('attention while closed', () => {
  test('a new agent message shows above the closed launcher in every tab; it opens the conversation; dismissed it stays away', async ({ page, context }) => {
    // With the window closed the leading tab polls every 15 s, and a lead that moved between tabs
    // may have to wait for its next poll or socket: the reply can take a whole interval to arrive.
    test.setTimeout(75_000);
    const url = await openHostPage(page, snippetPage());
    await launcher(page).click();
    const rid = await sendFromWidget(page, `preview ${Date.now()}`);
    await launcher(page).click();
    await expect(chatWindow(page)).toBeHidden();
    const other = await context.newPage();
    await other.goto(url);
    await expect(launcher(other)).toBeVisible();
    // The tab the visitor turns back to leads: the first one went to the background when the
    // second opened, and comes back to the front now.
    await setHidden(page, true);
    await page.bringToFront();
    await setHidden(other, true);
    await setHidden(page, false);

    await agentReply(rid, 'Your order left the warehouse.');
    await expect(preview(page)).toContainText('Your order left the warehouse.', { timeout: 25_000 });
    // The visitor may be on any page of the site: the other tab shows it too (issue 22 §3).
    await expect(preview(other)).toContainText('Your order left the warehouse.');
    await other.close();

    await preview(page).getByRole('button', { name: 'Dismiss message' }).click();
    await expect(preview(page)).toHaveCount(0);
    await agentReply(rid, 'It arrives tomorrow.');
    await expect(preview(page)).toContainText('It arrives tomorrow.', { timeout: 25_000 });
    await preview(page).getByText('It arrives tomorrow.').click();
    await expect(chatWindow(page)).toBeVisible();
    await expect(preview(page)).toHaveCount(0);
  });

  test('an unread reply stays until the visitor opens it: after a reload, in a new tab, and opening it in one tab clears every tab', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const url = await openHostPage(page, snippetPage({ before: UNREAD_EVENTS }));
    await launcher(page).click();
    const rid = await sendFromWidget(page, `unread ${Date.now()}`);
    await launcher(page).click();
    await expect(chatWindow(page)).toBeHidden();
    await agentReply(rid, 'Your refund is on its way.');
    await expect(badge(page)).toHaveText('1', { timeout: 25_000 });
    await expect(preview(page)).toContainText('Your refund is on its way.');

    await page.reload();
    await expect(launcher(page)).toHaveAccessibleName('Open chat, 1 unread message', { timeout: 10_000 });
    await expect(badge(page)).toHaveText('1');
    await expect(preview(page)).toContainText('Your refund is on its way.');
    expect(await unreadEvents(page)).toEqual([1]);

    const other = await context.newPage();
    await other.goto(url);
    await expect(badge(other)).toHaveText('1', { timeout: 10_000 });
    await expect(preview(other)).toContainText('Your refund is on its way.');
    // The first tab, no longer in front, still shows it.
    await expect(badge(page)).toHaveText('1');

    await launcher(other).click();
    await expect(chatWindow(other)).toBeVisible();
    await expect(badge(page)).toHaveCount(0, { timeout: 10_000 });
    await expect(preview(page)).toHaveCount(0);
    await expect(launcher(page)).toHaveAccessibleName('Open chat');
    await other.close();

    // Read: the next page shows nothing unread.
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    await expect(chatWindow(page)).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as unknown as { readyFired?: boolean }).readyFired)).toBe(true);
    await expect(badge(page)).toHaveCount(0);
    expect(await unreadEvents(page)).toEqual([]);
  });

  test('an unread reply comes back when the widget is unmounted and mounted again (npm mount)', async ({ page }) => {
    test.setTimeout(60_000);
    const settings = { projectid: PROJECT_ID, apiUrl: API_URL, departmentID: DEFAULT_DEPARTMENT, realtime: true };
    await openHostPage(
      page,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mounted</title><link rel="icon" href="data:,"></head><body><div id="chat"></div>
<script type="module">
import { loadMount } from '${API_ORIGIN}/widget/app.js';
const mount = await loadMount();
const settings = ${JSON.stringify(settings)};
window.unreadEvents = [];
window.mountChat = () => {
  window.chat = mount(document.getElementById('chat'), settings);
  window.chat.on('unread:change', (n) => window.unreadEvents.push(n));
};
window.unmountChat = () => window.chat.destroy();
window.mountChat();
</script></body></html>`,
    );
    await launcher(page).click();
    const rid = await sendFromWidget(page, `remount ${Date.now()}`);
    await launcher(page).click();
    await agentReply(rid, 'Remounted and still here.');
    await expect(badge(page)).toHaveText('1', { timeout: 25_000 });
    await expect(preview(page)).toContainText('Remounted and still here.');

    await page.evaluate(() => {
      const w = window as unknown as { unmountChat(): void; mountChat(): void; unreadEvents: number[] };
      w.unmountChat();
      w.unreadEvents = [];
      w.mountChat();
    });
    await expect(badge(page)).toHaveText('1', { timeout: 10_000 });
    await expect(preview(page)).toContainText('Remounted and still here.');
    expect(await page.evaluate(() => (window as unknown as { unreadEvents: number[] }).unreadEvents)).toEqual([1]);
    expect(await page.evaluate(() => (window as unknown as { chat: { unreadCount: number } }).chat.unreadCount)).toBe(1);
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { chat: { unreadCount: number } }).chat.unreadCount)).toBe(0);
  });

  test("while the tab is hidden the title counts unread messages, and the page's own title comes back", async ({ page }) => {
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    const rid = await sendFromWidget(page, `title ${Date.now()}`);
    await launcher(page).click();
    await setHidden(page, true);
    await agentReply(rid, 'One');
    await expect(page).toHaveTitle('(1) Host page', { timeout: 20_000 });
    await setHidden(page, false);
    await expect(page).toHaveTitle('Host page');
  });

  test('emoji: the button opens the picker, search and keyboard insert at the caret, Escape returns focus', async ({ page }) => {
    const chunks: string[] = [];
    const pickerFile = `/${builtFileOf('src/ui/emoji/EmojiPicker.tsx')}`;
    page.on('request', (r) => chunks.push(r.url()));
    await openHostPage(page, snippetPage({ settings: { showEmojiFooterButton: true } }));
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    expect(chunks.some((u) => u.endsWith(pickerFile))).toBe(false);
    await input(page).fill('Thanks !');
    await input(page).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(7, 7));
    const button = page.locator('porchlight-widget [part~="emoji-button"]');
    await button.click();
    const picker = page.locator('porchlight-widget [part~="emoji-picker"]');
    await expect(picker).toBeVisible();
    expect(chunks.some((u) => u.endsWith(pickerFile))).toBe(true);
    await expect(picker.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('thumbs');
    await page.keyboard.press('ArrowDown');
    await expect(picker.getByRole('button', { name: 'thumbs up sign' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(input(page)).toHaveValue('Thanks 👍!');
    await expect(input(page)).toBeFocused();
    await button.click();
    await expect(picker.getByRole('searchbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(chatWindow(page)).toBeVisible();
  });
});
