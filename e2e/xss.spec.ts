import { expect, test, type Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../src/test/xssPayloads.ts';
import { WINDOW_SIZES } from '../src/ui/listWindow.ts';
import { API_URL, PROJECT_ID, agentToken, chatWindow, createProject, launcher, openHostPage, projectPage, sendFromWidget, snippetPage } from './support.ts';

/**
 * Every server-controlled field is hostile: the corpus (OWASP filter-evasion cheat sheet and
 * DOMPurify's vectors, src/test/xssPayloads.ts) goes through each of them, and nothing may run
 * and no dangerous URL may reach the widget's DOM.
 */
const SAFE_URL = /^(https?:|mailto:|tel:|blob:)/i;

export async function assertNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  const findings = await page.evaluate((safeSource) => {
    const safe = new RegExp(safeSource, 'i');
    const problems: string[] = [];
    const root = document.querySelector('porchlight-widget')!.shadowRoot!;
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'frame', 'base', 'meta', 'link', 'form'].includes(tag) && !(tag === 'form' && el.getAttribute('part')))
        problems.push(`element <${tag}>`);
      if (tag === 'svg' && el.querySelector(':not(path)')) problems.push('svg with more than paths');
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) problems.push(`<${tag} ${name}>`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data', 'poster', 'background'].includes(name) && !safe.test(attr.value.trim()))
          problems.push(`<${tag} ${name}="${attr.value.slice(0, 60)}">`);
        if (name === 'style' && /url\(|expression|javascript:/i.test(attr.value)) problems.push(`<${tag} style="${attr.value.slice(0, 60)}">`);
      }
    }
    return problems;
  }, SAFE_URL.source);
  expect(findings).toEqual([]);
}

async function post(rid: string, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${API_URL}/${PROJECT_ID}/requests/${encodeURIComponent(rid)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

test.describe('XSS corpus', () => {
  test.setTimeout(240_000);

  test(`${XSS_PAYLOADS.length} payloads through text, sender name, buttons, links, image src, file metadata, gallery and placeholder`, async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!/^https?:\/\/127\.0\.0\.1[:/]/.test(url) && !url.startsWith('data:')) foreign.push(url);
    });
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 204 }));
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    const rid = await sendFromWidget(page, 'xss run');
    const token = await agentToken();
    // The list renders a window of the conversation (at least WINDOW_SIZES.initial messages: a
    // poll that is not only an addition opens it on the tail again): the corpus goes in batches of
    // three messages a payload and a marker that each fit in it, every batch's DOM checked while it
    // is on screen.
    const BATCH = Math.floor((WINDOW_SIZES.initial - 1) / 3);
    for (let start = 0; start < XSS_PAYLOADS.length; start += BATCH) {
      const batch = XSS_PAYLOADS.slice(start, start + BATCH);
      for (const payload of batch) {
        const buttons = [
          { type: 'text', value: payload },
          { type: 'url', value: payload, link: payload, target: payload },
          { type: 'action', value: payload, action: payload },
        ];
        await post(rid, token, {
          text: payload,
          senderFullname: payload,
          attributes: {
            inputMessagePlaceholder: payload,
            attachment: { type: 'gallery', buttons, gallery: [{ preview: { src: payload }, title: payload, description: payload, buttons }] },
            messagelabel: { key: payload },
            updateUserFullname: payload,
          },
        });
        await post(rid, token, {
          text: payload,
          type: 'image',
          senderFullname: payload,
          metadata: { src: payload, width: payload, height: payload, name: payload },
        });
        await post(rid, token, {
          text: payload,
          type: 'file',
          senderFullname: payload,
          metadata: { src: payload, name: payload, type: payload, size: payload },
        });
      }
      const marker = `end of batch ${start / BATCH + 1}`;
      await post(rid, token, { text: marker });
      await expect(page.getByText(marker, { exact: true })).toBeVisible({ timeout: 60_000 });
      // Every text-bearing field of the batch reached the page as text.
      expect(await page.locator('porchlight-widget [part~="message-agent"]').count()).toBeGreaterThanOrEqual(batch.length * 3 + 1);
      await page.waitForTimeout(300);
      await assertNothingRan(page, dialogs);
    }
    expect(foreign.filter((u) => !/^https?:/.test(u))).toEqual([]);
  });

  const LABEL_KEYS = [
    'WELCOME_TITLE',
    'WELCOME_MSG',
    'LABEL_PLACEHOLDER',
    'BUTTON_OPEN_CHAT',
    'BUTTON_CLOSE_CHAT',
    'BUTTON_SEND_MESSAGE',
    'BUTTON_ATTACH_FILE',
    'CONVERSATION_LOG_LABEL',
    'CALLOUT_TITLE_PLACEHOLDER',
    'CALLOUT_MSG_PLACEHOLDER',
    'LABEL_FIRST_MSG_NO_AGENTS',
    'YOU',
  ];
  const SETTING_KEYS = [
    'widgetTitle',
    'welcomeTitle',
    'welcomeMsg',
    'calloutTitle',
    'calloutMsg',
    'poweredBy',
    'baloonImage',
    'logoChat',
    'themeColor',
    'themeForegroundColor',
    'marginX',
    'launcherWidth',
  ];
  // One page load carries a payload in every label and every setting: each payload is used at least once.
  const GROUP = LABEL_KEYS.length + SETTING_KEYS.length;

  test(`${XSS_PAYLOADS.length} payloads through labels (${LABEL_KEYS.length} keys) and widget settings (${SETTING_KEYS.length} keys)`, async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 204 }));
    for (let start = 0; start < XSS_PAYLOADS.length; start += GROUP) {
      const group = XSS_PAYLOADS.slice(start, start + GROUP);
      const at = (i: number) => group[i % group.length]!;
      const labels = Object.fromEntries(LABEL_KEYS.map((key, i) => [key, at(i)]));
      const widget = Object.fromEntries(SETTING_KEYS.map((key, i) => [key, at(i + LABEL_KEYS.length)]));
      const pid = await createProject({ widget: { ...widget, calloutTimer: 0 }, labels: [{ lang: 'EN', data: labels }], agentsAvailable: false });
      await openHostPage(page, projectPage(pid, { lang: 'en' }));
      // The callout shows first (calloutTimer 0), then the window.
      await expect(page.locator('porchlight-widget [part~="callout"]')).toBeVisible();
      await launcher(page).click();
      await expect(chatWindow(page)).toBeVisible();
      await expect(page.locator('porchlight-widget [part~="offline-notice"]')).toBeVisible();
      await page.waitForTimeout(200);
      await assertNothingRan(page, dialogs);
    }
  });
});
