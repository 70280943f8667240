import { expect, test, type Page } from '@playwright/test';
import { API_URL, PROJECT_ID, agentReply, chatWindow, history, isMessagePost, launcher, openHostPage, snippetPage, input } from './support.ts';

/** What the service sends is untrusted: copies, hostile names. */

const bubbles = (page: Page, text: string) => page.locator('porchlight-widget li.message').filter({ hasText: text });

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The host page's own favicon is not the widget's business.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

async function start(page: Page): Promise<void> {
  await openHostPage(page, snippetPage());
  await launcher(page).click();
  await expect(chatWindow(page)).toBeVisible();
}

test.describe('the one boundary', () => {
  test('a message the service stored twice (one tempUID) shows as one bubble, live and after a reload', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await start(page);
    const text = `twice ${Date.now()}`;
    const posted = page.waitForRequest((request) => isMessagePost(request) && (request.postDataJSON() as { text?: string }).text === text);
    await input(page).fill(text);
    await input(page).press('Enter');
    const request = await posted;
    await expect(bubbles(page, text)).toHaveCount(1);
    const requestId = decodeURIComponent(/\/requests\/([^/]+)\/messages$/.exec(new URL(request.url()).pathname)![1]!);
    // The same POST again, as a retry after an outage would make it: the service stores a second copy.
    const replay = await fetch(`${API_URL}/${PROJECT_ID}/requests/${encodeURIComponent(requestId)}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: (await request.allHeaders()).authorization! },
      body: request.postData()!,
    });
    expect(replay.status).toBe(200);
    expect((await history(requestId)).filter((m) => m.text === text)).toHaveLength(2);
    // An agent reply makes the widget fetch the history with both copies.
    await agentReply(requestId, 'Got it');
    await expect(page.locator('porchlight-widget [part~="message-agent"]').filter({ hasText: 'Got it' })).toBeVisible();
    await expect(bubbles(page, text)).toHaveCount(1);
    // The window was open, so it opens again after the reload.
    await page.reload();
    await expect(page.locator('porchlight-widget [part~="message-agent"]').filter({ hasText: 'Got it' })).toBeVisible();
    await expect(bubbles(page, text)).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('an agent named "You" is shown as an agent; names are isolated and lose their bidi overrides', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await start(page);
    const text = `hi ${Date.now()}`;
    const stored = page.waitForResponse(
      (response) => isMessagePost(response.request()) && (response.request().postDataJSON() as { text?: string }).text === text,
    );
    await input(page).fill(text);
    await input(page).press('Enter');
    const requestId = decodeURIComponent(/\/requests\/([^/]+)\/messages$/.exec(new URL((await stored).url()).pathname)![1]!);
    await agentReply(requestId, 'I am not you', { senderFullname: 'You' });
    await agentReply(requestId, 'Reversed?', { senderFullname: 'Ann\u202E Agent' });

    const spoof = page.locator('porchlight-widget li.message').filter({ hasText: 'I am not you' });
    await expect(spoof).toHaveAttribute('part', 'message message-agent');
    await expect(spoof.locator('.sender bdi')).toHaveText('Support');
    const named = page.locator('porchlight-widget li.message').filter({ hasText: 'Reversed?' });
    await expect(named.locator('.sender bdi')).toHaveText('Ann Agent');
    // The visitor's bubbles carry no visible label (issue 10); the one a screen reader hears, "You",
    // is on the visitor's own bubble only, never on an agent's.
    await expect(page.locator('porchlight-widget .sender-visitor')).toHaveCount(0);
    await expect(page.locator('porchlight-widget li.message-visitor .visually-hidden').first()).toHaveText('\u2068You\u2069: ');
    await expect(spoof.locator('.visually-hidden').first()).toHaveText('\u2068Support\u2069: ');
    expect(await named.locator('.sender bdi').evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
    expect(errors).toEqual([]);
  });
});
