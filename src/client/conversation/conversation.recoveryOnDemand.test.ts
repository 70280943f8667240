import { afterEach, describe, expect, it, vi } from 'vitest';
import { itIsNotDownloadedByAFirstSend } from '../../test/conversationWithCodeOnDemand.ts';
import { until } from '../../test/fakeFetch.ts';

const MODULE = '../client/conversation/messageRecovery.ts';
// Imported after the mock, as the conversation's own modules are: one copy of each (the failure
// rules tell a network error by its class).
const setup = async () => (await import('../../test/conversationWithCodeOnDemand.ts')).conversationWithCodeOnDemand(MODULE);

describe('conversation: a message in trouble (retry, discard, a cut-off attempt) comes on demand', () => {
  afterEach(() => {
    vi.doUnmock(MODULE);
    vi.resetModules();
  });

  itIsNotDownloadedByAFirstSend(setup);

  it('a retry and a discard made before the code is here wait for it and run in the order they were made', async () => {
    const { service, conversation, loads } = await setup();
    let refuse = true;
    service.setFault((call) => (call.method === 'POST' && refuse ? { status: 403, body: { success: false, msg: 'nope' } } : undefined));
    await conversation.send({ text: 'Again' });
    await conversation.send({ text: 'Drop me' });
    const [again, drop] = conversation.outbox.value;
    expect([again?.state, drop?.state]).toEqual(['failed', 'failed']);
    refuse = false;
    // In this order the discard finds the first message on its way again (only a failed one is
    // discarded), and the second failed: the first is sent, the second dropped.
    const calls = [
      conversation.retry(again!.tempUID),
      conversation.discard(again!.tempUID),
      conversation.discard(drop!.tempUID),
      conversation.retry(drop!.tempUID),
    ];
    expect(conversation.outbox.value).toHaveLength(2);
    await Promise.all(calls);
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(service.messages.get(conversation.requestId.value!)!.map((m) => m.text)).toEqual(['Again']);
    expect(loads).toHaveBeenCalledTimes(1);
    conversation.dispose();
  });

  it('not downloaded: a retry fails as the network would (the message stays failed), and the next one tries again', async () => {
    const { service, conversation, network, loads } = await setup();
    let refuse = true;
    service.setFault((call) => (call.method === 'POST' && refuse ? { status: 403, body: { success: false, msg: 'nope' } } : undefined));
    await conversation.send({ text: 'Again' });
    const tempUID = conversation.outbox.value[0]!.tempUID;
    refuse = false;
    network.codeDown = true;
    await expect(conversation.retry(tempUID)).rejects.toThrow();
    expect(conversation.outbox.value).toMatchObject([{ state: 'failed' }]);
    network.codeDown = false;
    await conversation.retry(tempUID);
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(loads).toHaveBeenCalledTimes(2);
    conversation.dispose();
  });

  it('not downloaded after a cut-off attempt: it is not sent blindly, and once the code is here it is found stored (sent once)', async () => {
    const { service, conversation, network, loads } = await setup();
    let drops = 1;
    service.setFault((call) => (call.method === 'POST' && call.path.endsWith('/messages') && drops-- > 0 ? 'store-then-drop' : undefined));
    network.codeDown = true;
    await conversation.send({ text: 'Once only' });
    await until(() => expect(loads).toHaveBeenCalled());
    expect(conversation.outbox.value).toMatchObject([{ text: 'Once only', maybeDelivered: true }]);
    network.codeDown = false;
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(service.posts()).toHaveLength(1);
    expect(conversation.messages.value).toMatchObject([{ text: 'Once only', state: 'sent' }]);
    conversation.dispose();
  });
});
