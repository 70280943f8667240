import { batch } from '@preact/signals-core';
import type { ConversationListControl } from '../state/conversationList.ts';
import type { Emitter } from '../state/events.ts';
import type { Outgoing } from '../state/conversation.ts';
import type { WidgetSettings } from '../state/settings.ts';
import { customTokenJwt } from '../state/tokenParams.ts';
import { cleanLayer } from '../state/settings.ts';
import type { KeyValueStore } from '../state/storage.ts';
import type { Models } from './models.ts';
import type { ChatClient, ChatCommands } from './types.ts';

/**
 * The commands every client has. `hooks` are where a live client and a preview differ: what
 * follows a send, whether the visitor may sign in, what a settings change sets off.
 */
export function createCommands(
  models: Models,
  deps: { win: Window; store: KeyValueStore; emitter: Emitter },
  hooks: {
    /** Start-up is done (a send waits for it). */
    ready: Promise<void>;
    /** A message was queued and sent (or failed): a live client looks for the answer and tells the other tabs. */
    afterSend(): void;
    afterReset(): void;
    afterUpdate(partial: Parameters<ChatCommands['update']>[0]): void;
    /** The visitor has (or may have) several conversations: list them (null with `singleConversation`). */
    listConversations(): Promise<ConversationListControl | null> | null;
  },
): ChatCommands {
  const { state, pageLayer, localeOverride, who, reportError, commandToken, droppedToken, tabs } = models;
  const { ui, session, conversation, intake, uploads } = state;
  const { win, store } = deps;

  /** The page named the visitor: kept on the stored visitor (a failing storage is reported, not thrown). */
  const nameVisitor = (fullname: string, email: string) => session.updateVisitor({ ...(fullname ? { fullName: fullname } : {}), ...(email ? { email } : {}) });

  // Called in the task that handled the visitor's action: the conversation keeps the message
  // before anything waits (start-up included).
  const send = (message: Outgoing): Promise<void> =>
    conversation
      .send(message, hooks.ready)
      .then(() => hooks.afterSend())
      .catch(reportError('send'));

  const commands: ChatCommands = {
    open: (byVisitor = false) => ui.setOpen(true, byVisitor),
    close: (byVisitor = false) => ui.setOpen(false, byVisitor),
    toggle: () => ui.setOpen(!ui.isOpen.peek()),
    show: () => ui.setShown(true),
    hide: () => ui.setShown(false),
    async send(text) {
      if (typeof text !== 'string') return;
      await send({ text });
    },
    retry: (tempUID) => void conversation.retry(tempUID).catch(reportError('send')),
    discard: (tempUID) => void conversation.discard(tempUID).catch(reportError('send')),
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
    endConversation: () => void conversation.close().catch(reportError('close')),
    async rate(score, comment) {
      const rid = conversation.requestId.peek();
      await conversation.rate(score, comment);
      if (rid) state.rating.remember(rid, score);
    },
    startNewConversation() {
      ui.setScreen('conversation', ui.byVisitor.peek());
      // The one being left stays on the service: from now on the visitor has a list.
      if (conversation.requestId.peek()) void hooks.listConversations();
      void Promise.all([conversation.startNew(), intake.resetDepartment()]).catch(reportError('conversation'));
    },
    openConversation: (requestId, byVisitor) => void hooks.listConversations()?.then((list) => list?.open(requestId, byVisitor)),
    showHome(byVisitor) {
      if (hooks.listConversations()) ui.setScreen('home', byVisitor);
    },
    submitPreChat(values) {
      void intake
        .submitPreChat(values)
        .then(async () => {
          const { fullname, email } = who();
          // Signed in already (a returning visitor): the form still names them from now on.
          if (session.token.peek()) await nameVisitor(fullname, email);
          else await session.ensure();
          const first = typeof values.firstMessage === 'string' ? values.firstMessage.trim() : '';
          if (first) await send({ text: first });
        })
        .catch(reportError('prechat'));
    },
    dismissCallout() {
      ui.setCallout(false);
      void store.set('callout', { dismissed: true }).catch(reportError('storage'));
    },
    viewImage: ui.viewImage,
    confirmClose: ui.confirmClose,
    setUser(user) {
      const patch: Partial<WidgetSettings> = {};
      if (typeof user?.fullname === 'string') patch.userFullname = user.fullname;
      if (typeof user?.email === 'string') patch.userEmail = user.email;
      if (user?.attributes && typeof user.attributes === 'object') patch.customAttributes = user.attributes;
      pageLayer.value = { ...pageLayer.value, ...patch };
      void nameVisitor(patch.userFullname ?? '', patch.userEmail ?? '').catch(reportError('storage'));
    },
    setLocale(next) {
      if (typeof next === 'string') localeOverride.value = next;
    },
    async reset() {
      await hooks.ready;
      await Promise.all([conversation.forget(), session.forget(), intake.forget()]).catch(reportError('storage'));
      // The site's other tabs forget them too.
      tabs.post({ type: 'session' });
      tabs.post({ type: 'conversation' });
      ui.setOpen(false);
      hooks.afterReset();
    },
    async signInWithCustomToken(token) {
      const jwt = customTokenJwt(token);
      if (!jwt) return reportError('auth')(new Error('signInWithCustomToken: not a JWT'));
      await hooks.ready;
      commandToken.value = jwt;
      await session.ensure().catch(reportError('auth'));
    },
    async logout() {
      // The page's token named the visitor who leaves: this page does not sign them in again.
      droppedToken.value = customTokenJwt(state.settings.peek().jwt);
      commandToken.value = null;
      await commands.reset();
    },
    transcript: () =>
      import('../state/transcriptFile.ts')
        .then((m) => m.transcriptOf(models.http, state))
        .catch((error: unknown) => {
          reportError('transcript')(error);
          throw error;
        }),
    update(partial) {
      const { project: _project, labels: _labels, ...rest } = partial ?? {};
      batch(() => {
        pageLayer.value = { ...pageLayer.value, ...cleanLayer(rest) };
        hooks.afterUpdate(partial ?? {});
      });
    },
  };
  return commands;
}

/** The client's events, typed (`on('message:received', m => m.text)`). */
export function eventsOf(emitter: Emitter): Pick<ChatClient, 'on' | 'off' | 'reportError'> {
  // The emitter's methods take no `this`.
  return { on: emitter.on, off: emitter.off, reportError: (detail) => emitter.emit('error', detail) };
}
