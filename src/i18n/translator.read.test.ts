import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator.ts';

describe('texts read without options', () => {
  it('are looked up once while nothing changes; a change of texts or of language reads them again', async () => {
    const translator = createTranslator('en');
    await translator.engine();
    const i18n = translator.i18n!;
    const lookUps = vi.spyOn(i18n, 't');
    expect(translator.t('LABEL_PLACEHOLDER')).toBe(translator.t('LABEL_PLACEHOLDER'));
    translator.t('LABEL_PLACEHOLDER');
    expect(lookUps).toHaveBeenCalledTimes(1);
    // With options (a count, a name): read each time.
    translator.t('UNREAD_COUNT', { count: 2 });
    translator.t('UNREAD_COUNT', { count: 3 });
    expect(lookUps).toHaveBeenCalledTimes(3);

    translator.overlay('en', { LABEL_PLACEHOLDER: 'Write to us' });
    expect(translator.t('LABEL_PLACEHOLDER')).toBe('Write to us');
    await translator.use('it');
    expect(translator.t('LABEL_PLACEHOLDER')).not.toBe('Write to us');
    expect(translator.t('LABEL_PLACEHOLDER')).toBe(i18n.t('LABEL_PLACEHOLDER'));
  });

  it('read as the language switches are those of the new language once switched', async () => {
    const translator = createTranslator('en');
    await translator.engine();
    const switching = translator.use('de');
    // Asked for during the switch (a render in between): the text of the language i18next had then.
    translator.t('LABEL_PLACEHOLDER');
    await switching;
    expect(translator.t('LABEL_PLACEHOLDER')).toBe(translator.i18n!.t('LABEL_PLACEHOLDER', { lng: 'de' }));
  });
});
