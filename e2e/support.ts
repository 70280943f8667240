import { expect, test, type ConsoleMessage, type Page, type Request } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { API_PORT, PAGES_PORT } from '../playwright.config.ts';

export const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;
export const PAGES_ORIGIN = `http://127.0.0.1:${PAGES_PORT}`;
export const API_URL = `${API_ORIGIN}/v3`;
export const PROJECT_ID = '65f0c0ffee0000000000d3e0';
export const AGENT = { email: 'agent@demo.test', password: 'demo' };
/** The seed project's default department: naming it skips the seed's department step (Sales/Support). */
export const DEFAULT_DEPARTMENT = '65f0c0ffee0000000000de00';

/**
 * A plain host page with only the snippet of docs/public-api.md §1, served on the pages origin.
 * `realtime: true`: the demo takes visitors on its socket, so live delivery stays tested
 * (`realtime: undefined` leaves the setting out, as a site owner who never heard of it would).
 * The inline icon keeps the browser from asking for /favicon.ico (a 404 in the console).
 */
export function snippetPage(options: { settings?: Record<string, unknown>; before?: string; body?: string } = {}): string {
  const settings = { projectid: PROJECT_ID, apiUrl: API_URL, departmentID: DEFAULT_DEPARTMENT, realtime: true, ...options.settings };
  // The loader comes from the service the page talks to (a demo of a test's own, too), as a site's does.
  const loaderOrigin = new URL(String(settings.apiUrl)).origin;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"></head>
<body><main><h1>A host page</h1><p>Only the snippet below.</p>${options.body ?? ''}</main>
<script>${options.before ?? ''}
window.porchlightSettings = ${JSON.stringify(settings)};</script>
<script async src="${loaderOrigin}/widget/loader.js"></script></body></html>`;
}

/** Generated host pages go here; the demo's pages server serves `demo/pages/` (git-ignored folder). */
const GENERATED = path.resolve('demo/pages/e2e-generated');

/**
 * Holds the files `url` matches until the returned function is called (then they load as usual):
 * what the test needs to happen before them happens, however slow the machine.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Serves `html` from the demo's pages server (another origin than the API, like a real site) and
 * opens it. A real server, not `page.route`: Chromium refuses loopback requests from a page that
 * has no address of its own (Local Network Access).
 */
export async function openHostPage(page: Page, html: string, origin = PAGES_ORIGIN): Promise<string> {
  mkdirSync(GENERATED, { recursive: true });
  const name = createHash('sha1')
    .update(`${test.info().titlePath.join('/')}:${html}`)
    .digest('hex')
    .slice(0, 16);
  writeFileSync(path.join(GENERATED, `${name}.html`), html);
  const url = `${origin}/e2e-generated/${name}.html`;
  await page.goto(url);
  return url;
}

/**
 * The built file (`dist/`) that holds a source, by the build's manifest: chunks on demand are named
 * by their hash alone, so a test that watches one being fetched asks for it by its source.
 */
export function builtFileOf(source: string): string {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build's manifest (npm run build first)`);
  return entry.file;
}

export const widget = (page: Page) => page.locator('porchlight-widget');
export const launcher = (page: Page) => page.locator('porchlight-widget [part~="launcher"]');
export const chatWindow = (page: Page) => page.getByRole('dialog');
export const input = (page: Page) => page.locator('porchlight-widget [part~="input"]');

/** Picks one of the header's options ("…" menu: "End conversation", "Save the conversation"). */
export async function headerOption(page: Page, name: RegExp): Promise<void> {
  await page.locator('porchlight-widget [part~="options-button"]').click();
  await page.getByRole('menuitem', { name }).click();
}

