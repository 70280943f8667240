import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WsServerFrame } from '../../src/api/wire.ts';
import { type Kit, newRequestId, PID, send, setFaults, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit({ wsHeartbeatMs: 150 });
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

interface Socket {
  ws: WebSocket;
  frames: WsServerFrame[];
  next(match?: (frame: WsServerFrame) => boolean, timeoutMs?: number): Promise<WsServerFrame>;
  send(frame: unknown): void;
}

function wsUrl(token: string, path = '/v3/'): string {
  return `${kit.demo.apiOrigin.replace('http', 'ws')}${path}?token=${encodeURIComponent(token)}`;
}

function open(token: string, path?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(token, path));
    const frames: WsServerFrame[] = [];
    const waiters: Array<{ match: (f: WsServerFrame) => boolean; resolve: (f: WsServerFrame) => void }> = [];
    let seen = 0;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as WsServerFrame;
      frames.push(frame);
      const index = waiters.findIndex((w) => w.match(frame));
      if (index >= 0) waiters.splice(index, 1)[0]?.resolve(frame);
    });
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        send: (frame) => ws.send(JSON.stringify(frame)),
        next: (match = () => true, timeoutMs = 2000) =>
          new Promise((res, rej) => {
            const already = frames.slice(seen).find(match);
            if (already) {
              seen = frames.indexOf(already) + 1;
              return res(already);
            }
            const timer = setTimeout(() => rej(new Error('no frame')), timeoutMs);
            waiters.push({ match, resolve: (f) => (clearTimeout(timer), (seen = frames.indexOf(f) + 1), res(f)) });
          }),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const topic = (rid: string) => `/${PID}/requests/${rid}/messages`;
const isPublish = (t: string) => (f: WsServerFrame) => f.action === 'publish' && f.payload.topic === t;

