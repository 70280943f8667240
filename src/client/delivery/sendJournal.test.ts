import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../state/chatMessage.ts';
import { fakeWebStorage } from '../../test/fakeWebStorage.ts';
import { createSendJournal } from './sendJournal.ts';

function fakeWindow(overrides: Partial<Storage> = {}) {
  const { storage, map } = fakeWebStorage(overrides);
  return { win: { sessionStorage: storage } as unknown as Window, map };
}

const item = (tempUID: string, requestId = ''): OutboxItem => ({
  tempUID,
  requestId,
  text: `text ${tempUID}`,
  type: 'text',
  attributes: {},
  createdAt: 5,
  attempts: 0,
  state: 'sending',
  maybeDelivered: false,
  notBefore: 0,
});

describe('sendJournal', () => {
  it('holds each message in this tab’s sessionStorage under the project’s keys until it is released; the next page finds what is left', () => {
    const { win, map } = fakeWindow();
    map.set('host-page-key', 'theirs');
    const page = createSendJournal(win, 'p1', 'local');
    page.hold(item('a'));
    page.hold(item('b'));
    page.hold(item('a', 'support-group-p1-x'));
    expect([...map.keys()]).toEqual(['host-page-key', 'porchlight:v1:p1:journal:a', 'porchlight:v1:p1:journal:b']);
    // This page's own messages on their way are not left by a reload.
    expect(page.left()).toEqual([]);
    page.release('b');
    const next = createSendJournal(win, 'p1', 'local');
    expect(next.left()).toEqual([item('a', 'support-group-p1-x')]);
    next.hold(item('c'));
    expect(next.left()).toEqual([item('a', 'support-group-p1-x')]);
    next.release('a');
    next.release('c');
    expect([...map.keys()]).toEqual(['host-page-key']);
    // Another project's widget on the same page keeps its own.
    createSendJournal(win, 'p2', 'session').hold(item('d'));
    expect(createSendJournal(win, 'p1', 'local').left()).toEqual([]);
  });

  it('does not open sessionStorage while the widget starts (a first look can take tens of milliseconds)', () => {
    const { storage } = fakeWebStorage();
    let looks = 0;
    const win = Object.defineProperty({}, 'sessionStorage', { get: () => (looks++, storage) }) as Window;
    const journal = createSendJournal(win, 'p1', 'local');
    expect(looks).toBe(0);
    journal.hold(item('a'));
    expect(looks).toBe(1);
  });

  it('keeps nothing with `persistence: none`, skips what it cannot parse, and never throws where storage is blocked or full', () => {
    const { win, map } = fakeWindow();
    const none = createSendJournal(win, 'p1', 'none');
    none.hold(item('a'));
    expect(map.size).toBe(0);
    map.set('porchlight:v1:p1:journal:x', '{broken');
    map.set('porchlight:v1:p1:journal:y', '7');
    expect(createSendJournal(win, 'p1', 'local').left()).toEqual([7]);
    const blocked = Object.defineProperty({}, 'sessionStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    }) as Window;
    expect(() => createSendJournal(blocked, 'p1', 'local').hold(item('a'))).not.toThrow();
    const full = createSendJournal(
      fakeWindow({
        setItem() {
          throw new DOMException('full', 'QuotaExceededError');
        },
      }).win,
      'p1',
      'local',
    );
    expect(() => full.hold(item('a'))).not.toThrow();
  });
});
