import { untracked, type ReadonlySignal } from '@preact/signals-core';
import type { FirstMessageFields } from '../../state/chatMessage.ts';
import { identityAttributes, type IdentityAttributes } from '../../state/identity.ts';
import type { WidgetSettings } from '../../state/settings.ts';
import { withoutTokenParams } from '../../state/tokenParams.ts';
import type { Identity, SessionModel } from '../session/session.ts';
import type { IntakeModel } from '../ui-state/intake.ts';

/** Who the visitor is, as the chat tells the service (a sign-in, a conversation's first message). */
export interface VisitorIdentity {
  /** Who the page (or the site's sign-in) says the visitor is: no pre-chat form asks it again (intake.ts `known`). Tracked. */
  known(): { fullname: string; email: string };
  /** The visitor signed in with the site's token first (their claims), then the page's settings, then the pre-chat form. */
  who(): Identity & { fullname: string; email: string };
  /** `who` as message attributes. */
  attributes(): IdentityAttributes;
  /** What the first message of a conversation carries: the department, who the visitor is, the page. */
  firstMessageFields(): FirstMessageFields;
}

export function visitorIdentity(deps: {
  win: Window;
  settings: ReadonlySignal<WidgetSettings>;
  lang: ReadonlySignal<string>;
  session: Pick<SessionModel, 'visitor'>;
  /** The intake, made after this (it asks `known`). */
  intake: () => Pick<IntakeModel, 'preChat' | 'department'>;
}): VisitorIdentity {
  const { win, settings } = deps;
  /** The visitor signed in with the site's token: who its claims say. */
  const signedIn = () => {
    const visitor = deps.session.visitor.value;
    return visitor?.authenticated ? visitor : null;
  };
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const who = () => {
    const s = settings.peek();
    const form = deps.intake().preChat.peek() ?? {};
    const signed = untracked(signedIn);
    return {
      fullname: signed?.fullName || s.userFullname || text(form.userFullname),
      email: signed?.email || s.userEmail || text(form.userEmail),
      attributes: s.customAttributes,
    };
  };
  return {
    known: () => ({ fullname: signedIn()?.fullName || settings.value.userFullname, email: signedIn()?.email || settings.value.userEmail }),
    who,
    attributes: () => identityAttributes(who()),
    firstMessageFields() {
      const intake = deps.intake();
      const department = intake.department.peek();
      const preChat = intake.preChat.peek();
      return {
        ...(department ? { departmentid: department._id } : {}),
        // A custom token in the page's address is the visitor's credential: agents never see it.
        sourcePage: withoutTokenParams(win.location.href),
        language: deps.lang.peek(),
        userAgent: win.navigator.userAgent,
        attributes: {
          ...identityAttributes(who()),
          ...(preChat ? { preChatForm: preChat } : {}),
          ...(department ? { departmentId: department._id, departmentName: department.name } : {}),
        },
      };
    },
  };
}
