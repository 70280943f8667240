import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestListResponse } from '../../src/api/wire.ts';
import { createSeed, DEMO_PROJECT_SECRET, upgradeData } from './seed.ts';
import { type Kit, newRequestId, PID, send, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const JANE = { _id: 'ext-jane-42', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com' };

/** What a site's backend does: sign the visitor with the project's secret. */
function siteToken(claims: Record<string, unknown> = JANE, options: jwt.SignOptions = {}, secret = DEMO_PROJECT_SECRET, projectId = PID): string {
  return `JWT ${jwt.sign(claims, secret, { subject: 'userexternal', audience: `https://tiledesk.com/projects/${projectId}`, ...options })}`;
}

const signIn = (token: string) => kit.call('/auth/signinWithCustomToken', { method: 'POST', token });
const memberships = (uid: string) => kit.demo.store.data.projectUsers.filter((pu) => pu.uuid_user === uid);

describe('custom tokens signed with the project secret', () => {
  it('signs in: the same token back, the decoded payload as user, a membership made once', async () => {
    const token = siteToken();
    const res = await signIn(token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; user: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.token).toBe(token);
    expect(body.user).toMatchObject({ ...JANE, sub: 'userexternal', aud: `https://tiledesk.com/projects/${PID}`, id: JANE._id, fullName: 'Jane Doe' });
    expect(typeof body.user.iat).toBe('number');
    expect(memberships(JANE._id)).toMatchObject([{ id_project: PID, role: 'user', roleType: 2, status: 'active' }]);
    await signIn(token);
    expect(memberships(JANE._id)).toHaveLength(1);
  });

  it('opens the protected routes once signed in: messages, my requests, uploads', async () => {
    const token = siteToken();
    const rid = newRequestId();
    const before = await send(kit, token, rid, { text: 'hello' });
    expect(before.status).toBe(403);
    expect(await before.json()).toEqual({ success: false, msg: 'you dont belong to the project.' });
    await signIn(token);
    const sent = await send(kit, token, rid, { text: 'hello' });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ sender: JANE._id, senderFullname: 'Jane Doe', text: 'hello' });
    const mine = (await (await kit.call(`/${PID}/requests/me`, { token })).json()) as RequestListResponse;
    expect(mine.requests.map((r) => r.request_id)).toEqual([rid]);
  });

  it("refuses a wrong signature, an expired token and another project's token with a bare 401", async () => {
    const other = ((await (await fetch(`${kit.demo.apiOrigin}/__demo/projects`, { method: 'POST' })).json()) as { projectId: string }).projectId;
    const refused = [
      siteToken(JANE, {}, 'not-the-secret'),
      siteToken({ ...JANE, exp: Math.floor(Date.now() / 1000) - 10 }),
      // signed with this project's secret, but naming another project: that project's secret does not match
      siteToken(JANE, {}, DEMO_PROJECT_SECRET, other),
      siteToken(JANE, {}, DEMO_PROJECT_SECRET, '65f0c0ffee0000000000ffff'),
    ];
    for (const token of refused) {
      const res = await signIn(token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(await res.text()).toBe('Unauthorized');
    }
    expect(memberships(JANE._id)).toEqual([]);
  });

  it('keeps a token to its own project: signed in on one, a stranger on the other', async () => {
    const other = ((await (await fetch(`${kit.demo.apiOrigin}/__demo/projects`, { method: 'POST' })).json()) as { projectId: string }).projectId;
    const minted = await fetch(`${kit.demo.apiOrigin}/__demo/tokens?project=${other}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { token } = (await minted.json()) as { token: string };
    expect((await signIn(token)).status).toBe(200);
    expect((await kit.call(`/${other}/requests/me`, { token })).status).toBe(200);
    const here = await kit.call(`/${PID}/requests/me`, { token });
    expect(here.status).toBe(403);
  });

  it('never sends the secret: not in /widgets, not to agents', async () => {
    const widgets = await (await kit.call(`/${PID}/widgets`)).text();
    const agent = await kit.agent();
    const project = await (await kit.call(`/projects/${PID}`, { token: agent.token })).text();
    for (const text of [widgets, project]) {
      expect(text).not.toContain(DEMO_PROJECT_SECRET);
      expect(text).not.toContain('jwtSecret');
    }
  });
});

describe('POST /__demo/tokens', () => {
  it('mints Jane Doe by default, or the visitor asked for, with an optional lifetime', async () => {
    const mint = async (body: unknown) =>
      fetch(`${kit.demo.apiOrigin}/__demo/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const jane = (await (await mint({})).json()) as { token: string };
    const claims = jwt.verify(jane.token.slice(4), DEMO_PROJECT_SECRET) as jwt.JwtPayload;
    expect(claims).toMatchObject({ _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', sub: 'userexternal', aud: `https://tiledesk.com/projects/${PID}` });
    expect(claims.exp).toBeUndefined();
    const res = await mint({ _id: 'u-7', firstname: 'Sam', expiresIn: 60 });
    expect(res.status).toBe(201);
    const sam = jwt.decode(((await res.json()) as { token: string }).token.slice(4)) as jwt.JwtPayload;
    expect(sam).toMatchObject({ _id: 'u-7', firstname: 'Sam' });
    expect((sam.exp ?? 0) - (sam.iat ?? 0)).toBe(60);
    expect((await mint({ expiresIn: 'soon' })).status).toBe(400);
    expect((await fetch(`${kit.demo.apiOrigin}/__demo/tokens?project=65f0c0ffee0000000000ffff`, { method: 'POST' })).status).toBe(404);
  });
});

describe('project secrets in older data files', () => {
  it('gives the seed project its published secret and other projects a random one', () => {
    const data = createSeed({ botWelcome: false });
    const copy = { ...structuredClone(data.projects[0]!), _id: '65f0c0ffee0000000000abcd' };
    data.projects.push(copy);
    for (const p of data.projects) delete (p as { jwtSecret?: string }).jwtSecret;
    upgradeData(data);
    expect(data.projects[0]?.jwtSecret).toBe(DEMO_PROJECT_SECRET);
    expect(data.projects[1]?.jwtSecret).toMatch(/^[0-9a-f]{48}$/);
  });
});
