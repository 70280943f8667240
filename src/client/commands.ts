import { batch } from '@preact/signals-core';
import type { Emitter } from './platform/events.ts';
import type { Outgoing } from './conversation/conversation.ts';
import { cleanLayer, type WidgetSettings } from '../state/settings.ts';
import type { KeyValueStore } from './platform/storage.ts';
import type { CommandHooks } from './commandHooks.ts';
import type { Models } from './models.ts';
import { commandsOnDemand } from './commandsOnDemand.ts';
import type { ChatClient, ChatCommands } from './types.ts';

/**
 * The commands every client has. Those a first open and send never call (a reset, a sign-in, a
 * rating, the pre-chat form, other conversations…) come on demand (laterCommands.ts, the `later`
 * chunk, prefetched once the window opens): a call made before that code is here waits for it, in
 * order, and a message sent meanwhile waits for the calls made before it (commandsOnDemand.ts).
 */
export function createCommands(models: Models, deps: { win: Window; store: KeyValueStore; emitter: Emitter }, hooks: CommandHooks): ChatCommands {
  const { state, page, reportError } = models;
  const { ui, session, conversation, uploads } = state;
  const { win, store } = deps;

  /** The page named the visitor: kept on the stored visitor (a failing storage is reported, not thrown). */
  const nameVisitor = (fullname: string, email: string) => session.updateVisitor({ ...(fullname ? { fullName: fullname } : {}), ...(email ? { email } : {}) });

  // Called in the task that handled the visitor's action: the conversation keeps the message
  // before anything waits (start-up, commands called before it whose code is on its way: a reset or
  // a new conversation among them, it goes to the conversation that follows them; and whether the
  // page's token names someone else than the known visitor held).
  const send = (message: Outgoing): Promise<void> => {
    const earlier = later.waiting();
    if (earlier) void models.conversation.switching(earlier);
    return conversation
      .send(
        message,
        later.after(hooks.ready).then(() => session.settled()),
      )
      .then(() => hooks.afterSend())
      .catch(reportError('send'));
  };
  const later = commandsOnDemand(
    () => import('./laterCommands.ts').then((m) => m.createLaterCommands(models, hooks, { send, nameVisitor })),
    reportError('load'),
  );
  /** A command that forgets the visitor: a message sent until it is done is the next visitor's, in the conversation that follows. */
  const forgetting = (command: () => Promise<void>) => (): Promise<void> => models.conversation.switching(command());
  const logout = forgetting(later.command('logout'));

  return {
    open: (byVisitor = false) => ui.setOpen(true, byVisitor),
    close: (byVisitor = false) => ui.setOpen(false, byVisitor),
    toggle: () => ui.setOpen(!ui.isOpen.peek()),
    show: () => ui.setShown(true),
    hide: () => ui.setShown(false),
    async send(text) {
      if (typeof text !== 'string') return;
      await send({ text });
    },
    retry: later.command('retry'),
    discard: later.command('discard'),
    pressButton(messageKey, intent) {
      if (intent.kind === 'open') {
        // noopener: the opened page gets no handle on the host page.
        win.open(intent.url, intent.target, intent.target === '_blank' ? 'noopener,noreferrer' : undefined);
        return;
      }
      if (intent.kind !== 'send') return;
      conversation.useButtons(messageKey);
      void send({ text: intent.text, attributes: intent.attributes, ...(intent.metadata ? { metadata: intent.metadata } : {}) });
    },
    upload: uploads.add,
    retryUpload: uploads.retry,
    dismissUpload: uploads.dismiss,
    endConversation: later.command('endConversation'),
    // The visitor is told when the rating could not be given.
    rate: later.command('rate', true),
    startNewConversation: later.command('startNewConversation'),
    openConversation: later.command('openConversation'),
    showHome: later.command('showHome'),
    submitPreChat: later.command('submitPreChat'),
    chooseDepartment: later.command('chooseDepartment'),
    loadMoreConversations: later.command('loadMoreConversations'),
    recallRating: later.command('recallRating'),
    dismissCallout() {
      ui.setCallout(false);
      void store.set('callout', { dismissed: true }).catch(reportError('storage'));
    },
    dismissPreview: state.attention.dismissPreview,
    viewImage: ui.viewImage,
    confirmClose: ui.confirmClose,
    setUser(user) {
      const patch: Partial<WidgetSettings> = {};
      if (typeof user?.fullname === 'string') patch.userFullname = user.fullname;
      if (typeof user?.email === 'string') patch.userEmail = user.email;
      if (user?.attributes && typeof user.attributes === 'object') patch.customAttributes = user.attributes;
      page.update(patch);
      void nameVisitor(patch.userFullname ?? '', patch.userEmail ?? '').catch(reportError('storage'));
    },
    setLocale(next) {
      if (typeof next === 'string') page.setLocale(next);
    },
    reset: forgetting(later.command('reset')),
    signInWithCustomToken: later.command('signInWithCustomToken'),
    logout,
    transcript: later.command('transcript', true),
    update(partial) {
      const { project: _project, labels: _labels, ...rest } = partial ?? {};
      // The page takes its token back (`jwt: null` or ''): the visitor it named signs out, as with `logout`.
      const takenBack = 'jwt' in rest && !rest.jwt;
      if (takenBack) rest.jwt = '';
      const signsOut = takenBack && (!!page.wantedToken.peek() || !!session.visitor.peek()?.authenticated);
      batch(() => {
        page.update(cleanLayer(rest));
        hooks.afterUpdate(partial ?? {});
      });
      if (signsOut) void logout();
    },
  };
}

/** The client's events, typed (`on('message:received', m => m.text)`). */
export function eventsOf(emitter: Emitter): Pick<ChatClient, 'on' | 'off' | 'reportError'> {
  // The emitter's methods take no `this`.
  return { on: emitter.on, off: emitter.off, reportError: (detail) => emitter.emit('error', detail) };
}
