import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chatWindow, openHostPage, snippetPage } from './support.ts';

/**
 * The widget's files on a host of their own (a CDN), another origin than the page: README "Serving
 * it". `loader.js` is a classic script, which any host can serve; `app.js` and its chunks are modules,
 * which the browser fetches in CORS mode: without `Access-Control-Allow-Origin` it refuses them.
 */
const DIST = path.resolve('dist');

/** `dist/` as a plain static host would serve it, with or without the CORS header. */
async function staticHost(cors: boolean): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const name = path.posix.normalize(new URL(req.url ?? '/', 'http://host').pathname);
    const file = path.join(DIST, name);
    if (!file.startsWith(DIST + path.sep)) return void res.writeHead(404).end();
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}) });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The snippet, its loader from `origin`; `Porchlight('open')` queued, so the app is fetched at once. */
function pageLoadingFrom(origin: string): string {
  const before = `window.reported = [];
window.addEventListener('porchlight:error', (e) => window.reported.push(e.detail));
window.Porchlight = window.Porchlight || function () { (Porchlight.q = Porchlight.q || []).push(arguments) };
Porchlight('open');`;
  return snippetPage({ before }).replace(/src="[^"]*\/widget\/loader\.js"/, `src="${origin}/loader.js"`);
}

test('widget files on another origin without Access-Control-Allow-Origin: one load error that names app.js and the missing CORS header', async ({ page }) => {
  const { origin, server } = await staticHost(false);
  try {
    await openHostPage(page, pageLoadingFrom(origin));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { reported: unknown[] }).reported))
      .toEqual([{ type: 'load', message: expect.stringMatching(new RegExp(`^could not import ${origin}/app\\.js \\(CORS header missing\\?\\): TypeError`)) }]);
    await expect(chatWindow(page)).toHaveCount(0);
  } finally {
    server.close();
  }
});

test('the same files served with Access-Control-Allow-Origin: the widget works', async ({ page }) => {
  const { origin, server } = await staticHost(true);
  try {
    await openHostPage(page, pageLoadingFrom(origin));
    await expect(chatWindow(page)).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { reported: unknown[] }).reported)).toEqual([]);
  } finally {
    server.close();
  }
});
