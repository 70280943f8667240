// `npm run bench`'s push part (issue 24): what a visitor and the service feel of replies by polling
// against replies pushed over Chat21 (`mqttEndpoint`), in the same run and conditions: a demo of its
// own (not reference mode: its Chat21 broker is up), a counting proxy in front of its API (the MQTT
// WebSocket crosses it too), Chromium at the bench's viewport and CPU throttling.
//
// For each way (polling: the README's snippet without `mqttEndpoint`; push: with it):
// - agent reply → painted, window open: the agent's POST leaves → the frame after the bubble is in
//   the DOM (MutationObserver, then requestAnimationFrame), on one clock (epoch ms);
// - agent reply → badge, window closed: the same, until the launcher's badge shows the count;
// - idle, a whole minute each with the window open and closed: requests (preflights, 304s) and
//   bytes per minute, and the service's load for 10,000 such visitors (requests a second, sockets).
import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startDemo, DEMO_AGENT, DEMO_PROJECT_ID } from '../demo/server/index.ts';
import { MQTT_PATH } from '../demo/server/chat21Broker.ts';
import { startCountingProxy } from './countingProxy.mjs';

const IDLE_MS = 60_000;

/** In the page: epoch ms of the frame after `text` shows in the widget (or the badge reads `badge`). */
const WATCH = ({ text, badge }) =>
  new Promise((resolve) => {
    const root = document.querySelector('porchlight-widget')?.shadowRoot;
    const seen = () =>
      badge === undefined
        ? [...root.querySelectorAll('[part~="message-agent"]')].some((m) => m.textContent.includes(text))
        : root.querySelector('[part~="unread-badge"]')?.textContent.trim() === String(badge);
    const done = () => requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
    if (seen()) return done();
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      observer.disconnect();
      done();
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  });

export async function pushFigures({ browser, throttle, viewport, samples = 5 }) {
  const demo = await startDemo({ quiet: true, botWelcome: false });
  const proxy = await startCountingProxy(Number(new URL(demo.apiOrigin).port));
  const dir = path.resolve('demo/pages/e2e-generated');
  const files = [];
  const pageFor = (push) => {
    const settings = {
      projectid: DEMO_PROJECT_ID,
      apiUrl: `${proxy.origin}/v3`,
      departmentID: '65f0c0ffee0000000000de00',
      ...(push ? { mqttEndpoint: MQTT_PATH } : {}),
    };
    const name = `bench-push-${push ? 'on' : 'off'}-${process.pid}.html`;
    writeFileSync(
      path.join(dir, name),
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
<body><main><p>A host page.</p></main><script>window.porchlightSettings = ${JSON.stringify(settings)};</script>
<script async src="${proxy.origin}/widget/loader.js"></script></body></html>`,
    );
    files.push(path.join(dir, name));
    return `${demo.pagesOrigin}/e2e-generated/${name}`;
  };
  const agent = await (
    await fetch(`${demo.apiUrl}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_AGENT.email, password: DEMO_AGENT.password }),
    })
  ).json();
  const reply = (rid, text) =>
    fetch(`${demo.apiUrl}/${DEMO_PROJECT_ID}/requests/${encodeURIComponent(rid)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: agent.token },
      body: JSON.stringify({ text }),
    });

  async function way(push) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const subscribed = new Promise((resolve) =>
      page.on('websocket', (socket) => {
        if (new URL(socket.url()).pathname === MQTT_PATH)
          socket.on('framereceived', ({ payload }) => typeof payload !== 'string' && payload[0] === 0x90 && resolve());
      }),
    );
    await page.goto(pageFor(push));
    await page.locator('porchlight-widget [part~="launcher"]').click({ timeout: 20_000 });
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/messages$/.test(r.url()));
    await page.locator('porchlight-widget [part~="input"]').fill('bench: hello');
    await page.locator('porchlight-widget [part~="input"]').press('Enter');
    const rid = decodeURIComponent(/\/requests\/([^/]+)\/messages$/.exec(new URL((await posted).url()).pathname)[1]);
    if (push) await subscribed;
    await page.waitForTimeout(3000);

    const latency = async (text, badge) => {
      const painted = page.evaluate(WATCH, { text, badge });
      const sent = Date.now();
      await reply(rid, text);
      return (await painted) - sent;
    };
    const open = [];
    for (let i = 0; i < samples; i++) {
      open.push(await latency(`bench reply ${i}`));
      // Replies at no fixed phase of a poll: a pause of its own length after each.
      await page.waitForTimeout(700 + 400 * i);
    }
    await page.locator('porchlight-widget [part~="close-button"]').click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const closed = [];
    for (let i = 0; i < Math.min(samples, 3); i++) {
      closed.push(await latency(`bench away ${i}`, i + 1));
      await page.waitForTimeout(700 + 900 * i);
    }
    const idle = {};
    for (const state of ['closed', 'open']) {
      if (state === 'open') {
        await page.locator('porchlight-widget [part~="launcher"]').click();
        await page.waitForTimeout(3000);
      }
      const before = { ...proxy.traffic };
      await page.waitForTimeout(IDLE_MS);
      const perMinute = (key) => ((proxy.traffic[key] - before[key]) * 60_000) / IDLE_MS;
      idle[state] = { requests: perMinute('requests'), preflights: perMinute('preflights'), notModified: perMinute('notModified'), bytes: perMinute('bytes') };
    }
    await context.close();
    return { open, closed, idle, sockets: push ? 1 : 0 };
  }

  try {
    return { polling: await way(false), push: await way(true) };
  } finally {
    for (const file of files) rmSync(file, { force: true });
    await proxy.close();
    await demo.close();
  }
}
