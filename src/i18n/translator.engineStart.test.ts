import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as EngineModule from './engine.ts';
import type { Bundles } from './resolveText.ts';

afterEach(() => {
  vi.doUnmock('./engine.ts');
  vi.resetModules();
});

describe('texts that arrive while i18next starts', () => {
  it('are what it shows once started, never their keys (a busy phone: the views’ texts come during its init)', async () => {
    // i18next's start held open: it is made from the texts there when it was asked for.
    let finish!: () => void;
    const started = new Promise<void>((resolve) => (finish = resolve));
    vi.doMock('./engine.ts', async (original) => {
      const real = await original<typeof EngineModule>();
      return {
        ...real,
        createEngine: async (lng: string, bundles: Bundles) => {
          const made = real.createEngine(lng, structuredClone(bundles));
          await started;
          return made;
        },
      };
    });
    const { createTranslator } = await import('./translator.ts');
    const translator = createTranslator('en');
    const engine = translator.engine();
    await vi.waitFor(() => expect(translator.viewTexts()).toBe(true));
    translator.overlay('en', { LABEL_PLACEHOLDER: 'Write to us' });
    finish();
    await engine;
    expect(translator.i18n).not.toBeNull();
    expect(translator.t('MESSAGE_TOO_LONG', { max: '10' })).toBe('This message is too long: at most 10 characters. Please shorten it or send it in parts.');
    expect(translator.t('LABEL_PLACEHOLDER')).toBe('Write to us');
  });
});

describe("the service's labels laid over while the views' texts arrive", () => {
  it('keep the views’ texts: a refresh made while they are on their way never drops them (seen under load: MESSAGE_TOO_LONG shown as its key)', async () => {
    const { createTranslator } = await import('./translator.ts');
    const translator = createTranslator('en');
    const views = translator.viewTexts();
    expect(views).not.toBe(true);
    await translator.refresh('en', { LABEL_PLACEHOLDER: 'Write to us' });
    await views;
    expect(translator.t('MESSAGE_TOO_LONG', { max: '10' })).toBe('This message is too long: at most 10 characters. Please shorten it or send it in parts.');
    expect(translator.t('LABEL_PLACEHOLDER')).toBe('Write to us');
  });
});
