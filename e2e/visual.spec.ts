import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PROJECT_ID } from '../demo/server/index.ts';
import { withOwnDemo } from './ownDemo.ts';
import { PINNED_PAGE_FONT, PINNED_WIDGET_CSS, pinnedFontFaces, servePinnedFonts } from './pinnedFonts.ts';
import { AGENT, DEFAULT_DEPARTMENT, openHostPage } from './support.ts';

/**
 * Screenshots of the widget's key states (issue 10 §9), compared with the committed baselines in
 * `e2e/__screenshots__/visual.spec.ts/`. Regenerate them with `npm run shots:update` (only the
 * dark ones: `npm run shots:update -- --grep @dark`); `npm run shots` writes them all, without
 * comparing, into one HTML page for review (`.tmp/shots/index.html`).
 *
 * Deterministic: a demo service of each worker's own (bot replies at once, no welcome), a fixed
 * clock in the page, every message time rewritten to one fixed instant on its way to the page,
 * UTC and en-US, no websocket; animations and the caret are off for every shot; and fonts of the
 * test's own, never the machine's (e2e/pinnedFonts.ts).
 */
const NOW = new Date('2026-03-02T10:30:00Z');
const MESSAGE_TIME = '2026-03-02T10:29:00.000Z';
const SHOTS_DIR = process.env.PORCHLIGHT_SHOTS_DIR;

const VARIANTS = {
  'desktop-light': { viewport: { width: 1280, height: 800 }, dark: false, lang: 'en' },
  'phone-light': { viewport: { width: 390, height: 780 }, dark: false, lang: 'en' },
  'desktop-dark': { viewport: { width: 1280, height: 800 }, dark: true, lang: 'en' },
  'phone-dark': { viewport: { width: 390, height: 780 }, dark: true, lang: 'en' },
  'desktop-rtl': { viewport: { width: 1280, height: 800 }, dark: false, lang: 'ar' },
} as const;
type Variant = keyof typeof VARIANTS;

const test = withOwnDemo({ botDelayMs: [0, 0] });
let API_ORIGIN: string;
let API_URL: string;
let PAGES_ORIGIN: string;
test.use({ timezoneId: 'UTC', locale: 'en-US' });

test.beforeEach(({ demo }) => {
  ({ apiOrigin: API_ORIGIN, apiUrl: API_URL, pagesOrigin: PAGES_ORIGIN } = demo);
});
test.afterEach(async ({ page }) => {
  // A poll in flight through the time-stamping route must not fail the next test once this one ended.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await fetch(`${API_ORIGIN}/__demo/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refuseGuests: null }) });
});

function hostPage(settings: Record<string, unknown>): string {
  const all = { projectid: DEMO_PROJECT_ID, apiUrl: API_URL, departmentID: DEFAULT_DEPARTMENT, realtime: false, ...settings };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<style>${pinnedFontFaces(PAGES_ORIGIN)}
body{margin:0;font:16px ${PINNED_PAGE_FONT};background:Canvas;color:CanvasText}</style></head>
<body><script>window.porchlightSettings = ${JSON.stringify(all)};</script>
<script async src="${API_ORIGIN}/widget/loader.js"></script></body></html>`;
}

async function createProject(body: Record<string, unknown>): Promise<string> {
  const payload = { departments: [{ name: 'Default Department', default: true, routing: 'assigned' }], ...body };
  const res = await fetch(`${API_ORIGIN}/__demo/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { projectId: string }).projectId;
}

async function agentReply(projectId: string, requestId: string, text: string): Promise<void> {
  const signin = await fetch(`${API_URL}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(AGENT) });
  const { token } = (await signin.json()) as { token: string };
  const res = await fetch(`${API_URL}/${projectId}/requests/${encodeURIComponent(requestId)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ text }),
  });
  expect(res.status).toBe(200);
}

