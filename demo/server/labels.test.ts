import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LabelsResponse } from '../../src/api/wire.ts';
import { LABEL_KEYS, defaultLabels } from './defaultLabels.ts';
import { type Kit, PID, putDemo, startKit } from './testkit.ts';

let kit: Kit;
let admin: string;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(async () => {
  await kit.reset();
  admin = (await kit.agent()).token;
});

const lang = async (code: string) => (await (await kit.call(`/${PID}/labels/${code}`)).json()) as LabelsResponse;
const post = (body: unknown) => kit.call(`/${PID}/labels`, { method: 'POST', token: admin, json: body });

describe('the default label set', () => {
  it('ships every language the widget ships with all the service keys, ARRAY_DAYS as an array starting on Monday', () => {
    const [en] = defaultLabels();
    expect(LABEL_KEYS).toHaveLength(92);
    for (const entry of defaultLabels()) {
      expect(Object.keys(entry.data), entry.lang).toEqual(LABEL_KEYS);
      expect(entry.data.ARRAY_DAYS, entry.lang).toHaveLength(7);
      expect(entry.data.WAITING_TIME_FOUND, entry.lang).toContain('$reply_time');
      expect(entry.data.MAX_ATTACHMENT, entry.lang).toContain('{{file_size_limit}}');
    }
    expect(en?.data.ARRAY_DAYS).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(en?.data.WAITING_TIME_FOUND).toContain('$reply_time');
    expect(en?.data.MAX_ATTACHMENT).toContain('{{file_size_limit}}');
    for (const key of [
      'LABEL_PLACEHOLDER',
      'LABEL_START_NW_CONV',
      'WELCOME_TITLE',
      'WELCOME_MSG',
      'LABEL_FIRST_MSG_NO_AGENTS',
      'LABEL_FIRST_MSG_OPERATING_HOURS_CLOSED',
      'LABEL_SELECT_TOPIC',
      'CLOSE',
    ]) {
      expect(typeof en?.data[key], key).toBe('string');
    }
  });

  it('serves it at /labels/default and /labels/default/:lang (200 with an empty body when unknown)', async () => {
    const all = (await (await kit.call(`/${PID}/labels/default`)).json()) as LabelsResponse[];
    expect(all.map((l) => l.lang)).toEqual(['EN', 'IT', 'FR', 'ES', 'DE', 'PT', 'AR']);
    expect(await (await kit.call(`/${PID}/labels/default/IT`)).json()).toMatchObject({ lang: 'IT' });
    const unknown = await kit.call(`/${PID}/labels/default/XX`);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe('');
  });
});

describe('GET /:pid/labels/:lang fallback (docs/service.md §5)', () => {
  it('serves the project EN (its default) for an unknown or differently-cased language', async () => {
    expect((await lang('EN')).lang).toBe('EN');
    expect((await lang('IT')).lang).toBe('EN'); // the seed has project labels in EN only
    expect((await lang('en')).lang).toBe('EN'); // case-sensitive: "en" is not "EN", so the default
  });

  it('serves the exact language once the project has it', async () => {
    await post({ lang: 'IT', data: { CLOSE: 'Chiudi' } });
    expect(await lang('IT')).toMatchObject({ lang: 'IT', data: { CLOSE: 'Chiudi' } });
    expect((await lang('it')).lang).toBe('EN');
  });

  it('prefers the project default over EN, and EN over the pivot', async () => {
    await post({ lang: 'DE', data: { CLOSE: 'Schließen' }, default: true });
    expect((await lang('FR')).lang).toBe('DE');
    const labels = kit.demo.store.labelsOf(PID);
    labels?.data.forEach((l) => (l.default = false));
    expect((await lang('FR')).lang).toBe('EN');
    expect((await lang('FR')).data.CLOSE).toBe(labels?.data.find((l) => l.lang === 'EN')?.data.CLOSE);
  });

  it('a project with no labels gets the default EN whatever the language, and GET /labels answers {}', async () => {
    kit.demo.store.data.labels = [];
    const it = await lang('IT');
    expect(it.lang).toBe('EN');
    expect(it.data).toEqual(defaultLabels()[0]?.data);
    expect(await (await kit.call(`/${PID}/labels`)).json()).toEqual({});
  });

  it('GET /:pid/labels returns the project document', async () => {
    const doc = (await (await kit.call(`/${PID}/labels`)).json()) as { id_project: string; data: LabelsResponse[] };
    expect(doc.id_project).toBe(PID);
    expect(doc.data.map((l) => [l.lang, l.default])).toEqual([['EN', true]]);
  });
});

describe('label writes', () => {
  it('POST needs the admin role and answers the written language', async () => {
    expect((await kit.call(`/${PID}/labels`, { method: 'POST', json: { lang: 'IT', data: {} } })).status).toBe(401);
    const res = await post({ lang: 'IT', data: { CLOSE: 'Chiudi' } });
    expect(await res.json()).toMatchObject({ lang: 'IT', data: { CLOSE: 'Chiudi' } });
  });

  it('the first language of a project becomes its default', async () => {
    kit.demo.store.data.labels = [];
    await post({ lang: 'IT', data: { CLOSE: 'Chiudi' } });
    expect((await lang('FR')).lang).toBe('IT');
  });

  it('PATCH /:lang/default moves the default; DELETE refuses the default language', async () => {
    await post({ lang: 'IT', data: {} });
    await kit.call(`/${PID}/labels/IT/default`, { method: 'PATCH', token: admin });
    expect((await lang('FR')).lang).toBe('IT');
    const refused = await kit.call(`/${PID}/labels/IT`, { method: 'DELETE', token: admin });
    expect(refused.status).toBe(400);
    expect((await kit.call(`/${PID}/labels/EN`, { method: 'DELETE', token: admin })).status).toBe(200);
  });

  it('the demo endpoint edits labels without a token', async () => {
    const res = await putDemo(kit, 'labels', { lang: 'IT', data: { WELCOME_TITLE: 'Ciao!' } });
    expect(await res.json()).toMatchObject({ lang: 'IT', data: { WELCOME_TITLE: 'Ciao!' } });
    expect((await putDemo(kit, 'labels', { lang: '' })).status).toBe(400);
  });
});