describe('websocket', () => {
  it('rejects a missing or bad token with 401 and another path with 400', async () => {
    await expect(open('garbage')).rejects.toThrow('HTTP 401');
    await expect(open('x', '/elsewhere')).rejects.toThrow('HTTP 400');
  });

  it('listens at the API roots, like the reference; not at /ws', async () => {
    const guest = await kit.guest();
    for (const path of ['/', '/v3', '/v3/']) (await open(guest.token, path)).ws.close();
    for (const path of ['/ws', '/v3/ws', '/v3/x']) await expect(open(guest.token, path)).rejects.toThrow('HTTP 400');
  });

  it('referenceSocket: a visitor hangs at the root, an agent connects, other paths 400, bad tokens 401', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    await setFaults(kit, { referenceSocket: true });
    for (const path of ['/', '/v3/']) {
      const hung = new WebSocket(wsUrl(guest.token, path), { handshakeTimeout: 300 });
      await expect(new Promise((resolve, reject) => (hung.on('open', resolve), hung.on('error', reject)))).rejects.toThrow(/timed out/i);
    }
    (await open(agent.token, '/')).ws.close();
    await expect(open(guest.token, '/ws')).rejects.toThrow('HTTP 400');
    await expect(open('garbage', '/')).rejects.toThrow('HTTP 401');
    await setFaults(kit, { referenceSocket: false });
    (await open(guest.token, '/')).ws.close();
  });

  it('reference mode has the same socket: a visitor hangs, an agent connects', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    kit.demo.mode.set(true);
    try {
      const hung = new WebSocket(wsUrl(guest.token, '/'), { handshakeTimeout: 300 });
      await expect(new Promise((resolve, reject) => (hung.on('open', resolve), hung.on('error', reject)))).rejects.toThrow(/timed out/i);
      (await open(agent.token, '/')).ws.close();
    } finally {
      kit.demo.mode.set(false);
    }
    (await open(guest.token, '/')).ws.close();
  });

  it('answers heartbeat ping with pong, and me', async () => {
    const guest = await kit.guest();
    const socket = await open(guest.token);
    socket.send({ action: 'heartbeat', payload: { message: { text: 'ping' } } });
    expect(await socket.next((f) => f.action === 'heartbeat' && (f.payload.message as { text: string }).text === 'pong')).toBeTruthy();
    socket.send({ action: 'me' });
    const me = await socket.next((f) => f.action === 'me');
    expect(me.payload).toEqual({ id: expect.any(String), userId: null });
    socket.ws.close();
  });

  it('sends a CREATE snapshot array then each new message as CREATE, to the visitor (token with JWT prefix)', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'first' });
    const socket = await open(guest.token); // "JWT …" as stored by the widget
    socket.send({ action: 'subscribe', payload: { topic: topic(rid) } });
    const snapshot = await socket.next(isPublish(topic(rid)));
    expect(snapshot.payload.method).toBe('CREATE');
    // The snapshot also holds the service's info message "<agent> joined" (assigned at creation).
    const chat = (snapshot.payload.message as Array<{ text: string; sender: string }>).filter((m) => m.sender !== 'system');
    expect(chat.map((m) => m.text)).toEqual(['first']);
    await send(kit, agent.token, rid, { text: 'agent reply' });
    const live = await socket.next((f) => isPublish(topic(rid))(f) && (f.payload.message as { sender?: string }).sender !== 'system');
    expect(live.payload.method).toBe('CREATE');
    expect(live.payload.message).toMatchObject({ text: 'agent reply', request: { request_id: rid } });
    socket.send({ action: 'unsubscribe', payload: { topic: topic(rid) } });
    await new Promise((r) => setTimeout(r, 50));
    await send(kit, agent.token, rid, { text: 'after unsubscribe' });
    await expect(socket.next(isPublish(topic(rid)), 300)).rejects.toThrow('no frame');
    socket.ws.close();
  });

  it('lets a visitor subscribe before the first message, and not to someone else conversation', async () => {
    const guest = await kit.guest();
    const stranger = await kit.guest();
    const rid = newRequestId();
    const early = await open(guest.token);
    early.send({ action: 'subscribe', payload: { topic: topic(rid) } });
    expect((await early.next(isPublish(topic(rid)))).payload.message).toEqual([]);
    const nosy = await open(stranger.token);
    nosy.send({ action: 'subscribe', payload: { topic: topic(rid) } });
    expect((await nosy.next(isPublish(topic(rid)))).payload.message).toEqual([]); // nobody owns it yet
    await send(kit, guest.token, rid, { text: 'mine' });
    expect((await early.next(isPublish(topic(rid)))).payload.message).toMatchObject({ text: 'mine' });
    await expect(nosy.next(isPublish(topic(rid)), 300)).rejects.toThrow('no frame'); // not theirs: not delivered
    nosy.send({ action: 'subscribe', payload: { topic: topic(rid) } }); // now it exists: refused silently
    await expect(nosy.next(isPublish(topic(rid)), 300)).rejects.toThrow('no frame');
    early.ws.close();
    nosy.ws.close();
  });

  it('lets the agent follow a conversation and the request topic (UPDATE on close)', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hi' });
    const socket = await open(agent.token.slice(4)); // a bare JWT works too
    const requestTopic = `/${PID}/requests/${rid}`;
    socket.send({ action: 'subscribe', payload: { topic: requestTopic } });
    expect((await socket.next(isPublish(requestTopic))).payload.message).toMatchObject({ request_id: rid, status: 200 });
    await kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token });
    const update = await socket.next(isPublish(requestTopic));
    expect(update.payload).toMatchObject({ method: 'UPDATE', message: { status: 1000 } });
    socket.ws.close();
  });

  it("relays an agent's typing publish to the visitor's typing subscription, not to another visitor's", async () => {
    const guest = await kit.guest();
    const stranger = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hi' });
    const typingTopic = `/${PID}/requests/${rid}/typing`;
    const visitor = await open(guest.token);
    visitor.send({ action: 'subscribe', payload: { topic: typingTopic } });
    const nosy = await open(stranger.token);
    nosy.send({ action: 'subscribe', payload: { topic: typingTopic } }); // refused silently: not theirs
    const console_ = await open(agent.token);
    await new Promise((r) => setTimeout(r, 50));
    // The sender comes from the token, whatever the frame claims.
    console_.send({ action: 'publish', payload: { topic: typingTopic, message: { typing: true, senderFullname: 'Ann Agent', sender: 'someone-else' } } });
    const frame = await visitor.next(isPublish(typingTopic));
    expect(frame.payload.message).toEqual({ typing: true, sender: agent.user._id, senderFullname: 'Ann Agent' });
    await expect(nosy.next(isPublish(typingTopic), 300)).rejects.toThrow('no frame');
    // A visitor cannot publish into someone else's conversation, nor publish on the messages topic.
    nosy.send({ action: 'publish', payload: { topic: typingTopic, message: { typing: true } } });
    visitor.send({ action: 'publish', payload: { topic: topic(rid), message: { text: 'forged' } } });
    await expect(visitor.next(isPublish(typingTopic), 300)).rejects.toThrow('no frame');
    expect(visitor.frames.filter(isPublish(topic(rid)))).toEqual([]);
    for (const s of [visitor, nosy, console_]) s.ws.close();
  });

  it('pings every tick and terminates a client that stays silent', async () => {
    const guest = await kit.guest();
    const socket = await open(guest.token);
    const ping = await socket.next((f) => f.action === 'heartbeat');
    expect(ping.payload).toEqual({ message: { text: 'ping' } });
    const closed = await new Promise<boolean>((resolve) => socket.ws.on('close', () => resolve(true)));
    expect(closed).toBe(true);
  });

  it('keeps a client that sends application heartbeats', async () => {
    const guest = await kit.guest();
    const socket = await open(guest.token);
    const timer = setInterval(() => socket.send({ action: 'heartbeat', payload: { message: { text: 'ping' } } }), 50);
    await new Promise((r) => setTimeout(r, 500));
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    clearInterval(timer);
    socket.ws.close();
  });

  it('refuseWebsocket answers 503, hangWebsocket never answers, revokeTokens closes visitors', async () => {
    const guest = await kit.guest();
    await setFaults(kit, { refuseWebsocket: true });
    await expect(open(guest.token)).rejects.toThrow('HTTP 503');
    await setFaults(kit, { refuseWebsocket: false, hangWebsocket: true });
    const hung = new WebSocket(wsUrl(guest.token), { handshakeTimeout: 300 });
    await expect(new Promise((resolve, reject) => (hung.on('open', resolve), hung.on('error', reject)))).rejects.toThrow(/timed out/i);
    await setFaults(kit, { hangWebsocket: false });
    const socket = await open(guest.token);
    const closed = new Promise<number>((resolve) => socket.ws.on('close', (code) => resolve(code)));
    await setFaults(kit, { revokeTokens: true });
    expect(await closed).toBe(4001);
    await expect(open(guest.token)).rejects.toThrow('HTTP 401');
  });
});