/** Every message reaches the page stamped with the same instant, so times and day lines never change. */
async function fixTime(page: Page, variant: Variant) {
  await page.clock.setFixedTime(NOW);
  await servePinnedFonts(page, PAGES_ORIGIN);
  await page.route(/\/v3\/[^/]+\/requests\/[^/]+\/messages$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as unknown;
    const stamp = (m: unknown) => (m && typeof m === 'object' && 'createdAt' in m ? { ...m, createdAt: MESSAGE_TIME } : m);
    await route.fulfill({ response, json: Array.isArray(body) ? body.map(stamp) : stamp(body) });
  });
  if (VARIANTS[variant].dark) await page.emulateMedia({ colorScheme: 'dark' });
}

async function open(page: Page, variant: Variant, settings: Record<string, unknown> = {}) {
  await fixTime(page, variant);
  const v = VARIANTS[variant];
  // `colorScheme` is engineer I's setting (dark mode); until it lands the dark shots look light.
  await openHostPage(page, hostPage({ lang: v.lang, ...(v.dark ? { colorScheme: 'dark' } : {}), ...settings }), PAGES_ORIGIN);
  // On a phone an open window covers the screen and the launcher is hidden. (A window parked ahead of a tap is not on screen.)
  await expect(page.locator('porchlight-widget').locator('[part~="launcher"], [part~="window"]:not(.is-parked)').first()).toBeVisible();
}

const part = (page: Page, name: string) => page.locator(`porchlight-widget [part~="${name}"]`);

const WIDGET_PARTS = '[part~="window"]:not(.is-parked), [part~="launcher"], [part~="callout"], [part~="message-preview"]';

/** The widget's parts on screen (or those `parts` selects), with a margin: the shot is clipped to them on a desktop. */
async function widgetBox(page: Page, parts = WIDGET_PARTS) {
  const boxes = await page.locator('porchlight-widget').evaluate(
    (host, selector) =>
      [...host.shadowRoot!.querySelectorAll(selector)].map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, right: r.right, bottom: r.bottom };
      }),
    parts,
  );
  const size = page.viewportSize()!;
  const pad = 16;
  // Whole pixels, so a sub-pixel layout never changes the size of the shot.
  const x = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.x)) - pad));
  const y = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.y)) - pad));
  const right = Math.min(size.width, Math.ceil(Math.max(...boxes.map((b) => b.right)) + pad));
  const bottom = Math.min(size.height, Math.ceil(Math.max(...boxes.map((b) => b.bottom)) + pad));
  return { x, y, width: right - x, height: bottom - y };
}

/** Images in the widget have loaded (or failed) and fonts are ready, so nothing paints late. */
async function settled(page: Page, widget = page.locator('porchlight-widget')) {
  // No hover look on whatever was clicked last.
  await page.mouse.move(0, 0);
  await widget.evaluate(async (host, pinnedCss) => {
    // The pinned fonts go last in the shadow root's sheets, once (the widget only adds and removes its own).
    const root = host.shadowRoot!;
    if (!root.adoptedStyleSheets.some((s) => s.cssRules[0]?.cssText.includes('Pinned Noto'))) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(pinnedCss);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    // Laid out now, so the faces the text needs start loading before we wait for them.
    root.querySelector('.root')?.getBoundingClientRect();
    await document.fonts.ready;
    const failed = [...document.fonts].filter((face) => face.status === 'error').map((face) => face.family);
    if (failed.length) throw new Error(`pinned fonts did not load: ${failed.join(', ')}`);
    // Focusing the end confirmation's first button sometimes scrolls the whole window a few px
    // (the layout defect of issue 10 §5, being fixed with the confirm panel): undo it so the shot
    // does not depend on that race. Remove once the panel takes the composer's place.
    const win = host.shadowRoot!.querySelector('[part~="window"]');
    if (win) win.scrollTop = 0;
    const images = [...host.shadowRoot!.querySelectorAll('img')];
    for (const img of images) img.loading = 'eager';
    const loaded = (img: HTMLImageElement) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
    await Promise.all(images.map((img) => (img.complete ? Promise.resolve(null) : loaded(img))));
    // Endless ones (the typing dots) never finish: the shot stops them (animations: 'disabled').
    const ending = host.shadowRoot!.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    // The list follows its last message as images and lazy views arrive (a ResizeObserver, tested
    // in the component and e2e suites); the shot must not depend on when that last resize landed.
    const log = host.shadowRoot!.querySelector('[part~="messages"]');
    if (log) log.scrollTop = log.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, PINNED_WIDGET_CSS);
}

interface ShotOptions {
  fullViewport?: boolean;
  mask?: Locator[];
  /** A look that only the pointer brings (settling moved it away). */
  hover?: Locator;
  /** The widget's parts the shot is clipped to (all those on screen by default). */
  parts?: string;
  /** A page with more than one widget: the one shown, and the page's box the shot is clipped to. */
  widget?: Locator;
  box?: Locator;
}

async function shot(page: Page, variant: Variant, state: string, options: ShotOptions = {}) {
  await settled(page, options.widget);
  if (options.hover) await options.hover.hover();
  const clip = options.fullViewport ? undefined : options.box ? ((await options.box.boundingBox()) ?? undefined) : await widgetBox(page, options.parts);
  const name = `${state}--${variant}.png`;
  if (SHOTS_DIR) {
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, name), clip, animations: 'disabled', caret: 'hide', scale: 'css', mask: options.mask });
    return;
  }
  await expect(page).toHaveScreenshot(name, { clip, animations: 'disabled', caret: 'hide', scale: 'css', mask: options.mask, maxDiffPixelRatio: 0.002 });
}