/** The demo agent's token (`apiUrl`: another demo instance, as the fault matrix runs its own). */
export async function agentToken(apiUrl = API_URL): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(AGENT) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export async function agentReply(requestId: string, text: string, extra: Record<string, unknown> = {}, apiUrl = API_URL): Promise<void> {
  const token = await agentToken(apiUrl);
  const res = await fetch(`${apiUrl}/${PROJECT_ID}/requests/${encodeURIComponent(requestId)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ text, ...extra }),
  });
  expect(res.status).toBe(200);
}

export async function history(requestId: string): Promise<Array<{ text: string; sender: string; attributes?: Record<string, unknown> }>> {
  const res = await fetch(`${API_URL}/${PROJECT_ID}/requests/${encodeURIComponent(requestId)}/messages`, { headers: { Authorization: await agentToken() } });
  return (await res.json()) as Array<{ text: string; sender: string }>;
}

/** The conversation id, read off the widget's first POST of a message. */
export function requestIdOf(request: Request): string {
  const m = /\/requests\/([^/]+)\/messages$/.exec(new URL(request.url()).pathname);
  if (!m) throw new Error(`not a message post: ${request.url()}`);
  return decodeURIComponent(m[1]!);
}

export const isMessagePost = (request: Request) => request.method() === 'POST' && /\/requests\/[^/]+\/messages$/.test(request.url());

export async function sendFromWidget(page: Page, text: string): Promise<string> {
  // Wait for the service's answer, not just the request: callers act on the stored conversation.
  const stored = page.waitForResponse(
    (response) => isMessagePost(response.request()) && (response.request().postDataJSON() as { text?: string })?.text === text,
  );
  await input(page).fill(text);
  await input(page).press('Enter');
  const response = await stored;
  expect(response.status()).toBe(200);
  return requestIdOf(response.request());
}

/** A fresh demo project for one test (`POST /__demo/projects`), so settings never leak between tests. */
export async function createProject(body: Record<string, unknown> = {}): Promise<string> {
  // Only a default department unless the test asks for more: no department step in the way.
  const payload = { departments: [{ name: 'Default Department', default: true, routing: 'assigned' }], ...body };
  const res = await fetch(`${API_ORIGIN}/__demo/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { projectId: string }).projectId;
}

/** A snippet page for another project than the seed (no department preset). */
export function projectPage(projectId: string, settings: Record<string, unknown> = {}, extra: { before?: string; body?: string } = {}): string {
  return snippetPage({ settings: { projectid: projectId, departmentID: '', ...settings }, ...extra });
}

/** Everything the browser reports about the page: console lines, uncaught errors, failed requests, sockets. */
export function watchBrowser(p: Page) {
  const seen = {
    console: [] as ConsoleMessage[],
    pageErrors: [] as string[],
    failed: [] as string[],
    /** requests cut off by a reload we asked for: not a failure of the widget */
    abortedByReload: [] as string[],
    sockets: [] as string[],
    tokens: new Set<string>(),
    reloading: false,
  };
  p.on('console', (message) => seen.console.push(message));
  p.on('pageerror', (error) => seen.pageErrors.push(String(error)));
  p.on('websocket', (socket) => seen.sockets.push(socket.url()));
  p.on('requestfailed', (request) => {
    const line = `${request.method()} ${request.url()}: ${request.failure()?.errorText}`;
    if (seen.reloading && request.failure()?.errorText === 'net::ERR_ABORTED') seen.abortedByReload.push(line);
    else seen.failed.push(line);
  });
  p.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (authorization) seen.tokens.add(authorization.replace(/^JWT\s+/i, ''));
  });
  return {
    seen,
    async reload() {
      seen.reloading = true;
      await p.reload();
      seen.reloading = false;
    },
    /** Console lines of type error or warning, with where they came from. */
    problems: () => seen.console.filter((m) => m.type() === 'error' || m.type() === 'warning').map((m) => `${m.type()}: ${m.text()} (${m.location().url})`),
    /** Any console line (of any type) that carries a token the widget used. */
    leaks: () =>
      seen.console
        .filter((m) => [...seen.tokens].some((token) => m.text().includes(token) || m.text().includes(encodeURIComponent(token))))
        .map((m) => m.text()),
  };
}

/** axe-core over the widget only (or one of its parts, `within`: a selector in its shadow root), in whatever state the page is in. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8') });
  }
  return page.evaluate(async (within) => {
    // Colours are checked as they end up: a view still fading in (the callout's 0.2 s rise) has
    // text at part opacity, which axe reads as too little contrast. Endless ones (typing dots) are left.
    const running = (document.querySelector('porchlight-widget')?.shadowRoot?.getAnimations() ?? []).filter(
      (a) => a.effect?.getComputedTiming().iterations !== Infinity,
    );
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }
    ).axe;
    const result = await axe.run(
      { include: [within ? { fromShadowDom: ['porchlight-widget', within] } : ['porchlight-widget']] },
      { resultTypes: ['violations'] },
    );
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, within);
}
