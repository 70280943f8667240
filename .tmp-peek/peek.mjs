import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '/work/wt/bytes/.ci/chromium.mjs';
import { startDemo, DEMO_PROJECT_ID } from '/work/wt/bytes/demo/server/index.ts';
import { writeFileSync, mkdirSync } from 'node:fs';
const demo = await startDemo({ quiet: true, botWelcome: false, distDir: process.argv[2] });
mkdirSync('/work/wt/bytes/demo/pages/e2e-generated', { recursive: true });
writeFileSync('/work/wt/bytes/demo/pages/e2e-generated/peek.html', `<!doctype html><html><head><meta charset="utf-8"></head><body><p>x</p><script>window.porchlightSettings = { projectid: '${DEMO_PROJECT_ID}', apiUrl: '${demo.apiUrl}' };</script><script async src="${demo.apiOrigin}/widget/loader.js"></script></body></html>`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.compile'] });
await page.goto(`${demo.pagesOrigin}/e2e-generated/peek.html`);
await page.waitForTimeout(500);
await page.mouse.click(390 - 50, 844 - 50);
await page.waitForTimeout(4000);
const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
writeFileSync('/tmp/bytes-tools/trace.json', JSON.stringify(events));
const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => b.dur - a.dur).slice(0, 6);
for (const t of tasks) {
  const kids = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur > 3000);
  console.log((t.dur / 1000).toFixed(1), kids.map((k) => `${k.name}(${(k.dur / 1000).toFixed(0)} ${k.args?.data?.url ?? k.args?.data?.functionName ?? k.args?.fileName ?? ''})`).join(' | ').slice(0, 600));
}
await browser.close(); await demo.close();