async function send(page: Page, text: string) {
  const stored = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/messages$/.test(r.url()) && (r.request().postDataJSON() as { text?: string })?.text === text,
  );
  await part(page, 'input').fill(text);
  await part(page, 'input').press('Enter');
  const response = await stored;
  return decodeURIComponent(/\/requests\/([^/]+)\/messages$/.exec(new URL(response.url()).pathname)![1]!);
}

const PNG = readFileSync(path.resolve('demo/assets/lamp-2.png'));

function conversationFlow(variant: Variant, tag: string) {
  test(`closed, open and empty, conversation, buttons, gallery, image viewer, upload, emoji, preview, end and rating ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    // Its own project with a pooled department: no agent is picked at random to join.
    const pid = await createProject({ name: 'Porchlight Demo', departments: [{ name: 'Default Department', default: true, routing: 'pooled' }] });
    await open(page, variant, { projectid: pid, departmentID: '', showEmojiFooterButton: true });
    await shot(page, variant, 'closed');
    await part(page, 'launcher').click();
    await expect(part(page, 'window')).toBeVisible();
    await part(page, 'input').blur();
    await shot(page, variant, 'open-empty');

    const rid = await send(page, 'Hi! Do you ship to Canada?');
    await agentReply(pid, rid, 'We do — orders arrive in **3–5 business days**.');
    await expect(part(page, 'message-agent')).toHaveCount(1);
    await shot(page, variant, 'conversation');

    await send(page, '/buttons');
    await expect(part(page, 'quick-replies').last()).toBeVisible();
    await shot(page, variant, 'buttons');

    await send(page, '/gallery');
    await expect(page.locator('porchlight-widget .gallery').last()).toBeVisible();
    await shot(page, variant, 'gallery');

    await send(page, '/image');
    const image = part(page, 'message-image').last();
    await expect(image).toBeVisible();
    await image.click();
    await expect(page.getByRole('dialog', { name: /Image|صورة/ })).toBeVisible();
    await shot(page, variant, 'image-viewer', { fullViewport: true });
    await page.keyboard.press('Escape');

    await page.locator('porchlight-widget input[type=file]').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
    await expect(part(page, 'message-visitor').last().locator('img')).toBeVisible();
    await expect(page.locator('porchlight-widget .upload-list')).toHaveCount(0);
    await shot(page, variant, 'upload');

    if (!VARIANTS[variant].dark) {
      // The largest shot (a grid of colour emoji): light and RTL only.
      await part(page, 'emoji-button').click();
      await expect(part(page, 'emoji-picker').getByRole('button').first()).toBeVisible();
      await shot(page, variant, 'emoji-picker');
      await page.keyboard.press('Escape');
    }

    await part(page, 'close-button').click();
    await expect(part(page, 'window')).toBeHidden();
    await agentReply(pid, rid, 'Anything else I can help you with? Our team is here until 6 pm today.');
    // The widget looks at once when the network comes back, instead of at its closed-window pace (15 s).
    await page.evaluate(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await expect(part(page, 'message-preview')).toBeVisible({ timeout: 20_000 });
    await shot(page, variant, 'preview');

    await part(page, 'message-preview').locator('.callout-body').click();
    await expect(part(page, 'window')).toBeVisible();
    await part(page, 'options-button').click();
    await page.getByRole('menuitem', { name: /End (the )?conversation|إنهاء/ }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shot(page, variant, 'end-confirm');
    await page.getByRole('alertdialog').locator('.primary-button:not(.secondary)').click();
    await expect(part(page, 'rating')).toBeVisible({ timeout: 10_000 });
    // The shot is of the end as it stays: the service's own "closed" line in the thread, which takes
    // the place of the widget's note once a poll brings it (it came before the shot or after it,
    // by the machine's load). The widget looks at once when the network comes back.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await expect(part(page, 'window').locator('.closed-note')).toHaveCount(0, { timeout: 20_000 });
    await shot(page, variant, 'end-rating');
  });
}

/** Issue 26 §2: the header's status in two whole lines, its options in a "…" menu. */
function header(variant: Variant, tag: string) {
  test(`header: two-line status, options menu closed and open ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    const pid = await createProject({ name: 'Porchlight Demo', departments: [{ name: 'Default Department', default: true, routing: 'pooled' }] });
    await open(page, variant, { projectid: pid, departmentID: '', allowTranscriptDownload: true });
    await part(page, 'launcher').click();
    await send(page, 'Hi! Do you ship to Canada?');
    await part(page, 'input').blur();
    await expect(part(page, 'options-button')).toBeVisible();
    await shot(page, variant, 'header', { parts: '[part~="header"]' });
    // From the keyboard, so the focused item shows as it does to a keyboard user.
    await part(page, 'options-button').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await shot(page, variant, 'header-menu', { parts: '[part~="header"], [part~="options-menu"]' });

    // The status is never cut off (two lines at most, whole), whatever the phone's width.
    await page.keyboard.press('Escape');
    for (const width of [320, 360, 390, 420]) {
      await page.setViewportSize({ width, height: 780 });
      const status = page.locator('porchlight-widget .header .status-text');
      const { shown, whole, lineHeight } = await status.evaluate((el) => {
        const shown = el.getBoundingClientRect().height;
        // Its height unclamped, for a moment.
        el.style.setProperty('-webkit-line-clamp', 'none');
        const whole = el.getBoundingClientRect().height;
        el.style.removeProperty('-webkit-line-clamp');
        return { shown, whole, lineHeight: parseFloat(getComputedStyle(el).lineHeight) };
      });
      expect({ width, cut: whole > shown + 0.5 }).toEqual({ width, cut: false });
      expect(shown).toBeLessThanOrEqual(2 * lineHeight + 0.5);
    }
  });
}

