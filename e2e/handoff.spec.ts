import { expect, test } from '@playwright/test';
import { AGENT, API_ORIGIN, createProject, launcher, openHostPage, projectPage, sendFromWidget, watchBrowser } from './support.ts';

/**
 * Issue 22 §11: a department answered by a bot (the demo's "Support") hands off to the console's
 * agents, as on the real service: the conversation is in the console from its first message, and
 * "Talk to a human" gives it to an agent, whose reply reaches the visitor.
 */
test('Support: the bot answers, "Talk to a human" hands off, and the console answers into the widget', async ({ page, context }) => {
  const browser = watchBrowser(page);
  const pid = await createProject({
    departments: [
      { name: 'Default Department', default: true, routing: 'assigned' },
      { name: 'Support', routing: 'assigned', bot: true },
    ],
  });
  const departments = (await (await fetch(`${API_ORIGIN}/__demo/departments?project=${pid}`)).json()) as Array<{ _id: string; name: string }>;
  const support = departments.find((d) => d.name === 'Support')!._id;

  await openHostPage(page, projectPage(pid, { departmentID: support }));
  await launcher(page).click();
  const rid = await sendFromWidget(page, 'My lamp flickers');
  const human = page.locator('porchlight-widget [part~="quick-replies"]').getByRole('button', { name: 'Talk to a human' });
  await expect(human).toBeVisible({ timeout: 10_000 });

  const consolePage = await context.newPage();
  await consolePage.goto(`${API_ORIGIN}/console/?project=${pid}`);
  await consolePage.fill('#email', AGENT.email);
  await consolePage.fill('#password', AGENT.password);
  await consolePage.click('#signin');
  // In the agents' list while the bot still has it (the list asks `status=all`).
  const conversation = consolePage.locator(`[data-testid=conversation][data-request-id="${rid}"]`);
  await expect(conversation).toBeVisible();

  await human.click();
  await expect(page.locator('porchlight-widget [part~="message-agent"]', { hasText: 'Connecting you to a person' })).toBeVisible({ timeout: 10_000 });
  // The department's agent joins (the demo's one other agent may be the one picked).
  await expect(page.locator('porchlight-widget [part~="message-info"]', { hasText: /joined the conversation/ })).toBeVisible({ timeout: 10_000 });

  await conversation.click();
  await expect(consolePage.locator('[data-testid=message]', { hasText: 'My lamp flickers' })).toBeVisible();
  await consolePage.fill('#reply', 'Hi, Ann here: let us fix that lamp.');
  await consolePage.click('#send');
  await expect(page.locator('porchlight-widget [part~="message-agent"]', { hasText: 'Ann here' })).toBeVisible({ timeout: 10_000 });
  expect(browser.problems()).toEqual([]);
});
