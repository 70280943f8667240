import { signal } from '@preact/signals-core';
import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { WidgetContext, type WidgetView } from './context.ts';
import { ImageMessage } from './ImageMessage.tsx';

/** An image message's content, as the bubble shows it once the image's code is there. */
async function content(text: string, metadata: TimedMessage['metadata']) {
  const translator = createTranslator('en');
  await translator.use('en');
  const view = { t: translator.t, ui: { labelsVersion: signal(0) }, adoptCss: () => {}, viewTexts: () => true, intents: {} } as unknown as WidgetView;
  const withWidget = (children: ComponentChildren) => <WidgetContext.Provider value={view}>{children}</WidgetContext.Provider>;
  return render(withWidget(<ImageMessage message={{ key: 'm1', type: 'image', text, metadata } as TimedMessage} />)).container;
}

const photo = { src: 'https://cdn.example.com/photo.png', width: 300, height: 200, name: 'photo.png' };

describe('ImageMessage: the image and the text sent with it', () => {
  it('shows the text as the caption below the image, named by it', async () => {
    const shown = await content('Our new lamp', photo);
    expect(shown.querySelector('img')?.getAttribute('alt')).toBe('Our new lamp');
    expect(shown.querySelector('button + .md')?.textContent).toBe('Our new lamp');
  });

  it('shows no caption where the text only names the file, or there is no image to caption', async () => {
    expect((await content('photo.png', photo)).querySelector('.md')).toBeNull();
    expect((await content('', photo)).querySelector('.md')).toBeNull();
    const unavailable = await content('Our new lamp', { name: 'photo.png' });
    expect(unavailable.querySelector('img')).toBeNull();
    expect(unavailable.querySelector('.md')).toBeNull();
  });

  it('names a text that is a markdown link to the image by the file, not by the link', async () => {
    const shown = await content('[photo](https://cdn.example.com/photo.png)', photo);
    expect(shown.querySelector('img')?.getAttribute('alt')).toBe('photo.png');
  });
});
