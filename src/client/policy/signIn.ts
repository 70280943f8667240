import type { ClientContext } from './clientContext.ts';

/**
 * When the visitor is signed in: at their first move (the window opens), at start-up when the page
 * names them (a site's token) or a known visitor is stored, and when the page names them later. A
 * guest who has a pre-chat form to fill waits for the name and email it carries.
 */
export function createSignIn(c: ClientContext, afterSignIn: () => void) {
  const { session, intake, page, ui, life, reportError } = c;
  const signInIfReady = () => {
    // With a pre-chat form to fill, a guest's sign-in waits for the name and email it carries; the
    // page's token names its visitor (who then fills no form).
    if (intake.stage.peek() === 'prechat' && !page.wantedToken.peek()) return;
    session.ensure().then(afterSignIn).catch(reportError('auth'));
  };
  return {
    signInIfReady,
    /**
     * At start-up: a known visitor is signed in (or a stored one re-validated) at once, as the
     * official widget does, so the page hears of a refused token now, not at the visitor's first message.
     */
    atStart() {
      if (ui.isOpen.peek() || page.wantedToken.peek() || session.visitor.peek()?.authenticated) signInIfReady();
    },
    watch() {
      life.effects(() => {
        // The page names the visitor (a site's token set or changed live): sign them in now, as at start-up.
        const jwt = page.wantedToken.value;
        if (life.started && jwt) signInIfReady();
      });
    },
  };
}
