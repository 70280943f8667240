import { expect, test, type Page } from '@playwright/test';
import { API_ORIGIN, createProject } from './support.ts';

/**
 * Issue 22 §4 and §14: the demo dashboard shows and edits the project's real schedule (several
 * ranges a day, every day, the time zone), and saving changes nothing the site owner did not touch.
 */
/** The reference's fixture, the seed's hours: Mon–Fri 09–13 and 14–18, Wednesday 09–11 and 14–18. */
const FIXTURE =
  '{"1":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],"2":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"3":[{"start":"09:00","end":"11:00"},{"start":"14:00","end":"18:00"}],"4":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"5":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],"tzname":"Europe/Rome"}';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

async function stored(pid: string): Promise<{ operatingHours: string; activeOperatingHours: boolean; widget: Record<string, unknown> }> {
  const view = (await (await fetch(`${API_ORIGIN}/__demo/project?project=${pid}`)).json()) as {
    project: { operatingHours: string; activeOperatingHours: boolean; widget: Record<string, unknown> };
  };
  return view.project;
}

const day = (page: Page, name: string) => page.getByRole('group', { name });
const times = (page: Page, name: string) => day(page, name).locator('input[type=time]');

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save to the demo service' }).click();
  await expect(page.locator('#status')).toHaveText(/Saved|Nothing to save/);
}

test('the schedule as it is: every range of every day and the zone; saved untouched it stays byte for byte; one day edited, only that day changes', async ({
  page,
}) => {
  const pid = await createProject({ activeOperatingHours: true, operatingHours: FIXTURE });
  const before = await stored(pid);
  // Monday 12:00 UTC = 13:00 in Rome: the lunch break, open again at 14:00 Rome (13:00 UTC).
  await page.clock.setFixedTime(new Date('2024-01-15T12:00:00Z'));
  await page.goto(`${API_ORIGIN}/dashboard/?project=${pid}`);

  await expect(page.getByLabel('Time zone of the hours')).toHaveValue('Europe/Rome');
  await expect(times(page, 'Monday')).toHaveCount(4);
  expect(await times(page, 'Wednesday').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    '09:00',
    '11:00',
    '14:00',
    '18:00',
  ]);
  expect(await times(page, 'Friday').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['09:00', '13:00', '14:00', '18:00']);
  await expect(day(page, 'Saturday')).toContainText('Closed');
  await expect(day(page, 'Sunday')).toContainText('Closed');
  await expect(page.getByLabel('Use operating hours')).toBeChecked();
  // The preview's reopening time is the configured minute (14:00 Rome = 01:00 PM UTC), not 01:01.
  await expect(page.locator('#preview .next-opening')).toHaveText('We open again Monday 01:00 PM.');

  await save(page);
  const untouched = await stored(pid);
  expect(untouched.operatingHours).toBe(before.operatingHours);
  expect(untouched.activeOperatingHours).toBe(true);
  expect(untouched.widget).toEqual(before.widget);

  // Wednesday's morning now ends at 12:00: that day changes, and nothing else.
  await page.getByLabel('Wednesday, hours 1, until').fill('12:00');
  await save(page);
  const edited = JSON.parse((await stored(pid)).operatingHours) as Record<string, unknown>;
  const was = JSON.parse(FIXTURE) as Record<string, unknown>;
  expect(edited['3']).toEqual([
    { start: '09:00', end: '12:00' },
    { start: '14:00', end: '18:00' },
  ]);
  expect({ ...edited, 3: null }).toEqual({ ...was, 3: null });

  // A closed day gets hours; a range is removed from another; the zone changes.
  await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await page.getByRole('button', { name: 'Remove Friday 14:00–18:00' }).click();
  await page.getByLabel('Time zone of the hours').fill('Europe/London');
  await save(page);
  const more = JSON.parse((await stored(pid)).operatingHours) as Record<string, unknown>;
  expect(more['6']).toEqual([{ start: '09:00', end: '17:00' }]);
  expect(more['5']).toEqual([{ start: '09:00', end: '13:00' }]);
  expect(more.tzname).toBe('Europe/London');
  for (const key of ['1', '2', '4']) expect(more[key]).toEqual(was[key]);
  expect(more['3']).toEqual(edited['3']);
  expect((await stored(pid)).activeOperatingHours).toBe(true);
});
