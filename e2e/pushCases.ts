import { expect, test as base, type Page, type WebSocket as PageSocket } from '@playwright/test';
import { startDemo, type DemoHandle, type DemoOptions } from '../demo/server/index.ts';
import { agentReply, chatWindow, launcher, openHostPage, sendFromWidget, snippetPage, watchBrowser } from './support.ts';

/**
 * Issue 24's cases, run against the demo's own broker (push.spec.ts) and against RabbitMQ
 * (push.rabbitmq.spec.ts): one demo service per worker, its Chat21 publishing into that broker,
 * and a host page that names the broker as a deployment would (`mqttEndpoint`) and nothing else
 * (no `realtime`).
 */
export interface PushWorld {
  demo: DemoHandle;
  /** the page's `mqttEndpoint` setting */
  endpoint: string;
  /** the broker's path, to tell the widget's MQTT socket from others */
  socketPath: string;
  /** stops the broker and starts it again (RabbitMQ only) */
  restartBroker?: () => Promise<void>;
}

/** `test` with a worker's own push world, made by `make` and ended by its `close`. */
export function pushTest(make: (demo: (options: DemoOptions) => Promise<DemoHandle>) => Promise<PushWorld & { close(): Promise<void> }>) {
  return base.extend<object, { world: PushWorld }>({
    world: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const world = await make((options) => startDemo({ quiet: true, ...options }));
        await use(world);
        await world.close();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

const badge = (page: Page) => page.locator('porchlight-widget [part~="unread-badge"]');
const inWidget = (page: Page, text: string) => page.locator('porchlight-widget').getByText(text);

const isRead = (method: string, url: string) => method === 'GET' && /\/requests\/[^/]+\/messages$/.test(new URL(url).pathname);

/** Counts the widget's reads of the conversation (`GET …/messages`: polls and catch-ups) made since `since` (ms). */
function countReads(page: Page) {
  const times: number[] = [];
  page.on('request', (request) => {
    if (isRead(request.method(), request.url())) times.push(Date.now());
  });
  return (since = 0) => times.filter((t) => t >= since).length;
}

/**
 * Polling slowed (issue 24 §7): from now on every read of the conversation takes `ms` to answer,
 * so what shows sooner came by push.
 */
async function slowReads(page: Page, ms = 6000) {
  await page.route(
    (url) => /\/requests\/[^/]+\/messages$/.test(url.pathname),
    async (route) => {
      if (isRead(route.request().method(), route.request().url())) await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue().catch(() => undefined);
    },
  );
}

export function pushCases(test: ReturnType<typeof pushTest>) {
  const page = (world: PushWorld, settings: Record<string, unknown> = {}) =>
    snippetPage({ settings: { apiUrl: world.demo.apiUrl, realtime: undefined, mqttEndpoint: world.endpoint, ...settings } });
  const open = (p: Page, world: PushWorld) => openHostPage(p, page(world), world.demo.pagesOrigin);
  const reply = (world: PushWorld, rid: string, text: string) => agentReply(rid, text, {}, world.demo.apiUrl);
  /** Resolves once the widget's MQTT socket is subscribed: a SUBACK (0x90) came on it. */
  const pushUp = (p: Page, world: PushWorld) =>
    new Promise<PageSocket>((resolve) => {
      p.on('websocket', (socket) => {
        if (new URL(socket.url()).pathname !== world.socketPath) return;
        socket.on('framereceived', ({ payload }) => typeof payload !== 'string' && payload[0] === 0x90 && resolve(socket));
      });
    });

  /** Opens the host page, writes `text` (the first message makes the conversation) and waits for push to be up; its conversation id. */
  const chatWithPushUp = async (p: Page, world: PushWorld, text: string) => {
    const up = pushUp(p, world);
    await open(p, world);
    await launcher(p).click();
    await expect(chatWindow(p)).toBeVisible();
    const rid = await sendFromWidget(p, text);
    await up;
    return rid;
  };

  test.afterEach(({ world }) => void world.demo.faults.update({ badChat21Token: false }));

  test("an agent's reply arrives by push, with no poll, once; so does the visitor's own echo", async ({ page: p, world }) => {
    const browser = watchBrowser(p);
    const reads = countReads(p);
    const rid = await chatWithPushUp(p, world, 'Hello by push?');
    // The read that follows every connection (it fills a gap) came.
    await expect.poll(reads).toBeGreaterThan(0);
    await slowReads(p);
    const asked = Date.now();
    await reply(world, rid, 'Pushed to you.');
    await expect(inWidget(p, 'Pushed to you.')).toBeVisible({ timeout: 3000 });
    // Every read now takes 6 s; an open window polls every 2 s without push: this came by push.
    expect(Date.now() - asked).toBeLessThan(3000);
    // A read later (a send is followed by one) finds the same messages: one bubble each.
    await p.unroute(() => true);
    const later = Date.now();
    await sendFromWidget(p, 'Thanks');
    await expect.poll(() => reads(later)).toBeGreaterThan(0);
    await expect(inWidget(p, 'Pushed to you.')).toHaveCount(1);
    await expect(inWidget(p, 'Hello by push?')).toHaveCount(1);
    expect(browser.problems()).toEqual([]);
    expect(browser.seen.pageErrors).toEqual([]);
  });

  test('with the window closed, the badge and the preview come by push', async ({ page: p, world }) => {
    const reads = countReads(p);
    const rid = await chatWithPushUp(p, world, 'I will close the window');
    await expect.poll(reads).toBeGreaterThan(0);
    await launcher(p).click();
    await expect(chatWindow(p)).toBeHidden();
    await slowReads(p);
    await reply(world, rid, 'A reply while you were away');
    // Every read now takes 6 s (and a closed window polls every 15 s without push).
    await expect(badge(p)).toHaveText('1', { timeout: 3000 });
    await expect(p.locator('porchlight-widget [part~="message-preview"]')).toContainText('A reply while you were away');
  });

  test('one tab holds the connection, the leading one; when it closes, another takes over within 2 s', async ({ context, world }) => {
    const first = await context.newPage();
    const upFirst = pushUp(first, world);
    await open(first, world);
    await launcher(first).click();
    const rid = await sendFromWidget(first, 'Two tabs');
    const socketOfFirst = await upFirst;
    // The tab the visitor turns to leads (tabs.ts): its socket comes, the first tab's goes.
    const second = await context.newPage();
    const upSecond = pushUp(second, world);
    await open(second, world);
    await upSecond;
    expect(socketOfFirst.isClosed()).toBe(true);
    await reply(world, rid, 'Both tabs see this');
    // The leader relays what it was pushed: the other tab shows it without a socket of its own.
    await expect(inWidget(second, 'Both tabs see this')).toBeAttached({ timeout: 3000 });
    await expect(inWidget(first, 'Both tabs see this')).toBeAttached({ timeout: 3000 });
    const upAgain = pushUp(first, world);
    const closedAt = Date.now();
    await second.close();
    await upAgain;
    // Within 2 s of the lead changing hands (the lock's handover), plus the token call and CONNACK.
    expect(Date.now() - closedAt).toBeLessThan(3500);
    await reply(world, rid, 'Still here');
    await expect(inWidget(first, 'Still here')).toBeAttached({ timeout: 3000 });
  });

  test('a token the broker refuses: polling as before, nothing lost, nothing in the console', async ({ page: p, world }) => {
    const browser = watchBrowser(p);
    const closes: number[] = [];
    p.on('websocket', (socket) => new URL(socket.url()).pathname === world.socketPath && socket.on('close', () => closes.push(Date.now())));
    world.demo.faults.update({ badChat21Token: true });
    await open(p, world);
    await launcher(p).click();
    const rid = await sendFromWidget(p, 'Bad token here');
    // A first refusal (1002) renews the token; a second in a row leaves it to polling for an hour.
    await expect.poll(() => closes.length, { timeout: 15_000 }).toBe(2);
    await reply(world, rid, 'Polled to you');
    await expect(inWidget(p, 'Polled to you')).toBeVisible({ timeout: 10_000 });
    await expect(inWidget(p, 'Polled to you')).toHaveCount(1);
    expect(closes).toHaveLength(2);
    expect(browser.problems()).toEqual([]);
    expect(browser.seen.pageErrors).toEqual([]);
  });

  test('a broker restart: polling meanwhile, then push again after one catch-up; nothing lost or doubled', async ({ page: p, world }) => {
    test.skip(!world.restartBroker, 'only a broker of its own restarts');
    test.setTimeout(120_000);
    const browser = watchBrowser(p);
    const rid = await chatWithPushUp(p, world, 'Before the restart');
    const upAgain = pushUp(p, world);
    const restarted = world.restartBroker!();
    // While the broker is away, polling carries replies (an open window: every 2 s).
    await reply(world, rid, 'While the broker restarts');
    await expect(inWidget(p, 'While the broker restarts')).toBeVisible({ timeout: 15_000 });
    await restarted;
    await world.demo.chat21.ready();
    // Reconnected with backoff (1 s up to 30 s), then a reply comes by push again.
    await upAgain;
    await reply(world, rid, 'After the restart');
    await expect(inWidget(p, 'After the restart')).toBeVisible({ timeout: 2000 });
    for (const text of ['Before the restart', 'While the broker restarts', 'After the restart']) await expect(inWidget(p, text)).toHaveCount(1);
    expect(browser.seen.pageErrors).toEqual([]);
  });
}
