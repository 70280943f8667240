import { fireEvent } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { widgetHarness } from '../test/mountForTest.ts';
import { until } from '../test/fakeFetch.ts';
import { afterFakeTime } from '../test/fakeTime.ts';

const harness = widgetHarness();

/**
 * A drag event carrying files. happy-dom has no DataTransfer for synthetic drags, nor `ondragover`
 * and the like on elements: Preact then listens by the prop's own name (`onDragOver` → `DragOver`).
 */
const fileDrag = (type: 'dragover' | 'dragleave' | 'drop') => {
  const name = { dragover: 'DragOver', dragleave: 'DragLeave', drop: 'Drop' }[type];
  const event = new Event(`on${type}` in document.body ? type : name, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types: ['Files'], files: [] } });
  return event;
};

describe('dropping a file on the window', () => {
  it(
    'says where to drop it while a file is over the window (its code and text loaded on demand), till it leaves or is dropped',
    { timeout: 15_000 },
    async () => {
      const { ui } = harness.start({ open: true });
      const dialog = await ui.findByRole('dialog');
      await ui.findByRole('button', { name: 'Attach a file' });
      const over = fileDrag('dragover');
      fireEvent(dialog, over);
      expect(over.defaultPrevented).toBe(true);
      await until(() => expect(dialog.querySelector('.drop-hint')?.textContent).toBe('Drop the file to send it'));
      fireEvent(dialog, fileDrag('dragleave'));
      await until(() => expect(ui.queryByText('Drop the file to send it')).toBeNull());
      fireEvent(dialog, fileDrag('dragover'));
      // Its code is here now: it shows at once.
      expect(ui.getByText('Drop the file to send it')).toBeTruthy();
      const drop = fileDrag('drop');
      fireEvent(dialog, drop);
      expect(drop.defaultPrevented).toBe(true);
      await until(() => expect(ui.queryByText('Drop the file to send it')).toBeNull());
    },
  );

  it('shows no hint where the visitor cannot send files', async () => {
    const { ui } = harness.start({ open: true, showAttachmentFooterButton: false });
    const dialog = await ui.findByRole('dialog');
    const event = fileDrag('dragover');
    // Past the paint a view on demand waits for (client/live/afterPaint.ts), and with the code it would then ask for.
    await afterFakeTime(1000, () => fireEvent(dialog, event));
    await vi.dynamicImportSettled();
    expect(event.defaultPrevented).toBe(false);
    expect(ui.queryByText('Drop the file to send it')).toBeNull();
  });
});
