import { signal } from '@preact/signals-core';
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import { ConversationEnd } from './ConversationEnd.tsx';
import { WidgetContext, type WidgetView } from './context.ts';

describe('ConversationEnd', () => {
  it('says the rating was not sent when the service refuses it (not the upload text)', async () => {
    const translator = createTranslator('en');
    await translator.use('en');
    // The rating's texts come with the views loaded on demand, as ConversationEnd does.
    await translator.viewTexts();
    const view = {
      settings: signal({ nativeRating: true }),
      ui: { labelsVersion: signal(0) },
      t: translator.t,
      adoptCss: () => {},
      rating: { given: signal(null) },
      conversation: { requestId: signal('support-group-p-1'), messages: signal([]) },
      intents: { rate: () => Promise.reject(new Error('HTTP 500')), startNewConversation: () => {}, recallRating: () => {} },
    } as unknown as WidgetView;
    render(
      <WidgetContext.Provider value={view}>
        <ConversationEnd />
      </WidgetContext.Provider>,
    );
    fireEvent.click(screen.getByText('4 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your rating could not be sent. Please try again.');
    expect(alert.textContent).not.toBe(translator.t('UPLOAD_FAILED'));
  });
});