/** Issue 26 §7: the demo dashboard's first preview at 1280×800: its launcher on screen, a face in its header. */
function dashboardPreview(variant: Variant, tag: string) {
  test(`dashboard preview: launcher on screen, a face in the header ${tag}`, async ({ page }) => {
    const { viewport, lang } = VARIANTS[variant];
    await page.setViewportSize(viewport);
    await fixTime(page, variant);
    // The previews show the service's labels once the dashboard has them (its own fetch): the shot waits for them.
    const labelsOf = (language: string) => page.waitForResponse((response) => response.url().endsWith(`/labels/${language.toUpperCase()}`) && response.ok());
    const englishLabels = labelsOf('en');
    await page.goto(`${API_ORIGIN}/dashboard/`);
    // The test's own fonts, as on the host pages (the dashboard's own text is not in the shot).
    await page.addStyleTag({ content: pinnedFontFaces(PAGES_ORIGIN) });
    await englishLabels;
    // The demo's label for the greeting, not the shipped "Hi there".
    if (lang === 'en') await expect(page.locator('#preview porchlight-widget .welcome-title')).toHaveText(/Hello there/);
    if (lang !== 'en') {
      const ofLanguage = labelsOf(lang);
      await page.getByLabel('Preview language').selectOption(lang);
      await ofLanguage;
    }
    const box = page.locator('#preview');
    const widget = box.locator('porchlight-widget');
    const launcher = widget.locator('[part~="launcher"]');
    await expect(launcher).toBeVisible();
    // The dashboard hands its preview an available agent by id only: the face shows the sample agent's initial.
    await expect(widget.locator('.header .team .avatar')).toHaveText('A');
    const [at, frame] = [(await launcher.boundingBox())!, (await box.boundingBox())!];
    expect(at.y + at.height).toBeLessThanOrEqual(Math.min(frame.y + frame.height, viewport.height));
    expect(at.x + at.width).toBeLessThanOrEqual(frame.x + frame.width);
    await shot(page, variant, 'dashboard-preview', { widget, box });
  });
}

