// `npm run bench:boot [-- distDir]` (issue 9 §1): the main-thread tasks the widget's boot runs on a host
// page — parsing app.js, evaluating it, creating the client, the first render — in Debian's Chromium
// at 390×844 with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate). Every task is read from
// a performance trace (RunTask on the page's main thread, from the request for app.js on), so tasks
// under 50 ms are seen too; the page's own PerformanceObserver('longtask') count is printed beside.
// Three page views, each RUNS times (median, max): a first visit whose app loads at a later idle
// moment, a return visit whose visitor clicks the launcher, and a return visit whose window was open
// (with a short conversation). A measurement, not a test: the 2-core machine is noisy.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { startDemo, DEMO_PROJECT_ID } from '../demo/server/index.ts';

const distDir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
const RUNS = Number(process.env.BOOT_RUNS ?? 3);
const demo = await startDemo({ quiet: true, botWelcome: false, ...(distDir ? { distDir } : {}) });

const dir = path.resolve('demo/pages/e2e-generated');
mkdirSync(dir, { recursive: true });
const pageName = `boot-tasks-${process.pid}.html`;
const filler = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} of an ordinary product page, with some text to lay out.</p>`).join('');
writeFileSync(
  path.join(dir, pageName),
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"></head>
<body><main>${filler}</main><script>window.porchlightSettings = { projectid: '${DEMO_PROJECT_ID}', apiUrl: '${demo.apiUrl}', departmentID: '65f0c0ffee0000000000de00' };</script>
<script async src="${demo.apiOrigin}/widget/loader.js"></script></body></html>`,
);
const pageUrl = `${demo.pagesOrigin}/e2e-generated/${pageName}`;

const PROBE = () => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
};

/** RunTask durations (ms) on the page's main thread from the request for app.js on, longest first. */
function bootTasks(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  if (process.env.BOOT_TRACE) writeFileSync(`${process.env.BOOT_TRACE}-${Date.now()}.json`, JSON.stringify(events));
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const request = events.find((e) => e.name === 'ResourceSendRequest' && /\/app\.js$/.test(e.args?.data?.url ?? ''));
  // The host page's main thread: the one that runs the loader (other renderers are Chromium's own pages).
  const runner = events.find((e) => mains.has(`${e.pid}:${e.tid}`) && /\/widget\/loader\.js$/.test(e.args?.data?.url ?? ''));
  if (!request || !runner) return null;
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === runner.pid && e.tid === runner.tid && e.ts + e.dur >= request.ts)
    .map((e) => e.dur / 1000)
    .sort((a, b) => b - a);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
async function measure(context, action) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(PROBE);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await action(page);
  await page.waitForTimeout(3000);
  const tasks = bootTasks(await browser.stopTracing());
  const longTasks = await page.evaluate(() => window.__long);
  return { page, tasks, longTasks };
}

// Only CDP input and main-world evaluation while measuring: Playwright's locators inject a script of
// their own, which at 4× is a long task that is not the widget's.
const shadowHas = (page, selector) =>
  page.waitForFunction((s) => !!document.querySelector('porchlight-widget')?.shadowRoot?.querySelector(s), selector, { timeout: 20000, polling: 100 });
async function clickLauncher(page) {
  await shadowHas(page, '[part~="launcher"]');
  await page.waitForTimeout(1000);
  const box = await page.evaluate(() => {
    const r = document.querySelector('porchlight-widget').shadowRoot.querySelector('[part~="launcher"]').getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
}
const scenarios = {
  'first visit, app at a later idle': async (context) =>
    measure(context, async (page) => {
      await page.goto(pageUrl);
      await shadowHas(page, '.launcher');
    }),
  'return visit, click on the launcher': async (context) => {
    const warm = await context.newPage();
    await warm.goto(pageUrl);
    await warm.waitForFunction(() => !!document.querySelector('porchlight-widget')?.shadowRoot?.querySelector('.launcher'), null, { timeout: 20000 });
    await warm.waitForTimeout(1000);
    await warm.close();
    return measure(context, async (page) => {
      await page.goto(pageUrl);
      await page.waitForLoadState('load');
      await clickLauncher(page);
      await shadowHas(page, '[role="dialog"]');
    });
  },
  'return visit, window open with a conversation': async (context) => {
    const warm = await context.newPage();
    await warm.goto(pageUrl);
    await clickLauncher(warm);
    const box = warm.getByRole('dialog').getByRole('textbox').first();
    await box.fill('Hello, a first message');
    await box.press('Enter');
    await warm.waitForTimeout(2500);
    await warm.close();
    return measure(context, async (page) => {
      await page.goto(pageUrl);
      await shadowHas(page, '[role="dialog"]');
    });
  },
};

const rows = [];
try {
  for (const [name, run] of Object.entries(scenarios)) {
    const longest = [];
    const overBudget = [];
    const observed = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const { tasks, longTasks } = await run(context);
      longest.push(tasks?.[0] ?? NaN);
      overBudget.push(tasks ? tasks.filter((d) => d >= 50).length : NaN);
      observed.push(longTasks.length);
      if (process.env.BOOT_VERBOSE)
        console.log(
          name,
          tasks
            ?.slice(0, 6)
            .map((d) => d.toFixed(1))
            .join(' '),
        );
      await context.close();
    }
    const sorted = [...longest].sort((a, b) => a - b);
    rows.push({
      scenario: name,
      'longest task (median)': `${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms`,
      'longest task (max)': `${sorted[sorted.length - 1].toFixed(0)} ms`,
      'tasks ≥ 50 ms': overBudget.join(' / '),
      longtask: observed.join(' / '),
    });
  }
  console.table(rows);
} finally {
  await browser.close();
  await demo.close();
  rmSync(path.join(dir, pageName), { force: true });
}
