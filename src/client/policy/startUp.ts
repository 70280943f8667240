import { yieldToPage } from '../../api/yieldToPage.ts';
import { whenIdle } from '../live/idle.ts';
import type { createChatWindow } from './chatWindow.ts';
import type { ClientContext } from './clientContext.ts';
import type { ConversationLists } from './conversationLists.ts';
import type { createLiveness } from './liveness.ts';
import type { createLook } from './look.ts';
import type { createSignIn } from './signIn.ts';

/** The policy modules the start-up sets going, in this order (their effects react in it). */
export interface StartUpParts {
  chatWindow: ReturnType<typeof createChatWindow>;
  liveness: ReturnType<typeof createLiveness>;
  unread: { watch(): void };
  look: ReturnType<typeof createLook>;
  signIn: ReturnType<typeof createSignIn>;
  lists: ConversationLists;
}

/**
 * The client's start: its policy's effects, then storage, then the service, then the live parts.
 * `ready` settles once started and restored (never rejects); a client disposed before its start
 * settles it at once, and starts nothing.
 */
export function createStartUp(c: ClientContext, parts: StartUpParts): { ready: Promise<void>; start(): void } {
  let start!: () => void;
  const ready = new Promise<void>((resolve) => {
    let begun = false;
    start = () => {
      if (begun) return;
      begun = true;
      resolve(c.life.disposed ? undefined : startUp(c, parts));
    };
  }).catch(c.reportError('bootstrap'));
  return { ready, start };
}

/**
 * The start-up's steps are tasks of their own on the host page (issue 9 §1): the project's answer
 * re-themes the launcher in its own task, the texts and the first history request come after.
 */
async function startUp(c: ClientContext, parts: StartUpParts): Promise<void> {
  const { win, env, emitter, translator, lang, reportError, session, conversation, intake, project, ui, settings, life } = c;
  const { chatWindow, liveness, look, signIn, lists } = parts;
  for (const part of [chatWindow, liveness, parts.unread, look, signIn]) part.watch();
  await Promise.all([session.restore(), conversation.restore(), intake.restore()]);
  // The page's token names another visitor than the known one stored: they leave before anything is shown or sent.
  await session.settled();
  // Disposed meanwhile (React StrictMode's first instance): nothing of it runs after.
  if (life.disposed) return;
  if (!conversation.requestId.peek()) liveness.noHistory();
  look.waitForService();
  const widgets = await project.load().then(
    (answer) => answer ?? {},
    (error: unknown) => void reportError('bootstrap')(error),
  );
  await yieldToPage();
  if (life.disposed) return;
  if (widgets) look.keep(widgets);
  const s = settings.peek();
  if (s.startFromHome && !s.singleConversation) ui.setScreen('home');
  lists.listIfKept();
  const rule = env.isMobile() ? s.onPageChangeVisibilityMobile : s.onPageChangeVisibilityDesktop;
  await Promise.all([ui.restore(rule, s.open), look.loadLabels(lang.peek())]);
  if (life.disposed) return;
  // The look and the texts are final now: a first visit shows the launcher (and any window).
  ui.showLook();
  chatWindow.applyDisplayRules();
  life.start();
  chatWindow.atStart();
  signIn.atStart();
  await yieldToPage();
  if (life.disposed) return;
  // The leading tab's first look comes from the leadership effect once running: one history
  // request at start-up (the badge), not two.
  life.run();
  liveness.lookOnceUnlessLeading();
  void chatWindow.startCallout();
  // i18next takes over the texts once the page is idle (translator.ts).
  life.onDispose(whenIdle(win, () => void translator.engine().catch(() => undefined)));
  emitter.emit('ready');
}
