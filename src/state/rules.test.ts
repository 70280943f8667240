import { describe, expect, it } from 'vitest';
import { isRequestIdOf, newRequestId } from './requestId.ts';
import { RETRY_CAP_MS, retryDelay } from './retryDelay.ts';
import { POLL_ACTIVE_MS, POLL_CLOSED_MS, POLL_DORMANT_MS, POLL_OPEN_IDLE_MS, POLL_WITH_PUSH_MS, pollDelay } from './pollSchedule.ts';
import { initialOpen } from '../client/ui-state/ui.ts';

describe('request ids', () => {
  it('are support-group-{pid}-{32 lowercase hex}', () => {
    const id = newRequestId('65f0c0ffee0000000000d3e0');
    expect(id).toMatch(/^support-group-65f0c0ffee0000000000d3e0-[0-9a-f]{32}$/);
    expect(isRequestIdOf('65f0c0ffee0000000000d3e0', id)).toBe(true);
    expect(isRequestIdOf('other', id)).toBe(false);
    expect(isRequestIdOf('p', 'support-group-p-XYZ')).toBe(false);
    expect(newRequestId('p')).not.toBe(newRequestId('p'));
  });
});

describe('retryDelay', () => {
  it('grows exponentially with jitter and a cap', () => {
    expect(retryDelay(1, null, () => 0)).toBe(500);
    expect(retryDelay(1, null, () => 1)).toBe(1000);
    expect(retryDelay(3, null, () => 1)).toBe(4000);
    expect(retryDelay(20, null, () => 1)).toBe(RETRY_CAP_MS);
  });
  it('never retries sooner than Retry-After', () => {
    expect(retryDelay(1, 10, () => 0)).toBe(10_000);
    expect(retryDelay(6, 0, () => 1)).toBe(RETRY_CAP_MS);
  });
});

describe('pollDelay', () => {
  const base = { hasConversation: true, windowOpen: true, pageHidden: false, online: true, msSinceActivity: 0 };
  it('is quick while open and active, slower when idle or closed', () => {
    expect(pollDelay(base)).toBe(POLL_ACTIVE_MS);
    expect(pollDelay({ ...base, msSinceActivity: 10 * 60_000 })).toBe(POLL_OPEN_IDLE_MS);
    expect(pollDelay({ ...base, windowOpen: false })).toBe(POLL_CLOSED_MS);
    expect(pollDelay({ ...base, windowOpen: false, msSinceActivity: 3 * 3600_000 })).toBe(POLL_DORMANT_MS);
  });
  it('pauses in a hidden tab, offline, and before the first message', () => {
    expect(pollDelay({ ...base, pageHidden: true })).toBeNull();
    expect(pollDelay({ ...base, online: false })).toBeNull();
    expect(pollDelay({ ...base, hasConversation: false })).toBeNull();
  });
  it('with push up, one safety poll a minute whether the window is open or closed (issue 24 §4)', () => {
    expect(POLL_WITH_PUSH_MS).toBe(60_000);
    expect(pollDelay({ ...base, pushLive: true })).toBe(60_000);
    expect(pollDelay({ ...base, pushLive: true, windowOpen: false })).toBe(60_000);
    expect(pollDelay({ ...base, pushLive: true, pageHidden: true })).toBeNull();
  });
});

describe('initialOpen (onPageChangeVisibility*)', () => {
  it('follows open / close / last and the open setting', () => {
    expect(initialOpen('last', false, true)).toBe(true);
    expect(initialOpen('last', false, undefined)).toBe(false);
    expect(initialOpen('close', false, true)).toBe(false);
    expect(initialOpen('open', false, false)).toBe(true);
    expect(initialOpen('close', true, false)).toBe(true);
  });
});

describe('ui open state', () => {
  it("prefers this tab's synchronous copy over the asynchronous store", async () => {
    const { createUi } = await import('../client/ui-state/ui.ts');
    const { createMemoryStore } = await import('../client/platform/storage.ts');
    const store = createMemoryStore();
    await store.set('ui', { open: true });
    let mirrored: boolean | undefined = false;
    const ui = createUi(store, { read: () => mirrored, write: (open) => (mirrored = open) });
    await ui.restore('last', false);
    expect(ui.isOpen.value).toBe(false);
    ui.setOpen(true);
    expect(mirrored).toBe(true);
    const fresh = createUi(store, { read: () => undefined, write: () => {} });
    await fresh.restore('last', false);
    expect(fresh.isOpen.value).toBe(true);
  });

  it('the restore never overrides what the visitor or the page chose while it was on its way: an open stays open, a close stays closed', async () => {
    const { createUi } = await import('../client/ui-state/ui.ts');
    const { createMemoryStore } = await import('../client/platform/storage.ts');
    const store = createMemoryStore();
    await store.set('ui', { open: true });
    // The visitor clicked "Open chat": open, as the restore would have made it.
    const clicked = createUi(store);
    clicked.setOpen(true, true);
    await clicked.restore('last', false);
    expect([clicked.isOpen.value, clicked.byVisitor.value]).toEqual([true, true]);
    // The page closed it (`Porchlight('close')` queued): the last page's open window does not come back.
    const closedByPage = createUi(store);
    closedByPage.setOpen(false);
    await closedByPage.restore('last', false);
    expect(closedByPage.isOpen.value).toBe(false);
    // Nobody chose: the last page's state.
    const untouched = createUi(store);
    await untouched.restore('last', false);
    expect(untouched.isOpen.value).toBe(true);
  });
});
