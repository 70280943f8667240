import { customTokenJwt } from '../state/tokenParams.ts';
import type { CommandHooks, CoreCommands } from './commandHooks.ts';
import type { Models } from './models.ts';
import type { ChatCommands } from './types.ts';

/** The commands a first open and send never call (commands.ts has the rest): code on demand, in the `later` chunk. */
export type LaterCommands = Pick<
  ChatCommands,
  | 'retry'
  | 'discard'
  | 'endConversation'
  | 'rate'
  | 'startNewConversation'
  | 'openConversation'
  | 'showHome'
  | 'loadMoreConversations'
  | 'submitPreChat'
  | 'chooseDepartment'
  | 'recallRating'
  | 'reset'
  | 'signInWithCustomToken'
  | 'logout'
  | 'transcript'
>;

export function createLaterCommands(models: Models, hooks: CommandHooks, { send, nameVisitor }: CoreCommands): LaterCommands {
  const { state, identity, page, reportError } = models;
  const { ui, session, conversation, intake } = state;
  const commands: LaterCommands = {
    retry: (tempUID) => void conversation.retry(tempUID).catch(reportError('send')),
    discard: (tempUID) => void conversation.discard(tempUID).catch(reportError('send')),
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
    openConversation(requestId, byVisitor) {
      const opening = hooks.listConversations()?.then((list) => list?.open(requestId, byVisitor));
      // A message sent meanwhile goes to the conversation opened.
      if (opening) void models.conversation.switching(opening);
    },
    showHome(byVisitor) {
      if (hooks.listConversations()) ui.setScreen('home', byVisitor);
    },
    // A first message written before the choice waits in the outbox (intake.ts `holds`): it goes now.
    chooseDepartment: (id) => void intake.chooseDepartment(id).then(conversation.flush, reportError('storage')),
    // Not known (offline): the ended conversation's panel asks for a rating, as for one never rated.
    recallRating: (requestId) => void state.rating.recall(requestId).catch(() => undefined),
    loadMoreConversations: () => void hooks.listConversations()?.then((list) => list?.loadMore().catch(reportError('conversations'))),
    submitPreChat(values) {
      void intake
        .submitPreChat(values)
        .then(async () => {
          const { fullname, email } = identity.who();
          // Signed in already (a returning visitor): the form still names them from now on.
          if (session.token.peek()) await nameVisitor(fullname, email);
          else await session.ensure();
          const first = typeof values.firstMessage === 'string' ? values.firstMessage.trim() : '';
          if (first) await send({ text: first });
          else await conversation.flush();
        })
        .catch(reportError('prechat'));
    },
    async reset() {
      await hooks.ready;
      await models.forgetVisitor();
      ui.setOpen(false);
    },
    async signInWithCustomToken(token) {
      const jwt = customTokenJwt(token);
      if (!jwt) return reportError('auth')(new Error('signInWithCustomToken: not a JWT'));
      // Wanted at once: a message sent after this call waits to learn whether it names someone else
      // than the known visitor held (session.ts `settled`), so it never goes to their conversation.
      page.giveToken(jwt);
      await hooks.ready;
      await session.ensure().catch(reportError('auth'));
    },
    async logout() {
      // The page's token named the visitor who leaves: this page does not sign them in again.
      page.dropToken();
      await commands.reset();
    },
    transcript: () =>
      import('./conversation/transcriptFile.ts')
        .then((m) => m.transcriptOf(models.http, state))
        .catch((error: unknown) => {
          reportError('transcript')(error);
          throw error;
        }),
  };
  return commands;
}
