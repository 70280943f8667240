import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { initialState } from '../demo/server/faults.ts';
import { DEMO_PROJECT_ID } from '../demo/server/index.ts';
import { withOwnDemo, type OwnDemo } from './ownDemo.ts';
import { agentToken as supportAgentToken, isMessagePost, openHostPage, snippetPage, DEFAULT_DEPARTMENT } from './support.ts';

/**
 * The fault matrix (issue #5): each fault, then "stored exactly once and shown once".
 * It runs against a demo service of each worker's own (own ports, own data file), so faults never
 * reach the other tests, and the service can be restarted in the middle of a test.
 */
const test = withOwnDemo({ dataFile: true });
let demo: OwnDemo;
let API_ORIGIN: string;
let API_URL: string;

test.beforeEach(({ demo: own }) => {
  demo = own;
  ({ apiOrigin: API_ORIGIN, apiUrl: API_URL } = own);
});
test.afterEach(async () => {
  await fetch(`${API_ORIGIN}/__demo/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(initialState({})),
  });
});

async function fault(body: Record<string, unknown>) {
  const res = await fetch(`${API_ORIGIN}/__demo/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

function page(settings: Record<string, unknown> = {}): string {
  return snippetPage({ settings: { apiUrl: API_URL, departmentID: DEFAULT_DEPARTMENT, ...settings } });
}

async function openWidget(p: Page, settings: Record<string, unknown> = {}): Promise<void> {
  await openHostPage(p, page(settings), demo.pagesOrigin);
  // Through the API, not the launcher: a second tab may already show the window open (shared state).
  await p.waitForFunction(() => 'Porchlight' in window);
  await p.evaluate(() => (window as unknown as { Porchlight: (c: string) => void }).Porchlight('open'));
  await expect(p.getByRole('dialog').first()).toBeVisible();
}

async function type(p: Page, text: string) {
  const input = p.locator('porchlight-widget [part~="input"]');
  await input.fill(text);
  await input.press('Enter');
}

const agentToken = () => supportAgentToken(API_URL);

/** The conversation id the widget stored in IndexedDB (shared by the page's tabs). */
function storedRequestId(p: Page): Promise<string> {
  return p.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('porchlight');
        open.onsuccess = () => {
          const request = open.result.transaction('keyval').objectStore('keyval').getAll();
          request.onsuccess = () => resolve((request.result as Array<{ requestId?: string }>).find((v) => v && v.requestId)!.requestId!);
        };
      }),
  );
}

