import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { AGENT, agentReply, agentToken, API_ORIGIN, chatWindow, launcher, openHostPage, PROJECT_ID, sendFromWidget, snippetPage } from './support.ts';

/** Issue 10 §3: the agent console's typing frames (over the demo's socket) show the typing indicator. */
test('an agent typing shows the indicator, which goes at their message or after a few quiet seconds', async ({ page }) => {
  await openHostPage(page, snippetPage({ settings: { realtime: true } }));
  await launcher(page).click();
  await expect(chatWindow(page)).toBeVisible();
  const rid = await sendFromWidget(page, 'Is anyone there?');

  // What the console does: a websocket with the agent's token, a `publish` on the typing topic.
  const token = await agentToken();
  const socket = new WebSocket(`${API_ORIGIN.replace('http', 'ws')}/v3/?token=${encodeURIComponent(token)}`);
  await new Promise((resolve, reject) => (socket.once('open', resolve), socket.once('error', reject)));
  const typing = (on: boolean) =>
    socket.send(
      JSON.stringify({
        action: 'publish',
        payload: { topic: `/${PROJECT_ID}/requests/${rid}/typing`, message: { typing: on, senderFullname: 'Ann Agent' } },
      }),
    );
  const indicator = page.locator('porchlight-widget .typing[role="status"][aria-label="Ann Agent is typing…"]');
  try {
    // Repeated while "typing", as the console does: the widget's socket may still be subscribing.
    typing(true);
    const repeat = setInterval(() => typing(true), 1000);
    try {
      await expect(indicator).toBeVisible();
    } finally {
      clearInterval(repeat);
    }
    await agentReply(rid, 'Yes, Ann here.');
    await expect(page.getByText('Yes, Ann here.')).toBeVisible();
    await expect(indicator).toBeHidden({ timeout: 1000 });

    // Typing again, then silence: it lapses on its own after about 5 s.
    typing(true);
    await expect(indicator).toBeVisible();
    const shown = Date.now();
    await expect(indicator).toBeHidden({ timeout: 9000 });
    expect(Date.now() - shown).toBeGreaterThan(3000);
  } finally {
    socket.close();
  }
});

test('typing in the agent console shows the indicator in the widget; sending the reply ends it', async ({ page, context }) => {
  await openHostPage(page, snippetPage({ settings: { realtime: true } }));
  await launcher(page).click();
  const rid = await sendFromWidget(page, 'Hello console');
  const consolePage = await context.newPage();
  await consolePage.goto(`${API_ORIGIN}/console/`);
  await consolePage.fill('#email', AGENT.email);
  await consolePage.fill('#password', AGENT.password);
  await consolePage.click('#signin');
  await consolePage.locator(`[data-testid=conversation][data-request-id="${rid}"]`).click();
  await consolePage.fill('#reply', 'Let me c');
  const indicator = page.locator('porchlight-widget .typing[role="status"][aria-label$=" is typing…"]');
  // The widget's socket may still be subscribing: the console repeats while the agent types.
  await expect(async () => {
    await consolePage.locator('#reply').pressSequentially('h');
    await expect(indicator).toBeVisible({ timeout: 2500 });
  }).toPass({ timeout: 15_000 });
  await consolePage.fill('#reply', 'Let me check');
  await consolePage.click('#send');
  await expect(page.getByText('Let me check')).toBeVisible({ timeout: 10_000 });
  await expect(indicator).toBeHidden({ timeout: 1000 });
});
