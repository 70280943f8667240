import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NPM_ENTRIES } from '../.ci/npm-entries.mjs';
import { API_ORIGIN, API_URL, PAGES_ORIGIN, agentReply, createProject, holdRequests, input, isMessagePost, requestIdOf } from './support.ts';

/**
 * The npm package as a stranger gets it (issue 12 §4): `npm pack` (its `prepack` builds the npm
 * output and checks the API report), the tarball installed into a scratch Vite + TypeScript app
 * (e2e/package-app), type-checked against the published declarations, bundled with Vite, then
 * each entry mounted in Chromium against the demo service, sending a message.
 */

const ROOT = path.resolve('.');
const WORK = path.join(ROOT, '.tmp/package-test');
const APP = path.join(WORK, 'app');
const INSTALLED = path.join(APP, 'node_modules/porchlight');
/** Served by the demo's pages server, like every generated page (git-ignored). */
const OUT = path.join(ROOT, 'demo/pages/e2e-generated/package-app');
const APP_URL = `${PAGES_ORIGIN}/e2e-generated/package-app`;
const hasClient = existsSync(path.join(ROOT, NPM_ENTRIES.client));

/**
 * Runs a command and resolves with what it printed. Asynchronous: a worker blocked for the length of
 * an `npm pack` never saw the demo service close an idle connection, and its next call reused that
 * connection ("other side closed", seen under load).
 */
function run(command: string, args: string[], cwd = ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const options = { cwd, encoding: 'utf8' as const, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, PACKAGE_APP_OUT: OUT } };
    execFile(command, args, options, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`)) : resolve(stdout),
    );
  });
}

let packedFiles: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // `prepack` (the npm build) prints on stdout too: the report is the JSON at the end.
  const output = await run('npm', ['pack', '--json', '--pack-destination', WORK]);
  const [packed] = JSON.parse(output.slice(output.lastIndexOf('[\n  {'))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packedFiles = packed!.files.map((file) => file.path);

  // The client page's folder is left out (copied below when the package has that entry): the test
  // is on the path inside package-app, so a checkout whose own path says "client" copies it all.
  const appSource = path.join(ROOT, 'e2e/package-app');
  cpSync(appSource, APP, { recursive: true, filter: (source) => !path.relative(appSource, source).startsWith('client') });
  if (hasClient) {
    cpSync(path.join(ROOT, 'e2e/package-app/client/client.html'), path.join(APP, 'client.html'));
    cpSync(path.join(ROOT, 'e2e/package-app/client/client.ts'), path.join(APP, 'src/client.ts'));
  }
  mkdirSync(INSTALLED, { recursive: true });
  await run('tar', ['-xzf', path.join(WORK, packed!.filename), '-C', INSTALLED, '--strip-components=1']);
  // A fresh project with one default department: no department step before the composer.
  const projectid = await createProject();
  writeFileSync(
    path.join(APP, 'src/config.ts'),
    `export const settings = { projectid: ${JSON.stringify(projectid)}, apiUrl: ${JSON.stringify(API_URL)}, persistence: 'none' as const };\n`,
  );
});

test('the tarball holds the built entries, their declarations, LICENSE and README, and nothing internal', () => {
  for (const file of ['package.json', 'LICENSE', 'README.md', 'dist-npm/THIRD-PARTY-LICENSES.txt']) expect(packedFiles).toContain(file);
  // What is compiled in travels with its licence.
  const notices = readFileSync(path.join(INSTALLED, 'dist-npm/THIRD-PARTY-LICENSES.txt'), 'utf8');
  for (const name of ['preact', '@preact/signals-core', 'i18next', 'dompurify', 'idb-keyval']) expect(notices).toContain(`\n${name}@`);
  const manifest = JSON.parse(readFileSync(path.join(INSTALLED, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types: string; default: string }>;
    dependencies?: unknown;
    sideEffects: string[];
  };
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (subpath === './client' && !hasClient) continue; // checked by the client test below
    for (const file of typeof target === 'string' ? [target] : [target.types, target.default])
      expect(packedFiles, `${subpath}: ${file}`).toContain(file.replace(/^\.\//, ''));
  }
  // Compiled in: a stranger's install brings no second Preact (or anything else) along.
  expect(manifest.dependencies).toBeUndefined();
  expect(manifest.sideEffects).toEqual(['./dist-npm/element.js']);
  // The declarations are the public API rolled up per entry, not the src/ tree.
  expect(packedFiles.filter((file) => file.endsWith('.d.ts')).sort()).toEqual(
    Object.keys(NPM_ENTRIES)
      .filter((entry) => entry !== 'client' || hasClient)
      .map((entry) => `dist-npm/${entry}.d.ts`)
      .sort(),
  );
  expect(packedFiles.filter((file) => /(^|\/)src\//.test(file))).toEqual([]);
});

test('every entry imports in plain Node (server-side rendering) without throwing', async () => {
  const entries = ['porchlight', 'porchlight/element', 'porchlight/react', 'porchlight/vue', ...(hasClient ? ['porchlight/client'] : [])];
  const script = `for (const name of ${JSON.stringify(entries)}) { const m = await import(name); if (!Object.keys(m).length) throw new Error(name + ': no exports'); } console.log('ok');`;
  expect((await run(process.execPath, ['--input-type=module', '-e', script], APP)).trim()).toBe('ok');
});

test('the app type-checks against the published declarations and bundles with Vite', async () => {
  test.setTimeout(90_000);
  await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], APP);
  await run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], APP);
  for (const page of ['widget', 'element', 'react', 'vue', ...(hasClient ? ['client'] : [])]) expect(existsSync(path.join(OUT, `${page}.html`))).toBe(true);
  // The wrappers leave the frameworks to the app: one React, one Vue, the app's own.
  for (const entry of ['react', 'vue']) expect(readFileSync(path.join(INSTALLED, `dist-npm/${entry}.js`), 'utf8')).toMatch(new RegExp(`from "${entry}"`));
  // A Next.js Server Component may render the React wrapper: its file says so first (issue 23 §3).
  expect(readFileSync(path.join(INSTALLED, 'dist-npm/react.js'), 'utf8')).toMatch(/^"use client";\n/);
});

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Types into the widget's composer and waits for the service to store the message. */
async function sendThroughWidget(page: Page, text: string): Promise<void> {
  const stored = page.waitForResponse(
    (response) => isMessagePost(response.request()) && (response.request().postDataJSON() as { text?: string }).text === text,
  );
  await input(page).fill(text);
  await input(page).press('Enter');
  expect((await stored).status()).toBe(200);
  await expect(page.locator('porchlight-widget [part~="message-visitor"]').filter({ hasText: text })).toBeVisible();
}

test('mount() from "porchlight" sends a message through the demo service', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${APP_URL}/widget.html`);
  await sendThroughWidget(page, `package mount ${Date.now()}`);
  expect(errors).toEqual([]);
});