async function agentSays(rid: string, text: string) {
  const token = await agentToken();
  await fetch(`${API_URL}/${DEMO_PROJECT_ID}/requests/${rid}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ text }),
  });
}

/** Every stored message with `text`, across the project's conversations. */
async function stored(text: string): Promise<number> {
  const token = await agentToken();
  const list = (await (await fetch(`${API_URL}/${DEMO_PROJECT_ID}/requests?status=all&limit=100`, { headers: { Authorization: token } })).json()) as {
    requests: Array<{ request_id: string }>;
  };
  let count = 0;
  for (const r of list.requests) {
    const messages = (await (
      await fetch(`${API_URL}/${DEMO_PROJECT_ID}/requests/${r.request_id}/messages`, { headers: { Authorization: token } })
    ).json()) as Array<{ text: string }>;
    count += messages.filter((m) => m.text === text).length;
  }
  return count;
}

/** The assertion of the matrix: stored once, one bubble, and it is no longer pending. */
async function exactlyOnce(p: Page, text: string) {
  await expect.poll(() => stored(text), { timeout: 20_000 }).toBe(1);
  const bubble = p.locator('porchlight-widget [part~="message-visitor"]', { hasText: text });
  await expect(bubble).toHaveCount(1);
  await expect(bubble).not.toHaveClass(/state-sending|state-failed/, { timeout: 20_000 });
}

const unique = (name: string) => `${name} ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`;

test('offline, then online', async ({ page: p, context }) => {
  await openWidget(p);
  await context.setOffline(true);
  const text = unique('offline');
  await type(p, text);
  await expect(p.locator('porchlight-widget [part~="message-visitor"]', { hasText: text })).toHaveClass(/state-sending/);
  await p.waitForTimeout(1500);
  await context.setOffline(false);
  await exactlyOnce(p, text);
});

test('a burst of 503s', async ({ page: p }) => {
  await openWidget(p);
  const warmUp = unique('warm-up');
  await type(p, warmUp);
  await exactlyOnce(p, warmUp);
  const errors = await collectErrors(p);
  await fault({ status5xx: { count: 3, status: 503, method: 'POST', path: '/messages' } });
  const text = unique('503');
  await type(p, text);
  // At the first failed attempt: the bubble says it waits, and the page hears it (issue 22 §19).
  const bubble = p.locator('porchlight-widget [part~="message-visitor"]', { hasText: text });
  await expect(bubble).toContainText('Waiting to send…');
  const sendErrors = async () => (await errors()).filter((e) => e.type === 'send');
  await expect.poll(sendErrors).toEqual([expect.objectContaining({ status: 503, retrying: true, reason: 'MESSAGE_UNREACHABLE' })]);
  await exactlyOnce(p, text);
  // The retries said nothing more.
  expect(await sendErrors()).toHaveLength(1);
});

test('429 with Retry-After', async ({ page: p }) => {
  await openWidget(p);
  await type(p, unique('warm-up'));
  await fault({ status429: { count: 1, retryAfter: 2, method: 'POST', path: '/messages' } });
  const text = unique('429');
  const sentAt = Date.now();
  await type(p, text);
  await exactlyOnce(p, text);
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(2000);
});

test('connection dropped after the service stored the message', async ({ page: p }) => {
  await openWidget(p);
  await type(p, unique('warm-up'));
  await fault({ dropAfterStore: { count: 1 } });
  const text = unique('dropped');
  await type(p, text);
  await exactlyOnce(p, text);
});

test('token revoked: signs in again, keeps the message and the history', async ({ page: p }) => {
  await openWidget(p);
  const before = unique('before revoke');
  await type(p, before);
  await exactlyOnce(p, before);
  await fault({ revokeTokens: true });
  const text = unique('after revoke');
  await type(p, text);
  await exactlyOnce(p, text);
  // The earlier message is still the visitor's own.
  await expect(p.locator('porchlight-widget [part~="message-visitor"]', { hasText: before })).toHaveCount(1);
});

test('the service restarts while a message waits', async ({ page: p }) => {
  await openWidget(p);
  await type(p, unique('warm-up'));
  await demo.stop();
  const text = unique('restart');
  await type(p, text);
  await expect(p.locator('porchlight-widget [part~="message-visitor"]', { hasText: text })).toHaveClass(/state-sending/);
  await p.waitForTimeout(1000);
  await demo.start();
  await exactlyOnce(p, text);
});

test('reload in the middle of a send', async ({ page: p }) => {
  await openWidget(p);
  // The warm-up must be stored before the fault: otherwise its own POST is the one "in flight".
  const warmUp = unique('warm-up');
  await type(p, warmUp);
  await exactlyOnce(p, warmUp);
  await fault({ latencyMs: 1500 });
  const text = unique('reload');
  const posted = p.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/messages') && (r.postData() ?? '').includes(text));
  await type(p, text);
  await posted;
  await p.reload();
  await fault({ latencyMs: 0 });
  await exactlyOnce(p, text);
});

// The conversation keeps the message in the task that handled Enter (sendJournal.ts): without it,
// about one run in two in CI lost one of the five (the outbox's IndexedDB write never happened).
// Storage is made slow here (a busy phone): the outbox's lock is granted only after the reload
// began, so every message depends on what was kept in that very task.
test('reload the moment Enter is pressed, with slow storage', async ({ page: p }) => {
  await p.addInitScript(() => {
    const request = LockManager.prototype.request as (...args: unknown[]) => Promise<unknown>;
    LockManager.prototype.request = function (this: LockManager, ...args: unknown[]) {
      return new Promise((resolve) => setTimeout(resolve, 300)).then(() => request.apply(this, args));
    };
  });
  await openWidget(p);
  const warmUp = unique('warm-up');
  await type(p, warmUp);
  await exactlyOnce(p, warmUp);
  for (let i = 0; i < 5; i++) {
    const text = unique(`gone ${i}`);
    const input = p.locator('porchlight-widget [part~="input"]');
    await input.fill(text);
    // Enter and the reload in one go: no time for the send, the store, or anything else.
    await p.evaluate(() => {
      const field = document.querySelector('porchlight-widget')!.shadowRoot!.querySelector<HTMLElement>('[part~="input"]')!;
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
      location.reload();
    });
    await p.waitForLoadState('load');
    await exactlyOnce(p, text);
  }
});

// Issue 22 §2: each message goes to the conversation shown when it was sent. Storage is slow (a busy
// phone): the messages are still on their way into the outbox when the visitor opens another
// conversation from the home screen.
test('send, send, then another conversation at once, with slow storage: both messages stay where they were sent', async ({ page: p }) => {
  await p.addInitScript(() => {
    const request = LockManager.prototype.request as (...args: unknown[]) => Promise<unknown>;
    LockManager.prototype.request = function (this: LockManager, ...args: unknown[]) {
      return new Promise((resolve) => setTimeout(resolve, 1000)).then(() => request.apply(this, args));
    };
  });
  await openWidget(p, { startFromHome: true, realtime: false });
  const part = (name: string) => p.locator(`porchlight-widget [part~="${name}"]`);
  const conversation = async (text: string) => {
    await part('new-conversation').click();
    await type(p, text);
    await exactlyOnce(p, text);
    const rid = await storedRequestId(p);
    await part('back-button').click();
    return rid;
  };
  const [b1, a1, a2, a3] = [unique('B1'), unique('A1'), unique('A2'), unique('A3')] as const;
  // The visitor's messages in conversation `rid` (the service adds its own lines: a member joined…).
  const ours = async (rid: string) => (await historyTexts(rid)).filter((text) => [b1, a1, a2, a3].includes(text));
  const b = await conversation(b1);
  const a = await conversation(a1);
  await part('conversation-item').filter({ hasText: a1 }).click();
  await type(p, a2);
  await type(p, a3);
  await part('back-button').click();
  await part('conversation-item').filter({ hasText: b1 }).click();
  await expect(part('message-visitor').filter({ hasText: b1 })).toBeVisible();
  await expect.poll(() => ours(a), { timeout: 20_000 }).toEqual([a1, a2, a3]);
  expect(await ours(b)).toEqual([b1]);
  // B shows B's message only.
  await expect(part('message-visitor')).toHaveCount(1);
});

async function twoTabs(browser: Browser): Promise<{ context: BrowserContext; a: Page; b: Page }> {
  const context = await browser.newContext();
  const a = await context.newPage();
  await openWidget(a);
  await type(a, unique('first'));
  const b = await context.newPage();
  await openWidget(b);
  return { context, a, b };
}

test('two tabs share one conversation; a message sent in one shows once in both; one tab polls', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser);
  const fromB = unique('from tab B');
  await type(b, fromB);
  await exactlyOnce(b, fromB);
  await expect(a.locator('porchlight-widget [part~="message-visitor"]', { hasText: fromB })).toHaveCount(1, { timeout: 15_000 });
  // From now on, only one of the tabs polls the history.
  const polls = { a: 0, b: 0 };
  a.on('request', (r) => void (r.method() === 'GET' && r.url().endsWith('/messages') && polls.a++));
  b.on('request', (r) => void (r.method() === 'GET' && r.url().endsWith('/messages') && polls.b++));
  await a.waitForTimeout(7000);
  expect(Math.min(polls.a, polls.b)).toBe(0);
  // An agent reply reaches both tabs; it is announced (message:received) in one tab only.
  await Promise.all(
    [a, b].map((p) =>
      p.evaluate(() =>
        window.addEventListener(
          'porchlight:message:received',
          () => ((window as unknown as { received: number }).received = ((window as unknown as { received?: number }).received ?? 0) + 1),
        ),
      ),
    ),
  );
  await agentSays(await storedRequestId(a), 'Agent to both tabs');
  for (const p of [a, b]) await expect(p.getByText('Agent to both tabs')).toBeVisible({ timeout: 15_000 });
  const received = await Promise.all([a, b].map((p) => p.evaluate(() => (window as unknown as { received?: number }).received ?? 0)));
  expect(
    received.reduce((x, y) => x + y, 0),
    `events per tab: ${received.join(', ')}`,
  ).toBe(1);
  await context.close();
});

test('a tab closed mid-send: the other tab finishes the job, once', async ({ browser }) => {
  const { context, a, b } = await twoTabs(browser);
  await fault({ latencyMs: 1500 });
  const text = unique('orphan');
  const posted = a.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/messages'));
  await type(a, text);
  await posted;
  await a.close();
  await fault({ latencyMs: 0 });
  await exactlyOnce(b, text);
  await context.close();
});

for (const ws of ['refuseWebsocket', 'hangWebsocket'] as const) {
  test(`websocket ${ws === 'refuseWebsocket' ? 'refused' : 'hanging'}: polling takes over`, async ({ page: p }) => {
    await fault({ [ws]: true });
    await openWidget(p);
    const text = unique(ws);
    await type(p, text);
    await exactlyOnce(p, text);
    await agentSays(await storedRequestId(p), `Reply despite ${ws}`);
    await expect(p.getByText(`Reply despite ${ws}`)).toBeVisible({ timeout: 15_000 });
  });
}

test('the websocket delivers an agent reply live', async ({ page: p }) => {
  const frames: string[] = [];
  p.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await openWidget(p);
  const text = unique('ws');
  await type(p, text);
  await exactlyOnce(p, text);
  await expect.poll(() => frames.some((f) => f.includes('"action":"publish"'))).toBe(true);
});

/** The widget's API calls from now on (preflights and websockets aside), with their answers. */
function watchApi(p: Page) {
  const answered: Array<{ method: string; path: string; status: number }> = [];
  p.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin !== API_ORIGIN || !url.pathname.startsWith('/v3/') || r.request().method() === 'OPTIONS') return;
    answered.push({ method: r.request().method(), path: url.pathname.slice(3), status: r.status() });
  });
  return {
    answered,
    signIns: () => answered.filter((a) => a.path === '/auth/signinAnonymously').length,
    refused: () => answered.filter((a) => a.status === 400 || a.status === 401 || a.status === 403).length,
  };
}

/** Collects the `porchlight:error` events of the page. */
async function collectErrors(p: Page): Promise<() => Promise<Array<Record<string, unknown>>>> {
  await p.evaluate(() => {
    const w = window as unknown as { porchlightErrors: unknown[] };
    w.porchlightErrors = [];
    window.addEventListener('porchlight:error', (e) => w.porchlightErrors.push((e as CustomEvent).detail));
  });
  return () => p.evaluate(() => (window as unknown as { porchlightErrors: Array<Record<string, unknown>> }).porchlightErrors);
}

async function historyTexts(rid: string): Promise<string[]> {
  const token = await agentToken();
  const messages = (await (await fetch(`${API_URL}/${DEMO_PROJECT_ID}/requests/${rid}/messages`, { headers: { Authorization: token } })).json()) as Array<{
    text: string;
  }>;
  return messages.map((m) => m.text);
}

const refusals = [
  ['403 "you dont belong to the project."', { refuseGuests: { as: 'membership' } }],
  ['400 Bad Request', { refuseGuests: { as: 'malformed' } }],
  ['401 Unauthorized', { revokeTokens: true }],
] as const;

for (const [answer, patch] of refusals) {
  test(`a stored token answered ${answer}: one fresh sign-in, the same conversation goes on, no request loop`, async ({ page: p }) => {
    await openWidget(p, { realtime: false });
    const before = unique('before refusal');
    await type(p, before);
    await exactlyOnce(p, before);
    const rid = await storedRequestId(p);
    const api = watchApi(p);
    await fault(patch);
    const after = unique('after refusal');
    await type(p, after);
    await exactlyOnce(p, after);
    // The same conversation, as the service lets any member of the project post to it.
    expect(await storedRequestId(p)).toBe(rid);
    expect(await historyTexts(rid)).toEqual(expect.arrayContaining([before, after]));
    await expect(p.locator('porchlight-widget [part~="message-visitor"]', { hasText: before })).toHaveCount(1);
    // Polling goes on with the new guest, and nothing is refused any more.
    const settled = api.answered.length;
    await p.waitForTimeout(5000);
    expect(api.answered.slice(settled).filter((a) => a.method === 'GET' && a.path.endsWith('/messages')).length).toBeGreaterThan(0);
    expect(api.signIns(), JSON.stringify(api.answered)).toBe(1);
    // The call that met the refusal, and maybe a poll at the same moment: nothing more.
    expect(api.refused(), JSON.stringify(api.answered)).toBeLessThanOrEqual(2);
  });
}

test('a service that refuses every visitor: "Not sent" with its reason, porchlight:error, then silence; Retry sends once it accepts again', async ({
  page: p,
}) => {
  await openWidget(p, { realtime: false });
  const warmUp = unique('warm-up');
  await type(p, warmUp);
  await exactlyOnce(p, warmUp);
  const errors = await collectErrors(p);
  const api = watchApi(p);
  await fault({ refuseGuests: { as: 'membership', all: true } });
  const text = unique('refused everywhere');
  await type(p, text);
  const bubble = p.locator('porchlight-widget [part~="message-visitor"]', { hasText: text });
  await expect(bubble).toHaveClass(/state-failed/, { timeout: 15_000 });
  await expect(bubble.getByRole('alert')).toContainText('The chat service did not accept this chat session.');
  const authErrors = async () => (await errors()).filter((e) => e.type === 'auth').length;
  await expect.poll(authErrors).toBeGreaterThan(0);
  // Stopped: not one more call (no refused polls every 2 s, no sign-in loop), no more errors.
  const stoppedAt = api.answered.length;
  const reported = await authErrors();
  await p.waitForTimeout(7000);
  expect(api.answered.slice(stoppedAt), JSON.stringify(api.answered)).toEqual([]);
  expect(await authErrors()).toBe(reported);
  // A poll may meet the refusal just before the send, and the send (the visitor's own action) may
  // try once more: at most two fresh sign-ins and two errors, never a loop.
  expect(reported).toBeLessThanOrEqual(2);
  expect(api.signIns(), JSON.stringify(api.answered)).toBeLessThanOrEqual(2);
  await fault({ refuseGuests: null });
  await bubble.getByRole('button', { name: 'Retry' }).click();
  await exactlyOnce(p, text);
});

test('oversize text: the composer refuses it with a live count; the API posts nothing and emits an error', async ({ page: p }) => {
  await openWidget(p, { realtime: false });
  const posts: string[] = [];
  p.on('request', (r) => void (isMessagePost(r) && posts.push(r.url())));
  const input = p.locator('porchlight-widget [part~="input"]');
  const send = p.locator('porchlight-widget [part~="send-button"]');
  await input.fill('y'.repeat(9_500));
  const countId = await input.getAttribute('aria-describedby');
  expect(countId).toBeTruthy();
  const count = p.locator(`porchlight-widget #${countId}`);
  await expect(count).toHaveText('9,500 of 10,000 characters');
  await expect(count).toHaveAttribute('aria-live', 'polite');
  await input.fill('y'.repeat(10_001));
  await expect(count).toContainText('This message is too long: at most 10,000 characters.');
  await expect(count).toContainText('10,001 of 10,000 characters');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(input).toHaveValue('y'.repeat(10_001));
  const errors = await collectErrors(p);
  await p.evaluate(() => (window as unknown as { Porchlight: (c: string, t: string) => void }).Porchlight('sendMessage', 'Z'.repeat(1e6)));
  await expect.poll(async () => (await errors()).length).toBe(1);
  expect((await errors())[0]).toMatchObject({ type: 'send', reason: 'MESSAGE_TOO_LONG', limit: 10_000 });
  await p.waitForTimeout(1000);
  expect(posts).toEqual([]);
  await expect(p.locator('porchlight-widget [part~="message-visitor"]')).toHaveCount(0);
});

