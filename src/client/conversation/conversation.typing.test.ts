import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationWithCodeOnDemand } from '../../test/conversationWithCodeOnDemand.ts';
import { until } from '../../test/fakeFetch.ts';

const MODULE = '../client/conversation/typing.ts';
const setup = () => conversationWithCodeOnDemand(MODULE);

describe('conversation: who is typing comes with the first typing frame', () => {
  afterEach(() => {
    vi.doUnmock(MODULE);
    vi.resetModules();
  });

  it('is not downloaded by a conversation that gets no frame (no socket)', async () => {
    const { conversation, loads } = await setup();
    await conversation.send({ text: 'Hello' });
    expect(conversation.typing.value).toBe(false);
    expect(conversation.typist.value).toBeNull();
    expect(loads).not.toHaveBeenCalled();
    conversation.dispose();
  });

  it('shows the typist once its code is here, frames in the order they came; their message ends it', async () => {
    const { service, conversation } = await setup();
    await conversation.send({ text: 'Hello' });
    const rid = conversation.requestId.value!;
    // Two frames before the code came: the second (stopped typing) is the one that holds.
    conversation.typingFrame({ sender: 'agent-1', senderFullname: 'Bea', typing: true });
    conversation.typingFrame({ sender: 'agent-1', typing: false });
    conversation.typingFrame({ sender: 'agent-2', senderFullname: 'Cy', typing: true });
    await until(() => conversation.typist.value !== null);
    expect(conversation.typist.value).toMatchObject({ sender: 'agent-2', name: 'Cy' });
    expect(conversation.typing.value).toBe(true);
    conversation.receive([service.agentSays(rid, 'Here I am', { sender: 'agent-2' })] as never);
    expect(conversation.typist.value).toBeNull();
    conversation.dispose();
  });

  it('not downloaded (offline): nobody shows as typing, and the next frame tries again', async () => {
    const { conversation, network, loads } = await setup();
    network.codeDown = true;
    conversation.typingFrame({ sender: 'agent-1', typing: true });
    await until(() => loads.mock.calls.length === 1);
    await vi.dynamicImportSettled();
    expect(conversation.typist.value).toBeNull();
    network.codeDown = false;
    conversation.typingFrame({ sender: 'agent-1', typing: true });
    await until(() => conversation.typist.value !== null);
    expect(loads).toHaveBeenCalledTimes(2);
    conversation.dispose();
  });
});
