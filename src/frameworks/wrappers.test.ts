import { act, createElement, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createApp, h, nextTick, ref } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WidgetEntry from '../index.ts';
import type { MountSettings, WidgetInstance } from '../index.ts';
import { createFakeService } from '../test/fakeService.ts';

// The wrappers' own job: when to mount, update and destroy. `mount()` itself is the widget's
// business (and e2e/package.spec.ts runs both wrappers against the real one), except where a test
// sets `real`: then each mount is the real widget, with a `fetch` of its own (`real(n)` for the nth).
const calls = vi.hoisted(() => ({
  mounts: [] as Array<{ element: HTMLElement; settings: MountSettings; instance: WidgetInstance }>,
  real: null as ((n: number) => typeof fetch) | null,
}));
vi.mock('../index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof WidgetEntry>();
  return {
    mount: (element: HTMLElement, settings: MountSettings) => {
      let instance = { update: vi.fn(), destroy: vi.fn() } as unknown as WidgetInstance;
      if (calls.real) {
        // The widget's http takes the window's `fetch` when it is made.
        vi.stubGlobal('fetch', calls.real(calls.mounts.length));
        instance = actual.mount(element, settings);
      }
      calls.mounts.push({ element, settings, instance });
      return instance;
    },
  };
});

const { Porchlight: ReactPorchlight } = await import('./react.ts');
const { Porchlight: VuePorchlight } = await import('./vue.ts');

const live = { projectid: 'p1', apiUrl: 'https://api.example.com/v3', widgetTitle: 'Help' };

beforeEach(() => {
  calls.mounts.length = 0;
  calls.real = null;
});
afterEach(() => void vi.unstubAllGlobals());

describe('porchlight/react', () => {
  let root: Root;
  let container: HTMLElement;
  const render = (props: Record<string, unknown>) =>
    act(async () => {
      root.render(createElement(ReactPorchlight, props));
    });

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => container.remove());

  it('mounts once into its div, applies changed props live, and destroys on unmount', async () => {
    const onInstance = vi.fn();
    await render({ ...live, className: 'chat', onInstance });
    expect(calls.mounts).toHaveLength(1);
    const [first] = calls.mounts;
    expect(first!.element).toBe(container.querySelector('div.chat'));
    expect(first!.settings).toEqual(live);
    expect(onInstance).toHaveBeenLastCalledWith(first!.instance);

    await render({ ...live, className: 'chat', onInstance });
    expect(first!.instance.update).not.toHaveBeenCalled();
    await render({ ...live, widgetTitle: 'Desk', className: 'chat', onInstance });
    expect(first!.instance.update).toHaveBeenCalledWith({ widgetTitle: 'Desk' });
    expect(calls.mounts).toHaveLength(1);

    await act(async () => {
      root.unmount();
    });
    expect(first!.instance.destroy).toHaveBeenCalledOnce();
    expect(onInstance).toHaveBeenLastCalledWith(null);
  });

  it('applies a new `jwt` live, and one taken away as `jwt: null` (the instance signs the visitor out), on the same instance', async () => {
    await render({ ...live, jwt: 'alice.token.sig' });
    await render({ ...live, jwt: 'bob.token.sig' });
    await render(live);
    expect(calls.mounts).toHaveLength(1);
    expect(vi.mocked(calls.mounts[0]!.instance.update).mock.calls).toEqual([[{ jwt: 'bob.token.sig' }], [{ jwt: null }]]);
    await act(async () => {
      root.unmount();
    });
  });

  it('makes a new instance for another project', async () => {
    await render(live);
    await render({ ...live, projectid: 'p2' });
    expect(calls.mounts.map((m) => m.settings.projectid)).toEqual(['p1', 'p2']);
    expect(calls.mounts[0]!.instance.destroy).toHaveBeenCalledOnce();
    await act(async () => {
      root.unmount();
    });
  });
});

