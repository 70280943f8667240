import { describe, expect, it } from 'vitest';
import { clickOpens, firstLabel, READ_MS, relabel } from './launcherLabel.ts';

describe('what a click on the launcher means', () => {
  it('"Open chat" opens, always: however new the label, whoever changed it', () => {
    const closed = firstLabel(false, 0);
    for (const at of [0, 10, 10_000]) expect(clickOpens(closed, at)).toBe(true);
    const open = relabel(closed, true, true, 100);
    // The page closed the window a moment ago: a click on the "Open chat" now shown opens it again.
    const closedByPage = relabel(open, false, false, 5000);
    expect(clickOpens(closedByPage, 5001)).toBe(true);
  });

  it('"Minimise" closes once the visitor could read it', () => {
    const restored = relabel(firstLabel(false, 0), true, false, 1000);
    expect(clickOpens(restored, 1000 + READ_MS)).toBe(false);
    expect(clickOpens(restored, 60_000)).toBe(false);
  });

  it('a window that came without the visitor (a restore, the page, our first paint): a click in that moment was aimed at "Open chat" and opens, never closes', () => {
    const restored = relabel(firstLabel(false, 0), true, false, 1000);
    for (const at of [1000, 1000 + READ_MS / 2, 1000 + READ_MS - 1]) expect(clickOpens(restored, at)).toBe(true);
    // Our launcher's first paint with the window already open (the page's `open`): the loader's said "Open chat".
    const openAtOnce = firstLabel(true, 50);
    expect(clickOpens(openAtOnce, 60)).toBe(true);
    expect(clickOpens(openAtOnce, 50 + READ_MS)).toBe(false);
    // A click that happened before the change (a slow main thread hands it over late) opens too.
    expect(clickOpens(restored, 990)).toBe(true);
  });

  it("a change that answered the visitor's own click is seen at once: a quick second click closes what they opened", () => {
    const opened = relabel(firstLabel(false, 0), true, true, 2000);
    expect(clickOpens(opened, 2100)).toBe(false);
  });

  it('a paint that says the same keeps the label and its time', () => {
    const label = relabel(firstLabel(false, 0), true, false, 1000);
    expect(relabel(label, true, true, 9000)).toBe(label);
  });
});
