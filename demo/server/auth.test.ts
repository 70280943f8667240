import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { decodeClaims as decodeJwt } from './credentials.ts';
import { DEMO_AGENT_2 } from './seed.ts';
import { type Kit, newRequestId, PID, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit({ secret: 'test-secret' });
});
afterAll(() => kit.demo.close());

const OTHER_PROJECT = '65f0c0ffee0000000000ffff';

describe('POST /auth/signinAnonymously', () => {
  it('answers the reference shape with a never-expiring guest JWT', async () => {
    const res = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: PID } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; user: Record<string, string> };
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^JWT [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Object.keys(body.user)).toEqual(['_id', 'firstname', 'id', 'fullName']);
    expect(body.user._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.user.id).toBe(body.user._id);
    expect(body.user.firstname).toBe(`guest#${body.user._id?.slice(0, 4)}`);
    expect(body.user.fullName).toBe(`${body.user.firstname} `);
    const claims = decodeJwt(body.token.slice(4));
    expect(claims).toMatchObject({ sub: 'guest', aud: 'https://tiledesk.com', iss: 'https://tiledesk.com', _id: body.user._id });
    expect(claims?.exp).toBeUndefined();
    expect(typeof claims?.jti).toBe('string');
  });

  it('copies the optional fields into the user and the token', async () => {
    const res = await kit.call('/auth/signinAnonymously', {
      method: 'POST',
      json: { id_project: PID, firstname: 'Vera', lastname: 'Visitor', email: 'vera@example.com', attributes: { plan: 'gold' } },
    });
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(Object.keys(body.user)).toEqual(['_id', 'firstname', 'lastname', 'email', 'attributes', 'id', 'fullName']);
    expect(body.user.fullName).toBe('Vera Visitor');
    expect(decodeJwt(body.token.slice(4))?.attributes).toEqual({ plan: 'gold' });
  });

  it('accepts a urlencoded body', async () => {
    const res = await fetch(`${kit.demo.apiUrl}/auth/signinAnonymously`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id_project=${PID}&firstname=Form`,
    });
    expect(((await res.json()) as { user: { firstname: string } }).user.firstname).toBe('Form');
  });

  it('answers 422 with an express-validator body when id_project is missing or empty', async () => {
    const missing = await kit.call('/auth/signinAnonymously', { method: 'POST', json: {} });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ errors: [{ msg: 'Invalid value', param: 'id_project', location: 'body' }] });
    const empty = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: '' } });
    expect(await empty.json()).toEqual({ errors: [{ value: '', msg: 'Invalid value', param: 'id_project', location: 'body' }] });
  });

  it('answers 500 for a project id that is not an ObjectId, 200 for an unknown one', async () => {
    const bad = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: 'nope' } });
    expect(bad.status).toBe(500);
    expect(await bad.json()).toEqual({ success: false, msg: 'Error saving object.' });
    const unknown = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: OTHER_PROJECT } });
    expect(unknown.status).toBe(200);
  });
});

describe('POST /auth/signin', () => {
  it('signs an agent in', async () => {
    const res = await kit.call('/auth/signin', { method: 'POST', json: { email: 'AGENT@demo.test', password: 'demo' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; user: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ email: 'agent@demo.test', firstname: 'Ann', lastname: 'Agent' });
    expect(body.user.password).toBeUndefined();
    expect(decodeJwt(body.token.slice(4))).toMatchObject({ sub: 'user', email: 'agent@demo.test' });
  });

  it('answers 401 for an unknown user or a wrong password, 422 for missing fields', async () => {
    const unknown = await kit.call('/auth/signin', { method: 'POST', json: { email: 'who@demo.test', password: 'x' } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ success: false, msg: 'Authentication failed. User not found.' });
    const wrong = await kit.call('/auth/signin', { method: 'POST', json: { email: 'agent@demo.test', password: 'nope' } });
    expect(await wrong.json()).toEqual({ success: false, msg: 'Authentication failed. Wrong password.' });
    const invalid = await kit.call('/auth/signin', { method: 'POST', json: {} });
    expect(invalid.status).toBe(422);
  });
});

describe('POST /auth/signinWithCustomToken', () => {
  it('echoes a valid token and its decoded payload', async () => {
    const guest = await kit.guest();
    const res = await kit.call('/auth/signinWithCustomToken', { method: 'POST', token: guest.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; user: Record<string, unknown> };
    expect(body.token).toBe(guest.token);
    expect(body.user).toMatchObject({ _id: guest.user._id, sub: 'guest', aud: 'https://tiledesk.com' });
  });

  it('answers a bare 401 without a Basic challenge', async () => {
    const res = await kit.call('/auth/signinWithCustomToken', { method: 'POST', token: 'JWT not.a.token' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('Unauthorized');
  });
});

describe('authorization matrix (docs/service.md §2)', () => {
  const messagesPath = () => `/${PID}/requests/${newRequestId()}/messages`;

  it('no header → 401 plain text with WWW-Authenticate: Basic realm="Users"', async () => {
    const res = await kit.call(messagesPath());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Users"');
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('Unauthorized');
  });

  it('a bad, wrongly signed or Bearer token → the same 401', async () => {
    const guest = await kit.guest();
    const forged = `JWT ${jwt.sign({ _id: guest.user._id }, 'another-secret', { subject: 'guest', audience: 'https://tiledesk.com' })}`;
    for (const token of ['JWT garbage', forged, guest.token.replace(/^JWT/, 'Bearer')]) {
      const res = await kit.call(messagesPath(), { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="Users"');
      expect(await res.text()).toBe('Unauthorized');
    }
  });

  it('a single-word header → 400 Bad Request', async () => {
    const res = await kit.call(messagesPath(), { token: 'JWT' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Bad Request');
  });

  it('a valid token followed by a third word → validtoken 403', async () => {
    const guest = await kit.guest();
    const res = await kit.call(messagesPath(), { token: `${guest.token} extra` });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, msg: 'Unauthorized.' });
  });

  it('accepts the jwt scheme case-insensitively and Basic credentials of an agent', async () => {
    const guest = await kit.guest();
    expect((await kit.call(messagesPath(), { token: guest.token.replace(/^JWT/, 'jwt') })).status).toBe(200);
    const basic = `Basic ${Buffer.from('agent@demo.test:demo').toString('base64')}`;
    expect((await kit.call(`/${PID}/requests`, { token: basic })).status).toBe(200);
  });

  it('a guest of another project → 403 not a member', async () => {
    const res = await kit.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: OTHER_PROJECT } });
    const stranger = (await res.json()) as { token: string };
    const answer = await kit.call(messagesPath(), { token: stranger.token });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ success: false, msg: 'you dont belong to the project.' });
  });

  it('a guest on an agent route → 403 role; guest roles are checked by uuid_user', async () => {
    const guest = await kit.guest();
    for (const path of [`/${PID}/requests`, `/${PID}/requests/${newRequestId()}`, `/${PID}/departments/allstatus`, `/projects/${PID}`]) {
      const res = await kit.call(path, { token: guest.token });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ success: false, msg: 'you dont have the required role.' });
    }
  });

  it('an agent (role agent) may not write labels (admin); the owner may', async () => {
    const bob = await kit.agent(DEMO_AGENT_2.email, DEMO_AGENT_2.password);
    const denied = await kit.call(`/${PID}/labels`, { method: 'POST', token: bob.token, json: { lang: 'FR', data: {} } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ success: false, msg: 'you dont have the required role.' });
    const ann = await kit.agent();
    expect((await kit.call(`/${PID}/labels`, { method: 'POST', token: ann.token, json: { lang: 'FR', data: { CLOSE: 'Fermer' } } })).status).toBe(200);
  });

  it('a banned visitor → 401 from the ban filter', async () => {
    const guest = await kit.guest();
    kit.demo.store.project(PID)?.bannedUsers.push({ id: guest.user._id });
    const res = await kit.call(messagesPath(), { token: guest.token });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ err: 'error projectBanUserFilter by id' });
    await kit.reset();
  });
});
