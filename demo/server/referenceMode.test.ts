import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LabelsResponse } from '../../src/api/wire.ts';
import { referenceModeRequested } from './mode.ts';
import { type Kit, PID, putDemo, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(async () => {
  await setMode(false);
  await kit.reset();
});

async function setMode(reference: unknown): Promise<Response> {
  return putDemo(kit, 'mode', { reference });
}

const labels = async (lang: string) => (await (await kit.call(`/${PID}/labels/${lang}`)).json()) as LabelsResponse;
const widget = async () => ((await (await kit.call(`/${PID}/widgets`)).json()) as { project: { widget: Record<string, unknown> } }).project.widget;

describe('reference mode', () => {
  it('is switched by PUT /__demo/mode and reported by GET /__demo', async () => {
    expect(await (await fetch(`${kit.demo.apiOrigin}/__demo/mode`)).json()).toEqual({ reference: false });
    const res = await setMode(true);
    expect(await res.json()).toEqual({ reference: true });
    expect(kit.demo.mode.referenceSocket).toBe(true);
    expect(await (await fetch(`${kit.demo.apiOrigin}/__demo`)).json()).toMatchObject({ reference: true });
    expect((await setMode('yes')).status).toBe(400);
  });

  it('serves the stock labels: no project labels, the EN pivot for every language', async () => {
    await putDemo(kit, 'labels', { lang: 'IT', data: { LABEL_PLACEHOLDER: 'Scrivi…' } });
    expect((await labels('IT')).lang).toBe('IT');
    await setMode(true);
    for (const lang of ['IT', 'FR', 'EN', 'ar']) {
      const entry = await labels(lang);
      expect(entry.lang, lang).toBe('EN');
      expect(entry.data.LABEL_PLACEHOLDER).not.toBe('Scrivi…');
    }
    expect(await (await kit.call(`/${PID}/labels`)).json()).toEqual({});
  });

  it('sends the welcome texts under the dashboard spelling wellcomeTitle / wellcomeMsg', async () => {
    await putDemo(kit, 'project', { widget: { welcomeTitle: 'Hi there', welcomeMsg: 'Ask us anything' } });
    expect(await widget()).toMatchObject({ welcomeTitle: 'Hi there', welcomeMsg: 'Ask us anything' });
    await setMode(true);
    const stock = await widget();
    expect(stock).toMatchObject({ wellcomeTitle: 'Hi there', wellcomeMsg: 'Ask us anything', themeColor: '#2a6ac1' });
    expect(stock).not.toHaveProperty('welcomeTitle');
    expect(stock).not.toHaveProperty('welcomeMsg');
  });

  it('survives a reset (it is how the demo runs, not a fault), and is off again when switched off', async () => {
    await setMode(true);
    await kit.reset();
    expect(kit.demo.mode.isReference).toBe(true);
    await setMode(false);
    await putDemo(kit, 'labels', { lang: 'IT', data: { LABEL_PLACEHOLDER: 'Scrivi…' } });
    expect((await labels('IT')).lang).toBe('IT');
  });

  it('can start on: startDemo({ reference: true }), --reference or PORCHLIGHT_REFERENCE=1', async () => {
    const other = await startKit({ reference: true });
    try {
      expect(other.demo.mode.isReference).toBe(true);
      expect((await (await other.call(`/${PID}/labels/IT`)).json()).lang).toBe('EN');
    } finally {
      await other.demo.close();
    }
    expect(referenceModeRequested(['--reference'], {})).toBe(true);
    expect(referenceModeRequested([], { PORCHLIGHT_REFERENCE: '1' })).toBe(true);
    expect(referenceModeRequested([], { PORCHLIGHT_REFERENCE: '0' })).toBe(false);
    expect(referenceModeRequested(['--quiet'], {})).toBe(false);
  });
});
