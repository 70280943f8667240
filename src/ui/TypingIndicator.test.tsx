import { signal } from '@preact/signals-core';
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import { WidgetContext, type WidgetView } from './context.ts';
import { TypingIndicator } from './TypingIndicator.tsx';

async function mount(
  typist: { sender: string; name?: string } | null,
  messages: Array<{ kind?: string; fromVisitor: boolean; senderId: string; senderName: string }>,
) {
  const translator = createTranslator('en');
  await translator.use('en');
  await translator.viewTexts();
  const view = {
    ui: { labelsVersion: signal(0) },
    t: translator.t,
    adoptCss: () => {},
    photoUrl: (id: string) => `https://api.test/photos/${id}.jpg`,
    missingPhotos: new Set<string>(),
    conversation: { typist: signal(typist ? { ...typist, until: 0 } : null), messages: signal(messages.map((m) => ({ kind: 'message', ...m }))) },
  } as unknown as WidgetView;
  return render(
    <WidgetContext.Provider value={view}>
      <ul>
        <TypingIndicator {...(typist?.name ? { name: typist.name } : {})} />
      </ul>
    </WidgetContext.Provider>,
  );
}

describe('TypingIndicator', () => {
  it("shows the typist's face beside the dots, as beside their messages", async () => {
    const { container } = await mount({ sender: 'agent-bob', name: 'Bob Builder' }, [{ fromVisitor: false, senderId: 'agent-ann', senderName: 'Ann Agent' }]);
    const avatar = container.querySelector('.typing-row .avatar')!;
    expect(avatar.textContent).toBe('BB');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('https://api.test/photos/agent-bob.jpg');
    expect(avatar.getAttribute('aria-hidden')).toBe('true');
  });

  it("while a bot's split message has more to come (no typing frame), the face of the last one who wrote", async () => {
    const { container } = await mount(null, [
      { fromVisitor: false, senderId: 'bot-1', senderName: 'Helper Bot' },
      { fromVisitor: true, senderId: 'visitor', senderName: 'Me' },
      // An info line ("… joined") is nobody's face.
      { kind: 'info', fromVisitor: false, senderId: 'system', senderName: 'System' },
    ]);
    expect(container.querySelector('.typing-row .avatar')?.textContent).toBe('HB');
  });
});
