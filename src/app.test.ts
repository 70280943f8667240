import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot } from './app.ts';
import { until } from './test/fakeFetch.ts';
import { createFakeService } from './test/fakeService.ts';
import type { WidgetInstance } from './widget.ts';

/**
 * What the app takes over from the loader (embed/loader.ts) at boot: its placeholder launcher (a
 * keyboard user's focus included) and the page's queued calls, so the loader stays small.
 */
const instances: WidgetInstance[] = [];
afterEach(() => {
  for (const instance of instances.splice(0)) instance.destroy();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** A host as the loader leaves it: an open shadow root with its placeholder `button.l`, focused. */
function loaderHost() {
  const host = document.createElement('porchlight-widget');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const placeholder = document.createElement('button');
  placeholder.className = 'l';
  root.append(placeholder);
  placeholder.focus();
  return { host, root, placeholder };
}

describe('boot', () => {
  it('keeps the placeholder till our launcher paints, keeps the keyboard focus on the launcher, and runs the queue in order (arguments objects too)', async () => {
    const service = createFakeService();
    vi.stubGlobal('fetch', service.fetch);
    const { host, root, placeholder } = loaderHost();
    const seen: string[] = [];
    const errors: unknown[] = [];
    const onError = (e: Event) => errors.push((e as CustomEvent).detail);
    window.addEventListener('porchlight:error', onError);
    const officialArgs = (function (..._: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      return arguments;
    })('on', 'open', () => seen.push('open'));
    const throwingName = {
      toString(): string {
        throw new Error('a page passed something odd');
      },
    };
    const queue: ArrayLike<unknown>[] = [['on', 'ready', () => seen.push('ready')], officialArgs, [throwingName], ['open']];
    const instance = boot({ host, settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' }, visitorOpened: false, queue });
    instances.push(instance);
    window.removeEventListener('porchlight:error', onError);
    // Our launcher paints in a later task (issue 9 §1); the placeholder itself keeps the focus till then.
    expect(placeholder.isConnected).toBe(true);
    expect(placeholder.disabled).toBe(false);
    expect(root.activeElement).toBe(placeholder);
    expect(root.querySelector('button.launcher')).toBeNull();
    expect(queue).toHaveLength(0);
    // One bad call is reported and the ones after it still run.
    expect(errors).toEqual([{ type: 'command', message: 'Error: a page passed something odd' }]);
    await until(() => expect([...seen].sort()).toEqual(['open', 'ready']));
    await until(() => expect(root.querySelector('button.launcher')).not.toBeNull());
    expect(root.querySelector('button.l')).toBeNull();
    expect(root.activeElement).toBe(root.querySelector('button.launcher'));
  });

  it('leaves the focus alone when the placeholder did not have it', async () => {
    const service = createFakeService();
    vi.stubGlobal('fetch', service.fetch);
    const { host, root, placeholder } = loaderHost();
    placeholder.blur();
    instances.push(boot({ host, settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' }, visitorOpened: false }));
    expect(root.activeElement).toBeNull();
    await until(() => expect(root.querySelector('button.launcher')).not.toBeNull());
    expect(root.querySelector('button.l')).toBeNull();
    expect(root.activeElement).toBeNull();
  });

  it("a click on the placeholder after boot opens the window as the visitor's own action; one pressed when ours paints leaves after its release", async () => {
    const service = createFakeService();
    vi.stubGlobal('fetch', service.fetch);
    const { host, root, placeholder } = loaderHost();
    // The loader disabled it at the visitor's first click; its handlers load the app.
    placeholder.disabled = true;
    const loaderLoads = vi.fn();
    placeholder.onpointerenter = placeholder.onfocus = loaderLoads;
    // happy-dom has no :active: the visitor is pressing it when our launcher paints.
    let pressed = true;
    const matches = placeholder.matches.bind(placeholder);
    placeholder.matches = (selector: string) => (selector === ':active' ? pressed : matches(selector));
    const instance = boot({ host, settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' }, visitorOpened: false });
    instances.push(instance);
    const opened: string[] = [];
    instance.on('open', () => opened.push('open'));
    expect(placeholder.disabled).toBe(false);
    await until(() => expect(root.querySelector('button.launcher')).not.toBeNull());
    // Still there, on top of ours, while pressed: the release and its click are the placeholder's.
    expect(placeholder.isConnected).toBe(true);
    pressed = false;
    window.dispatchEvent(new PointerEvent('pointerup'));
    placeholder.dispatchEvent(new FocusEvent('focus'));
    placeholder.click();
    await until(() => expect(placeholder.isConnected).toBe(false));
    expect(loaderLoads).not.toHaveBeenCalled();
    await until(() => expect(opened).toEqual(['open']));
    expect(root.querySelector('button.launcher')!.getAttribute('aria-expanded')).toBe('true');
  });

  it('boots in tasks of its own: creating the client, its look, the styles, the first render and the start-up (storage, then the service); a click before the start is not lost', async () => {
    const service = createFakeService();
    const fetches = vi.fn(service.fetch);
    vi.stubGlobal('fetch', fetches);
    const { host, root } = loaderHost();
    // Each boot step waits here for the test to run it as a task.
    const waiting: Array<() => void> = [];
    const nextTask = () => new Promise<void>((resolve) => waiting.push(resolve));
    /** Runs the next boot step, and whatever it sets off within its task (promise jobs, a zero timer). */
    const runTask = async () => {
      expect(waiting).toHaveLength(1);
      waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const styles = () => root.adoptedStyleSheets.length + root.querySelectorAll('style').length;
    const launcher = () => root.querySelector<HTMLButtonElement>('button.launcher');
    const opened: string[] = [];
    const instance = boot({ host, settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' }, visitorOpened: false, nextTask });
    instances.push(instance);
    instance.on('open', () => opened.push('open'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The creation task: the client and the widget exist; nothing is styled, painted, read or asked yet.
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    await runTask(); // the last visit's look (none here)
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    await runTask(); // the styles
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([1, null, 0]);
    await runTask(); // the first render
    expect(launcher()).not.toBeNull();
    expect(fetches).not.toHaveBeenCalled();
    // The visitor clicks before the client has started: the window opens all the same.
    launcher()!.click();
    await until(() => expect(launcher()!.getAttribute('aria-expanded')).toBe('true'));
    expect(opened).toEqual([]);
    await runTask(); // the start-up: the stored visit, then the service
    await until(() => expect(fetches).toHaveBeenCalled());
    await until(() => expect(opened).toEqual(['open']));
    expect(waiting).toHaveLength(0);
  });

  it('still refuses at once a page without a project (the loader then leaves nothing behind)', () => {
    const { host } = loaderHost();
    expect(() => boot({ host, settings: {}, visitorOpened: false })).toThrow(/projectid/);
  });
});
