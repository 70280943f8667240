import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeService } from './test/fakeService.ts';
import { boot } from './app.ts';
import type { WidgetInstance } from './widget.ts';

/** The loader's state when it calls `boot`: its host, its placeholder launcher (focused or not). */
function loaderHost() {
  const host = document.createElement('porchlight-widget');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const placeholder = document.createElement('button');
  placeholder.className = 'l';
  placeholder.setAttribute('part', 'launcher');
  placeholder.setAttribute('aria-label', 'Open chat');
  placeholder.disabled = true;
  root.append(placeholder);
  return { host, root, placeholder };
}

describe('boot (the script tag’s app)', () => {
  let widget: WidgetInstance | undefined;
  afterEach(() => {
    widget?.destroy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('paints in the task after the client is created, a copy of the placeholder standing in until then', async () => {
    const service = createFakeService();
    vi.stubGlobal('fetch', service.fetch);
    const { host, root, placeholder } = loaderHost();
    placeholder.focus();
    widget = boot({
      host,
      settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' },
      query: '',
      visitorOpened: false,
      focusLauncher: true,
    });
    // What the loader does next, in the same task.
    placeholder.remove();
    const standIn = root.querySelector<HTMLButtonElement>('button.l');
    expect(standIn).not.toBeNull();
    expect(standIn!.disabled).toBe(false);
    expect(root.activeElement).toBe(standIn);
    expect(root.querySelector('.launcher')).toBeNull();
    await vi.waitFor(() => expect(root.querySelector('button.launcher')).not.toBeNull());
    expect(root.querySelector('button.l')).toBeNull();
    expect(root.activeElement).toBe(root.querySelector('button.launcher'));
  });

  it('still refuses at once a page without a project (the loader then leaves nothing behind)', () => {
    const { host } = loaderHost();
    expect(() => boot({ host, settings: {}, query: '', visitorOpened: false })).toThrow(/projectid/);
  });
});
