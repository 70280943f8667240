import { within } from '@testing-library/preact';
import { afterEach, beforeEach, vi } from 'vitest';
import { mount, type MountSettings } from '../index.ts';
import type { WidgetInstance } from '../widget.ts';
import { createFakeService } from './fakeService.ts';

/**
 * Component tests of whole widgets: each test gets a fresh fake service behind `fetch`, and every
 * widget it mounts (memory storage, no websocket) is destroyed after it. Call at the top of a file.
 */
export function widgetHarness() {
  const state = { service: createFakeService(), instances: [] as WidgetInstance[] };
  beforeEach(() => {
    state.service = createFakeService();
    vi.stubGlobal('fetch', state.service.fetch);
  });
  afterEach(() => {
    for (const widget of state.instances) widget.destroy();
    state.instances = [];
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });
  return {
    get service() {
      return state.service;
    },
    /** Mounts a widget and gives the queries of its shadow root. */
    start(settings: MountSettings = {}) {
      const container = document.createElement('div');
      document.body.appendChild(container);
      const widget = mount(container, { projectid: state.service.projectId, apiUrl: state.service.apiUrl, persistence: 'none', realtime: false, ...settings });
      state.instances.push(widget);
      const host = container.querySelector('porchlight-widget') as HTMLElement;
      return { widget, host, ui: within(host.shadowRoot as unknown as HTMLElement), root: host.shadowRoot! };
    },
    /** Keeps a widget mounted some other way in the cleanup. */
    track(widget: WidgetInstance) {
      state.instances.push(widget);
    },
  };
}
