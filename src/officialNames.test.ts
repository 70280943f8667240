import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from './commands.ts';
import { installOfficialObject, messageText, officialCommand, officialEvents } from './officialNames.ts';
import type { WidgetInstance } from './widget.ts';
import { nextTask } from './test/fakeTime.ts';

/** An instance that records the calls it gets, and lets a test fire its events. */
function fakeInstance() {
  const calls: Array<[string, unknown[]]> = [];
  const listeners = new Map<string, Set<(detail: unknown) => void>>();
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, args]);
      return undefined as never;
    };
  const instance = {
    open: record('open'),
    close: record('close'),
    toggle: record('toggle'),
    show: record('show'),
    hide: record('hide'),
    sendMessage: record('sendMessage'),
    setUser: record('setUser'),
    setLocale: record('setLocale'),
    reset: record('reset'),
    destroy: record('destroy'),
    update: record('update'),
    signInWithCustomToken: record('signInWithCustomToken'),
    logout: record('logout'),
    openConversation: record('openConversation'),
    showHome: record('showHome'),
    off: record('off'),
    on(event: string, fn: (detail: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(fn);
      listeners.set(event, set);
      return () => set.delete(fn);
    },
    command: () => undefined,
  } as unknown as WidgetInstance;
  const fire = (event: string, detail?: unknown) => listeners.get(event)?.forEach((fn) => fn(detail));
  return { instance, calls, fire, listeners };
}

const context = { win: window, attributes: () => ({ plan: 'pro' }), ready: Promise.resolve() };

/** The page's command entry on a recording instance, with the errors it reports. */
function dispatcherOnFake() {
  const fake = fakeInstance();
  const errors = vi.fn();
  return { ...fake, errors, dispatch: createDispatcher(fake.instance, errors, context) };
}
/** The official names' chunk is fetched at the first name Porchlight does not know: settled once it is here and what waited for it ran. */
const settle = async () => {
  await vi.dynamicImportSettled();
  await nextTask();
};

describe('the official names', () => {
  it('maps each official method with an equivalent onto its Porchlight command', () => {
    expect(officialCommand('dispose', [], null)).toEqual({ name: 'destroy', args: [] });
    expect(officialCommand('clearStorage', [], null)).toEqual({ name: 'reset', args: [] });
    expect(officialCommand('restart', [], null)).toEqual({ name: 'reset', args: [] });
    expect(officialCommand('reInit', [], null)).toEqual({ name: 'update', args: [{}] });
    expect(officialCommand('setParameter', [{ key: 'themeColor', value: '#c2410c' }], null)).toEqual({ name: 'update', args: [{ themeColor: '#c2410c' }] });
    expect(officialCommand('setPreChatForm', [true], null)).toEqual({ name: 'update', args: [{ preChatForm: true }] });
    expect(officialCommand('setPreChatFormJson', [[{ name: 'x' }]], null)).toEqual({ name: 'update', args: [{ preChatFormJson: [{ name: 'x' }] }] });
    expect(officialCommand('setAttributeParameter', [{ key: 'orders', value: 3 }], { plan: 'pro' })).toEqual({
      name: 'setUser',
      args: [{ attributes: { plan: 'pro', orders: 3 } }],
    });
    expect(officialCommand('sendSupportMessage', [{ text: 'hi' }], null)).toEqual({ name: 'sendMessage', args: [{ text: 'hi' }] });
  });

  it('maps nothing for names without an equivalent, or with arguments of the wrong kind', () => {
    for (const name of ['signInAnonymous', 'startConversation', 'showCallout', 'getBaseLocation', 'toString', '__proto__'])
      expect(officialCommand(name, [], null)).toBeNull();
    expect(officialCommand('setParameter', ['themeColor'], null)).toBeNull();
    expect(officialCommand('setPreChatForm', ['yes'], null)).toBeNull();
    expect(officialCommand('setAttributeParameter', [null], null)).toBeNull();
  });

  it('maps the official events onto Porchlight events, and nothing else', () => {
    expect(officialEvents('onInit')).toEqual(['ready']);
    expect(officialEvents('onOpen')).toEqual(['open']);
    expect(officialEvents('onClose')).toEqual(['close']);
    expect(officialEvents('onNewConversation')).toEqual(['conversation:started']);
    expect(officialEvents('onAfterMessageSend')).toEqual(['message:sent']);
    expect(officialEvents('onMessageCreated')).toEqual(['message:sent', 'message:received']);
    for (const name of ['onBeforeMessageSend', 'onAuthStateChanged', 'constructor', 'hasOwnProperty', 'open', 7]) expect(officialEvents(name)).toBeNull();
  });

  it("reads a message's text from a string or the official object", () => {
    expect(messageText('hi')).toBe('hi');
    expect(messageText({ text: 'hi' })).toBe('hi');
    expect(messageText({ message: 'hello' })).toBe('hello');
    expect(messageText({ text: 7 })).toBeNull();
    expect(messageText(null)).toBeNull();
  });
});

