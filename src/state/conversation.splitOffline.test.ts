// A file of its own: a download that failed once stays failed in this file's module graph (vitest),
// so the other on-demand tests must not share it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationWithCodeOnDemand } from '../test/conversationWithCodeOnDemand.ts';

const MODULE = '../state/splitParts.ts';
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

describe('conversation: a split message whose code is not downloaded', () => {
  afterEach(() => {
    vi.doUnmock(MODULE);
    vi.resetModules();
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
});
