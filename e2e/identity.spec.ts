import { expect, test, type ConsoleMessage } from '@playwright/test';
import { AGENT, API_ORIGIN, API_URL, PAGES_ORIGIN } from './support.ts';

/** A project of its own (the seed's conversations stay out of the way). */
async function newProject(): Promise<string> {
  const res = await fetch(`${API_ORIGIN}/__demo/projects`, { method: 'POST' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { projectId: string }).projectId;
}

test.describe('issue 11 groundwork: identity in the demo', () => {
  test("the host page's 'Sign in as Jane' switch asks for a token and hands it to the widget, without a console error", async ({ page }) => {
    const projectId = await newProject();
    const problems: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    const tokenAsked = page.waitForRequest((r) => r.url() === `${API_ORIGIN}/__demo/tokens?project=${projectId}` && r.method() === 'POST');
    await page.goto(`${PAGES_ORIGIN}/?porchlight_projectid=${projectId}`);
    const toggle = page.getByRole('button', { name: 'Sign in as Jane' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('status').filter({ hasText: 'Browsing as a guest.' })).toBeVisible();
    await toggle.click();
    await tokenAsked;
    // Either the widget signs in with the token (once it has the command), or it says it cannot
    // and the page tells the visitor so; never a pretended sign-in and never a console error.
    const signedInByWidget = page
      .waitForRequest((r) => r.url().endsWith('/auth/signinWithCustomToken'), { timeout: 8_000 })
      .then(
        () => 'widget' as const,
        () => null,
      );
    const note = page.getByText('cannot sign visitors in yet');
    const outcome = await Promise.race([signedInByWidget, note.waitFor().then(() => 'note' as const)]);
    if (outcome === 'note') await expect(page.getByRole('button', { name: 'Sign in as Jane' })).toHaveAttribute('aria-pressed', 'false');
    else await expect(page.getByRole('button', { name: 'Sign out' })).toHaveAttribute('aria-pressed', 'true');
    expect(outcome).not.toBeNull();
    expect(problems).toEqual([]);
  });

  test("the agent console shows the visitor's identity: name, email, authenticated or guest, custom attributes", async ({ page }) => {
    const projectId = await newProject();
    const minted = await fetch(`${API_ORIGIN}/__demo/tokens?project=${projectId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com' }),
    });
    const { token } = (await minted.json()) as { token: string };
    const signIn = await fetch(`${API_URL}/auth/signinWithCustomToken`, { method: 'POST', headers: { Authorization: token } });
    expect(signIn.status).toBe(200);
    const jane = `support-group-${projectId}-${'a'.repeat(32)}`;
    const post = (rid: string, auth: string, body: unknown) =>
      fetch(`${API_URL}/${projectId}/requests/${rid}/messages`, {
        method: 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post(jane, token, {
          text: 'Hello from Jane',
          attributes: { userFullname: 'Jane Doe', userEmail: 'jane@example.com', payload: { plan: 'pro', orders: 3 } },
        })
      ).status,
    ).toBe(200);
    const guest = (await (
      await fetch(`${API_URL}/auth/signinAnonymously`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id_project: projectId }),
      })
    ).json()) as { token: string };
    const anon = `support-group-${projectId}-${'b'.repeat(32)}`;
    expect((await post(anon, guest.token, { text: 'Hello from a guest' })).status).toBe(200);

    await page.goto(`${API_ORIGIN}/console/?project=${projectId}`);
    await page.fill('#email', AGENT.email);
    await page.fill('#password', AGENT.password);
    await page.click('#signin');
    const identity = page.locator('#visitor-identity');
    await page.locator(`[data-testid=conversation][data-request-id="${jane}"]`).click();
    await expect(identity.locator('dd[data-field="Name"]')).toHaveText('Jane Doe');
    await expect(identity.locator('dd[data-field="Email"]')).toHaveText('jane@example.com');
    await expect(identity.locator('dd[data-field="Visitor"]')).toHaveText('Authenticated (custom token)');
    await expect(identity.locator('dd[data-field="Site user id"]')).toHaveText('jane-doe');
    await expect(identity.locator('dd[data-field="plan"]')).toHaveText('pro');
    await expect(identity.locator('dd[data-field="orders"]')).toHaveText('3');
    await page.locator(`[data-testid=conversation][data-request-id="${anon}"]`).click();
    await expect(identity.locator('dd[data-field="Visitor"]')).toHaveText('Guest (anonymous)');
    await expect(identity.locator('dd[data-field="Site user id"]')).toHaveCount(0);
  });
});
