import { expect, test } from '@playwright/test';
import {
  AGENT,
  API_ORIGIN,
  PROJECT_ID,
  chatWindow,
  createProject,
  input,
  isMessagePost,
  launcher,
  openHostPage,
  projectPage,
  sendFromWidget,
  snippetPage,
  watchBrowser,
} from './support.ts';

/** Hours that are closed now and open again tomorrow (UTC), so the next opening is known. */
function closedUntilTomorrow(): string {
  const tomorrow = (new Date().getUTCDay() + 1) % 7;
  return JSON.stringify({ [tomorrow]: [{ start: '09:00', end: '17:00' }], tzname: 'UTC' });
}

test.describe('the project decides', () => {
  test('theme colour, readable text and alignment come from project.widget', async ({ page }) => {
    const pid = await createProject({ widget: { themeColor: '#fde047', themeForegroundColor: null, align: 'left', widgetTitle: 'Yellow shop' } });
    await openHostPage(page, projectPage(pid));
    await expect(launcher(page)).toHaveCSS('background-color', 'rgb(253, 224, 71)');
    // No foreground given: dark text for a light theme.
    await expect(launcher(page)).toHaveCSS('color', 'rgb(17, 17, 17)');
    const box = (await launcher(page).boundingBox())!;
    expect(box.x).toBe(20);
    await launcher(page).click();
    await expect(page.getByRole('dialog', { name: 'Yellow shop' })).toBeVisible();
  });

  test('page settings and porchlight_ query parameters win over the service', async ({ page }) => {
    const pid = await createProject({ widget: { themeColor: '#fde047', widgetTitle: 'From service' } });
    const url = await openHostPage(page, projectPage(pid, { widgetTitle: 'From page' }));
    await page.goto(`${url}?porchlight_themeColor=%23166534`);
    await expect(launcher(page)).toHaveCSS('background-color', 'rgb(22, 101, 52)');
    await launcher(page).click();
    await expect(page.getByRole('dialog', { name: 'From page' })).toBeVisible();
  });

  test("the visitor's language: shipped texts, then the service's labels for it", async ({ page }) => {
    const pid = await createProject({
      labels: [
        { lang: 'EN', data: { LABEL_PLACEHOLDER: 'English label' } },
        { lang: 'IT', data: { LABEL_PLACEHOLDER: 'Scrivi qui il tuo messaggio' } },
      ],
    });
    await openHostPage(page, projectPage(pid, { lang: 'it' }));
    await expect(page.getByRole('button', { name: 'Apri la chat' })).toBeVisible();
    await launcher(page).click();
    await expect(input(page)).toHaveAttribute('placeholder', 'Scrivi qui il tuo messaggio');
    await expect(page.getByRole('button', { name: 'Chiudi la chat' }).first()).toBeVisible();
  });

  test('Arabic lays out right to left', async ({ page }) => {
    const pid = await createProject();
    await openHostPage(page, projectPage(pid, { lang: 'ar' }));
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    await expect(page.locator('porchlight-widget .root')).toHaveAttribute('dir', 'rtl');
    // The composer's send button sits on the left in RTL.
    const send = (await page.locator('porchlight-widget [part~="send-button"]').boundingBox())!;
    const field = (await input(page).boundingBox())!;
    expect(send.x).toBeLessThan(field.x);
  });

  test('closed by operating hours: an offline notice with the next opening, and the visitor can still write', async ({ page }) => {
    const pid = await createProject({ activeOperatingHours: true, operatingHours: closedUntilTomorrow() });
    await openHostPage(page, projectPage(pid));
    await launcher(page).click();
    const notice = page.locator('porchlight-widget [part~="offline-notice"]');
    await expect(notice).toContainText(/closed|opening hours/i);
    await expect(notice).toContainText(/open again/i);
    const posted = page.waitForResponse((r) => isMessagePost(r.request()));
    await input(page).fill('Call me back please');
    await input(page).press('Enter');
    expect((await posted).status()).toBe(200);
  });

  test("closed: the welcome says when the team is back instead of a quick reply, and the visitor's email reaches the console", async ({ page, context }) => {
    const browser = watchBrowser(page);
    const pid = await createProject({ activeOperatingHours: true, operatingHours: closedUntilTomorrow() });
    await openHostPage(page, projectPage(pid));
    await launcher(page).click();
    const welcome = page.locator('porchlight-widget .welcome');
    await expect(welcome).toContainText(/We are back \w+day \d\d:00 (AM|PM)\. Leave your email and we will answer you there\./);
    await expect(welcome).not.toContainText('within a few minutes');
    await page.getByRole('textbox', { name: 'Your email' }).fill('jane@example.com');
    await page.getByRole('button', { name: 'Save my email' }).click();
    await expect(welcome).toContainText('We will answer you at jane@example.com.');
    const posted = page.waitForRequest((r) => isMessagePost(r));
    await input(page).fill('Please call me back tomorrow');
    await input(page).press('Enter');
    const body = (await posted).postDataJSON() as { attributes?: Record<string, unknown> };
    expect(body.attributes?.userEmail).toBe('jane@example.com');

    const consolePage = await context.newPage();
    await consolePage.goto(`${API_ORIGIN}/console/?project=${pid}`);
    await consolePage.fill('#email', AGENT.email);
    await consolePage.fill('#password', AGENT.password);
    await consolePage.click('#signin');
    await consolePage.locator('[data-testid=conversation]').first().click();
    await expect(consolePage.locator('#visitor-identity dd[data-field="Email"]')).toHaveText('jane@example.com');
    expect(browser.problems()).toEqual([]);
  });

  test('nobody available: the department offline message or the no-agents text', async ({ page }) => {
    const pid = await createProject({ agentsAvailable: false });
    await openHostPage(page, projectPage(pid, { departmentID: undefined }));
    await page.getByRole('button', { name: /open chat/i }).click();
    await expect(page.locator('porchlight-widget [part~="offline-notice"]')).toBeVisible();
  });

  test('departments: the default one hidden, a choice step, departmentid on the first message', async ({ page }) => {
    await openHostPage(page, snippetPage({ settings: { departmentID: '' } }));
    await launcher(page).click();
    const step = page.locator('porchlight-widget [part~="departments"]');
    await expect(step.getByRole('button')).toHaveText([/^Sales/, /^Support/]);
    await step.getByRole('button', { name: 'Sales' }).click();
    const posted = page.waitForRequest(isMessagePost);
    await input(page).fill('About an order');
    await input(page).press('Enter');
    expect((await posted).postDataJSON()).toMatchObject({ departmentid: '65f0c0ffee0000000000de01', attributes: { departmentName: 'Sales' } });
  });

  test('departments: the composer ready on open; a first message written before the choice is held, then sent once with the department, after a reload too', async ({
    page,
  }) => {
    const posts: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (isMessagePost(r)) posts.push(r.postDataJSON() as Record<string, unknown>);
    });
    await openHostPage(page, snippetPage({ settings: { departmentID: '' } }));
    await launcher(page).click();
    const step = page.locator('porchlight-widget [part~="departments"]');
    await expect(step.getByRole('button')).toHaveText([/^Sales/, /^Support/]);
    await expect(input(page)).toBeFocused();
    await input(page).fill('Where is my order?');
    await input(page).press('Enter');
    const held = page.locator('porchlight-widget [part~="message-visitor"]');
    await expect(held).toHaveClass(/state-sending/);
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    // The window may come back open by itself (the open state is kept for the session).
    if ((await launcher(page).getAttribute('aria-expanded')) !== 'true') await launcher(page).click();
    await expect(held).toHaveClass(/state-sending/);
    expect(posts).toHaveLength(0);
    const posted = page.waitForRequest(isMessagePost);
    await step.getByRole('button', { name: 'Support' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ text: 'Where is my order?', attributes: { departmentName: 'Support' } });
    await expect(held).not.toHaveClass(/state-sending/);
    await expect(step).toHaveCount(0);
    expect(posts).toHaveLength(1);
  });

  test('pre-chat: the composer ready on open; the form comes as a card once the visitor has written, the message held (after a reload too), then sent once with the answers', async ({
    page,
  }) => {
    const posts: Array<Record<string, unknown>> = [];
    const signIns: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (isMessagePost(r)) posts.push(r.postDataJSON() as Record<string, unknown>);
      if (r.url().endsWith('/auth/signinAnonymously')) signIns.push(r.postDataJSON() as Record<string, unknown>);
    });
    const pid = await createProject({ widget: { preChatForm: true } });
    await openHostPage(page, projectPage(pid));
    await launcher(page).click();
    const card = page.locator('porchlight-widget [part~="prechat-form"]');
    await expect(input(page)).toBeFocused();
    await expect(card).toHaveCount(0);
    await input(page).fill('Where is my order?');
    await input(page).press('Enter');
    const held = page.locator('porchlight-widget [part~="message-visitor"]');
    await expect(held).toHaveClass(/state-sending/);
    await expect(card).toBeVisible();
    await expect(card.getByLabel(/name/i)).toBeFocused();
    await page.reload();
    await expect(launcher(page)).toBeVisible();
    // The window may come back open by itself (the open state is kept for the session).
    if ((await launcher(page).getAttribute('aria-expanded')) !== 'true') await launcher(page).click();
    await expect(held).toHaveClass(/state-sending/);
    await expect(card).toBeVisible();
    expect(posts).toHaveLength(0);
    expect(signIns).toHaveLength(0);

    await card.getByRole('button').click();
    await expect(card.locator('.field-error').first()).toBeVisible();
    await card.getByLabel(/name/i).fill('Ada Lovelace');
    await card.getByLabel(/mail/i).fill('ada@example.com');
    const posted = page.waitForRequest(isMessagePost);
    await card.getByRole('button').click();
    expect((await posted).postDataJSON()).toMatchObject({
      text: 'Where is my order?',
      attributes: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com', preChatForm: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' } },
    });
    expect(signIns).toEqual([expect.objectContaining({ id_project: pid, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' })]);
    await expect(held).not.toHaveClass(/state-sending/);
    await expect(card).toHaveCount(0);
    await expect(input(page)).toBeFocused();
    expect(posts).toHaveLength(1);
  });

  test('the dashboard preview makes no API calls and re-themes live', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${API_ORIGIN}/v3`) || r.url().includes('/__demo')) apiCalls.push(r.url());
    });
    const html = `<!doctype html><html><body><div id="a" style="position:relative;width:420px;height:700px"></div>
<script type="module">
import { loadMount } from '${API_ORIGIN}/widget/app.js';
const mount = await loadMount();
window.preview = mount(document.getElementById('a'), { preview: true, project: { project: { name: 'Preview', widget: { themeColor: '#1d4ed8' } }, user_available: [] }, labels: { WELCOME_TITLE: 'Hello from labels' } });
</script></body></html>`;
    await openHostPage(page, html);
    await expect(page.getByRole('dialog', { name: 'Preview' })).toBeVisible();
    await expect(page.getByText('Hello from labels')).toBeVisible();
    await expect(page.locator('porchlight-widget [part~="offline-notice"]')).toBeVisible();
    await page.evaluate(() => (window as unknown as { preview: { update(p: unknown): void } }).preview.update({ themeColor: '#b91c1c', widgetTitle: 'Live' }));
    await expect(page.getByRole('dialog', { name: 'Live' })).toBeVisible();
    await expect(page.locator('porchlight-widget [part~="launcher"]')).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    expect(apiCalls).toEqual([]);
  });

  test('the demo dashboard edits settings beside live previews', async ({ page }) => {
    await page.goto(`${API_ORIGIN}/dashboard/`);
    await expect(page.getByRole('dialog').first()).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Dashboard title');
    await expect(page.getByRole('dialog', { name: 'Dashboard title' }).first()).toBeVisible();
    expect(PROJECT_ID).toBeTruthy();
  });

  test("the project's own welcome, stored with the dashboard's spelling (wellcomeTitle, wellcomeMsg), shows", async ({ page }) => {
    const pid = await createProject({ widget: { wellcomeTitle: 'Ahoy from the dashboard', wellcomeMsg: 'Our crew answers within minutes.' } });
    await openHostPage(page, projectPage(pid));
    await launcher(page).click();
    await expect(chatWindow(page).getByText('Ahoy from the dashboard')).toBeVisible();
    await expect(chatWindow(page).getByText('Our crew answers within minutes.')).toBeVisible();
  });

  test("with the reference server's stock header labels every control keeps a name of its own", async ({ page }) => {
    // The texts the reference server ships for these keys (issue 8); the rest of the demo's stock set stays.
    const stockHeader = {
      CLOSE_CHAT: 'Close chat',
      CONFIRM_CLOSE_CHAT: 'Are you sure you wanna close this chat?',
      MINIMIZE: 'Minimize',
      BUTTON_CLOSE_TO_ICON: 'Minimize chat',
      CLOSE: 'Close',
      SUBMIT: 'Send',
    };
    const pid = await createProject({ labels: [{ lang: 'EN', data: stockHeader }] });
    await openHostPage(page, projectPage(pid, { lang: 'en' }));
    await launcher(page).click();
    await sendFromWidget(page, 'Names check');
    const names = async () => {
      const snapshot = await page.locator('porchlight-widget').ariaSnapshot();
      return [...snapshot.matchAll(/- (button|menuitem|textbox|dialog|alertdialog|log|radiogroup|radio) "([^"]+)"/g)].map((m) => m[2]!);
    };
    const unique = (list: string[]) => list.filter((name, i) => list.indexOf(name) !== i);
    await expect(page.getByRole('button', { name: 'Minimize', exact: true })).toBeVisible();
    let list = await names();
    expect(list).toContain('Minimize chat');
    expect(unique(list)).toEqual([]);
    // "Close chat" ends the conversation from the header's options menu.
    await page.locator('porchlight-widget [part~="options-button"]').click();
    await expect(page.getByRole('menuitem', { name: 'Close chat', exact: true })).toBeVisible();
    expect(unique(await names())).toEqual([]);
    await page.getByRole('menuitem', { name: 'Close chat', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure you wanna close this chat?' })).toBeVisible();
    list = await names();
    expect(unique(list)).toEqual([]);
    // "Close chat" ended the conversation; "Minimize" only hides the window.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.locator('porchlight-widget [part~="rating"]')).toBeVisible();
    expect(unique(await names())).toEqual([]);
    await page.getByRole('button', { name: 'Minimize', exact: true }).click();
    await expect(chatWindow(page)).toBeHidden();
  });
});

test.describe('no visible switch at start', () => {
  /** Records, on every frame, where and how the launcher is painted (while it is visible at all). */
  const SAMPLER = () => {
    const w = window as unknown as { launcherSamples: string[] };
    w.launcherSamples = [];
    const tick = () => {
      const root = document.querySelector('porchlight-widget')?.shadowRoot;
      const el = root?.querySelector('[part~="launcher"]');
      if (el) {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        if (style.visibility !== 'hidden' && style.display !== 'none' && r.width > 0)
          w.launcherSamples.push(`${r.x},${r.y},${r.width},${r.height} ${style.backgroundColor}`);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  test('the launcher first paints where and how it stays: first visit and return visit, align left with a theme colour', async ({ page }) => {
    const pid = await createProject({ widget: { align: 'left', themeColor: '#7c3aed', marginX: '32px' } });
    await page.addInitScript(SAMPLER);
    const samples = async () => {
      await expect(launcher(page)).toBeVisible();
      // Past the service's answers and the fade-in.
      await page.waitForTimeout(1500);
      return page.evaluate(() => (window as unknown as { launcherSamples: string[] }).launcherSamples);
    };
    const final = `32,${page.viewportSize()!.height - 20 - 60},60,60 rgb(124, 58, 237)`;
    await openHostPage(page, projectPage(pid));
    const first = await samples();
    expect(first.length).toBeGreaterThan(0);
    expect([...new Set(first)]).toEqual([final]);
    await page.reload();
    const again = await samples();
    expect(again.length).toBeGreaterThan(0);
    expect([...new Set(again)]).toEqual([final]);
  });

  test("a return visit shows the project's texts from the first frame", async ({ page }) => {
    const pid = await createProject({ labels: [{ lang: 'EN', data: { LABEL_PLACEHOLDER: 'Ask the crew' } }] });
    await page.addInitScript(() => {
      const w = window as unknown as { placeholders: string[] };
      w.placeholders = [];
      const tick = () => {
        const field = document.querySelector('porchlight-widget')?.shadowRoot?.querySelector('[part~="input"]') as HTMLTextAreaElement | null;
        if (field) w.placeholders.push(field.placeholder);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await openHostPage(page, projectPage(pid));
    await launcher(page).click();
    await expect(input(page)).toHaveAttribute('placeholder', 'Ask the crew');
    // The window stays open across the reload (onPageChangeVisibility "last").
    await page.reload();
    await expect(input(page)).toHaveAttribute('placeholder', 'Ask the crew');
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => (window as unknown as { placeholders: string[] }).placeholders);
    expect([...new Set(seen)]).toEqual(['Ask the crew']);
  });
});
