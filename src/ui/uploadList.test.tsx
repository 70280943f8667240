import { fireEvent } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

const harness = widgetHarness();

/** Every upload the service answers with a 500; `sent` counts the attempts. */
function refusingUploads() {
  const attempts = { sent: 0 };
  class RefusedUpload {
    status = 500;
    responseText = '{}';
    upload: { onprogress: unknown } = { onprogress: null };
    withCredentials = false;
    onload: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    abort() {}
    send() {
      attempts.sent++;
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RefusedUpload);
  return attempts;
}

describe('a file that could not be uploaded (UploadList.tsx)', () => {
  it('is sent again by Retry and taken off the list by Dismiss, through the client’s commands', async () => {
    const { ui, root } = harness.start({ open: true });
    await until(() => expect(root.querySelector('input[type=file]')).toBeTruthy());
    const attempts = refusingUploads();
    const file = new File(['x'.repeat(10)], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(root.querySelector('input[type=file]')!, { target: { files: [file] } });
    const failed = () => root.querySelector('.upload-error');
    await until(() => expect(failed()?.textContent).toContain('notes.pdf'));
    expect(attempts.sent).toBe(1);

    fireEvent.click(ui.getByRole('button', { name: 'Retry' }));
    await until(() => expect(attempts.sent).toBe(2));
    await until(() => expect(failed()).toBeTruthy());

    fireEvent.click(ui.getByRole('button', { name: 'Dismiss' }));
    await until(() => expect(root.querySelector('.uploads')).toBeNull());
    expect(attempts.sent).toBe(2);
  });
});
