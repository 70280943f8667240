import { describe, expect, it } from 'vitest';
import { widgetHarness } from './test/mountForTest.ts';
import type { WidgetErrorDetail } from './client/platform/events.ts';
import type { WidgetInstance } from './widget.ts';
import { mount } from './index.ts';
import { PorchlightElement } from './element.ts';

const harness = widgetHarness();

/** The `error` events of `widget` until it is ready (start-up done), and a task after. */
async function errorsUntilReady(widget: WidgetInstance): Promise<WidgetErrorDetail[]> {
  const errors: WidgetErrorDetail[] = [];
  let ready = false;
  widget.on('error', (detail) => errors.push(detail));
  widget.on('ready', () => (ready = true));
  await expect.poll(() => ready).toBe(true);
  await new Promise((resolve) => setTimeout(resolve));
  return errors;
}

describe('settings are one typed object', () => {
  it('mount(): an unknown key does not compile, and at run time is one `error` {type: config} naming it', async () => {
    const { widget } = harness.start({
      // @ts-expect-error a misspelt setting (themeColor)
      themeColour: 'red',
      colour: 'blue',
    });
    expect(await errorsUntilReady(widget)).toEqual([{ type: 'config', message: expect.stringContaining('themeColour, colour') as unknown }]);
  });

  it('mount(): known keys say nothing', async () => {
    const { widget } = harness.start({ themeColor: '#123456', widgetTitle: 'Help' });
    expect(await errorsUntilReady(widget)).toEqual([]);
  });

  it('mount() of a preview: its own keys (preview, project, labels) are settings too; only the unknown one is named', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // @ts-expect-error no such setting
    const widget = mount(container, { projectid: 'p', preview: true, project: { departments: [] }, labels: {}, colour: 'blue' });
    harness.track(widget);
    const errors: WidgetErrorDetail[] = [];
    widget.on('error', (detail) => errors.push(detail));
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toEqual({ type: 'config', message: 'Porchlight: no such setting: colour' });
  });

  it("<porchlight-widget>: an attribute that is no setting is one `error` {type: config}; HTML's own attributes are not", async () => {
    const element = new PorchlightElement();
    const attributes = {
      'project-id': harness.service.projectId,
      'api-url': harness.service.apiUrl,
      persistence: 'none',
      realtime: 'false',
      'theme-colour': 'red',
      class: 'chat',
      id: 'help',
      'data-test': 'x',
      'aria-label': 'Help',
    };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    const widget = element.widget!;
    harness.track(widget);
    expect(await errorsUntilReady(widget)).toEqual([{ type: 'config', message: expect.stringContaining('theme-colour') as unknown }]);
  });
});
