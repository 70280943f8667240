import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetsResponse } from '../../src/api/wire.ts';
import { DEMO_AGENT, DEMO_AGENT_2, DEPARTMENT_IDS } from './seed.ts';
import { type Kit, PID, putDemo, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());
afterEach(() => vi.useRealTimers());

/**
 * The service's clock at noon UTC: its ranges leave out both ends, so "00:00–24:00" is closed at
 * 00:00 itself (a CI run at midnight found it).
 */
const atNoon = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 25, 12) });

/** Hours that are never open: a single range crossing midnight, every day. */
const NEVER = JSON.stringify({ ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start: '23:00', end: '01:00' }]])), tzname: 'UTC' });
const ALWAYS = JSON.stringify({ ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start: '00:00', end: '24:00' }]])), tzname: 'UTC' });

async function widgets(): Promise<WidgetsResponse & { project: Record<string, unknown> }> {
  const res = await kit.call(`/${PID}/widgets`);
  expect(res.status).toBe(200);
  return (await res.json()) as WidgetsResponse & { project: Record<string, unknown> };
}

describe('GET /:pid/widgets', () => {
  it('needs no auth and sends operatingHours as a JSON string', async () => {
    const body = await widgets();
    expect(typeof body.project.operatingHours).toBe('string');
    expect(JSON.parse(body.project.operatingHours as string)).toHaveProperty('tzname', 'Europe/Rome');
    expect(body.project).toMatchObject({ _id: PID, id: PID, name: 'Porchlight Demo', activeOperatingHours: false, status: 100, trialExpired: false });
    expect(body.project.widget).toMatchObject({ themeColor: '#2a6ac1', themeForegroundColor: '#ffffff', align: 'right', widgetTitle: 'Porchlight Demo' });
    expect(body.project.settings).toEqual({});
    expect(body.user_available).toEqual([
      { id: DEMO_AGENT.id, firstname: 'Ann' },
      { id: DEMO_AGENT_2.id, firstname: 'Bob' },
    ]);
    expect(body.departments.map((d) => d.name)).toEqual(['Default Department', 'Sales', 'Support']);
    expect(body.departments.find((d) => d.name === 'Support')).toMatchObject({ hasBot: true, routing: 'assigned', status: 1 });
    expect(body.ip).toMatch(/127\.0\.0\.1/);
    expect(body.botsRules).toEqual([]);
  });

  it('gives user_available [] when closed by operating hours, whatever the agents say', async () => {
    atNoon();
    await putDemo(kit, 'project', { activeOperatingHours: true, operatingHours: NEVER });
    expect((await widgets()).user_available).toEqual([]);
    await putDemo(kit, 'project', { operatingHours: ALWAYS });
    expect((await widgets()).user_available).toHaveLength(2);
  });

  it('gives user_available [] when no agent is available', async () => {
    await putDemo(kit, 'project', {
      agents: [
        { email: DEMO_AGENT.email, user_available: false },
        { email: DEMO_AGENT_2.email, user_available: false },
      ],
    });
    expect((await widgets()).user_available).toEqual([]);
  });

  it('lists only departments with status 1', async () => {
    await putDemo(kit, 'departments', [
      { _id: DEPARTMENT_IDS.default, name: 'Default Department', default: true },
      { _id: DEPARTMENT_IDS.sales, name: 'Sales', status: 0 },
    ]);
    expect((await widgets()).departments.map((d) => d.name)).toEqual(['Default Department']);
  });
});

