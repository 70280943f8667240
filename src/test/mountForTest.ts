import { within } from '@testing-library/preact';
import { mount, type MountSettings } from '../index.ts';
import type { WidgetInstance } from '../widget.ts';

/**
 * Mounts a widget for a component test (memory storage, no websocket) and gives the queries of its
 * shadow root. `instances` collects it so the test's afterEach can destroy it.
 */
export function mountForTest(instances: WidgetInstance[], service: { projectId: string; apiUrl: string }, settings: MountSettings = {}) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const widget = mount(container, { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none', realtime: false, ...settings });
  instances.push(widget);
  const host = container.querySelector('porchlight-widget') as HTMLElement;
  return { widget, host, ui: within(host.shadowRoot as unknown as HTMLElement), root: host.shadowRoot! };
}
