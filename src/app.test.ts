import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, type BootedWidget } from './app.ts';
import { createConversation } from './client/conversation/conversation.ts';
import type * as ConversationModule from './client/conversation/conversation.ts';
import { themeVariables } from './state/theme.ts';
import type * as ThemeModule from './state/theme.ts';
import { until } from './test/fakeFetch.ts';
import { nextTask as taskEnd } from './test/fakeTime.ts';
import { createFakeService } from './test/fakeService.ts';

// The real conversation model, counted: the boot makes it in a task of its own, not in the first.
vi.mock('./client/conversation/conversation.ts', async (actual) => {
  const real = await actual<typeof ConversationModule>();
  return { ...real, createConversation: vi.fn(real.createConversation) };
});

// The theme's colours, counted: worked out with the styles, once, not in the first render's task.
vi.mock('./state/theme.ts', async (actual) => {
  const real = await actual<typeof ThemeModule>();
  return { ...real, themeVariables: vi.fn(real.themeVariables) };
});

/**
 * What the app takes over from the loader (embed/loader.ts) at boot: its placeholder launcher (a
 * keyboard user's focus included) and the page's queued calls, so the loader stays small.
 */
const instances: BootedWidget[] = [];
afterEach(() => {
  for (const instance of instances.splice(0)) instance.command('destroy');
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.mocked(createConversation).mockClear();
  vi.mocked(themeVariables).mockClear();
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
    // A page may push anything on the queue: a list whose reading throws, a name that is no string.
    const hostileList = new Proxy([], {
      get() {
        throw new TypeError('a hostile page');
      },
    });
    const queue: ArrayLike<unknown>[] = [['on', 'ready', () => seen.push('ready')], officialArgs, [throwingName], hostileList, [Symbol('x')], ['open']];
    const instance = boot({ host, settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' }, visitorOpened: false, queue });
    instances.push(instance);
    // Our launcher paints in a later task (issue 9 §1); the placeholder itself keeps the focus till then.
    expect(placeholder.isConnected).toBe(true);
    expect(placeholder.disabled).toBe(false);
    expect(root.activeElement).toBe(placeholder);
    expect(root.querySelector('button.launcher')).toBeNull();
    // The queue runs once the widget is made (a task of its own).
    await until(() => expect(queue).toHaveLength(0));
    window.removeEventListener('porchlight:error', onError);
    // Each bad call is ignored with one error, and the ones after it still run.
    expect(errors).toEqual([
      { type: 'config', message: 'Porchlight(name, …): the name of a command is a string' },
      { type: 'config', message: 'TypeError: a hostile page' },
      { type: 'config', message: 'Porchlight(name, …): the name of a command is a string' },
    ]);
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
    // A loader of an earlier release disabled it at the visitor's first click; its handlers load the app.
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
    instance.command('on', 'open', () => opened.push('open'));
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

  /** A boot whose steps wait for the test to run each as a task. */
  function steppedBoot(queue: ArrayLike<unknown>[] = []) {
    const service = createFakeService();
    const fetches = vi.fn(service.fetch);
    vi.stubGlobal('fetch', fetches);
    const { host, root, placeholder } = loaderHost();
    const waiting: Array<() => void> = [];
    const nextTask = () => new Promise<void>((resolve) => waiting.push(resolve));
    const instance = boot({
      host,
      settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' },
      visitorOpened: false,
      queue,
      nextTask,
    });
    instances.push(instance);
    return {
      instance,
      placeholder,
      fetches,
      waiting,
      /** Runs the next boot step, and whatever it sets off within its task (promise jobs, a zero timer). */
      async runTask() {
        expect(waiting).toHaveLength(1);
        waiting.shift()!();
        await taskEnd();
      },
      styles: () => root.adoptedStyleSheets.length + root.querySelectorAll('style').length,
      launcher: () => root.querySelector<HTMLButtonElement>('button.launcher'),
    };
  }

  it('boots in tasks of its own: the launcher models, the tabs, the visitor, the conversation, the polls, the client with the widget, its look, the styles, the first render and the start-up (storage, then the service); a click before the start is not lost', async () => {
    const { instance, fetches, waiting, runTask, styles, launcher } = steppedBoot();
    const opened: string[] = [];
    instance.command('on', 'open', () => opened.push('open'));
    await taskEnd();
    // The boot's own task made the launcher's models only: no conversation (its stored history may be
    // long), nothing styled, painted, read or asked.
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    expect(createConversation).not.toHaveBeenCalled();
    await runTask(); // the tabs
    expect(createConversation).not.toHaveBeenCalled();
    await runTask(); // the visitor's models (session, identity, intake)
    expect(createConversation).not.toHaveBeenCalled();
    await runTask(); // the conversation and the rest of the chat's models
    expect(createConversation).toHaveBeenCalledTimes(1);
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    await runTask(); // the client's polls and lists
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    await runTask(); // the client's commands and policy, and the widget
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    await runTask(); // the last visit's look (none here)
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([0, null, 0]);
    const themes = vi.mocked(themeVariables).mock.calls.length;
    await runTask(); // the styles, with the theme's colours
    expect([styles(), launcher(), fetches.mock.calls.length]).toEqual([1, null, 0]);
    expect(vi.mocked(themeVariables).mock.calls.length).toBe(themes + 1);
    await runTask(); // the first render
    expect(launcher()).not.toBeNull();
    expect(vi.mocked(themeVariables).mock.calls.length).toBe(themes + 1);
    expect(fetches).not.toHaveBeenCalled();
    // The visitor clicks before the client has started: the window opens all the same, once the
    // stored visit is read (with a conversation, once its history is here: never empty first).
    launcher()!.click();
    expect(opened).toEqual([]);
    await runTask(); // the start-up: the stored visit, then the service
    await until(() => expect(launcher()!.getAttribute('aria-expanded')).toBe('true'));
    await until(() => expect(fetches).toHaveBeenCalled());
    await until(() => expect(opened).toEqual(['open']));
    expect(waiting).toHaveLength(0);
    expect(createConversation).toHaveBeenCalledTimes(1);
  });

  it("a click on the placeholder and the page's calls while the client is being made wait for it, then run once each, in their order", async () => {
    const seen: string[] = [];
    const { instance, placeholder, runTask, launcher, waiting } = steppedBoot([['on', 'open', () => seen.push('open')]]);
    await taskEnd();
    expect(createConversation).not.toHaveBeenCalled();
    // Between the boot's tasks, before there is a client: the visitor clicks, the page calls.
    placeholder.click();
    expect(instance.command('hide')).toBeUndefined();
    await runTask(); // the tabs
    await runTask(); // the visitor's models
    await runTask(); // the conversation
    expect(createConversation).toHaveBeenCalledTimes(1);
    instance.command('show');
    await runTask(); // the client's polls
    instance.command('on', 'close', () => seen.push('close'));
    await runTask(); // the client's commands and policy, and the widget: the calls so far run now, in order
    await runTask(); // the last visit's look
    await runTask(); // the styles
    await runTask(); // the first render: shown (hide, then show); open (the visitor's click), its window once the stored visit is read
    expect(launcher()!.getAttribute('aria-expanded')).toBe('false');
    expect(placeholder.isConnected).toBe(false);
    await runTask(); // the start-up
    expect(waiting).toHaveLength(0);
    await until(() => expect(launcher()!.getAttribute('aria-expanded')).toBe('true'));
    await until(() => expect(seen).toEqual(['open']));
    // Once each: one listener for each event; from now on the calls go straight to the widget.
    instance.command('close');
    await until(() => expect(seen).toEqual(['open', 'close']));
    expect(launcher()!.getAttribute('aria-expanded')).toBe('false');
  });

  it('reads a token in the address once and takes it out of it, every other part kept, so Back or a reload never signs in with it again (issue 22 §17)', async () => {
    const service = createFakeService();
    vi.stubGlobal('fetch', service.fetch);
    const before = location.href;
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJfaWQiOiJqYW5lIn0.c2ln';
    history.replaceState({ router: 'kept' }, '', `/shop/item?utm=mail&porchlight_jwt=${token}&b=%20x&tiledesk_jwt=${token}#reviews`);
    try {
      const { host } = loaderHost();
      instances.push(boot({ host, settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' }, visitorOpened: false }));
      expect(location.pathname + location.search + location.hash).toBe('/shop/item?utm=mail&b=%20x#reviews');
      expect(history.state).toEqual({ router: 'kept' });
      // It was read all the same: the widget signs in with it.
      await until(() => expect(service.calls.filter((c) => c.path === '/auth/signinWithCustomToken')).toHaveLength(1));
      expect(service.calls.find((c) => c.path === '/auth/signinWithCustomToken')?.headers.Authorization).toBe(`JWT ${token}`);
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it("a page written for the official widget (window.Tiledesk is the loader's) gets window.tiledesk, an alias of the same commands; other pages do not", async () => {
    type OfficialPage = Window & { Tiledesk?: unknown; Porchlight?: unknown; tiledesk?: Record<string, (...args: unknown[]) => unknown> };
    const page = window as OfficialPage;
    const service = createFakeService();
    vi.stubGlobal('fetch', service.fetch);
    const settings = { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none' };
    try {
      // A Porchlight page: nothing more on window.
      const plain = boot({ host: loaderHost().host, settings, visitorOpened: false });
      instances.push(plain);
      await until(() => expect(document.querySelector('porchlight-widget')!.shadowRoot!.querySelector('button.launcher')).not.toBeNull());
      expect('tiledesk' in window).toBe(false);
      plain.command('destroy');
      document.body.innerHTML = '';

      // The loader made window.Tiledesk the same function as window.Porchlight.
      page.Porchlight = page.Tiledesk = () => undefined;
      const { host, root } = loaderHost();
      instances.push(boot({ host, settings, visitorOpened: false }));
      await until(() => expect(page.tiledesk).toBeDefined());
      const launcher = () => root.querySelector('button.launcher');
      await until(() => expect(launcher()).not.toBeNull());
      // The official open() toggles.
      page.tiledesk!.open!();
      await until(() => expect(launcher()!.getAttribute('aria-expanded')).toBe('true'));
      page.tiledesk!.open!();
      await until(() => expect(launcher()!.getAttribute('aria-expanded')).toBe('false'));
    } finally {
      delete page.tiledesk;
      delete page.Tiledesk;
      delete page.Porchlight;
    }
  });

  it('still refuses at once a page without a project (the loader then leaves nothing behind)', () => {
    const { host } = loaderHost();
    expect(() => boot({ host, settings: {}, visitorOpened: false })).toThrow(/projectid/);
  });
});