test('after an outage longer than the retry schedule, "Not sent" goes once more by itself when the service answers', async ({ page: p }) => {
  test.setTimeout(120_000);
  await openWidget(p, { realtime: false });
  const warmUp = unique('warm-up');
  await type(p, warmUp);
  await exactlyOnce(p, warmUp);
  const errors = await collectErrors(p);
  const api = watchApi(p);
  // Every attempt of the schedule fails; the polls still get through.
  await fault({ status5xx: { count: 6, status: 503, method: 'POST', path: '/messages' } });
  const text = unique('outage');
  await type(p, text);
  // Shown as "Not sent" (the failed state can be short: the next poll ends it, so the event proves
  // it), after the one event of its first failed attempt.
  await expect.poll(async () => (await errors()).filter((e) => e.type === 'send' && !e.retrying).length, { timeout: 90_000 }).toBe(1);
  expect((await errors()).filter((e) => e.type === 'send').map((e) => e.retrying ?? false)).toEqual([true, false]);
  // No tap, no `online`: the next successful poll sends it.
  await exactlyOnce(p, text);
  const posts = api.answered.filter((a) => a.method === 'POST' && a.path.endsWith('/messages')).map((a) => a.status);
  expect(posts).toEqual([503, 503, 503, 503, 503, 503, 200]);
});
