import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createApp, h, nextTick, ref } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MountSettings, WidgetInstance } from '../index.ts';

// The wrappers' own job: when to mount, update and destroy. `mount()` itself is the widget's
// business (and e2e/package.spec.ts runs both wrappers against the real one).
const calls = vi.hoisted(() => ({ mounts: [] as Array<{ element: HTMLElement; settings: MountSettings; instance: WidgetInstance }> }));
vi.mock('../index.ts', () => ({
  mount: (element: HTMLElement, settings: MountSettings) => {
    const instance = { update: vi.fn(), destroy: vi.fn() } as unknown as WidgetInstance;
    calls.mounts.push({ element, settings, instance });
    return instance;
  },
}));

const { Porchlight: ReactPorchlight } = await import('./react.ts');
const { Porchlight: VuePorchlight } = await import('./vue.ts');

const live = { projectid: 'p1', apiUrl: 'https://api.example.com/v3', widgetTitle: 'Help' };

beforeEach(() => {
  calls.mounts.length = 0;
});

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
