import { expect, test, type Page } from '@playwright/test';
import { agentReply, builtFileOf, chatWindow, input, launcher, openHostPage, sendFromWidget, snippetPage } from './support.ts';

const preview = (page: Page) => page.locator('porchlight-widget [part~="message-preview"]');

/** Makes the page believe its tab is hidden or shown (headless tabs are always visible). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test.describe('attention while closed', () => {
  test('a new agent message shows above the closed launcher in one tab only; it opens the conversation; dismissed it stays away', async ({ page, context }) => {
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
    await expect(preview(other)).toHaveCount(0);
    await other.close();

    await preview(page).getByRole('button', { name: 'Dismiss message' }).click();
    await expect(preview(page)).toHaveCount(0);
    await agentReply(rid, 'It arrives tomorrow.');
    await expect(preview(page)).toContainText('It arrives tomorrow.', { timeout: 25_000 });
    await preview(page).getByText('It arrives tomorrow.').click();
    await expect(chatWindow(page)).toBeVisible();
    await expect(preview(page)).toHaveCount(0);
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
