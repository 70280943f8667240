import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changedKeys, DAYS, hoursToSave, neverOpens, parseWeek, projectUpdate, rangesOf } from '../dashboard/projectEdits.js';
import type { DemoProjectView } from './demoAdmin.ts';
import { SAMPLE_OPERATING_HOURS } from './seed.ts';
import { type Kit, putDemo, startKit } from './testkit.ts';

/**
 * The dashboard's save (issue 22 §4): a round trip through `/__demo/project` changes nothing the
 * site owner did not touch. The seed's hours are the reference's fixture: Mon–Fri 09–13 and 14–18,
 * Wednesday 09–11 and 14–18, Europe/Rome.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

async function load(): Promise<DemoProjectView> {
  return (await (await fetch(`${kit.demo.apiOrigin}/__demo/project`)).json()) as DemoProjectView;
}

/** The form as the dashboard fills it from the project (the settings it shows, hours, availability). */
function formOf(view: DemoProjectView) {
  return {
    widget: { ...(view.project.widget ?? {}) },
    active: !!view.project.activeOperatingHours,
    hours: view.project.operatingHours ?? '',
    available: view.agents.some((a) => a.user_available),
  };
}

const noEdits = (tzname = 'Europe/Rome') => ({ days: new Map(), tzname, tzEdited: false });

/** Loads, applies `change` to what the dashboard would save, saves, and loads again. */
async function roundTrip(change: (form: ReturnType<typeof formOf>) => { now?: Partial<ReturnType<typeof formOf>>; edits?: Parameters<typeof hoursToSave>[1] }) {
  const before = await load();
  const loaded = formOf(before);
  const { now = {}, edits = noEdits() } = change(loaded);
  const body = projectUpdate(loaded, { ...loaded, ...now }, edits, before.agents);
  const res = await putDemo(kit, 'project', body);
  expect(res.status).toBe(200);
  return { before, after: await load(), body };
}

describe('the dashboard saves only what the owner changed', () => {
  it('load, save untouched: the same operatingHours string and activeOperatingHours, and nothing sent', async () => {
    await putDemo(kit, 'project', { activeOperatingHours: true });
    const { before, after, body } = await roundTrip(() => ({}));
    expect(body).toEqual({});
    expect(before.project.operatingHours).toBe(SAMPLE_OPERATING_HOURS);
    expect(after.project.operatingHours).toBe(before.project.operatingHours);
    expect(after.project.activeOperatingHours).toBe(true);
    expect(after.project.widget).toEqual(before.project.widget);
    expect(after.agents.map((a) => a.user_available)).toEqual(before.agents.map((a) => a.user_available));
  });

  it('edit one day: only that day changes (both of its ranges), every other day and the zone stay', async () => {
    const wednesday = [
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '18:30' },
    ];
    const { before, after, body } = await roundTrip(() => ({ edits: { ...noEdits(), days: new Map([[3, wednesday]]) } }));
    expect(Object.keys(body)).toEqual(['operatingHours']);
    const was = parseWeek(before.project.operatingHours);
    const now = parseWeek(after.project.operatingHours);
    expect(now['3']).toEqual(wednesday);
    expect({ ...now, 3: undefined }).toEqual({ ...was, 3: undefined });
    expect(after.project.activeOperatingHours).toBe(before.project.activeOperatingHours);
  });

  it('closing a day removes its key, opening Sunday adds "0", a new zone changes only tzname', async () => {
    const { after } = await roundTrip(() => ({
      edits: {
        days: new Map([
          [5, []],
          [0, [{ start: '10:00', end: '12:00' }]],
        ]),
        tzname: 'America/New_York',
        tzEdited: true,
      },
    }));
    const now = parseWeek(after.project.operatingHours);
    const was = parseWeek(SAMPLE_OPERATING_HOURS);
    expect(now).not.toHaveProperty('5');
    expect(now['0']).toEqual([{ start: '10:00', end: '12:00' }]);
    expect(now.tzname).toBe('America/New_York');
    for (const day of ['1', '2', '3', '4']) expect(now[day]).toEqual(was[day]);
  });

  it('the switch, a setting and the availability are sent only when changed, each alone', async () => {
    const { body, after } = await roundTrip((form) => ({ now: { active: !form.active, widget: { ...form.widget, widgetTitle: 'Lamps & Co' } } }));
    expect(body).toEqual({ activeOperatingHours: true, widget: { widgetTitle: 'Lamps & Co' } });
    expect(after.project.operatingHours).toBe(SAMPLE_OPERATING_HOURS);
    expect(after.project.widget?.themeColor).toBe('#2a6ac1');
    const off = await roundTrip(() => ({ now: { available: false } }));
    expect(Object.keys(off.body)).toEqual(['agents']);
    expect(off.after.agents.every((a) => !a.user_available)).toBe(true);
  });
});

describe('the rules of the hours editor', () => {
  it('reads the days as the service does: Monday first, "0" Sunday, a key equal by == (" 1" is Monday), "9:00" shown as 09:00', () => {
    expect(DAYS.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    const week = parseWeek('{" 1":[{"start":"9:00","end":"13:00"}],"tzname":"UTC"}');
    expect(rangesOf(week, 1)).toEqual([{ start: '09:00', end: '13:00' }]);
    expect(rangesOf(week, 2)).toEqual([]);
    // Editing Monday replaces the key the service reads, not a second "1" beside it.
    const saved = parseWeek(hoursToSave(JSON.stringify(week), { ...noEdits(), days: new Map([[1, [{ start: '08:00', end: '12:00' }]]]) }));
    expect(saved).toEqual({ ' 1': [{ start: '08:00', end: '12:00' }], tzname: 'UTC' });
  });

  it('keeps what it does not know, and gives hours without a zone the zone shown', () => {
    const stored = '{"1":[{"start":"09:00","end":"18:00","note":"x"}],"custom":true}';
    expect(hoursToSave(stored, noEdits('Europe/Rome'))).toBeUndefined();
    expect(parseWeek(hoursToSave(stored, { ...noEdits('Europe/Rome'), days: new Map([[2, [{ start: '09:00', end: '10:00' }]]]) }))).toEqual({
      1: [{ start: '09:00', end: '18:00', note: 'x' }],
      2: [{ start: '09:00', end: '10:00' }],
      custom: true,
      tzname: 'Europe/Rome',
    });
  });

  it('says which ranges never open: ends at or before the start (over midnight), or no minute between exclusive ends', () => {
    expect(neverOpens({ start: '09:00', end: '18:00' })).toBe(false);
    expect(neverOpens({ start: '22:00', end: '02:00' })).toBe(true);
    expect(neverOpens({ start: '09:00', end: '09:01' })).toBe(true);
    expect(neverOpens({ start: '', end: '10:00' })).toBe(true);
  });

  it('changedKeys: what differs, null for what is gone', () => {
    expect(changedKeys({ a: 1, b: 'x', c: true }, { a: 1, b: 'y' })).toEqual({ b: 'y', c: null });
  });
});