test('the <porchlight-widget> element of "porchlight/element" sends a message', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${APP_URL}/element.html`);
  await sendThroughWidget(page, `package element ${Date.now()}`);
  expect(errors).toEqual([]);
});

for (const framework of ['react', 'vue'] as const) {
  test(`<Porchlight> of "porchlight/${framework}" mounts, sends, follows its props and unmounts`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(`${APP_URL}/${framework}.html`);
    await expect(page.locator('output')).toHaveText('mounted');
    await expect(page.locator('porchlight-widget [part~="header"]')).toContainText('Help desk');
    await sendThroughWidget(page, `package ${framework} ${Date.now()}`);
    // A changed prop is applied live: the same instance, the conversation still there.
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect(page.locator('porchlight-widget [part~="header"]')).toContainText('Renamed desk');
    await expect(page.locator('porchlight-widget [part~="message-visitor"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.locator('porchlight-widget')).toHaveCount(0);
    await expect(page.locator('output')).toHaveText('none');
    expect(errors).toEqual([]);
  });
}

test('a UI of its own on "porchlight/client" sends a message, without Preact or a shadow root', async ({ page }) => {
  expect(packedFiles).toEqual(expect.arrayContaining(['dist-npm/client.js', 'dist-npm/client.d.ts']));
  expect(readFileSync(path.join(INSTALLED, 'dist-npm/client.js'), 'utf8')).not.toMatch(/from "\.\/widget-|preact\b(?!\/signals)/);
  const errors = watchErrors(page);
  await page.goto(`${APP_URL}/client.html`);
  const text = `package client ${Date.now()}`;
  const stored = page.waitForResponse(
    (response) => isMessagePost(response.request()) && (response.request().postDataJSON() as { text?: string }).text === text,
  );
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  expect((await stored).status()).toBe(200);
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(page.locator('porchlight-widget')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the demo serves the npm build at /npm/ for its page with a UI of its own', async () => {
  const response = await fetch(`${API_ORIGIN}/npm/index.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/javascript/);
});

test('the demo page with a UI of its own (demo/pages/custom-ui.html) chats through the client', async ({ page }) => {
  const errors = watchErrors(page);
  // The client comes once the question is typed. Until then Send is disabled: a submission then was
  // the browser's own, a page load that lost the question (a loaded machine's clicks came that early).
  const releaseClient = await holdRequests(page, /\/npm\/client\.js$/);
  await page.goto(`${PAGES_ORIGIN}/custom-ui.html`);
  const text = `custom ui ${Date.now()}`;
  const stored = page.waitForResponse(
    (response) => isMessagePost(response.request()) && (response.request().postDataJSON() as { text?: string }).text === text,
  );
  await page.getByLabel('Your question').fill(text);
  await page.getByLabel('Your question').press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  releaseClient();
  await page.getByRole('button', { name: 'Send' }).click();
  // The demo project asks for a department: the question waits for the choice, then goes.
  await page.getByRole('group', { name: 'Choose a department' }).getByRole('button').first().click();
  const response = await stored;
  expect(response.status()).toBe(200);
  const conversation = page.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText(text)).toBeVisible();
  await agentReply(requestIdOf(response.request()), 'Answered on a UI of its own');
  await expect(conversation.getByText('Answered on a UI of its own')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('porchlight-widget')).toHaveCount(0);
  expect(errors).toEqual([]);
});
