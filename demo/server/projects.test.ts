import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestListResponse, WireMessage, WireRequest } from '../../src/api/wire.ts';
import { DEMO_AGENT, DEMO_AGENT_2, DEMO_BOT_ID, DEMO_PROJECT_ID, DEPARTMENT_IDS } from './seed.ts';
import { eventually, type Kit, newRequestId, PID, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const admin = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${kit.demo.apiOrigin}/__demo/${path}`, {
    method: init.method ?? 'GET',
    headers: init.json === undefined ? {} : { 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

async function createProject(body?: unknown): Promise<string> {
  const res = await admin('projects', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  const answer = (await res.json()) as { projectId: string };
  expect(Object.keys(answer)).toEqual(['projectId']);
  expect(answer.projectId).toMatch(/^[0-9a-f]{24}$/);
  return answer.projectId;
}

interface View {
  project: {
    _id: string;
    name: string;
    widget: Record<string, unknown>;
    settings: Record<string, unknown>;
    activeOperatingHours: boolean;
    operatingHours: string;
  };
  agents: Array<{ _id: string; email: string; role: string; user_available: boolean; pu_id: string }>;
  bot: { _id: string; name: string } | null;
}

const view = async (pid: string) => (await (await admin(`project?project=${pid}`)).json()) as View;
const departments = async (pid: string) =>
  (await (await admin(`departments?project=${pid}`)).json()) as Array<{ _id: string; name: string; default: boolean; id_bot?: string; id_project: string }>;

async function guestOf(pid: string): Promise<{ token: string; user: { _id: string } }> {
  const res = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: pid } });
  return (await res.json()) as { token: string; user: { _id: string } };
}

async function post(pid: string, token: string, rid: string, body: Record<string, unknown>): Promise<WireMessage & { request: WireRequest }> {
  const res = await kit.call(`/${pid}/requests/${rid}/messages`, { method: 'POST', token, json: body });
  expect(res.status).toBe(200);
  return (await res.json()) as WireMessage & { request: WireRequest };
}

const messagesOf = async (pid: string, token: string, rid: string) =>
  (await (await kit.call(`/${pid}/requests/${rid}/messages`, { token })).json()) as WireMessage[];

describe('POST /__demo/projects', () => {
  it('clones the seed project under fresh ids: settings, departments, bot, agents, labels', async () => {
    const pid = await createProject();
    expect(pid).not.toBe(DEMO_PROJECT_ID);
    const seed = await view(DEMO_PROJECT_ID);
    const created = await view(pid);
    expect(created.project).toMatchObject({
      _id: pid,
      name: seed.project.name,
      widget: seed.project.widget,
      settings: seed.project.settings,
      activeOperatingHours: false,
      operatingHours: seed.project.operatingHours,
    });
    expect(created.agents.map((a) => [a.email, a.role, a.user_available])).toEqual([
      [DEMO_AGENT.email, 'owner', true],
      [DEMO_AGENT_2.email, 'agent', true],
    ]);
    expect(created.agents.map((a) => a.pu_id)).not.toEqual(seed.agents.map((a) => a.pu_id));
    expect(created.bot).toMatchObject({ name: 'Porch Bot' });
    expect(created.bot?._id).not.toBe(DEMO_BOT_ID);

    const list = await departments(pid);
    expect(list.map((d) => d.name)).toEqual(['Default Department', 'Sales', 'Support']);
    for (const d of list) {
      expect(d.id_project).toBe(pid);
      expect(Object.values(DEPARTMENT_IDS)).not.toContain(d._id);
    }
    expect(list.find((d) => d.name === 'Support')?.id_bot).toBe(created.bot?._id);

    const labels = (await (await admin(`labels?project=${pid}`)).json()) as { id_project: string; data: Array<{ lang: string; default: boolean }> };
    expect(labels.id_project).toBe(pid);
    expect(labels.data.map((l) => [l.lang, l.default])).toEqual([['EN', true]]);

    expect(await (await admin('projects')).json()).toEqual([
      { projectId: DEMO_PROJECT_ID, name: 'Porchlight Demo', seed: true },
      { projectId: pid, name: 'Porchlight Demo', seed: false },
    ]);
  });

  it('applies the overrides, visible through the widget-facing API', async () => {
    const pid = await createProject({
      name: 'Isolated shop',
      widget: { themeColor: '#aa0000', align: null },
      activeOperatingHours: true,
      operatingHours: { 1: [{ start: '09:00', end: '18:00' }], tzname: 'UTC' },
      departments: [
        { name: 'Front desk', default: true, routing: 'pooled' },
        { name: 'Robots', bot: true },
      ],
      labels: [{ lang: 'IT', data: { LABEL_PLACEHOLDER: 'Scrivi…' } }],
      agentsAvailable: false,
    });
    const widgets = (await (await kit.call(`/${pid}/widgets`)).json()) as {
      project: { name: string; widget: Record<string, unknown>; activeOperatingHours: boolean; operatingHours: string };
      user_available: unknown[];
      departments: Array<{ name: string; hasBot: boolean }>;
    };
    expect(widgets.project.name).toBe('Isolated shop');
    expect(widgets.project.widget.themeColor).toBe('#aa0000');
    expect(widgets.project.widget).not.toHaveProperty('align');
    expect(widgets.project.widget.widgetTitle).toBe('Porchlight Demo');
    expect(widgets.project.activeOperatingHours).toBe(true);
    expect(JSON.parse(widgets.project.operatingHours)).toEqual({ 1: [{ start: '09:00', end: '18:00' }], tzname: 'UTC' });
    expect(widgets.user_available).toEqual([]);
    expect(widgets.departments.map((d) => [d.name, d.hasBot])).toEqual([
      ['Front desk', false],
      ['Robots', true],
    ]);
    // The labels replace the cloned set: IT only, and so the fallback for any language.
    expect(await (await kit.call(`/${pid}/labels/IT`)).json()).toMatchObject({ lang: 'IT', data: { LABEL_PLACEHOLDER: 'Scrivi…' } });
    expect(await (await kit.call(`/${pid}/labels/EN`)).json()).toMatchObject({ lang: 'IT' });
    // The seed project is untouched.
    const seed = (await (await kit.call(`/${PID}/widgets`)).json()) as { project: { name: string; widget: Record<string, unknown> } };
    expect(seed.project).toMatchObject({ name: 'Porchlight Demo', widget: { themeColor: '#2a6ac1', align: 'right' } });
  });

  it('agentsAvailable also takes a per-agent list; labels: [] leaves the project on the default labels', async () => {
    const pid = await createProject({ agentsAvailable: [{ email: DEMO_AGENT_2.email, user_available: false }], labels: [] });
    expect((await view(pid)).agents.map((a) => a.user_available)).toEqual([true, false]);
    expect(await (await admin(`labels?project=${pid}`)).json()).toEqual({});
    expect(await (await kit.call(`/${pid}/labels`)).json()).toEqual({});
    expect(await (await kit.call(`/${pid}/labels/IT`)).json()).toMatchObject({ lang: 'EN' });
  });

  it('refuses invalid overrides with 400 {error} and keeps nothing', async () => {
    for (const body of [
      { departments: [{ name: 'No default' }] },
      { operatingHours: 'not json' },
      { activeOperatingHours: 'yes' },
      { labels: [{ lang: 'EN' }] },
      { agentsAvailable: [{ email: 'nobody@demo.test', user_available: true }] },
      { departments: [{ name: 'Main', default: true, id_bot: DEMO_BOT_ID }] }, // the seed's bot, not this project's
      [1, 2],
    ]) {
      const res = await admin('projects', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect(kit.demo.store.data.projects).toHaveLength(1);
    expect(kit.demo.store.data.departments.every((d) => d.id_project === PID)).toBe(true);
    expect(kit.demo.store.data.bots).toHaveLength(1);
  });

  it('accepts an empty body and a body without content type', async () => {
    const res = await fetch(`${kit.demo.apiOrigin}/__demo/projects`, { method: 'POST' });
    expect(res.status).toBe(201);
  });
});

describe('/__demo routes with ?project=', () => {
  it('edit one project only; an unknown project answers 404 {error}', async () => {
    const pid = await createProject();
    const put = await admin(`project?project=${pid}`, {
      method: 'PUT',
      json: { name: 'Renamed', widget: { themeColor: '#000000' }, agents: [{ email: DEMO_AGENT.email, user_available: false }] },
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as View).project.name).toBe('Renamed');
    expect((await view(pid)).agents.find((a) => a.email === DEMO_AGENT.email)?.user_available).toBe(false);
    const seed = await view(DEMO_PROJECT_ID);
    expect(seed.project.name).toBe('Porchlight Demo');
    expect(seed.agents.every((a) => a.user_available)).toBe(true);

    const replaced = await admin(`departments?project=${pid}`, { method: 'PUT', json: [{ name: 'Only', default: true }] });
    expect(replaced.status).toBe(200);
    expect((await departments(pid)).map((d) => d.name)).toEqual(['Only']);
    expect((await departments(DEMO_PROJECT_ID)).map((d) => d.name)).toEqual(['Default Department', 'Sales', 'Support']);
    // A department of another project is not "known" here: it is created anew, the seed's stays.
    await admin(`departments?project=${pid}`, { method: 'PUT', json: [{ _id: DEPARTMENT_IDS.sales, name: 'Stolen', default: true }] });
    expect((await departments(pid))[0]?._id).not.toBe(DEPARTMENT_IDS.sales);
    expect((await departments(DEMO_PROJECT_ID)).find((d) => d._id === DEPARTMENT_IDS.sales)?.name).toBe('Sales');

    const labels = await admin(`labels?project=${pid}`, { method: 'PUT', json: { lang: 'FR', data: { LABEL_PLACEHOLDER: 'Écrivez…' } } });
    expect(await labels.json()).toMatchObject({ lang: 'FR' });
    expect(await (await kit.call(`/${pid}/labels/FR`)).json()).toMatchObject({ lang: 'FR' });
    expect(await (await kit.call(`/${PID}/labels/FR`)).json()).toMatchObject({ lang: 'EN' });

    for (const path of ['project', 'departments', 'labels']) {
      const res = await admin(`${path}?project=65f0c0ffee0000000000dead`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'unknown project 65f0c0ffee0000000000dead' });
    }
    expect((await admin('project?project=65f0c0ffee0000000000dead', { method: 'PUT', json: { name: 'x' } })).status).toBe(404);
  });

  it('reset restores only the seed; DELETE removes one created project', async () => {
    const a = await createProject();
    const b = await createProject();
    expect((await admin(`projects/${a}`, { method: 'DELETE' })).status).toBe(200);
    expect(((await (await admin('projects')).json()) as Array<{ projectId: string }>).map((p) => p.projectId)).toEqual([DEMO_PROJECT_ID, b]);
    expect((await admin(`projects/${DEMO_PROJECT_ID}`, { method: 'DELETE' })).status).toBe(400);
    expect((await admin(`projects/${a}`, { method: 'DELETE' })).status).toBe(404);
    await kit.reset();
    expect(await (await admin('projects')).json()).toEqual([{ projectId: DEMO_PROJECT_ID, name: 'Porchlight Demo', seed: true }]);
    const gone = await kit.call(`/${b}/widgets`);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ error: `Project not found with id: ${b}` });
  });
});

describe('the widget-facing API in a created project', () => {
  it('works as for the seed: sign-in, first message, routing, agents, my requests, close', async () => {
    const pid = await createProject({ agentsAvailable: [{ email: DEMO_AGENT_2.email, user_available: false }] });
    const own = await departments(pid);
    const guest = await guestOf(pid);
    const ann = await kit.agent();
    const rid = newRequestId(pid);
    const first = await post(pid, guest.token, rid, { text: 'hello from a fresh project' });
    expect(first.request).toMatchObject({
      id_project: pid,
      ticket_id: 1,
      status: 200,
      participants: [DEMO_AGENT.id],
      department: { _id: own[0]?._id, name: 'Default Department' },
    });
    expect((await messagesOf(pid, guest.token, rid)).map((m) => m.text)).toEqual(['hello from a fresh project', 'Ann Agent joined the conversation']);

    // The agents see it in this project only.
    const listed = (await (await kit.call(`/${pid}/requests`, { token: ann.token })).json()) as RequestListResponse;
    expect(listed.requests.map((r) => r.request_id)).toEqual([rid]);
    const seedList = (await (await kit.call(`/${PID}/requests?status=all`, { token: ann.token })).json()) as RequestListResponse;
    expect(seedList.count).toBe(0);
    await post(pid, ann.token, rid, { text: 'Hello, Ann here' });

    const mine = (await (await kit.call(`/${pid}/requests/me`, { token: guest.token })).json()) as RequestListResponse;
    expect(mine.requests.map((r) => r.request_id)).toEqual([rid]);
    // The seed's guest token is not a member of the created project (and the other way round).
    const stranger = await kit.guest();
    expect((await kit.call(`/${pid}/requests/me`, { token: stranger.token })).status).toBe(403);

    const closed = await kit.call(`/${pid}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token });
    expect(((await closed.json()) as WireRequest).status).toBe(1000);
    expect((await messagesOf(pid, guest.token, rid)).at(-1)).toMatchObject({
      sender: 'system',
      text: 'Chat closed',
      attributes: { messagelabel: { key: 'CHAT_CLOSED' } },
    });
  });

  it('has its own bot: commands and its Support department', async () => {
    const pid = await createProject();
    const { bot } = await view(pid);
    const support = (await departments(pid)).find((d) => d.name === 'Support');
    const guest = await guestOf(pid);
    const rid = newRequestId(pid);
    const first = await post(pid, guest.token, rid, { text: '/help', departmentid: support?._id });
    expect(first.request).toMatchObject({ hasBot: true, participants: [`bot_${bot?._id}`] });
    const replies = await eventually(async () => {
      const found = (await messagesOf(pid, guest.token, rid)).filter((m) => m.sender === `bot_${bot?._id}`);
      return found.length >= 1 ? found : undefined;
    });
    expect(replies[0]).toMatchObject({ senderFullname: 'Porch Bot', text: expect.stringContaining('/gallery') });
  });

  it('the bot welcome follows the global flag in created projects too', async () => {
    const pid = await createProject();
    const guest = await guestOf(pid);
    const quiet = newRequestId(pid);
    await post(pid, guest.token, quiet, { text: 'hello' });
    await new Promise((r) => setTimeout(r, 100));
    expect((await messagesOf(pid, guest.token, quiet)).filter((m) => m.sender.startsWith('bot_'))).toEqual([]);
    await admin(`project?project=${pid}`, { method: 'PUT', json: { botWelcome: true } });
    const greeted = newRequestId(pid);
    await post(pid, guest.token, greeted, { text: 'hello' });
    const welcome = await eventually(async () => (await messagesOf(pid, guest.token, greeted)).find((m) => m.sender.startsWith('bot_')));
    expect(welcome.text).toMatch(/^Thanks!/);
  });

  it('the console serves for ?project= and reads the project from its URL', async () => {
    const pid = await createProject();
    const res = await fetch(`${kit.demo.apiOrigin}/console/?project=${pid}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('{{');
    for (const id of ['send-gallery', 'send-file', 'send-split']) expect(html).toContain(`id="${id}"`);
    const script = await (await fetch(`${kit.demo.apiOrigin}/console/console.js`)).text();
    expect(script).toContain("new URLSearchParams(location.search).get('project')");
  });
});