function otherStates(variant: Variant, tag: string) {
  test(`callout, offline, errors ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    const callout = await createProject({ widget: { calloutTimer: 0 } });
    await open(page, variant, { projectid: callout, departmentID: '' });
    await expect(part(page, 'callout')).toBeVisible();
    await shot(page, variant, 'callout');

    const offline = await createProject({ agentsAvailable: false });
    await open(page, variant, { projectid: offline, departmentID: '', open: true });
    await expect(part(page, 'offline-notice')).toBeVisible();
    await shot(page, variant, 'offline');

    await open(page, variant, { open: true });
    // The spell checker underlines the x's a moment after they are typed, or not: not part of the shot.
    await part(page, 'input').evaluate((input) => ((input as HTMLTextAreaElement).spellcheck = false));
    await part(page, 'input').fill('x'.repeat(10_050));
    await expect(page.locator('porchlight-widget .char-count')).not.toBeEmpty();
    // The x's themselves are masked: where the grown box's text ends up scrolled varies by a few
    // pixels from run to run (rows of identical glyphs, all "different"); the state is the line above.
    await shot(page, variant, 'error-too-long', { mask: [part(page, 'input')] });

    await fetch(`${API_ORIGIN}/__demo/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refuseGuests: { as: 'membership', all: true } }),
    });
    await part(page, 'input').fill('Is anyone there?');
    await part(page, 'input').press('Enter');
    await expect(part(page, 'message-visitor').last()).toHaveClass(/state-failed/, { timeout: 15_000 });
    await part(page, 'input').blur();
    await shot(page, variant, 'error-not-sent');
  });
}

function runAndTyping(variant: Variant, tag: string) {
  test(`the time beside a bubble on hover, the typing dots with the typist's avatar ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    const pid = await createProject({ name: 'Porchlight Demo', departments: [{ name: 'Default Department', default: true, routing: 'pooled' }] });
    await open(page, variant, { projectid: pid, departmentID: '' });
    await part(page, 'launcher').click();
    const rid = await send(page, 'Can I change my delivery address after ordering?');
    await agentReply(pid, rid, 'Yes, as long as the parcel has not left our warehouse yet.');
    await agentReply(pid, rid, 'Send me the new address and I will update the order for you.');
    await expect(part(page, 'message-agent')).toHaveCount(2);
    // The first of the agent's run tells its time beside the widest bubble, inside the window.
    await shot(page, variant, 'hover-time', { hover: part(page, 'message-agent').first().locator('.bubble') });

    // A bot's split message: the page's clock stands still, so its next part is always on its way.
    await send(page, '/split');
    await expect(page.locator('porchlight-widget .typing-row')).toBeVisible();
    await shot(page, variant, 'typing');
  });
}

function departments(variant: Variant, tag: string) {
  test(`departments as chips in the thread, a first message held for the choice ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    await open(page, variant, { departmentID: '', open: true });
    await expect(part(page, 'departments')).toBeVisible();
    await part(page, 'input').blur();
    await shot(page, variant, 'departments');
    // Written before the choice: shown as sending, held in the outbox until a department is chosen (issue 26 §1).
    await part(page, 'input').fill('Where is my order?');
    await part(page, 'input').press('Enter');
    await expect(part(page, 'message-visitor')).toHaveClass(/state-sending/);
    await part(page, 'input').blur();
    await shot(page, variant, 'departments-held');
  });
}