describe("the dispatcher with Porchlight's own names", () => {
  it('runs openConversation(requestId) and showHome as the npm instance does, and nothing for a requestId that is not a string', async () => {
    const { dispatch, calls, errors } = dispatcherOnFake();
    dispatch('showHome', []);
    dispatch('openConversation', ['support-group-p-0123456789abcdef0123456789abcdef']);
    dispatch('openConversation', [{ id: 'not a string' }]);
    await settle();
    expect(calls).toEqual([
      ['showHome', []],
      ['openConversation', ['support-group-p-0123456789abcdef0123456789abcdef']],
    ]);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('the dispatcher with the official names', () => {
  it('runs an official method as its Porchlight command, every later call keeping its turn', async () => {
    const { dispatch, calls, errors } = dispatcherOnFake();
    dispatch('open', []);
    expect(calls).toEqual([['open', []]]);
    dispatch('dispose', []);
    dispatch('setAttributeParameter', [{ key: 'orders', value: 3 }]);
    // Behind the official names now: Porchlight's own names wait their turn too.
    dispatch('close', []);
    dispatch('sendMessage', [{ text: 'Hello' }]);
    dispatch('signInWithCustomToken', ['a.b.c']);
    dispatch('logout', []);
    await settle();
    expect(calls).toEqual([
      ['open', []],
      ['destroy', []],
      ['setUser', [{ attributes: { plan: 'pro', orders: 3 } }]],
      ['close', []],
      ['sendMessage', ['Hello']],
      ['signInWithCustomToken', ['a.b.c']],
      ['logout', []],
    ]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("calls an official handler with an event object shaped as the official widget's, by `Tiledesk('onX', fn)` or `on('onX', fn)`", async () => {
    const { instance, fire } = fakeInstance();
    const seen: Array<{ type: string; detail: unknown }> = [];
    const handler = (e: CustomEvent) => seen.push({ type: e.type, detail: e.detail });
    const dispatch = createDispatcher(instance, vi.fn(), context);
    dispatch('on', ['onMessageCreated', handler]);
    dispatch('onNewConversation', [handler]);
    // Start-up is over already: `onInit` is answered at once.
    dispatch('onInit', [handler]);
    await settle();
    fire('message:sent', { _id: 'm1', text: 'mine' });
    fire('message:received', { _id: 'm2', text: 'theirs' });
    fire('conversation:started', { requestId: 'support-group-x' });
    expect(seen).toEqual([
      { type: 'onInit', detail: {} },
      { type: 'onMessageCreated', detail: { message: { _id: 'm1', text: 'mine' } } },
      { type: 'onMessageCreated', detail: { message: { _id: 'm2', text: 'theirs' } } },
      { type: 'onNewConversation', detail: { newConvId: 'support-group-x' } },
    ]);
  });

  it('never fetches the official names for a page that uses only Porchlight’s, and reports a name neither knows', async () => {
    const { instance, calls, listeners } = fakeInstance();
    const errors = vi.fn();
    const dispatch = createDispatcher(instance, errors, context);
    const stop = dispatch('on', ['message:received', () => undefined]);
    expect(typeof stop).toBe('function');
    expect(listeners.get('message:received')?.size).toBe(1);
    dispatch('startConversation', ['hi']);
    dispatch('onBeforeMessageSend', [() => undefined]);
    await settle();
    expect(calls).toEqual([]);
    expect(errors.mock.calls.map(([d]) => (d as { type: string }).type)).toEqual(['command', 'command']);
  });
});

describe('window.tiledesk, the official widget’s lower-case object', () => {
  type Official = Record<string, (...args: unknown[]) => unknown>;
  const withWindow = () => ({ win: {} as Window & { tiledesk?: unknown }, command: vi.fn((..._: unknown[]): unknown => undefined) });

  it('has the official methods that have an equivalent, each the same call on window.Tiledesk; open() toggles, as the official one does', () => {
    const { win, command } = withWindow();
    installOfficialObject(win, command);
    const tiledesk = win.tiledesk as Official;
    expect(Object.keys(tiledesk).sort()).toEqual(
      [
        'on',
        'open',
        'close',
        'show',
        'hide',
        'dispose',
        'signInWithCustomToken',
        'logout',
        'clearStorage',
        'restart',
        'reInit',
        'setParameter',
        'setPreChatForm',
        'setPreChatFormJson',
        'setAttributeParameter',
        'sendMessage',
        'sendSupportMessage',
        'openConversationById',
      ].sort(),
    );
    const handler = () => undefined;
    tiledesk.open!();
    tiledesk.close!();
    tiledesk.on!('onOpen', handler);
    tiledesk.setAttributeParameter!({ key: 'orders', value: 3 });
    tiledesk.sendMessage!({ text: 'hi' });
    tiledesk.openConversationById!('support-group-x');
    expect(command.mock.calls).toEqual([
      ['toggle'],
      ['close'],
      ['on', 'onOpen', handler],
      ['setAttributeParameter', { key: 'orders', value: 3 }],
      ['sendMessage', { text: 'hi' }],
      ['openConversationById', 'support-group-x'],
    ]);
  });

  it('hands back a promise where the official methods do, so `.then` never throws', async () => {
    const { win, command } = withWindow();
    installOfficialObject(win, command);
    const tiledesk = win.tiledesk as Official;
    for (const name of ['signInWithCustomToken', 'logout', 'clearStorage']) await expect(tiledesk[name]!('a.b.c')).resolves.toBeUndefined();
    command.mockReturnValueOnce(Promise.resolve('signed in'));
    await expect(tiledesk.signInWithCustomToken!('a.b.c')).resolves.toBe('signed in');
  });

  it('leaves a window.tiledesk the page has alone', () => {
    const { win, command } = withWindow();
    const theirs = { open: () => 'theirs' };
    win.tiledesk = theirs;
    installOfficialObject(win, command);
    expect(win.tiledesk).toBe(theirs);
  });
});

describe('openConversationById', () => {
  it('shows that conversation in the open window, as the official method does', async () => {
    const { dispatch, calls, errors } = dispatcherOnFake();
    dispatch('openConversationById', ['support-group-p-0123456789abcdef0123456789abcdef']);
    dispatch('openConversationById', [7]);
    await settle();
    expect(calls).toEqual([
      ['openConversation', ['support-group-p-0123456789abcdef0123456789abcdef']],
      ['open', []],
    ]);
    expect(errors.mock.calls).toEqual([[{ type: 'command', message: 'unknown command openConversationById' }]]);
  });
});
