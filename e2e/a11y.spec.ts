import { expect, test } from '@playwright/test';
import {
  agentReply,
  chatWindow,
  createProject,
  headerOption,
  launcher,
  openHostPage,
  projectPage,
  sendFromWidget,
  snippetPage,
  axeViolations,
} from './support.ts';

test.describe('accessibility of every step (axe-core)', () => {
  test('department step, conversation with rich content, options menu, close confirmation, rating', async ({ page }) => {
    await openHostPage(page, snippetPage({ settings: { departmentID: '' } }));
    await launcher(page).click();
    await expect(page.locator('porchlight-widget [part~="departments"]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // A first message written before the choice waits in the thread, sending, beside the chips (issue 26 §1).
    await page.locator('porchlight-widget [part~="input"]').fill('Before choosing');
    await page.locator('porchlight-widget [part~="input"]').press('Enter');
    await expect(page.locator('porchlight-widget [part~="message-visitor"]')).toHaveClass(/state-sending/);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('porchlight-widget [part~="departments"] button').first().click();
    const rid = await sendFromWidget(page, 'Accessibility check');
    await agentReply(rid, '**Options** below', {
      attributes: {
        attachment: {
          type: 'gallery',
          buttons: [
            { type: 'text', value: 'Yes' },
            { type: 'url', value: 'Docs', link: 'https://example.com' },
          ],
          gallery: [
            { preview: { src: 'http://127.0.0.1:4310/demo-assets/lamp-1.png' }, title: 'Lamp', description: 'Warm', buttons: [{ type: 'text', value: 'Buy' }] },
          ],
        },
      },
    });
    await agentReply(rid, 'A picture', { type: 'image', metadata: { src: 'http://127.0.0.1:4310/demo-assets/sample.png', width: 320, height: 200 } });
    await expect(page.locator('porchlight-widget [part~="message-image"]')).toBeVisible({ timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);
    // The header's options menu, open (issue 26 §2).
    await page.locator('porchlight-widget [part~="options-button"]').click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await headerOption(page, /End (the )?conversation/);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('alertdialog').getByRole('button', { name: /^Yes/ }).click();
    await expect(page.locator('porchlight-widget [part~="rating"]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // A star chosen with the keyboard (its ring, the amber stars, Send rating enabled).
    await page.locator('porchlight-widget [part~="rating"]').getByRole('radio').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('porchlight-widget [part~="rating"]').getByRole('radio').nth(1)).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('pre-chat card in the thread (shown, with errors), offline notice, callout', async ({ page }) => {
    const pid = await createProject({ widget: { preChatForm: true, calloutTimer: 0 }, agentsAvailable: false });
    // The system's scheme, light here, dark at the end.
    await openHostPage(page, projectPage(pid, { colorScheme: 'auto' }));
    await expect(page.locator('porchlight-widget [part~="callout"]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    // The visitor writes first; the form comes as a card at the thread's end (issue 26 §4).
    await page.locator('porchlight-widget [part~="input"]').fill('Before the form');
    await page.locator('porchlight-widget [part~="input"]').press('Enter');
    const card = page.getByRole('form', { name: 'Please fill in the form to start chatting' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('textbox').first()).toBeFocused();
    await expect(page.locator('porchlight-widget [part~="offline-notice"]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button').click();
    await expect(page.locator('porchlight-widget .field-error').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Its errors read on the dark card too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('porchlight-widget .root.dark')).toBeAttached();
    expect(await axeViolations(page, '[part~="prechat-form"]')).toEqual([]);
  });

  test('right-to-left Arabic window', async ({ page }) => {
    const pid = await createProject();
    await openHostPage(page, projectPage(pid, { lang: 'ar' }));
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('message preview above the closed launcher, emoji picker (open and searched)', async ({ page }) => {
    await openHostPage(page, snippetPage({ settings: { showEmojiFooterButton: true } }));
    await launcher(page).click();
    const rid = await sendFromWidget(page, 'Accessibility of the new parts');
    const button = page.locator('porchlight-widget [part~="emoji-button"]');
    await button.click();
    const picker = page.locator('porchlight-widget [part~="emoji-picker"]');
    await expect(picker.getByRole('button').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Its category tabs, one chosen.
    await picker.getByRole('tab', { name: 'Food' }).click();
    await expect(picker.getByRole('tab', { name: 'Food' })).toHaveAttribute('aria-selected', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await picker.locator('.emoji-search').focus();
    await page.keyboard.type('zzqqx');
    await expect(picker).toContainText('No emoji found');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await launcher(page).click();
    await agentReply(rid, 'We will look into it right away.');
    await expect(page.locator('porchlight-widget [part~="message-preview"]')).toBeVisible({ timeout: 15_000 });
    // Contrast is measured once the preview has risen into place (its entry animation fades it in).
    // An animation cancelled meanwhile is no longer running: its `finished` rejects (AbortError,
    // seen once in CI), and there is nothing to wait for.
    await page.locator('porchlight-widget').evaluate((host) => Promise.all(host.shadowRoot!.getAnimations().map((a) => a.finished.catch(() => undefined))));
    expect(await axeViolations(page)).toEqual([]);
  });

  // Issue 26 §3: every card a button with a name of its own, the ended and unread states, light and dark.
  for (const colorScheme of ['light', 'dark']) {
    test(`home screen with an ended and an unread conversation (${colorScheme})`, async ({ page }) => {
      await openHostPage(page, snippetPage({ settings: { startFromHome: true, colorScheme } }));
      await launcher(page).click();
      const home = page.locator('porchlight-widget [part~="home"]');
      await expect(home).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('porchlight-widget [part~="new-conversation"]').click();
      await sendFromWidget(page, 'A first question');
      await headerOption(page, /End (the )?conversation/);
      await page.getByRole('alertdialog').getByRole('button', { name: /^Yes/ }).click();
      await page.locator('porchlight-widget [part~="back-button"]').click();
      await page.locator('porchlight-widget [part~="new-conversation"]').click();
      const rid = await sendFromWidget(page, 'A second question');
      await page.locator('porchlight-widget [part~="back-button"]').click();
      await agentReply(rid, 'An answer that came while you were on the home screen');
      await expect(home.locator('.unread-mark')).toBeVisible({ timeout: 15_000 });
      // The demo's labels name it (CLOSED), as a service's do.
      await expect(home.locator('.conversation-ended')).toHaveText('Closed');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test('the window rendered ahead of the first tap is out of reach of keyboards and readers until it shows', async ({ page }) => {
  await openHostPage(page, snippetPage({ body: '<a href="#top">Before</a>' }));
  // Parked with its composer (windowPreparation.ts): hidden by `visibility`, not by `inert`.
  await page.waitForFunction(() => !!document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('.window.is-parked [part~="input"]'));
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await page.getByRole('textbox').count()).toBe(0);
  // Tab from the page's start: the page's link, then the launcher, never a control of the window.
  const reached: string[] = [];
  await page.locator('a[href="#top"]').focus();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const inner = document.querySelector('porchlight-widget')!.shadowRoot!.activeElement;
        return inner ? (inner.getAttribute('part') ?? inner.tagName) : (document.activeElement?.tagName ?? '');
      }),
    );
  }
  expect(reached.filter((part) => part !== 'launcher' && part !== 'BODY' && part !== 'A')).toEqual([]);
  expect(reached).toContain('launcher');
  // Shown, it is the dialog, with its composer reachable.
  await launcher(page).click();
  await expect(chatWindow(page)).toBeVisible();
  await expect(page.locator('porchlight-widget [part~="input"]')).toBeFocused();
});
