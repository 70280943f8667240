import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOnDemand } from '../test/codeOnDemand.ts';

/** A translator whose non-English texts (locales.ts, code on demand) cannot be downloaded while `network.codeDown`. */
async function setup() {
  const { network, loads } = codeOnDemand('../i18n/locales.ts');
  const { createTranslator } = await import('./translator.ts');
  return { network, loads, createTranslator };
}

afterEach(() => {
  vi.doUnmock('./locales.ts');
  vi.resetModules();
});

describe('the texts of other languages, code on demand', () => {
  it('are never asked for by an English visit: its texts, labels laid over them, a switch back to English', async () => {
    const { loads, createTranslator } = await setup();
    const translator = createTranslator('en-GB');
    await translator.use('en');
    await translator.refresh('en', { LABEL_PLACEHOLDER: 'Write to us' });
    expect(translator.t('LABEL_PLACEHOLDER')).toBe('Write to us');
    expect(translator.t('BUTTON_SEND_MESSAGE')).toBe('Send');
    expect(loads).not.toHaveBeenCalled();
  });

  it('not downloaded: English stays and nothing is lost; the next switch downloads them', async () => {
    const { network, loads, createTranslator } = await setup();
    const translator = createTranslator('it');
    network.codeDown = true;
    await translator.use('it');
    expect(translator.t('BUTTON_SEND_MESSAGE')).toBe('Send');
    expect(loads).toHaveBeenCalledTimes(1);
    network.codeDown = false;
    await translator.use('it');
    expect(translator.t('BUTTON_SEND_MESSAGE')).toBe('Invia');
    await translator.refresh('de', null);
    expect(translator.texts('de').BUTTON_SEND_MESSAGE).toBe('Senden');
  });
});
