// `npm run bench`: what the widget costs a host page, measured in Debian's Chromium (a benchmark,
// not a test: run it on a quiet machine; `npm run build` first). Medians of RUNS page loads:
// - launcher: ms from navigation start until our launcher is painted;
// - long tasks: main-thread tasks over 50 ms during the first seconds, and the blocking time they
//   add (the part over 50 ms) compared with the same page without the snippet;
// - script time: Chromium's ScriptDuration for the page, with and without the snippet;
// - open: ms from a click on the launcher to the chat window, before and after the app is loaded.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const API_PORT = 4340;
const PAGES_PORT = 4341;
const API = `http://127.0.0.1:${API_PORT}`;
const PAGES = `http://127.0.0.1:${PAGES_PORT}`;
const BUDGET = { launcherMs: 1500, addedBlockingMs: 50, coldOpenMs: 1500, warmOpenMs: 300 };
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const dir = path.resolve('demo/pages/e2e-generated');
mkdirSync(dir, { recursive: true });
const filler = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} of an ordinary product page, with some text to lay out.</p>`).join('');
const snippet = `<script>window.porchlightSettings = { projectid: '65f0c0ffee0000000000d3e0', apiUrl: '${API}/v3', departmentID: '65f0c0ffee0000000000de00' };</script>
<script async src="${API}/widget/loader.js"></script>`;
const observer = `<script>window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: true });</script>`;
writeFileSync(path.join(dir, 'bench-bare.html'), `<!doctype html><html><head>${observer}</head><body><main>${filler}</main></body></html>`);
writeFileSync(path.join(dir, 'bench-widget.html'), `<!doctype html><html><head>${observer}</head><body><main>${filler}</main>${snippet}</body></html>`);

const demo = spawn('npx', ['tsx', 'demo/server/main.ts'], {
  env: { ...process.env, PORCHLIGHT_API_PORT: String(API_PORT), PORCHLIGHT_PAGES_PORT: String(PAGES_PORT), PORCHLIGHT_DEMO_QUIET: '1' },
  stdio: 'ignore',
});
const stopDemo = () => demo.kill('SIGTERM');
process.on('exit', stopDemo);

async function waitForDemo() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${PAGES}/`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the demo service did not start');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const blocking = (durations) => durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0);

async function measure(browser, file, withWidget) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const result = {};
  await page.goto(`${PAGES}/e2e-generated/${file}`);
  if (withWidget) {
    await page.locator('porchlight-widget [part~="launcher"]').waitFor();
    result.launcherMs = await page.evaluate(() => performance.now());
  }
  // Let the idle-time load of the app happen, as on a real visit.
  await page.waitForTimeout(2500);
  result.longTasks = await page.evaluate(() => window.__long.length);
  result.blockingMs = blocking(await page.evaluate(() => window.__long));
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  result.scriptMs = metrics.ScriptDuration * 1000;
  result.heapMb = metrics.JSHeapUsedSize / 1e6;
  if (withWidget) {
    const start = Date.now();
    await page.locator('porchlight-widget [part~="launcher"]').click();
    await page.getByRole('dialog').first().waitFor();
    result.warmOpenMs = Date.now() - start;
    // Cold: a fresh page, clicked before the app is in.
    const cold = await context.newPage();
    await cold.goto(`${PAGES}/e2e-generated/${file}?cold`);
    await cold.evaluate(() => indexedDB.deleteDatabase('porchlight'));
    await cold.locator('porchlight-widget [part~="launcher"]').waitFor();
    const t0 = Date.now();
    await cold.locator('porchlight-widget [part~="launcher"]').click();
    await cold.getByRole('dialog').first().waitFor();
    result.coldOpenMs = Date.now() - t0;
  }
  await context.close();
  return result;
}

try {
  await waitForDemo();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const bare = [];
  const widget = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await measure(browser, 'bench-bare.html', false));
    widget.push(await measure(browser, 'bench-widget.html', true));
  }
  await browser.close();
  const pick = (runs, key) => median(runs.map((r) => r[key]));
  const figures = {
    launcherMs: pick(widget, 'launcherMs'),
    longTasksBare: pick(bare, 'longTasks'),
    longTasksWidget: pick(widget, 'longTasks'),
    addedBlockingMs: Math.max(0, pick(widget, 'blockingMs') - pick(bare, 'blockingMs')),
    scriptMsBare: pick(bare, 'scriptMs'),
    scriptMsWidget: pick(widget, 'scriptMs'),
    heapMbBare: pick(bare, 'heapMb'),
    heapMbWidget: pick(widget, 'heapMb'),
    warmOpenMs: pick(widget, 'warmOpenMs'),
    coldOpenMs: pick(widget, 'coldOpenMs'),
  };
  console.log(`Porchlight bench: medians of ${RUNS} runs (Chromium, 1280×800)`);
  for (const [key, value] of Object.entries(figures))
    console.log(`  ${key.padEnd(18)} ${value.toFixed(1)}${key in BUDGET ? `   (budget ${BUDGET[key]})` : ''}`);
  const over = Object.entries(BUDGET).filter(([key, limit]) => figures[key] > limit);
  for (const [key, limit] of over) console.error(`bench: ${key} ${figures[key].toFixed(1)} is over its budget of ${limit}`);
  process.exitCode = over.length ? 1 : 0;
} finally {
  stopDemo();
  rmSync(path.join(dir, 'bench-bare.html'), { force: true });
  rmSync(path.join(dir, 'bench-widget.html'), { force: true });
}
