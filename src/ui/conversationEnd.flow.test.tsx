import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

/** The end of a conversation: the rating is the service's to remember, and "ended" is said once. */
const harness = widgetHarness();
afterEach(() => sessionStorage.clear());

/** The service's side: PATCH …/rating stores it, GET /requests/me?status=all lists it back. */
function serveRatings() {
  const ratings = new Map<string, number>();
  harness.service.setFault((call) => {
    const rated = /\/requests\/([^/]+)\/rating$/.exec(call.path);
    if (call.method === 'PATCH' && rated) {
      ratings.set(decodeURIComponent(rated[1]!), (call.body as { rating: number }).rating);
      return { body: {} };
    }
    if (call.method === 'GET' && call.path.startsWith(`/${harness.service.projectId}/requests/me`)) {
      const requests = [...harness.service.messages.keys()].map((rid, i) => ({
        _id: `r${i}`,
        request_id: rid,
        status: 1000,
        ...(ratings.has(rid) ? { rating: ratings.get(rid) } : {}),
      }));
      return { body: { perPage: 40, count: requests.length, requests } };
    }
    return undefined;
  });
  return ratings;
}

const closedInfo = (rid: string) => ({
  sender: 'system',
  senderFullname: 'System',
  recipient: rid,
  type: 'text',
  text: 'Chat closed',
  attributes: { subtype: 'info/support', messagelabel: { key: 'CHAT_CLOSED' } },
  createdAt: new Date(Date.now() + 50).toISOString(),
});

/** The visitor says `text`, then the service closes the conversation: the window shown again is at its end. */
async function endedConversation({ widget }: ReturnType<typeof harness.start>, text = 'Hi') {
  await widget.sendMessage(text);
  const rid = [...harness.service.messages.keys()][0]!;
  harness.service.store(rid, closedInfo(rid));
  widget.close();
  widget.open();
  return rid;
}

describe('end of a conversation', () => {
  it('remembers the rating across reloads: the service holds it and lists it in requests/me', async () => {
    const ratings = serveRatings();
    const first = harness.start({ open: true, persistence: 'session' });
    const rid = await endedConversation(first, 'Thanks for the help');
    const four = await first.ui.findByRole<HTMLInputElement>('radio', { name: /4 stars/i }, { timeout: 4000 });
    fireEvent.click(four);
    fireEvent.click(first.ui.getByRole('button', { name: 'Send rating' }));
    await until(() => expect(ratings.get(rid)).toBe(4));
    expect(await first.ui.findByText('Thank you for your feedback!')).toBeTruthy();
    first.widget.destroy();

    const second = harness.start({ open: true, persistence: 'session' });
    expect(await second.ui.findByText('Thank you for your feedback!', {}, { timeout: 4000 })).toBeTruthy();
    expect(second.ui.queryByRole('radio')).toBeNull();
    expect(second.root.querySelectorAll('.rated .star.is-on')).toHaveLength(4);
    expect(harness.service.calls.some((c) => c.path.endsWith('/requests/me?status=all'))).toBe(true);
  });

  it('says "ended" once: the service\'s info line, not a second note under it', async () => {
    serveRatings();
    const started = harness.start({ open: true });
    const { ui, root } = started;
    await endedConversation(started);
    await ui.findByRole('radio', { name: /1 star/i }, { timeout: 4000 });
    expect(root.querySelectorAll('.message-info')).toHaveLength(1);
    expect(root.querySelector('.closed-note')).toBeNull();
  });

  it('previews the stars under the pointer and focus before one is chosen', async () => {
    serveRatings();
    const started = harness.start({ open: true });
    const { ui, root } = started;
    await endedConversation(started);
    const three = await ui.findByRole('radio', { name: /3 stars/i }, { timeout: 4000 });
    const lit = () => root.querySelectorAll('.rating .star.is-on').length;
    expect(lit()).toBe(0);
    fireEvent.mouseEnter(three.closest('label')!);
    expect(lit()).toBe(3);
    fireEvent.mouseLeave(root.querySelector('.rating .stars')!);
    expect(lit()).toBe(0);
    fireEvent.focus(ui.getByRole('radio', { name: /5 stars/i }));
    expect(lit()).toBe(5);
  });
});

describe('the rating button', () => {
  it('is "Send rating" before and after a star is picked, though the service labels its submit button "SUBMIT"', async () => {
    serveRatings();
    // The reference service's stock EN set names its rating form's button in capitals.
    harness.service.setLabels('EN', { SUBMIT: 'SUBMIT', CUSTOMER_SATISFACTION: 'Customer satisfaction' });
    const started = harness.start({ open: true });
    const { ui } = started;
    await endedConversation(started);
    const four = await ui.findByRole('radio', { name: /4 stars/i }, { timeout: 4000 });
    // The service's labels are in (another rating text took its label) before the button is read.
    await ui.findByText('Customer satisfaction');
    const button = () => ui.getByRole('button', { name: /send rating|submit/i });
    expect(button().textContent).toBe('Send rating');
    fireEvent.click(four);
    expect(button().textContent).toBe('Send rating');
  });
});
