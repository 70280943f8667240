import { expect, test, type Page } from '@playwright/test';
import {
  API_ORIGIN,
  API_URL,
  PROJECT_ID,
  agentReply,
  agentToken,
  chatWindow,
  headerOption,
  history,
  input,
  isMessagePost,
  launcher,
  openHostPage,
  sendFromWidget,
  snippetPage,
} from './support.ts';

const SAMPLE = `${API_ORIGIN}/demo-assets/sample.png`;
const agentMessages = (page: Page) => page.locator('porchlight-widget [part~="message-agent"]');

/** Opens the widget and starts a conversation; returns its request id. */
async function startConversation(page: Page, settings: Record<string, unknown> = {}): Promise<string> {
  await openHostPage(page, snippetPage({ settings }));
  await launcher(page).click();
  await expect(chatWindow(page)).toBeVisible();
  return sendFromWidget(page, `hello ${Date.now()}`);
}

test.describe('rich conversation', () => {
  test('markdown renders as elements, links are safe, emoji-only is large', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, '**bold** _it_ ~~gone~~ `code`\n- one\n- two\n[docs](https://example.com/docs) and [bad](javascript:alert(1)) www.example.org');
    const bubble = agentMessages(page).last();
    await expect(bubble.locator('strong')).toHaveText('bold');
    await expect(bubble.locator('em')).toHaveText('it');
    await expect(bubble.locator('s')).toHaveText('gone');
    await expect(bubble.locator('code')).toHaveText('code');
    await expect(bubble.locator('li')).toHaveCount(2);
    const docs = bubble.getByRole('link', { name: 'docs' });
    await expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(docs).toHaveAttribute('rel', /noopener/);
    await expect(bubble.getByRole('link', { name: 'bad' })).toHaveCount(0);
    await expect(bubble.getByRole('link', { name: 'www.example.org' })).toHaveAttribute('href', 'https://www.example.org/');
    await agentReply(rid, '🎉👍');
    await expect(agentMessages(page).last().locator('.emoji-only')).toBeVisible();
  });

  test('images keep their space, load lazily and open full size inside the widget', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, 'A lamp', { type: 'image', metadata: { src: SAMPLE, width: 640, height: 400 } });
    const image = page.locator('porchlight-widget [part~="message-image"]');
    await expect(image).toHaveAttribute('width', '240');
    await expect(image).toHaveAttribute('height', '150');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await image.click();
    const viewer = page.getByRole('dialog', { name: 'Image' });
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(chatWindow(page).first()).toBeVisible();
    await agentReply(rid, 'bad', { type: 'image', metadata: { src: 'javascript:alert(1)', width: 10, height: 10 } });
    await expect(page.getByText('This image cannot be shown.')).toBeVisible();
    await expect(image).toHaveCount(1);
  });

  test('files show name and size with a download link', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, 'Price list', {
      type: 'file',
      metadata: { src: `${API_URL}/files?path=x.pdf`, name: 'price-list.pdf', type: 'application/pdf', size: 20480 },
    });
    const link = page.getByRole('link', { name: 'Download price-list.pdf' });
    await expect(link).toHaveAttribute('href', `${API_URL}/files?path=x.pdf`);
    await expect(link).toContainText('20');
  });

  test('text, url and action buttons: send, open, hide the echo; only on the latest message; disabled once used', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, 'Pick one', {
      attributes: {
        attachment: {
          type: 'template',
          buttons: [
            { type: 'text', value: 'Tell me more' },
            { type: 'url', value: 'Website', link: 'https://example.com/', target: 'blank' },
            { type: 'url', value: 'Evil', link: 'javascript:alert(1)' },
            { type: 'action', value: 'Talk to a human', action: 'escalate' },
          ],
        },
      },
    });
    const buttons = page.locator('porchlight-widget [part~="attachment-button"]');
    await expect(buttons).toHaveText(['Tell me more', /Website/, 'Talk to a human']);
    // No internet here: answer for example.com so the popup lands on it.
    await page.context().route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Example</title>' }));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /Website/ }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://example.com/');
    // noopener: the opened page has no handle on ours.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    const posted = page.waitForRequest(isMessagePost);
    await page.getByRole('button', { name: 'Talk to a human' }).click();
    const body = (await posted).postDataJSON() as { text: string; attributes: Record<string, unknown> };
    expect(body).toMatchObject({ text: 'Talk to a human', attributes: { action: 'escalate', subtype: 'info' } });
    await expect(page.getByRole('button', { name: 'Tell me more' })).toHaveCount(0);
    // The hidden echo is stored but never shown.
    await expect.poll(async () => (await history(rid)).some((m) => m.text === 'Talk to a human')).toBe(true);
    await expect(page.locator('porchlight-widget [part~="message-visitor"]', { hasText: 'Talk to a human' })).toHaveCount(0);
    // The demo bot answers every action; wait for it, so the next question is the latest message.
    await expect(agentMessages(page).filter({ hasText: 'escalate' })).toBeVisible();
    // A new question: its text button sends its value and then goes away.
    await agentReply(rid, 'Anything else?', { attributes: { attachment: { buttons: [{ type: 'text', value: 'No thanks' }] } } });
    await page.getByRole('button', { name: 'No thanks' }).click();
    await expect(page.locator('porchlight-widget [part~="message-visitor"]', { hasText: 'No thanks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'No thanks' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Website/ })).toBeVisible();
  });

  test('a gallery is a keyboard-usable carousel', async ({ page }) => {
    const rid = await startConversation(page);
    const card = (n: number) => ({ preview: { src: SAMPLE }, title: `Lamp ${n}`, description: `Model ${n}`, buttons: [{ type: 'text', value: `Buy ${n}` }] });
    await agentReply(rid, 'Our lamps', { attributes: { attachment: { type: 'gallery', gallery: [card(1), card(2), card(3)] } } });
    const region = page.getByRole('region', { name: 'Carousel' });
    await expect(region.locator('[aria-roledescription="Card"]')).toHaveCount(3);
    const track = region.locator('.gallery-track');
    await track.focus();
    const before = await track.evaluate((el) => el.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    await region.getByRole('button', { name: 'Buy 2' }).click();
    await expect(page.locator('porchlight-widget [part~="message-visitor"]', { hasText: 'Buy 2' })).toBeVisible();
  });

  test('disableInputMessage and inputMessagePlaceholder follow the latest message from the other side', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, 'Choose below', {
      attributes: { disableInputMessage: true, inputMessagePlaceholder: 'Use the buttons', attachment: { buttons: [{ type: 'text', value: 'OK' }] } },
    });
    await expect(input(page)).toBeDisabled();
    await expect(input(page)).toHaveAttribute('placeholder', 'Use the buttons');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(input(page)).toBeDisabled();
    await agentReply(rid, 'Thanks, you can type now');
    await expect(input(page)).toBeEnabled();
    await expect(input(page)).toHaveAttribute('placeholder', 'Type your message…');
  });

  test('info messages: unknown ones hidden, known ones a centred line; updateUserFullname updates the stored visitor', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, 'internal note', { attributes: { subtype: 'info', messagelabel: { key: 'LEAD_UPDATED' } } });
    await agentReply(rid, 'joined', {
      attributes: { subtype: 'info/support', messagelabel: { key: 'MEMBER_JOINED_GROUP', parameters: { member_id: 'u1', fullname: 'Ann Agent' } } },
    });
    await agentReply(rid, 'Noted, Ada', { attributes: { updateUserFullname: 'Ada Lovelace', updateUserEmail: 'ada@example.com' } });
    await expect(page.getByText('Noted, Ada')).toBeVisible();
    await expect(page.locator('porchlight-widget [part~="message-info"]').filter({ hasText: 'Ann Agent joined the conversation' }).first()).toBeVisible();
    await expect(page.getByText('internal note')).toHaveCount(0);
    const stored = await page.evaluate(
      (pid) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('porchlight');
          open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
          open.onsuccess = () => {
            const get = open.result.transaction('keyval').objectStore('keyval').get(`v1:${pid}:session`);
            get.onsuccess = () => resolve(get.result);
          };
        }),
      PROJECT_ID,
    );
    expect(stored).toMatchObject({ visitor: { fullName: 'Ada Lovelace', email: 'ada@example.com' } });
  });

  test('split bot messages replay with a typing indicator', async ({ page }) => {
    const rid = await startConversation(page);
    await agentReply(rid, 'First', {
      attributes: {
        commands: [
          { type: 'message', message: { text: 'Part one' } },
          { type: 'wait', time: 1500 },
          { type: 'message', message: { text: 'Part two' } },
        ],
      },
    });
    await expect(page.getByText('Part one')).toBeVisible();
    await expect(page.getByRole('status', { name: /typing/i })).toBeVisible();
    await expect(page.getByText('Part two')).toBeHidden();
    await expect(page.getByText('Part two')).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole('status', { name: /typing/i })).toHaveCount(0);
  });

  test('the visitor uploads an image (picker), a file (paste) and gets a clear error above the limit', async ({ page }) => {
    const rid = await startConversation(page);
    const png = Buffer.from(await (await fetch(SAMPLE)).arrayBuffer());
    const upload = page.waitForResponse((r) => r.url().includes('/files/chat') && r.request().method() === 'POST');
    await page.locator('porchlight-widget input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    expect((await upload).status()).toBe(201);
    await expect(page.locator('porchlight-widget [part~="message-visitor"] [part~="message-image"]')).toBeVisible();
    await expect
      .poll(async () => (await history(rid)).find((m) => m.text === 'dot.png'))
      .toMatchObject({ type: 'image', metadata: { width: 320, height: 200, src: expect.stringContaining('/files?path=') } });

    await input(page).focus();
    await page.evaluate(() => {
      const el = document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('textarea')!;
      const data = new DataTransfer();
      data.items.add(new File(['hello, world'], 'notes.txt', { type: 'text/plain' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByRole('link', { name: 'Download notes.txt' })).toBeVisible();
    await expect.poll(async () => (await history(rid)).find((m) => m.text === 'notes.txt')).toMatchObject({ type: 'file', metadata: { type: 'text/plain' } });

    await page.locator('porchlight-widget input[type=file]').setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1_100_000) });
    await expect(page.getByRole('alert').filter({ hasText: 'too large' })).toBeVisible();
  });

  test('a file dropped on the window is sent; a service without /files/chat gets the legacy upload', async ({ page }) => {
    const rid = await startConversation(page);
    // An older service: no /files/chat (404), the document's /images/users instead.
    await page.route(`${API_URL}/**/files/chat`, (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Cannot POST' }));
    let legacy = 0;
    await page.route(`${API_URL}/images/users`, (route) => {
      legacy++;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Image uploaded successfully', filename: 'uploads/users/x/images/dropped.png' }),
      });
    });
    const bytes = [...Buffer.from(await (await fetch(SAMPLE)).arrayBuffer())];
    await page.evaluate((data) => {
      const win = document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('[part~="window"]')!;
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
      win.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      win.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await expect
      .poll(async () => (await history(rid)).find((m) => m.text === 'dropped.png'))
      .toMatchObject({
        type: 'image',
        metadata: { src: `${API_URL}/files?path=${encodeURIComponent('uploads/users/x/images/dropped.png')}`, width: 320, height: 200 },
      });
    expect(legacy).toBe(1);
  });

  test('a failed message shows "Not sent" with Retry; Retry sends it once', async ({ page }) => {
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    const rid = await sendFromWidget(page, 'first');
    await page.route(`${API_URL}/**/messages`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"success":false,"msg":"nope"}' })
        : route.continue(),
    );
    await input(page).fill('will fail');
    await input(page).press('Enter');
    await expect(page.getByText('Not sent')).toBeVisible();
    await page.unroute(`${API_URL}/**/messages`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Not sent')).toHaveCount(0);
    await expect.poll(async () => (await history(rid)).filter((m) => m.text === 'will fail').length).toBe(1);
  });

  test('the visitor ends the conversation, rates it, and starts a new one', async ({ page }) => {
    const rid = await startConversation(page);
    await headerOption(page, /End (the )?conversation/);
    await page.getByRole('alertdialog').getByRole('button', { name: /^Yes/ }).click();
    const rating = page.locator('porchlight-widget [part~="rating"]');
    await expect(rating).toBeVisible();
    await rating.locator('label', { hasText: '4 stars' }).click();
    await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await rating.getByPlaceholder(/optional/).fill('Quick and kind');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/requests/${rid}/rating`));
    await rating.locator('button[type=submit]').click();
    expect((await patch).postDataJSON()).toEqual({ rating: 4, rating_message: 'Quick and kind' });
    await expect(page.getByText(/thank/i)).toBeVisible();
    await page.getByRole('button', { name: /new conversation/i }).click();
    const next = await sendFromWidget(page, 'A new question');
    expect(next).not.toBe(rid);
  });

  test('a conversation closed by the agent offers the rating; nativeRating false does not', async ({ page }) => {
    const rid = await startConversation(page, { nativeRating: false });
    const token = await agentToken();
    const res = await fetch(`${API_URL}/${PROJECT_ID}/requests/${rid}/closeg`, { method: 'PUT', headers: { Authorization: token } });
    expect(res.status).toBe(200);
    await agentReply(rid, 'closed', { attributes: { subtype: 'info/support', messagelabel: { key: 'CHAT_CLOSED' } } });
    // "Ended" is said once: by the service's closed line, with no second note under it.
    await expect(page.getByText('The conversation has ended').last()).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: /new conversation/i })).toBeVisible();
    await expect(page.getByText('This conversation has ended.')).toHaveCount(0);
    await expect(page.locator('porchlight-widget [part~="rating"]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /new conversation/i })).toBeVisible();
    await expect(input(page)).toHaveCount(0);
  });
});
