import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireMessage } from '../../api/wire.ts';
import { conversationWithCodeOnDemand } from '../../test/conversationWithCodeOnDemand.ts';

const MODULE = '../client/conversation/splitParts.ts';
const setup = () => conversationWithCodeOnDemand(MODULE);

const script = {
  attributes: {
    commands: [
      { type: 'message', message: { text: 'First part' } },
      { type: 'wait', time: 0 },
      { type: 'message', message: { text: 'Second part' } },
    ],
  },
};

/**
 * Every list the conversation shows, in turn (what a view would paint). The signals library is the
 * one the conversation was made with: each test makes it afresh (`vi.resetModules`), and an effect of
 * another copy would not subscribe, so nothing would run the reveal clock as a view does.
 */
async function watch(messages: { value: ReadonlyArray<{ key: string; text: string }> }) {
  const { effect } = await import('@preact/signals-core');
  const shown: string[][] = [];
  const stop = effect(() => void shown.push(messages.value.map((m) => m.text)));
  return { shown, stop };
}

describe('conversation: split messages come with code on demand', () => {
  afterEach(() => {
    vi.doUnmock(MODULE);
    vi.resetModules();
  });

  it('is not downloaded by a first open and send, nor by plain answers', async () => {
    const { service, conversation, loads } = await setup();
    await conversation.send({ text: 'Hello' });
    service.agentSays(conversation.requestId.value!, 'Hi, how can I help?');
    await conversation.sync();
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['Hello', 'Hi, how can I help?']);
    expect(loads).not.toHaveBeenCalled();
    conversation.dispose();
  });

  it('a split message is shown once, as its parts: never whole first, and a sync resolves with it shown', async () => {
    const { service, conversation, loads } = await setup();
    const { shown, stop } = await watch(conversation.messages);
    await conversation.send({ text: 'Hello' });
    const rid = conversation.requestId.value!;
    service.agentSays(rid, 'The script as one text', script);
    service.agentSays(rid, 'After it');
    await conversation.sync();
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['Hello', 'First part', 'Second part', 'After it']);
    expect(shown.flat()).not.toContain('The script as one text');
    // Nothing after it went ahead of it.
    for (const list of shown) expect(list.indexOf('After it') === -1 || list.includes('Second part')).toBe(true);
    expect(loads).toHaveBeenCalledTimes(1);
    stop();
    conversation.dispose();
  });

  it('not downloaded: the split message and those after it wait (never shown whole), and the code is tried again by itself', async () => {
    const { service, conversation, network, loads } = await setup();
    const { shown, stop } = await watch(conversation.messages);
    await conversation.send({ text: 'Hello' });
    const rid = conversation.requestId.value!;
    network.codeDown = true;
    service.agentSays(rid, 'The script as one text', script);
    service.agentSays(rid, 'After it');
    await conversation.sync();
    // The history has them (events, unread); the list shows what comes before them.
    expect(conversation.history.value.map((m) => m.text)).toEqual(['Hello', 'The script as one text', 'After it']);
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['Hello']);
    expect(loads).toHaveBeenCalledTimes(1);
    network.codeDown = false;
    // No poll, no news: the download is tried again all the same.
    await vi.waitFor(() => expect(conversation.messages.value.map((m) => m.text)).toEqual(['Hello', 'First part', 'Second part', 'After it']), 10_000);
    expect(loads).toHaveBeenCalledTimes(2);
    expect(shown.flat()).not.toContain('The script as one text');
    stop();
    conversation.dispose();
  }, 20_000);

  it('a split message pushed (socket, another tab) waits for its code the same way', async () => {
    const { conversation, loads } = await setup();
    const { shown, stop } = await watch(conversation.messages);
    await conversation.send({ text: 'Hello' });
    const rid = conversation.requestId.value!;
    const pushed = {
      _id: 'pushed-1',
      sender: 'bot_1',
      senderFullname: 'Bot',
      recipient: rid,
      type: 'text',
      text: 'The script as one text',
      // After the visitor's message, never in the same millisecond (the history is in time order).
      createdAt: new Date(Date.now() + 1_000).toISOString(),
      ...script,
    } as WireMessage;
    conversation.receive([pushed]);
    await vi.waitFor(() => expect(conversation.messages.value.map((m) => m.text)).toEqual(['Hello', 'First part', 'Second part']), 5_000);
    expect(shown.flat()).not.toContain('The script as one text');
    expect(loads).toHaveBeenCalledTimes(1);
    stop();
    conversation.dispose();
  });
});