describe('porchlight/vue', () => {
  it("passes its attributes as settings, but not HTML's own or listeners (an id, data-*, aria-*, @click): those are no unknown setting", () => {
    const container = document.createElement('div');
    document.body.append(container);
    const app = createApp({
      setup: () => () =>
        h(VuePorchlight, {
          ...live,
          'theme-color': '#123456',
          // A setting whose name starts like a listener's is a setting.
          'on-page-change-visibility-desktop': 'open',
          id: 'help',
          'data-test': 'x',
          'aria-label': 'Help',
          onClick: () => {},
        }),
    });
    app.mount(container);
    expect(calls.mounts.map((m) => m.settings)).toEqual([{ ...live, themeColor: '#123456', onPageChangeVisibilityDesktop: 'open' }]);
    app.unmount();
    container.remove();
  });

  it('applies a new `jwt` live, and one taken away as `jwt: null`, on the same instance', async () => {
    const jwt = ref<string | undefined>('alice.token.sig');
    const container = document.createElement('div');
    document.body.append(container);
    const app = createApp({ setup: () => () => h(VuePorchlight, { ...live, ...(jwt.value ? { jwt: jwt.value } : {}) }) });
    app.mount(container);
    jwt.value = 'bob.token.sig';
    await nextTick();
    jwt.value = undefined;
    await nextTick();
    expect(calls.mounts).toHaveLength(1);
    expect(vi.mocked(calls.mounts[0]!.instance.update).mock.calls).toEqual([[{ jwt: 'bob.token.sig' }], [{ jwt: null }]]);
    app.unmount();
    container.remove();
  });

  it('mounts with its attributes as settings (kebab case too), applies changes live, remounts for another project, destroys on unmount', async () => {
    const title = ref('Help');
    const project = ref('p1');
    const instances: Array<WidgetInstance | null> = [];
    const container = document.createElement('div');
    document.body.append(container);
    const app = createApp({
      setup: () => () =>
        h(VuePorchlight, {
          projectid: project.value,
          'api-url': live.apiUrl,
          widgetTitle: title.value,
          class: 'chat',
          onInstance: (i: WidgetInstance | null) => instances.push(i),
        }),
    });
    app.mount(container);
    expect(calls.mounts).toHaveLength(1);
    const [first] = calls.mounts;
    expect(first!.element).toBe(container.querySelector('div.chat'));
    expect(first!.settings).toEqual(live);
    expect(instances).toEqual([first!.instance]);

    title.value = 'Desk';
    await nextTick();
    expect(first!.instance.update).toHaveBeenCalledWith({ widgetTitle: 'Desk' });

    project.value = 'p2';
    await nextTick();
    expect(first!.instance.destroy).toHaveBeenCalledOnce();
    expect(calls.mounts.map((m) => m.settings.projectid)).toEqual(['p1', 'p2']);

    app.unmount();
    expect(calls.mounts[1]!.instance.destroy).toHaveBeenCalledOnce();
    expect(instances.at(-1)).toBeNull();
    container.remove();
  });
});

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('porchlight/react with the real widget', () => {
  let root: Root;
  let container: HTMLElement;
  const render = (element: ReturnType<typeof createElement>) =>
    act(async () => {
      root.render(element);
    });

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    localStorage.clear();
  });

  /** A fake service (a project of its own: storage is shared between tests) whose calls are recorded by instance. */
  function service(projectId: string) {
    const fake = createFakeService({ projectId });
    const requests: Array<{ instance: number; path: string; signal: AbortSignal | null | undefined }> = [];
    calls.real = (instance) => (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requests.push({ instance, path: url.slice(fake.apiUrl.length), signal: init?.signal });
      return fake.fetch(input, init);
    };
    const props = { projectid: projectId, apiUrl: fake.apiUrl, realtime: false };
    return { fake, requests, props };
  }

  it('jwt={alice} then jwt={bob}: Bob sees nothing of Alice’s and writes as himself in a new conversation; taking the token away signs him out (issue 22 §1)', async () => {
    const { fake, props } = service('65f0c0ffee00000000000a01');
    const token = (claims: Record<string, unknown>) => {
      const full = { ...claims, aud: `https://tiledesk.com/projects/${fake.projectId}` };
      const jwt = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(full)}.sig`;
      fake.acceptCustomToken(jwt, full);
      return jwt;
    };
    const alice = token({ _id: 'alice', firstname: 'Alice' });
    const bob = token({ _id: 'bob', firstname: 'Bob' });
    let instance: WidgetInstance | null = null;
    // Kept on the device (IndexedDB), as on a real site: a new instance would find Alice there.
    const chat = (jwt?: string) =>
      createElement(ReactPorchlight, { ...props, persistence: 'local', ...(jwt ? { jwt } : {}), onInstance: (i: WidgetInstance | null) => (instance = i) });
    const shown = () => container.querySelector('porchlight-widget')?.shadowRoot?.textContent ?? '';
    const lastPost = () => {
      const post = fake.posts().at(-1)!;
      const rid = decodeURIComponent(/requests\/([^/]+)\/messages$/.exec(post.path)![1]!);
      return { rid, stored: (fake.messages.get(rid) ?? []).map((m) => [m.sender, m.text]) };
    };

    await render(chat(alice));
    await vi.waitFor(() => expect(fake.calls.filter((c) => c.path === '/auth/signinWithCustomToken')).toHaveLength(1));
    instance!.open();
    await instance!.sendMessage('Alice: my card ends 4242');
    const ridA = lastPost().rid;
    await vi.waitFor(() => expect(shown()).toContain('Alice: my card ends 4242'));

    await render(chat(bob));
    await instance!.sendMessage('Bob: hello');
    const bobs = lastPost();
    expect(bobs.rid).not.toBe(ridA);
    expect(bobs.stored).toEqual([['bob', 'Bob: hello']]);
    await vi.waitFor(() => expect(shown()).toContain('Bob: hello'));
    expect(shown()).not.toContain('Alice');

    await render(chat());
    await vi.waitFor(() => expect(shown()).not.toContain('Bob: hello'));
    await instance!.sendMessage('Who am I now?');
    const after = lastPost();
    expect(after.rid).not.toBe(bobs.rid);
    expect(after.stored).toEqual([['guest-1', 'Who am I now?']]);
  });

  it('StrictMode: the throwaway first instance asks the service nothing (issue 22 §19)', async () => {
    const { requests, props } = service('65f0c0ffee00000000000a02');
    const ready: number[] = [];
    const onInstance = (i: WidgetInstance | null) => {
      const n = calls.mounts.length - 1;
      i?.on('ready', () => ready.push(n));
    };
    await render(createElement(StrictMode, null, createElement(ReactPorchlight, { ...props, persistence: 'none', onInstance })));
    expect(calls.mounts).toHaveLength(2);
    // The live instance has started: it asked for the project and its texts.
    await vi.waitFor(() => expect(ready).toEqual([1]));
    expect(requests.filter((r) => r.instance === 1).map((r) => r.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\/widgets$/)]));
    expect(requests.filter((r) => r.instance === 0)).toEqual([]);
  });

  it('a destroyed instance cuts off the requests it has in flight (issue 22 §19)', async () => {
    const { fake, requests, props } = service('65f0c0ffee00000000000a03');
    fake.setFault((call) => (call.path.endsWith('/widgets') ? 'hang' : undefined));
    await render(createElement(ReactPorchlight, { ...props, persistence: 'none' }));
    await vi.waitFor(() => expect(requests.some((r) => r.path.endsWith('/widgets'))).toBe(true));
    const inFlight = requests.find((r) => r.path.endsWith('/widgets'))!;
    expect(inFlight.signal?.aborted).toBe(false);
    await act(async () => root.unmount());
    expect(inFlight.signal?.aborted).toBe(true);
    root = createRoot(container);
  });
});
