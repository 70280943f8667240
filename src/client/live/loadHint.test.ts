import { afterEach, describe, expect, it } from 'vitest';
import { createLoadHint, loadHintKey } from './loadHint.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the load hint', () => {
  it('is kept where the visitor persistence keeps the visit, and removed when the conversation ends', () => {
    const local = createLoadHint(window, 'p1', 'local');
    local(true);
    expect(localStorage.getItem(loadHintKey('p1'))).toBe('1');
    expect(sessionStorage.getItem(loadHintKey('p1'))).toBeNull();
    local(false);
    expect(localStorage.getItem(loadHintKey('p1'))).toBeNull();
    createLoadHint(window, 'p1', 'session')(true);
    expect(sessionStorage.getItem(loadHintKey('p1'))).toBe('1');
    expect(localStorage.getItem(loadHintKey('p1'))).toBeNull();
  });

  it('keeps nothing with persistence none, and a refusing storage throws nothing', () => {
    createLoadHint(window, 'p1', 'none')(true);
    expect(localStorage.length + sessionStorage.length).toBe(0);
    const refusing = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Window;
    expect(() => createLoadHint(refusing, 'p1', 'local')(true)).not.toThrow();
  });
});
