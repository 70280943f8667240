import { signal } from '@preact/signals-core';
import { render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import { Composer } from './Composer.tsx';
import { WidgetContext, type WidgetView } from './context.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The composer in a widget of its own; the box's content is `contentPx` tall (a long placeholder). */
function composer(parked: boolean, contentPx: number) {
  const translator = createTranslator('en');
  const view = {
    t: translator.t,
    ui: { labelsVersion: signal(0), byVisitor: signal(false) },
    inputControl: signal({ disabled: false }),
    settings: signal({}),
    intents: { send: () => undefined },
    adoptCss: () => {},
    viewTexts: () => true,
  } as unknown as WidgetView;
  const measured = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(contentPx);
  const shown = render(
    <WidgetContext.Provider value={view}>
      <Composer inputId="c-input" parked={parked} />
    </WidgetContext.Provider>,
  );
  return { measured, box: shown.container.querySelector('textarea')! };
}

describe('Composer: the text box fits its content', () => {
  it('at once when the window is open: the first paint has the box at its height', () => {
    const { measured, box } = composer(false, 69);
    expect(measured).toHaveBeenCalled();
    expect(box.style.height).toBe('69px');
  });

  it('rendered parked, once the browser has laid the window out: nothing is laid out in the task that renders it', async () => {
    vi.useFakeTimers();
    const { measured, box } = composer(true, 69);
    expect(measured).not.toHaveBeenCalled();
    expect(box.style.height).toBe('');
    await vi.runAllTimersAsync();
    expect(box.style.height).toBe('69px');
  });
});
