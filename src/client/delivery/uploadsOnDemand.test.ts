import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationModel } from '../conversation/conversation.ts';
import type { SessionModel } from '../session/session.ts';

function options() {
  const authorized = vi.fn(() => Promise.resolve({ filename: 'uploads/x' }));
  const session = { allowAgain: vi.fn(), authorized } as unknown as SessionModel;
  const send = vi.fn((_message: { text: string }) => Promise.resolve());
  const conversation = { send } as unknown as ConversationModel;
  return {
    send,
    options: {
      apiUrl: 'https://api.test/v3',
      projectId: 'p1',
      session,
      conversation,
      settings: signal({ fileUploadAccept: '*/*', allowedUploadExtentions: '*/*' }),
      onError: vi.fn(),
    },
  };
}

const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'application/pdf' });

describe('uploadsOnDemand', () => {
  afterEach(() => {
    vi.doUnmock('./uploads.ts');
    vi.resetModules();
  });

  it('files attached while the code downloads are listed and sent in the order they came, then at once', async () => {
    const { uploadsOnDemand } = await import('./uploadsOnDemand.ts');
    const { send, options: o } = options();
    const uploads = uploadsOnDemand(o);
    const listed: string[][] = [];
    uploads.items.subscribe((items) => listed.push(items.map((i) => i.name)));
    uploads.add(file('a.pdf'));
    uploads.add(file('b.pdf'));
    await vi.waitFor(() => expect(send.mock.calls.map(([m]) => m.text)).toEqual(['a.pdf', 'b.pdf']), { timeout: 5000 });
    expect(listed).toContainEqual(['a.pdf', 'b.pdf']);
    expect(uploads.items.value).toEqual([]);
    // The code is here: the next file is listed in the same call.
    uploads.add(file('c.pdf'));
    expect(uploads.items.value.map((i) => i.name)).toEqual(['c.pdf']);
  });

  it('offline (the code not downloaded): the file is listed as not sent, can be dismissed, and the next file tries again', async () => {
    vi.doMock('./uploads.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { uploadsOnDemand } = await import('./uploadsOnDemand.ts');
    const { send, options: o } = options();
    const uploads = uploadsOnDemand(o);
    uploads.add(file('a.pdf'));
    await vi.waitFor(() => expect(uploads.items.value.map((i) => [i.name, i.error])).toEqual([['a.pdf', 'UPLOAD_FAILED']]), { timeout: 5000 });
    uploads.retry(uploads.items.value[0]!.id);
    uploads.dismiss(uploads.items.value[0]!.id);
    expect(uploads.items.value).toEqual([]);
    expect(send).not.toHaveBeenCalled();

    vi.doUnmock('./uploads.ts');
    uploads.add(file('b.pdf'));
    await vi.waitFor(() => expect(send.mock.calls.map(([m]) => m.text)).toEqual(['b.pdf']), { timeout: 5000 });
  });
});
