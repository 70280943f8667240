import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationWithCodeOnDemand, itIsNotDownloadedByAFirstSend } from '../../test/conversationWithCodeOnDemand.ts';

const MODULE = '../client/conversation/conversationLeave.ts';
const setup = () => conversationWithCodeOnDemand(MODULE);

describe('conversation: leaving it comes on demand', () => {
  afterEach(() => {
    vi.doUnmock(MODULE);
    vi.resetModules();
  });

  itIsNotDownloadedByAFirstSend(setup);

  it('not downloaded: ending fails as the network would (nothing changed), and the next try ends it', async () => {
    const { service, store, conversation, network } = await setup();
    await conversation.send({ text: 'Hello' });
    const rid = conversation.requestId.value!;
    network.codeDown = true;
    await expect(conversation.close()).rejects.toThrow();
    expect(conversation.closed.value).toBe(false);
    expect(service.calls.some((call) => call.path.endsWith('/closeg'))).toBe(false);
    network.codeDown = false;
    await conversation.close();
    expect(conversation.closed.value).toBe(true);
    expect(await store.get('conversation')).toEqual({ requestId: rid, closed: true });
    conversation.dispose();
  });

  it("not downloaded: another tab's conversation is not followed (no rejection left unhandled), the next change is", async () => {
    const { store, conversation, network } = await setup();
    await conversation.send({ text: 'Hello' });
    const mine = conversation.requestId.value!;
    const other = mine.replace(/.{4}$/, 'beef');
    await store.set('conversation', { requestId: other });
    network.codeDown = true;
    await expect(conversation.adopt()).resolves.toBeUndefined();
    expect(conversation.requestId.value).toBe(mine);
    network.codeDown = false;
    await conversation.adopt();
    expect(conversation.requestId.value).toBe(other);
    expect(conversation.history.value).toEqual([]);
    conversation.dispose();
  });
});
