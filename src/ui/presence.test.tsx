import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

/** Issue 10 §1, §2, §6: the team, the reply time, grouped messages, and the colour scheme. */
const harness = widgetHarness();
afterEach(() => vi.unstubAllGlobals());

const waitingTime = (body: unknown) => harness.service.setFault((call) => (call.path.endsWith('/publicanalytics/waiting/current') ? { body } : undefined));

describe('presence', () => {
  it('shows up to five available agents with their photos (bot_ stripped), online, and the typical reply time', async () => {
    const agents = ['a1', 'a2', 'bot_b3', 'a4', 'a5', 'a6'].map((id, i) => ({ id, firstname: `Agent ${i + 1}` }));
    harness.service.setWidgets({ user_available: agents });
    waitingTime([{ _id: 'p', waiting_time_avg: 180_000 }]);
    const { root } = harness.start({ open: true });
    const header = () => root.querySelector('.header')!;
    await until(() => expect(header().querySelectorAll('.team .avatar')).toHaveLength(5));
    const srcs = [...header().querySelectorAll<HTMLImageElement>('.team img')].map((img) => img.getAttribute('src'));
    expect(srcs[2]).toBe(`${harness.service.apiUrl}/files?path=${encodeURIComponent('uploads/users/b3/images/photo.jpg')}`);
    await until(() => expect(header().querySelector('.status-line')!.textContent).toBe('Online · We usually reply in 3 minutes'));
    expect(header().querySelector('.presence-dot.is-online')).toBeTruthy();
    // The greeting is the team's first message, from the first face: it does not repeat the
    // header's faces and status line (issue 26 §1).
    const welcome = root.querySelector('.welcome.message-agent')!;
    expect(welcome.querySelectorAll('.avatar')).toHaveLength(1);
    expect(welcome.querySelector('.bubble')!.textContent).toContain('Hi there');
    expect(welcome.querySelector('.team, .status-line')).toBeNull();
    expect(welcome.textContent).not.toContain('We usually reply in 3 minutes');
  });

  it('falls back to initials when a photo fails to load', async () => {
    harness.service.setWidgets({ user_available: [{ id: 'a1', firstname: 'Ann Agent' }] });
    const { root } = harness.start({ open: true });
    await until(() => expect(root.querySelector('.header .team img')).toBeTruthy());
    const avatar = root.querySelector('.header .team .avatar')!;
    fireEvent.error(avatar.querySelector('img')!);
    // The photo hides itself (Avatar.tsx): no photo is shown over the initials.
    await until(() => expect(avatar.querySelector('img:not([hidden])')).toBeNull());
    expect(avatar.textContent).toBe('AA');
  });

  it('asks for a missing photo once: a face shown again (window reopened) keeps its initials, with no image', async () => {
    harness.service.setWidgets({ user_available: [{ id: 'a1', firstname: 'Ann Agent' }] });
    const { root, widget } = harness.start({ open: true });
    const photo = `${harness.service.apiUrl}/files?path=${encodeURIComponent('uploads/users/a1/images/photo.jpg')}`;
    const photos = () => [...root.querySelectorAll('img')].filter((img) => img.getAttribute('src') === photo);
    await until(() => expect(photos().length).toBeGreaterThan(0));
    // The header's and the welcome's faces are on screen together: the first failure answers for all.
    fireEvent.error(photos()[0]!);
    widget.close();
    // Gone from the screen: removed after its closing animation, or already parked again for the next
    // tap (windowPreparation.ts: at the page's next idle moment, which a busy machine may bring first).
    await until(() => expect(root.querySelector('[part~="window"]:not(.is-parked)')).toBeNull());
    widget.open();
    await until(() => expect(root.querySelectorAll('.header .team .avatar')).toHaveLength(1));
    expect(photos()).toHaveLength(0);
    expect(root.querySelector('.header .team .avatar')!.textContent).toBe('AA');
  });

  it('says "we will reply as soon as we can" without a figure ([]), and away when nobody is available', async () => {
    waitingTime([]);
    const first = harness.start({ open: true });
    await until(() => expect(first.root.querySelector('.header .status-line')!.textContent).toBe('Online · We will reply as soon as we can'));
    first.widget.destroy();
    harness.service.setWidgets({ user_available: [] });
    const second = harness.start({ open: true });
    await until(() => expect(second.root.querySelector('.header .status-line')!.textContent).toBe('Away'));
  });
});

describe('grouped messages', () => {
  it('names the agent once per run, puts the time on the last of each run, and never labels the visitor "You"', async () => {
    const { widget, root } = harness.start({ open: true });
    await widget.sendMessage('Hello');
    await widget.sendMessage('Anyone there?');
    const rid = [...harness.service.messages.keys()][0]!;
    harness.service.agentSays(rid, 'Hi!', { sender: 'agent-1' });
    harness.service.agentSays(rid, 'How can I help?', { sender: 'agent-1' });
    widget.close();
    widget.open();
    await until(() => expect(root.querySelectorAll('li.message')).toHaveLength(4));
    const rows = [...root.querySelectorAll('li.message')];
    expect(rows.map((li) => li.querySelector('.sender')?.textContent ?? '')).toEqual(['', '', 'Ann Agent', '']);
    // Times: on hover only inside a run, shown on its last message.
    expect(rows.map((li) => li.querySelector('.meta')!.classList.contains('meta-hover'))).toEqual([true, false, true, false]);
    expect(rows.every((li) => li.querySelector('time'))).toBe(true);
    // The agent's avatar (photo) once, beside the last message of the run.
    expect(rows.map((li) => !!li.querySelector('.avatar img'))).toEqual([false, false, false, true]);
  });
});

describe('colour scheme', () => {
  const stubDark = (matches: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark') ? matches : false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));

  it('light by default, dark when asked, and auto follows prefers-color-scheme', async () => {
    stubDark(true);
    const light = harness.start({ open: true });
    await until(() => expect(light.root.querySelector('.root')).toBeTruthy());
    expect(light.root.querySelector('.root')!.classList.contains('dark')).toBe(false);
    const dark = harness.start({ open: true, colorScheme: 'dark' });
    await until(() => expect(dark.root.querySelector('.root.dark')).toBeTruthy());
    const auto = harness.start({ open: true, colorScheme: 'auto' });
    await until(() => expect(auto.root.querySelector('.root.dark')).toBeTruthy());
    stubDark(false);
    const autoLight = harness.start({ open: true, colorScheme: 'auto' });
    await until(() => expect(autoLight.root.querySelector('.root')).toBeTruthy());
    expect(autoLight.root.querySelector('.root')!.classList.contains('dark')).toBe(false);
  });
});
