import { expect, test } from '@playwright/test';
import { chatWindow, input, launcher, openHostPage, snippetPage } from './support.ts';

/** Issue 10 §1, §2, §6 against the demo service: the team's photos, the reply time, grouping, dark. */
test.describe('presence, grouping and the colour scheme', () => {
  test('the header shows the team with their photos, online, and the reply time; the empty conversation invites to write', async ({ page }) => {
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    await expect(chatWindow(page)).toBeVisible();
    const team = page.locator('porchlight-widget .header .team img');
    await expect(team.first()).toBeVisible();
    // The photos come from {apiUrl}/files?path=uploads/users/{id}/images/photo.jpg and load.
    await expect
      .poll(() => team.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    expect(await team.first().getAttribute('src')).toMatch(/\/files\?path=uploads%2Fusers%2F[0-9a-f]{24}%2Fimages%2Fphoto\.jpg$/);
    await expect(page.locator('porchlight-widget .header .status-line')).toContainText(
      /Online · (We usually reply in \d+ (minute|hour)s?|We will reply as soon as we can)/,
    );
    // The greeting is the team's first message: the header's faces and status line are not repeated in it (issue 26 §1).
    await expect(page.locator('porchlight-widget .welcome.is-empty .bubble')).toBeVisible();
    await expect(page.locator('porchlight-widget .welcome .team, porchlight-widget .welcome .status-line')).toHaveCount(0);
  });

  test("the visitor's messages carry no 'You' label, and times have no leading zero", async ({ page }) => {
    await openHostPage(page, snippetPage());
    await launcher(page).click();
    // Both at once: a reply between them would end the run.
    const box = input(page);
    await expect(box).toBeVisible();
    await box.fill('First line');
    await box.press('Enter');
    await box.fill('Second line');
    await box.press('Enter');
    const mine = page.locator('porchlight-widget li.message-visitor');
    await expect(mine).toHaveCount(2);
    await expect(page.locator('porchlight-widget .sender-visitor')).toHaveCount(0);
    await expect(mine.nth(1).locator('.meta:not(.meta-hover) time')).toBeVisible();
    await expect(mine.nth(1).locator('time')).toHaveText(/^\d{1,2}:\d{2}/);
    await expect(mine.nth(1).locator('time')).not.toHaveText(/^0\d:/);
  });

  test('colorScheme auto follows prefers-color-scheme; dark keeps the theme colour', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openHostPage(page, snippetPage({ settings: { colorScheme: 'auto' } }));
    await launcher(page).click();
    const root = page.locator('porchlight-widget .root');
    await expect(root).toHaveClass(/\bdark\b/);
    const surface = await page.locator('porchlight-widget .window').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(surface).toBe('rgb(30, 33, 39)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(root).not.toHaveClass(/\bdark\b/);
  });
});
