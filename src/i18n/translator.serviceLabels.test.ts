import { describe, expect, it } from 'vitest';
import { englishOfViews } from './en-views.ts';
import { createTranslator } from './translator.ts';

/**
 * The service's labels that name no text of ours (a pre-chat form may name any label as a field's
 * label) are kept apart from our texts: none of them stands for a text of ours whatever its key, not
 * even for a text of the views loaded on demand that has not come yet (nothing in a first open
 * lists those keys), and they are kept with the texts for the next visit.
 */
describe("the service's labels apart from our texts", () => {
  // The stock set's SUBMIT ("SUBMIT") and LABEL_WRITING ("is writing...") mean other things than
  // our texts of those keys; LABEL_PRECHAT_USER_PHONE is no text of ours.
  const stock = { SUBMIT: 'SUBMIT', LABEL_WRITING: 'is writing...', LABEL_PRECHAT_USER_PHONE: 'Phone' };

  it("never show for a text of the views' that came after them, before or after i18next, and are what textOf names", async () => {
    const translator = createTranslator('en');
    await translator.refresh('en', stock);
    expect(translator.textOf('LABEL_PRECHAT_USER_PHONE')).toBe('Phone');
    await translator.viewTexts();
    for (const read of [() => undefined, () => translator.engine()]) {
      await read();
      expect(translator.t('SUBMIT')).toBe(englishOfViews.SUBMIT);
      expect(translator.textOf('SUBMIT')).toBe(englishOfViews.SUBMIT);
      expect(translator.t('LABEL_WRITING')).toBe(englishOfViews.LABEL_WRITING);
      expect(translator.textOf('LABEL_PRECHAT_USER_PHONE')).toBe('Phone');
      // A key nobody gave a text: the key, as i18next answers.
      expect(translator.textOf('LABEL_PRECHAT_UNKNOWN')).toBe('LABEL_PRECHAT_UNKNOWN');
    }
  });

  it("come back with the stored texts on the next visit, still apart, though stored before the views' texts came", async () => {
    const first = createTranslator('en');
    await first.refresh('en', stock);
    const stored = first.texts('en');
    const next = createTranslator('en');
    next.overlay('en', stored);
    expect(next.textOf('LABEL_PRECHAT_USER_PHONE')).toBe('Phone');
    await next.viewTexts();
    expect(next.t('SUBMIT')).toBe(englishOfViews.SUBMIT);
    expect(next.textOf('LABEL_PRECHAT_USER_PHONE')).toBe('Phone');
  });

  it('are read from texts an earlier version stored (the labels among the texts, by their own keys)', () => {
    const next = createTranslator('en');
    next.overlay('en', { LABEL_PRECHAT_USER_PHONE: 'Phone' });
    expect(next.textOf('LABEL_PRECHAT_USER_PHONE')).toBe('Phone');
  });

  it('in a language the widget has no texts of, our English shows under the keys of the views, and its labels where a form names them', async () => {
    const translator = createTranslator('nl');
    await translator.use('nl');
    await translator.refresh('nl', { SUBMIT: 'Verzenden', LABEL_PRECHAT_USER_PHONE: 'Telefoon' });
    await translator.viewTexts();
    expect(translator.t('SUBMIT')).toBe(englishOfViews.SUBMIT);
    expect(translator.textOf('LABEL_PRECHAT_USER_PHONE')).toBe('Telefoon');
  });
});
