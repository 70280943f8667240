import { fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

/**
 * Issue 22 §18: outside opening hours the welcome does not promise a quick reply; it says when the
 * team is back and asks for the visitor's email, which reaches the service as `userEmail` does.
 */
const harness = widgetHarness();

/** Hours with one range, on the day after today (UTC): closed now, the next opening known. */
function closedUntilTomorrow() {
  const tomorrow = (new Date().getUTCDay() + 1) % 7;
  const opening = new Date();
  opening.setUTCDate(opening.getUTCDate() + 1);
  opening.setUTCHours(9, 0, 0, 0);
  return { hours: JSON.stringify({ [tomorrow]: [{ start: '09:00', end: '17:00' }], tzname: 'UTC' }), opening };
}

const when = (at: Date) => new Intl.DateTimeFormat('en', { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(at);

function closedProject(widget: Record<string, unknown> = {}) {
  const { hours, opening } = closedUntilTomorrow();
  harness.service.setWidgets({
    project: {
      _id: 'p',
      name: 'Shop',
      activeOperatingHours: true,
      operatingHours: hours,
      widget: { welcomeMsg: 'Ask us anything, we usually reply within a few minutes.', ...widget },
    },
    user_available: [],
  });
  return opening;
}

describe('the welcome when the project is closed', () => {
  it('says when the team is back, not "we usually reply within a few minutes"', async () => {
    const opening = closedProject();
    const { root } = harness.start({ open: true });
    await until(() => expect(root.querySelector('.welcome .closed-welcome')).toBeTruthy());
    const welcome = root.querySelector('.welcome')!;
    expect(welcome.textContent).not.toContain('within a few minutes');
    expect(welcome.querySelector('.welcome-msg')!.textContent).toBe(`We are back ${when(opening)}. Leave your email and we will answer you there.`);
  });

  it("takes the visitor's email (checked), and the first message carries it as userEmail", async () => {
    closedProject();
    const { root, ui, widget } = harness.start({ open: true });
    const field = await ui.findByRole('textbox', { name: 'Your email' }, { timeout: 4000 });
    fireEvent.input(field, { target: { value: 'not an email' } });
    fireEvent.click(ui.getByRole('button', { name: 'Save my email' }));
    expect(ui.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(field, { target: { value: ' jane@example.com ' } });
    fireEvent.click(ui.getByRole('button', { name: 'Save my email' }));
    await until(() => expect(root.querySelector('.welcome')!.textContent).toContain('We will answer you at jane@example.com.'));
    expect(ui.queryByRole('textbox', { name: 'Your email' })).toBeNull();
    await widget.sendMessage('My lamp flickers');
    const [first] = harness.service.posts();
    expect((first!.body as { attributes?: Record<string, unknown> }).attributes).toMatchObject({ userEmail: 'jane@example.com' });
  });

  it('asks for no email the page already gave (userEmail), and says where the answer goes', async () => {
    closedProject();
    const { root, ui } = harness.start({ open: true, userEmail: 'ann@shop.test' });
    await until(() => expect(root.querySelector('.welcome')!.textContent).toContain('We will answer you at ann@shop.test.'));
    expect(ui.queryByRole('textbox', { name: 'Your email' })).toBeNull();
  });

  it('keeps the welcome message while open', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { welcomeMsg: 'Ask us anything, we usually reply within a few minutes.' } } });
    const { root } = harness.start({ open: true });
    await until(() => expect(root.querySelector('.welcome .welcome-msg')!.textContent).toBe('Ask us anything, we usually reply within a few minutes.'));
    expect(root.querySelector('.closed-welcome')).toBeNull();
  });
});
