import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN, chatWindow, launcher, openHostPage, sendFromWidget, snippetPage } from './support.ts';

/**
 * Issue 9 §3: a 3,000-message conversation. The list renders a window of it (src/ui/listWindow.ts):
 * the shadow root stays under 3,000 elements, scrolling up reaches the very first message, and the
 * message the visitor reads stays where it is while older ones come in above it.
 */
const TOTAL = 3_000;
const LAST = 'e2e: the latest message';

const shadowElements = (page: Page) => page.evaluate(() => document.querySelector('porchlight-widget')!.shadowRoot!.querySelectorAll('*').length);

/** In place, to the pixel the browser snaps scroll offsets to. */
function expectInPlace(top: number | null, was: number, text: string) {
  expect(top, `"${text}" is no longer rendered`).not.toBeNull();
  expect(Math.abs(top! - was), `"${text}" moved from ${was} to ${top}`).toBeLessThanOrEqual(1);
}

const scrollListBy = (page: Page, dy: number) =>
  page.evaluate((by) => {
    document.querySelector('porchlight-widget')!.shadowRoot!.querySelector<HTMLElement>('[part~="messages"]')!.scrollTop += by;
  }, dy);

/**
 * One step up, in the page: scrolls by `dy`, notes the first message in view, lets the list add
 * older messages, and says where that message is then.
 */
function scrollUpOnce(page: Page, dy: number) {
  return page.evaluate(async (by) => {
    const root = document.querySelector('porchlight-widget')!.shadowRoot!;
    const list = root.querySelector<HTMLElement>('[part~="messages"]')!;
    const topOf = (li: HTMLElement) => li.getBoundingClientRect().top - list.getBoundingClientRect().top;
    list.scrollTop -= by;
    const edge = list.getBoundingClientRect().top;
    const item = [...list.querySelectorAll<HTMLElement>('li[data-key]')].find((li) => li.getBoundingClientRect().bottom > edge + 1)!;
    const before = { top: topOf(item), text: item.textContent ?? '' };
    // Older messages come within a few frames (the first time, with the code that adds them).
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const firstKey = () => list.querySelector<HTMLElement>('li[data-key]')?.dataset.key;
    const was = firstKey();
    for (let i = 0; i < 120 && list.scrollTop < list.clientHeight && firstKey() === was && !list.textContent.includes('Message 1 of 2999'); i++) await frame();
    await frame();
    const again = [...list.querySelectorAll<HTMLElement>('li[data-key]')].find((li) => li.dataset.key === item.dataset.key);
    return {
      before,
      after: again ? topOf(again) : null,
      scrollTop: list.scrollTop,
      elements: root.querySelectorAll('*').length,
      firstRendered: list.textContent.includes('Message 1 of 2999'),
    };
  }, dy);
}

/** Two frames: the scroll event, the window's step and the restored position have all happened. */
const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test('a 3,000-message conversation: under 3,000 elements, scrolling up reaches the first message, the position kept', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' || m.type() === 'warning' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 390, height: 844 });
  // Positions are measured to the pixel: no message sliding in while they are.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const url = await openHostPage(page, snippetPage());
  await launcher(page).click();
  const requestId = await sendFromWidget(page, LAST);
  // Older messages go in before the visitor's: "Message 1 of 2999" is the first of the conversation.
  const seeded = await fetch(`${API_ORIGIN}/__demo/seed-conversation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestId, count: TOTAL - 1 }),
  });
  expect(seeded.status).toBe(201);
  // (with what the service itself put in the conversation, "joined" and the like)
  expect(((await seeded.json()) as { total: number }).total).toBeGreaterThanOrEqual(TOTAL);

  // A return visit, the window left closed (open, it covers the launcher on a phone): the whole history at once.
  await page.locator('porchlight-widget [part~="close-button"]').click();
  await expect(chatWindow(page)).toBeHidden();
  await page.goto(url);
  await launcher(page).click();
  await expect(chatWindow(page)).toBeVisible();
  const messages = page.locator('porchlight-widget [part~="message"]');
  // The latest messages, in view (the demo's "joined" line may come after the visitor's).
  await expect(messages.filter({ hasText: LAST })).toBeInViewport({ timeout: 20_000 });
  await expect(messages.filter({ hasText: 'Message 2999 of 2999' })).toBeInViewport();
  expect(await shadowElements(page)).toBeLessThanOrEqual(3_000);

  // At the top of what is rendered, older messages come in above: the one at the top stays in view, in place.
  const atTop = await scrollUpOnce(page, 1_000_000);
  expect(atTop.scrollTop, 'older messages were added above').toBeGreaterThan(0);
  expectInPlace(atTop.after, atTop.before.top, atTop.before.text);

  // Up through the whole history, as a visitor scrolls: each step keeps what was in view where it was.
  const first = messages.filter({ hasText: 'Message 1 of 2999' });
  let maxElements = 0;
  for (let steps = 0; ; steps++) {
    expect(steps).toBeLessThan(500);
    const step = await scrollUpOnce(page, 1_200);
    expectInPlace(step.after, step.before.top, step.before.text);
    maxElements = Math.max(maxElements, step.elements);
    if (step.firstRendered) break;
  }
  await scrollListBy(page, -10_000);
  await expect(first).toBeInViewport();
  // The conversation opens with the welcome, as a short one does.
  await expect(page.locator('porchlight-widget .welcome')).toBeInViewport();
  expect(maxElements).toBeLessThanOrEqual(3_000);
  expect(await shadowElements(page)).toBeLessThanOrEqual(3_000);

  // And back down to the latest.
  const last = messages.filter({ hasText: LAST });
  for (let i = 0; i < 1_000 && !(await last.count()); i++) {
    await scrollListBy(page, 2_000);
    await frames(page);
  }
  await scrollListBy(page, 100_000);
  await expect(last).toBeInViewport();
  expect(errors).toEqual([]);
});