describe('/projects/:pid', () => {
  it('isopen follows the operating hours', async () => {
    expect(await (await kit.call(`/projects/${PID}/isopen`)).json()).toEqual({ isopen: true });
    await putDemo(kit, 'project', { activeOperatingHours: true, operatingHours: NEVER });
    expect(await (await kit.call(`/projects/${PID}/isopen`)).json()).toEqual({ isopen: false });
  });

  it('isopen reports errors as {errorCode, msg} objects', async () => {
    const invalid = await kit.call('/projects/nope/isopen');
    expect(invalid.status).toBe(500);
    expect(await invalid.json()).toEqual({ success: false, msg: { errorCode: 1000, msg: 'Error getting object.' } });
    const unknown = await kit.call('/projects/65f0c0ffee0000000000ffff/isopen');
    expect(await unknown.json()).toEqual({ success: false, msg: { errorCode: 1010, msg: 'project not found for id', projectId: '65f0c0ffee0000000000ffff' } });
    await putDemo(kit, 'project', { activeOperatingHours: true, operatingHours: '{"1":[]}' });
    expect(await (await kit.call(`/projects/${PID}/isopen`)).json()).toEqual({ success: false, msg: { errorCode: 2000, msg: 'Timezone undefined.' } });
  });

  it('users/availables lists agents, [] when closed unless raw', async () => {
    const list = (await (await kit.call(`/projects/${PID}/users/availables`)).json()) as Array<Record<string, unknown>>;
    expect(list[0]).toEqual({ id: DEMO_AGENT.id, pu_id: expect.any(String), fullname: 'Ann Agent', email: DEMO_AGENT.email, assigned_request: 0 });
    await putDemo(kit, 'project', { activeOperatingHours: true, operatingHours: NEVER });
    expect(await (await kit.call(`/projects/${PID}/users/availables`)).json()).toEqual([]);
    expect(await (await kit.call(`/projects/${PID}/users/availables?raw=false`)).json()).toHaveLength(2);
  });

  it('GET /projects/:pid needs an agent', async () => {
    expect((await kit.call(`/projects/${PID}`)).status).toBe(401);
    const agent = await kit.agent();
    const res = await kit.call(`/projects/${PID}`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: PID, name: 'Porchlight Demo' });
  });
});

describe('departments', () => {
  it('lists, reads by id and by "default"', async () => {
    expect(((await (await kit.call(`/${PID}/departments`)).json()) as unknown[]).length).toBe(3);
    expect(await (await kit.call(`/${PID}/departments/${DEPARTMENT_IDS.sales}`)).json()).toMatchObject({ name: 'Sales', id: DEPARTMENT_IDS.sales });
    expect(await (await kit.call(`/${PID}/departments/default`)).json()).toMatchObject({ default: true });
    const missing = await kit.call(`/${PID}/departments/65f0c0ffee0000000000dead`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, msg: 'Object not found.' });
    expect((await kit.call(`/${PID}/departments/xyz`)).status).toBe(500);
  });
});

describe('error shapes (docs/service.md §11)', () => {
  it('projectSetter: 400 for an invalid or unknown project id', async () => {
    const invalid = await kit.call('/not-a-project/widgets');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: 'Invalid project id: not-a-project' });
    const unknown = await kit.call('/65f0c0ffee0000000000ffff/widgets');
    expect(await unknown.json()).toEqual({ error: 'Project not found with id: 65f0c0ffee0000000000ffff' });
  });

  it('the removed legacy uploads fall into the catch-all', async () => {
    for (const path of ['/files/users', '/images/users']) {
      const res = await kit.call(path, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: `Invalid project id: ${path.split('/')[1]}` });
    }
  });

  it('an unknown sub-path of a valid project gets the Express HTML 404', async () => {
    const res = await kit.call(`/${PID}/nothing/here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(`<pre>Cannot GET /v3/${PID}/nothing/here</pre>`);
  });

  it('malformed JSON → 500 {"err":"error"}; an oversized body → 413', async () => {
    const malformed = await fetch(`${kit.demo.apiUrl}/auth/signinAnonymously`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id_project":',
    });
    expect(malformed.status).toBe(500);
    expect(await malformed.json()).toEqual({ err: 'error' });
    const huge = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: PID, attributes: { blob: 'x'.repeat(520_000) } } });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ err: 'Request entity too large', limit: 512000 });
  });

  it('answers at the root as well as under /v3', async () => {
    const root = await fetch(`${kit.demo.apiOrigin}/${PID}/widgets`);
    expect(root.status).toBe(200);
    const hello = await fetch(`${kit.demo.apiOrigin}/`);
    expect(await hello.text()).toMatch(/It's UP/);
  });
});

describe('CORS like cors()', () => {
  it('allows any origin and reflects preflight headers', async () => {
    const simple = await kit.call(`/${PID}/widgets`, { headers: { origin: 'http://elsewhere.test' } });
    expect(simple.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await kit.call(`/${PID}/requests/x/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });

  it('keeps CORS headers on auth failures', async () => {
    const res = await kit.call(`/${PID}/requests`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