function preChat(variant: Variant, tag: string) {
  test(`pre-chat as a card in the thread once the visitor has written, and its errors ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    const pid = await createProject({ widget: { preChatForm: true } });
    await open(page, variant, { projectid: pid, departmentID: '', open: true });
    // The visitor writes first; what they wrote waits, sending, for the card's answers (issue 26 §4).
    await part(page, 'input').fill('Where is my order?');
    await part(page, 'input').press('Enter');
    await expect(part(page, 'message-visitor')).toHaveClass(/state-sending/);
    await expect(part(page, 'prechat-form')).toBeVisible();
    // The card takes the focus: its first field's ring is part of the look.
    await expect(part(page, 'prechat-form').locator('.field-input').first()).toBeFocused();
    await shot(page, variant, 'prechat');
    await part(page, 'prechat-form').locator('button[type=submit]').click();
    await expect(page.locator('porchlight-widget .field-error').first()).toBeVisible();
    await shot(page, variant, 'prechat-errors');
  });
}

function homeScreen(variant: Variant, tag: string) {
  test(`home screen with two conversations, one unread, one ended ${tag}`, async ({ page }) => {
    await page.setViewportSize(VARIANTS[variant].viewport);
    const pid = await createProject({ name: 'Porchlight Demo', departments: [{ name: 'Default Department', default: true, routing: 'pooled' }] });
    await open(page, variant, { projectid: pid, departmentID: '', startFromHome: true });
    // Unread marks compare message times: here they stay the service's, and the list's times are masked.
    await page.unroute(/\/v3\/[^/]+\/requests\/[^/]+\/messages$/);
    await part(page, 'launcher').click();
    await expect(part(page, 'home')).toBeVisible();
    await part(page, 'new-conversation').click();
    const first = await send(page, 'Do you ship to Canada?');
    await part(page, 'back-button').click();
    await part(page, 'new-conversation').click();
    await send(page, 'Where is my order?');
    // Ended, the list says so in words.
    await part(page, 'options-button').click();
    await page.getByRole('menuitem', { name: /End (the )?conversation|إنهاء/ }).click();
    await page.getByRole('alertdialog').locator('.primary-button:not(.secondary)').click();
    await expect(part(page, 'rating')).toBeVisible({ timeout: 10_000 });
    // The reply comes while the visitor is in the other conversation: the home screen lists the
    // conversations as it opens, instead of at its next look (every 6 s).
    await agentReply(pid, first, 'We do — orders arrive in 3–5 business days.');
    await part(page, 'back-button').click();
    await expect(part(page, 'conversation-item').locator('.unread-mark')).toBeVisible({ timeout: 15_000 });
    await expect(part(page, 'conversation-item')).toHaveCount(2);
    await expect(part(page, 'conversation-item').locator('.conversation-ended')).toBeVisible();
    await shot(page, variant, 'home', { mask: [page.locator('porchlight-widget [part~="conversation-item"] time')] });
  });
}

for (const variant of Object.keys(VARIANTS) as Variant[]) {
  // Tags: `--grep @dark` regenerates only the dark shots once the dark look changes.
  const tag = `@${variant.split('-')[0]} @${variant.split('-')[1]}`;
  test.describe(variant, () => {
    conversationFlow(variant, tag);
    runAndTyping(variant, tag);
    homeScreen(variant, tag);
    header(variant, tag);
    // A dashboard is a desktop page, and its previews are light: it has no setting for the colour scheme.
    if (variant === 'desktop-light' || variant === 'desktop-rtl') dashboardPreview(variant, tag);
    departments(variant, tag);
    preChat(variant, tag);
    // Phone-dark and RTL take the main flow only: fewer baselines, every state still in each look.
    if (variant !== 'desktop-rtl' && variant !== 'phone-dark') otherStates(variant, tag);
  });
}
