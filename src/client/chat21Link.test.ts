import { signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireMessage } from '../api/wire.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import type { Chat21PushOptions, Chat21PushTarget } from './live/chat21Push.ts';

/**
 * Issue 24: what Chat21's push means for the chat (policy/chat21Link.ts), with the push model
 * itself faked (its own tests: live/chat21Push.test.ts; end to end: e2e/pushCases.ts). What it is
 * pushed takes the poll's path; the leading tab follows once there is a conversation.
 */
type Fake = { options: Chat21PushOptions; follows: Chat21PushTarget[]; live: ReturnType<typeof signal<boolean>>; stopped: number };
const made: Fake[] = [];
const loads = vi.fn();

beforeEach(() => {
  made.length = 0;
  loads.mockClear();
  vi.doMock('./live/chat21Push.ts', () => {
    loads();
    return {
      createChat21Push(options: Chat21PushOptions) {
        const fake: Fake = { options, follows: [], live: signal(false), stopped: 0 };
        made.push(fake);
        return { live: fake.live, follow: (t: Chat21PushTarget) => fake.follows.push(t), wake() {}, stop: () => void fake.stopped++ };
      },
    };
  });
});
afterEach(() => {
  vi.doUnmock('./live/chat21Push.ts');
  localStorage.clear();
  sessionStorage.clear();
});

const startClient = chatClientsOnFakeService();
const reads = (service: ReturnType<typeof startClient>['service'], rid: string) =>
  service.calls.filter((c) => c.method === 'GET' && c.path.endsWith(`/requests/${rid}/messages`)).length;

describe('Chat21 push in the client (policy/chat21Link.ts)', () => {
  it('without `mqttEndpoint` nothing of it is fetched; with one that would leave the API host, no model and no token call', async () => {
    const { client } = startClient({});
    await client.ready;
    client.open();
    await client.send('Hello');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).not.toHaveBeenCalled();
    const elsewhere = startClient({ mqttEndpoint: '//elsewhere.example/ws' });
    await elsewhere.client.ready;
    elsewhere.client.open();
    await elsewhere.client.send('Hello');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made).toHaveLength(0);
    expect(elsewhere.service.calls.some((c) => c.path.includes('createCustomToken'))).toBe(false);
  });

  it('follows from the first conversation on, for the signed-in visitor, at the endpoint made of the setting', async () => {
    const { client } = startClient({ mqttEndpoint: '/mqws/ws' });
    await client.ready;
    // The model comes with the link; before a conversation (or a list) it holds nothing.
    await until(() => expect(made).toHaveLength(1));
    const [push] = made;
    expect(push!.follows.every((t) => !t.active)).toBe(true);
    client.open();
    await client.send('Hello');
    await until(() => expect(push!.follows.at(-1)?.active).toBe(true));
    expect(push!.options.endpoint).toBe(`${new URL(client.settings.value.apiUrl).origin.replace(/^http/, 'ws')}/mqws/ws`);
    const target = push!.follows.at(-1)!;
    expect(target.active).toBe(true);
    expect(target.jwt).toBe(client.session.token.value);
    expect(target.visitorId).toBe(client.session.visitor.value?.id);
    client.dispose();
    expect(push!.stopped).toBe(1);
  });

  it("a pushed message shows as the polled one would, once; after each connection one read fills the gap; another conversation's is the list's", async () => {
    const { client, service } = startClient({ mqttEndpoint: '/mqws/ws' });
    await client.ready;
    client.open();
    await client.send('Hello');
    await until(() => expect(made).toHaveLength(1));
    const { options, live } = made[0]!;
    // Up: polls are the safety net only (once a minute), so every read below is push's.
    live.value = true;
    const rid = client.conversation.requestId.value!;
    const stored = service.agentSays(rid, 'Pushed hello') as unknown as WireMessage;
    options.onMessage(rid, { ...stored, attributes: {} });
    expect(client.conversation.messages.value.filter((m) => m.text === 'Pushed hello')).toHaveLength(1);
    // The poll's copy of the same message (same `_id`): still one.
    const before = reads(service, rid);
    options.onUp();
    await until(() => expect(reads(service, rid)).toBeGreaterThan(before));
    await until(() => expect(client.conversation.messages.value.filter((m) => m.text === 'Pushed hello')).toHaveLength(1));
    // Another conversation's message never shows in this one.
    options.onMessage('support-group-other', { ...stored, _id: 'elsewhere', recipient: 'support-group-other', text: 'Not here' });
    expect(client.conversation.messages.value.some((m) => m.text === 'Not here')).toBe(false);
    // A close (or a message without a REST id) in this conversation: one read, as a poll.
    const beforeClose = reads(service, rid);
    service.closeRequest(rid);
    options.onClosed(rid);
    await until(() => expect(reads(service, rid)).toBeGreaterThan(beforeClose));
  });

  it('slows the conversation poll to the safety net while push is up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { client, service } = startClient({ mqttEndpoint: '/mqws/ws' });
      await vi.waitFor(() => client.ready);
      client.open();
      await client.send('Hello');
      await vi.waitFor(() => expect(made).toHaveLength(1));
      const rid = client.conversation.requestId.value!;
      made[0]!.live.value = true;
      await vi.advanceTimersByTimeAsync(100);
      const before = reads(service, rid);
      // An open window polls every 2 s without push: none in 50 s with it, one within the minute.
      await vi.advanceTimersByTimeAsync(50_000);
      expect(reads(service, rid)).toBe(before);
      await vi.advanceTimersByTimeAsync(11_000);
      expect(reads(service, rid)).toBe(before + 1);
      made[0]!.live.value = false;
      await vi.advanceTimersByTimeAsync(2_100);
      expect(reads(service, rid)).toBeGreaterThan(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
