import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import type { ConversationModel } from '../conversation/conversation.ts';
import type { SessionModel } from '../session/session.ts';
import type { IntakeStage } from '../ui-state/intake.ts';
import { createUploads } from './uploads.ts';

function setup(rules = { accept: '*/*', allowedExtensions: '*/*' }, stage = signal<IntakeStage>('chat')) {
  const authorized = vi.fn();
  const session = { allowAgain: vi.fn(), authorized } as unknown as SessionModel;
  const send = vi.fn(() => Promise.resolve());
  const conversation = { send } as unknown as ConversationModel;
  const onError = vi.fn();
  const uploads = createUploads({
    apiUrl: 'https://api.test/v3',
    projectId: 'p1',
    session,
    conversation,
    settings: signal({ fileUploadAccept: rules.accept, allowedUploadExtentions: rules.allowedExtensions }),
    onError,
    intake: { stage },
  });
  return { uploads, authorized, send, onError, session };
}

const file = (name: string, size: number, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });

describe('createUploads', () => {
  it('refuses what the rules refuse without any call: the type, or the size with its limit', async () => {
    const { uploads, authorized } = setup({ accept: '*/*', allowedExtensions: '.pdf,.png' });
    uploads.add(file('run.exe', 10, 'application/octet-stream'));
    uploads.add(file('big.pdf', 2_000_000));
    // Both are listed at once; the verdict comes with the rules' code.
    expect(uploads.items.value.map((i) => i.name)).toEqual(['run.exe', 'big.pdf']);
    await vi.waitFor(() =>
      expect(uploads.items.value.map((i) => [i.name, i.error, i.errorParams])).toEqual([
        ['run.exe', 'UPLOAD_TYPE_NOT_ALLOWED', undefined],
        ['big.pdf', 'UPLOAD_TOO_LARGE', { size: '1024 kB' }],
      ]),
    );
    expect(authorized).not.toHaveBeenCalled();
    uploads.dismiss(uploads.items.value[0]!.id);
    expect(uploads.items.value.map((i) => i.name)).toEqual(['big.pdf']);
  });

  it("a refused upload says why and reports it; Retry tries again (a refused session too) and sends the file's message", async () => {
    const { uploads, authorized, send, onError, session } = setup();
    authorized.mockRejectedValueOnce(new ApiError(413, 'too large', null));
    uploads.add(file('report.pdf', 100));
    await vi.waitFor(() => expect(uploads.items.value[0]?.error).toBe('UPLOAD_TOO_LARGE'));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ type: 'upload', status: 413 }));
    expect(send).not.toHaveBeenCalled();

    authorized.mockResolvedValueOnce({ filename: 'uploads/report.pdf' });
    uploads.retry(uploads.items.value[0]!.id);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(session.allowAgain).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenCalledWith({
      text: 'report.pdf',
      type: 'file',
      metadata: { src: 'https://api.test/v3/files?path=uploads%2Freport.pdf', name: 'report.pdf', type: 'application/pdf', size: 100 },
    });
    expect(uploads.items.value).toEqual([]);
  });

  it('a file attached while the pre-chat form is asked waits, listed, and goes once it is answered: the sign-in carries the answers (issue 26 §4)', async () => {
    const stage = signal<IntakeStage>('prechat');
    const { uploads, authorized, send } = setup(undefined, stage);
    authorized.mockResolvedValue({ filename: 'uploads/report.pdf' });
    uploads.add(file('report.pdf', 100));
    await vi.dynamicImportSettled();
    await Promise.resolve();
    expect(uploads.items.value.map((i) => [i.name, i.progress, i.error])).toEqual([['report.pdf', 0, null]]);
    expect(authorized).not.toHaveBeenCalled();
    stage.value = 'departments';
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(authorized).toHaveBeenCalledTimes(1);
    expect(uploads.items.value).toEqual([]);
  });
});
