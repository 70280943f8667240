import { describe, expect, it } from 'vitest';
import { createSendJournal, readJournal } from './sendJournal.ts';

function fakeWindow(overrides: Partial<Storage> = {}) {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    ...overrides,
  };
  return { win: { sessionStorage: storage } as unknown as Window, map };
}

const entry = (tempUID: string) => ({ tempUID, text: `text ${tempUID}`, type: 'text', createdAt: 5 });

describe('sendJournal', () => {
  it('holds entries in this tab’s sessionStorage under the project’s key, one per tempUID, until released', () => {
    const { win, map } = fakeWindow();
    const journal = createSendJournal(win, 'p1', 'local');
    journal.hold(entry('a'));
    journal.hold(entry('b'));
    journal.hold({ ...entry('a'), requestId: 'support-group-p1-x' });
    expect([...map.keys()]).toEqual(['porchlight:v1:p1:journal']);
    expect(journal.entries()).toEqual([entry('b'), { ...entry('a'), requestId: 'support-group-p1-x' }]);
    journal.release('b');
    journal.release('a');
    expect(map.size).toBe(0);
    // Another project's widget on the same page keeps its own.
    createSendJournal(win, 'p2', 'session').hold(entry('c'));
    expect(journal.entries()).toEqual([]);
  });

  it('keeps nothing with `persistence: none`, and never throws where storage is blocked or full', () => {
    const { win, map } = fakeWindow();
    const none = createSendJournal(win, 'p1', 'none');
    none.hold(entry('a'));
    expect(map.size).toBe(0);
    expect(none.entries()).toEqual([]);
    const blocked = Object.defineProperty({}, 'sessionStorage', {
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    }) as Window;
    expect(() => createSendJournal(blocked, 'p1', 'local').hold(entry('a'))).not.toThrow();
    const full = createSendJournal(
      fakeWindow({
        setItem() {
          throw new DOMException('full', 'QuotaExceededError');
        },
      }).win,
      'p1',
      'local',
    );
    expect(() => full.hold(entry('a'))).not.toThrow();
    expect(full.entries()).toEqual([]);
  });

  it('reads what anyone may have written there: only entries with an id and a text survive, with usable fields', () => {
    expect(readJournal(null)).toEqual([]);
    expect(readJournal('{not json')).toEqual([]);
    expect(readJournal('{"tempUID":"a"}')).toEqual([]);
    expect(
      readJournal(
        JSON.stringify([
          null,
          'x',
          { tempUID: '', text: 'no id' },
          { tempUID: 'n', text: 5 },
          { tempUID: 'a', text: 'hi', type: 7, requestId: 9, metadata: [], attributes: 'x', createdAt: 'now' },
          { tempUID: 'b', text: 'img', type: 'image', requestId: 'r', metadata: { src: 'u' }, attributes: { k: 1 }, createdAt: 3 },
        ]),
      ),
    ).toEqual([
      { tempUID: 'a', text: 'hi', type: 'text', createdAt: expect.any(Number) },
      { tempUID: 'b', text: 'img', type: 'image', requestId: 'r', metadata: { src: 'u' }, attributes: { k: 1 }, createdAt: 3 },
    ]);
  });
});
