import { expect, type Page } from '@playwright/test';
import { DEMO_PROJECT_ID } from '../demo/server/index.ts';
import { withOwnDemo } from './ownDemo.ts';
import { agentToken, builtFileOf, DEFAULT_DEPARTMENT, headerOption, isMessagePost, openHostPage, requestIdOf, snippetPage, watchBrowser } from './support.ts';

/**
 * The main flows against a service whose websocket behaves exactly like the reference server's
 * (docs/service.md §10: a visitor's handshake at the root is never answered, any other path gets
 * 400), with the stock labels and the dashboard's `wellcome*` keys: the demo's reference mode, on
 * an instance of each worker's own so no other test is affected.
 * A whole session must leave the browser console empty: Chromium reports every failed or abandoned
 * handshake there, with the visitor's token in the URL.
 */
const test = withOwnDemo({ reference: true });
let API_URL: string;
let PAGES_ORIGIN: string;
test.beforeEach(({ demo }) => {
  ({ apiUrl: API_URL, pagesOrigin: PAGES_ORIGIN } = demo);
});

/**
 * The snippet a site owner on this deployment copies: `realtime` left out (`undefined` drops it
 * from the JSON), and no `mqttEndpoint`: a deployment without Chat21 (the reference's default) has
 * no broker to name (README "Push through Chat21").
 */
function page(settings: Record<string, unknown> = {}): string {
  return snippetPage({ settings: { apiUrl: API_URL, departmentID: DEFAULT_DEPARTMENT, realtime: undefined, ...settings } });
}

async function open(p: Page) {
  await p.locator('porchlight-widget [part~="launcher"]').click();
  await expect(p.getByRole('dialog')).toBeVisible();
}

async function send(p: Page, text: string): Promise<string> {
  const stored = p.waitForResponse((r) => isMessagePost(r.request()) && (r.request().postDataJSON() as { text?: string })?.text === text);
  const field = p.locator('porchlight-widget [part~="input"]');
  await field.fill(text);
  await field.press('Enter');
  const response = await stored;
  expect(response.status()).toBe(200);
  return requestIdOf(response.request());
}

async function agentSays(rid: string, text: string) {
  const res = await fetch(`${API_URL}/${DEMO_PROJECT_ID}/requests/${encodeURIComponent(rid)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: await agentToken(API_URL) },
    body: JSON.stringify({ text }),
  });
  expect(res.status).toBe(200);
}

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const agentBubble = (p: Page, text: string | RegExp) => p.locator('porchlight-widget [part~="message-agent"]', { hasText: text });

test('a whole session against the reference-like socket prints nothing in the console', async ({ page: p }) => {
  const browser = watchBrowser(p);
  await openHostPage(p, page(), PAGES_ORIGIN);
  await open(p);

  // Send, and the agent's reply arrives by polling.
  const rid = await send(p, 'Hello, reference');
  await expect(p.locator('porchlight-widget [part~="message-visitor"]', { hasText: 'Hello, reference' })).not.toHaveClass(/state-sending|state-failed/);
  await agentSays(rid, 'Hi from the agent');
  await expect(agentBubble(p, 'Hi from the agent')).toBeVisible({ timeout: 10_000 });

  // An image, then buttons: a text button sends its value, an action button gets the bot's answer.
  expect(await send(p, '/image')).toBe(rid);
  await expect(p.locator('porchlight-widget [part~="message-image"]')).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(() => p.locator('porchlight-widget [part~="message-image"]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await send(p, '/buttons');
  const tellMeMore = p.getByRole('button', { name: 'Tell me more' });
  await expect(tellMeMore).toBeVisible({ timeout: 10_000 });
  const pressed = p.waitForRequest((r) => isMessagePost(r) && (r.postDataJSON() as { text?: string }).text === 'Tell me more');
  await tellMeMore.click();
  await pressed;
  await send(p, '/action');
  await p.getByRole('button', { name: 'Talk to a human' }).click();
  await expect(agentBubble(p, /Connecting you to a person/)).toBeVisible({ timeout: 10_000 });

  // A reload brings the conversation back, and it goes on.
  await browser.reload();
  await expect(p.getByRole('dialog')).toBeVisible();
  await expect(p.getByText('Hi from the agent')).toBeVisible();
  expect(await send(p, 'After the reload')).toBe(rid);
  await agentSays(rid, 'Still here');
  await expect(agentBubble(p, 'Still here')).toBeVisible({ timeout: 10_000 });

  // The visitor ends the conversation and rates it.
  await headerOption(p, /End (the )?conversation/);
  await p.getByRole('alertdialog').getByRole('button', { name: /^Yes/ }).click();
  const rating = p.locator('porchlight-widget [part~="rating"]');
  await expect(rating).toBeVisible();
  await rating.locator('label', { hasText: '5 stars' }).click();
  const rated = p.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/requests/${rid}/rating`));
  await rating.locator('button[type=submit]').click();
  expect((await rated).status()).toBe(200);
  await expect(p.getByText(/thank/i)).toBeVisible();
  await p.waitForTimeout(1000); // a last poll or two

  expect(browser.problems()).toEqual([]);
  expect(browser.seen.pageErrors).toEqual([]);
  expect(browser.seen.failed).toEqual([]);
  expect(browser.seen.tokens.size).toBeGreaterThan(0);
  expect(browser.leaks()).toEqual([]);
  expect(browser.seen.sockets).toEqual([]); // not even tried: nothing said the service takes visitors
});

