import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/api/wire.ts';
import { type Kit, newRequestId, PID, setFaults, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

/** A conversation with a visitor message, an image without text, an agent reply and the close info message. */
async function conversation(projectId = PID): Promise<{ rid: string; token: string }> {
  const guest = await kit.guest({ id_project: projectId, firstname: 'Jane', lastname: 'Doe' });
  const agent = await kit.agent();
  const rid = newRequestId(projectId);
  const post = (token: string, body: Record<string, unknown>) => kit.call(`/${projectId}/requests/${rid}/messages`, { method: 'POST', token, json: body });
  expect((await post(guest.token, { text: 'Hello <b>there</b> & "you"' })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 5));
  expect((await post(guest.token, { type: 'image', metadata: { src: 'https://cdn.example.com/a.png', width: 1, height: 1 } })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 5));
  expect((await post(agent.token, { text: 'Hi Jane' })).status).toBe(200);
  await new Promise((r) => setTimeout(r, 5));
  expect((await kit.call(`/${projectId}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token })).status).toBe(200);
  return { rid, token: guest.token };
}

describe('GET /public/requests/:rid/messages (docs/service.md §2, routes/public-request.js)', () => {
  it('answers the messages as JSON without authentication, oldest first, like GET …/messages', async () => {
    const { rid, token } = await conversation();
    const res = await kit.call(`/public/requests/${rid}/messages`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const list = (await res.json()) as WireMessage[];
    const authed = (await (await kit.call(`/${PID}/requests/${rid}/messages`, { token })).json()) as WireMessage[];
    expect(list).toEqual(authed);
    // Who joins (the routing picks an agent) varies; the visitor's, the agent's and the close do not.
    expect(list.map((m) => m.text).filter((t) => !t?.endsWith('joined the conversation'))).toEqual([
      'Hello <b>there</b> & "you"',
      undefined,
      'Hi Jane',
      'Chat closed',
    ]);
    expect(await (await kit.call(`/public/requests/${newRequestId()}/messages`)).json()).toEqual([]);
  });

  it('finds a conversation of any project by its id alone', async () => {
    const created = (await (await fetch(`${kit.demo.apiOrigin}/__demo/projects`, { method: 'POST' })).json()) as { projectId: string };
    const { rid } = await conversation(created.projectId);
    const list = (await (await kit.call(`/public/requests/${rid}/messages`)).json()) as WireMessage[];
    expect(list[0]).toMatchObject({ id_project: created.projectId, text: 'Hello <b>there</b> & "you"' });
  });

  it('.txt: "Chat transcript:" then "[ date] name: text", English UTC dates, an attachment sent as text/html (sic)', async () => {
    const { rid } = await conversation();
    const list = (await (await kit.call(`/public/requests/${rid}/messages`)).json()) as WireMessage[];
    const res = await kit.call(`/public/requests/${rid}/messages.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="transcript.txt"');
    const date = (m: WireMessage) => new Date(m.createdAt).toLocaleString('en', { timeZone: 'UTC' });
    const text = await res.text();
    expect(text).toBe(`Chat transcript:\n${list.map((m) => `[ ${date(m)}] ${m.senderFullname}: ${m.text ?? 'undefined'}\n`).join('')}`);
    expect(text).toContain(`[ ${date(list[0]!)}] Jane Doe: Hello <b>there</b> & "you"\n`);
    expect(text).toContain('] Jane Doe: undefined\n');
    expect(text).toMatch(/\] Ann Agent: Hi Jane\n.*\] System: Chat closed\n$/s);
    expect(await (await kit.call(`/public/requests/${rid}/messages-user.txt`)).text()).not.toContain('System:');
    expect(await (await kit.call(`/public/requests/${newRequestId()}/messages.txt`)).text()).toBe('Chat transcript:\n');
  });

  it('.html: a "Chat Transcript" page, one escaped paragraph per message, Italian UTC dates', async () => {
    const { rid } = await conversation();
    const list = (await (await kit.call(`/public/requests/${rid}/messages`)).json()) as WireMessage[];
    const res = await kit.call(`/public/requests/${rid}/messages.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<h1 class="transcript-title">Chat Transcript</h1>');
    expect(html).toContain(
      `<p class="transcript-p"><span class="transcript-chat-date">[${new Date(list[0]!.createdAt).toLocaleString('it', { timeZone: 'UTC' })}] </span>` +
        '<span class="transcript-chat-sender">Jane Doe: </span><span class="transcript-chat-msg">Hello &lt;b&gt;there&lt;/b&gt; &amp; &quot;you&quot;</span></p>',
    );
    expect(html.match(/class="transcript-p"/g)).toHaveLength(list.length);
    const userOnly = list.filter((m) => m.sender !== 'system').length;
    expect(userOnly).toBe(3);
    expect((await (await kit.call(`/public/requests/${rid}/messages-user.html`)).text()).match(/class="transcript-p"/g)).toHaveLength(userOnly);
  });

  it('the disableTranscripts fault unmounts the routes like DISABLE_TRANSCRIPT_VIEW_PAGE: the project catch-all answers', async () => {
    const { rid } = await conversation();
    expect((await setFaults(kit, { disableTranscripts: true })).status).toBe(200);
    for (const suffix of ['', '.html', '.txt']) {
      const res = await kit.call(`/public/requests/${rid}/messages${suffix}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Invalid project id: public' });
    }
    await setFaults(kit, { disableTranscripts: false });
    expect((await kit.call(`/public/requests/${rid}/messages.txt`)).status).toBe(200);
  });
});
