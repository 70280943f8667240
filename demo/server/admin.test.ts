import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/api/wire.ts';
import { DEPARTMENT_IDS, DEMO_PROJECT_ID } from './seed.ts';
import { PRICE_LIST } from './demoFiles.ts';
import { type Kit, newRequestId, PID, putDemo, send, startKit } from './testkit.ts';
import { startDemo } from './index.ts';

let kit: Kit;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'porchlight-dist-'));
  writeFileSync(path.join(distDir, 'loader.js'), 'window.__loaded = true;');
  mkdirSync(path.join(distDir, 'chunks'));
  writeFileSync(path.join(distDir, 'chunks', 'app.js'), 'export {};');
  kit = await startKit({ distDir });
});
afterAll(async () => {
  await kit.demo.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('/__demo project and departments', () => {
  it('GET /__demo describes the demo', async () => {
    const info = (await (await fetch(`${kit.demo.apiOrigin}/__demo`)).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ projectId: DEMO_PROJECT_ID, apiUrl: kit.demo.apiUrl, pagesOrigin: kit.demo.pagesOrigin });
  });

  it('edits widget settings (merge, null deletes) and operating hours (string or object)', async () => {
    const res = await putDemo(kit, 'project', {
      widget: { themeColor: '#000000', align: null },
      operatingHours: { 1: [{ start: '09:00', end: '17:00' }], tzname: 'UTC' },
    });
    expect(res.status).toBe(200);
    const view = (await res.json()) as { project: { widget: Record<string, unknown>; operatingHours: string } };
    expect(view.project.widget.themeColor).toBe('#000000');
    expect(view.project.widget).not.toHaveProperty('align');
    expect(typeof view.project.operatingHours).toBe('string');
    const widgets = (await (await kit.call(`/${PID}/widgets`)).json()) as { project: { widget: Record<string, unknown> } };
    expect(widgets.project.widget.themeColor).toBe('#000000');
    expect((await putDemo(kit, 'project', { operatingHours: 'nope' })).status).toBe(400);
    expect((await putDemo(kit, 'project', { activeOperatingHours: 'yes' })).status).toBe(400);
    await kit.reset();
  });

  it('replaces the departments, requiring exactly one default', async () => {
    expect((await putDemo(kit, 'departments', [{ name: 'Only' }])).status).toBe(400);
    const res = await putDemo(kit, 'departments', [
      { _id: DEPARTMENT_IDS.default, name: 'Front desk', default: true, routing: 'pooled' },
      { name: 'Billing', description: 'Invoices' },
    ]);
    const departments = (await res.json()) as Array<Record<string, unknown>>;
    expect(departments.map((d) => d.name)).toEqual(['Front desk', 'Billing']);
    expect(departments[0]).toMatchObject({ _id: DEPARTMENT_IDS.default, routing: 'pooled', default: true });
    await kit.reset();
  });

  it('reset restores the seed and forgets conversations', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'soon gone' });
    await kit.reset();
    expect(kit.demo.store.data.requests).toEqual([]);
    expect(kit.demo.store.project(PID)?.widget.themeColor).toBe('#2a6ac1');
  });
});

describe('static pages', () => {
  it('serves the built widget with no-cache and JS content types', async () => {
    const loader = await fetch(`${kit.demo.apiOrigin}/widget/loader.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(loader.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${kit.demo.apiOrigin}/widget/chunks/app.js`)).status).toBe(200);
    // An encoded slash survives URL normalisation: it must still not leave dist/.
    expect((await fetch(`${kit.demo.apiOrigin}/widget/..%2f..%2fpackage.json`)).status).toBe(404);
  });

  it('serves the console with the project id filled in', async () => {
    const html = await (await fetch(`${kit.demo.apiOrigin}/console/`)).text();
    expect(html).toContain(`content="${DEMO_PROJECT_ID}"`);
    for (const id of ['email', 'password', 'signin', 'reply', 'send', 'close-conversation']) expect(html).toContain(`id="${id}"`);
    expect((await fetch(`${kit.demo.apiOrigin}/console/console.js`)).headers.get('content-type')).toMatch(/javascript/);
    const redirect = await fetch(`${kit.demo.apiOrigin}/console`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
  });

  it('serves the host page on the second origin with only the embed snippet', async () => {
    const html = await (await fetch(`${kit.demo.pagesOrigin}/`)).text();
    expect(html).toContain(
      // The README's snippet as it is (hostPage.test.ts): push by Chat21, no realtime, nothing the snippet does not set.
      `window.porchlightSettings = { projectid: "${DEMO_PROJECT_ID}", apiUrl: "${kit.demo.apiOrigin}/v3", mqttEndpoint: "/mqws/ws" };`,
    );
    expect(html).toContain(`<script async src="${kit.demo.apiOrigin}/widget/loader.js"></script>`);
    expect(html).not.toContain('{{');
  });

  it('fills the placeholders of any page dropped into demo/pages', async () => {
    const file = path.resolve(import.meta.dirname, '..', 'pages', `tmp-${process.pid}.html`);
    writeFileSync(file, '<p>{{API_ORIGIN}} {{PROJECT_ID}} {{UNKNOWN}}</p>');
    try {
      const html = await (await fetch(`${kit.demo.pagesOrigin}/${path.basename(file)}`)).text();
      expect(html).toBe(`<p>${kit.demo.apiOrigin} ${DEMO_PROJECT_ID} {{UNKNOWN}}</p>`);
    } finally {
      rmSync(file);
    }
  });
});

describe('persistence', () => {
  it('keeps conversations and visitors across a restart with a data file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'porchlight-data-'));
    const dataFile = path.join(dir, 'store.json');
    try {
      const first = await startDemo({ quiet: true, dataFile });
      const signin = await fetch(`${first.apiUrl}/auth/signinAnonymously`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id_project: PID }),
      });
      const { token } = (await signin.json()) as { token: string };
      const rid = newRequestId();
      await fetch(`${first.apiUrl}/${PID}/requests/${rid}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ text: 'remember me' }),
      });
      await first.close();
      const second = await startDemo({ quiet: true, dataFile });
      const res = await fetch(`${second.apiUrl}/${PID}/requests/${rid}/messages`, { headers: { authorization: token } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as WireMessage[]).filter((m) => m.sender !== 'system').map((m) => m.text)).toEqual(['remember me']);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the seeded price list back into a data file written without it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'porchlight-data-'));
    const dataFile = path.join(dir, 'store.json');
    try {
      const first = await startDemo({ quiet: true, dataFile });
      await first.close();
      const data = JSON.parse(readFileSync(dataFile, 'utf8')) as { files: Array<{ filename?: string }> };
      expect(data.files.map((f) => f.filename)).toContain(PRICE_LIST.path);
      writeFileSync(dataFile, JSON.stringify({ ...data, files: [] }));
      const second = await startDemo({ quiet: true, dataFile });
      const res = await fetch(`${second.apiUrl}/files?path=${encodeURIComponent(PRICE_LIST.path)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