test('told to use the socket anyway: one hung handshake, then none for the day, even after a reload', async ({ page: p }) => {
  const browser = watchBrowser(p);
  await openHostPage(p, page({ realtime: true }), PAGES_ORIGIN);
  await open(p);
  const rid = await send(p, 'Socket, please');
  // Where the reference listens: the API root, not /ws.
  await expect.poll(() => browser.seen.sockets.length).toBe(1);
  expect(new URL(browser.seen.sockets[0]!).pathname).toBe('/v3/');
  // The handshake hangs; polling carries the reply meanwhile and after.
  await agentSays(rid, 'Polled reply');
  await expect(agentBubble(p, 'Polled reply')).toBeVisible({ timeout: 10_000 });
  await p.waitForTimeout(4500); // the widget gives the handshake up after 4 s
  // Abandoning a hung handshake makes Chromium print one line (token and all): the price of being told to try.
  expect(browser.problems()).toEqual([
    expect.stringMatching(
      new RegExp(`^warning: WebSocket connection to '${literal(API_URL.replace('http:', 'ws:'))}/\\?token=.*closed before the connection is established`),
    ),
  ]);
  const before = browser.seen.console.length;

  await browser.reload();
  await expect(p.getByRole('dialog')).toBeVisible();
  expect(await send(p, 'After the reload')).toBe(rid);
  await agentSays(rid, 'Polled again');
  await expect(agentBubble(p, 'Polled again')).toBeVisible({ timeout: 10_000 });
  await p.waitForTimeout(4500);
  expect(browser.seen.sockets).toHaveLength(1);
  expect(browser.seen.console.slice(before).filter((m) => m.type() === 'error' || m.type() === 'warning')).toEqual([]);
  expect(browser.seen.pageErrors).toEqual([]);
  expect(browser.seen.failed).toEqual([]);
});

test('a broker named on a deployment without Chat21: one refused token call, no socket, polling; none again within the hour, even after a reload', async ({
  page: p,
}) => {
  const browser = watchBrowser(p);
  const tokenCalls: number[] = [];
  p.on('request', (r) => r.url().endsWith('/chat21/native/auth/createCustomToken') && r.method() === 'POST' && tokenCalls.push(Date.now()));
  // The MQTT client comes only with a token: this deployment's visitors never download it.
  const mqttClient = builtFileOf('src/api/mqtt/mqttClient.ts');
  const mqttDownloads: string[] = [];
  p.on('request', (r) => r.url().endsWith(`/${mqttClient}`) && mqttDownloads.push(r.url()));
  await openHostPage(p, page({ mqttEndpoint: '/mqws/ws' }), PAGES_ORIGIN);
  await open(p);
  const rid = await send(p, 'Push, please');
  await expect.poll(() => tokenCalls.length).toBe(1);
  await agentSays(rid, 'Polled reply');
  await expect(agentBubble(p, 'Polled reply')).toBeVisible({ timeout: 10_000 });
  // The refusal (the reference answers 400 off its routes) is the one line Chromium prints: the price of naming a broker that is not there.
  expect(browser.problems()).toEqual([expect.stringMatching(/^error: Failed to load resource: the server responded with a status of 400 .*createCustomToken/)]);
  await browser.reload();
  await expect(p.getByRole('dialog')).toBeVisible();
  expect(await send(p, 'After the reload')).toBe(rid);
  await agentSays(rid, 'Polled again');
  await expect(agentBubble(p, 'Polled again')).toBeVisible({ timeout: 10_000 });
  expect(tokenCalls).toHaveLength(1);
  expect(mqttDownloads).toEqual([]);
  expect(browser.seen.sockets).toEqual([]);
  expect(browser.problems()).toHaveLength(1);
  expect(browser.seen.pageErrors).toEqual([]);
});
