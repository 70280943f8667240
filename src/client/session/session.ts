import { signal, type ReadonlySignal } from '@preact/signals-core';
import { ApiError, NetworkError, type Http } from '../../api/http.ts';
import { bareJwt, signInAnonymously } from '../../api/auth.ts';
import type { SignInAnonymouslyBody } from '../../api/wire.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import type { SessionRefusedError } from './sessionRefusedError.ts';

/** The visitor as the service knows them. */
export interface Visitor {
  /** Their user id at the service (the `sender` of their messages). */
  id: string;
  /** Their name, as the page, the pre-chat form or the service gave it ('' when unknown). */
  fullName: string;
  /** Their email ('' when unknown). */
  email: string;
  /**
   * Guest ids this browser held before (a revoked token means a new guest): the history still
   * shows their messages as the visitor's own.
   */
  pastIds: string[];
  /** Signed in with the site's own token (the service marks such a visitor as authenticated); a guest has none. */
  authenticated?: true;
}

/** A visitor signed in with a site's token while a conversation was on screen: who they are now, in which conversation. */
export interface SignedInSwitch {
  /** Their name now. */
  name: string;
  /** The conversation that goes on. */
  requestId: string;
  /** When (ms): the line stands between the messages before and after. */
  at: number;
}

interface StoredSession {
  token: string;
  visitor: Visitor;
}

export interface Identity {
  fullname?: string;
  email?: string;
  attributes?: Record<string, unknown> | null;
}

/**
 * The only statuses with which the service may refuse the visitor's credentials
 * (sessionRefusal.ts tells which of their answers are such refusals): any other failure is the
 * call's own, and needs no code beyond this module.
 */
export const REFUSAL_STATUSES = [400, 401, 403];

export interface SessionModel {
  token: ReadonlySignal<string | null>;
  visitor: ReadonlySignal<Visitor | null>;
  /** Automatic calls stopped: the service refused even a fresh guest (see SessionRefusedError). */
  refused: ReadonlySignal<boolean>;
  /**
   * Set when a sign-in with a site's token made the visitor someone else while a conversation was
   * on: that conversation goes on (any member of the project may post to it, docs/service.md §2),
   * and the UI says so. Cleared by `forget`.
   */
  switched: ReadonlySignal<SignedInSwitch | null>;
  /** The visitor acted (sent, tapped Retry): one more fresh sign-in may be tried. */
  allowAgain(): void;
  /**
   * Loads the stored session (none stored: none held). Never signs in: that waits for the visitor.
   * `fromTab`: another tab of the site just signed in and stored it, so a site's token in it was
   * validated already; at start-up a stored site's token is validated again at the next `ensure`.
   * Resolves to true when another tab forgot the visitor held (a logout, a reset, another known
   * visitor): this tab drops what it shows of them too.
   */
  restore(fromTab?: boolean): Promise<boolean>;
  /**
   * Resolves once the site's token the page gives now is known to name the known visitor held, or
   * that visitor has been forgotten (`onOtherVisitor`): a message waits for it before it takes its
   * conversation, so it never goes to the one before. It never waits for the sign-in's answer, and
   * never rejects.
   */
  settled(): Promise<void>;
  /**
   * The current token, signing in first when needed (one sign-in at a time): with the site's token
   * the page gives (`customToken`) when it is not the one held, re-validating a stored site's
   * token once per page, else anonymously when there is no token. A refused site's token leaves a
   * guest (the one held, or a new one) and tells `onTokenRefused`.
   */
  ensure(): Promise<string>;
  /**
   * Runs an authorised call. A refusal of the credentials (sessionRefusal.ts) drops the
   * token, signs in again (one sign-in however many calls were refused) and retries once; a fresh
   * token refused too, or too many such sign-ins, stops calls with SessionRefusedError.
   */
  authorized<T>(call: (token: string) => Promise<T>): Promise<T>;
  /** A message from the service updated the visitor's name or email. */
  updateVisitor(patch: Partial<Omit<Visitor, 'id'>>): Promise<void>;
  forget(): Promise<void>;
}

const KEY = 'session';

function splitName(fullname: string | undefined): Pick<SignInAnonymouslyBody, 'firstname' | 'lastname'> {
  const trimmed = fullname?.trim();
  if (!trimmed) return {};
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstname: trimmed } : { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1) };
}

export interface SessionOptions {
  http: Http;
  store: KeyValueStore;
  projectId: string;
  identity: () => Identity;
  /** A new sign-in happened here (other tabs then re-read the stored session). */
  onSignIn?: () => void;
  /**
   * The page names another known visitor than the one held (another `_id`): everything of the one
   * held on this device (conversation, outbox, list, pre-chat answers, this session) is forgotten, in
   * every tab, before the sign-in (customTokenSignIn.ts `leaveOtherVisitor`). Default: `forget`.
   */
  onOtherVisitor?: () => Promise<void>;
  /**
   * For the page (`porchlight:error`): calls just stopped because the service refuses the visitor
   * (sessionRefusal.ts), or it refused a site's token and the visitor goes on as a guest
   * (customTokenSignIn.ts). Those modules, on demand, write the detail.
   */
  onAuthError?: (detail: WidgetErrorDetail) => void;
  /** The site's token the page gives now (command, query parameter, setting), bare; null for none. */
  customToken?: () => string | null;
  /** The conversation on screen, if any (see `switched`). */
  conversationId?: () => string | null;
  now?: () => number;
}

/**
 * What happens to a session. Its state changes only by `apply` (as TanStack Query's private
 * dispatch): the session's commands and its code on demand (customTokenSignIn.ts, sessionRefusal.ts)
 * say what happened, and this file alone decides what that means for the token, the visitor and the
 * rest. Storing it is `persist`'s.
 */
export type SessionEvent =
  /**
   * Signed in as `visitor` (their past guest ids are the session's to keep): as a guest, or with a
   * site's token the service accepted (`validated`); `switched` while a conversation was on.
   */
  | { type: 'signedIn'; token: string; visitor: Omit<Visitor, 'pastIds'>; validated?: string; switched?: SignedInSwitch }
  /**
   * Read back from storage (`fromTab`: another tab just stored it; `left`: it forgot the visitor held
   * here). A preview's visitor comes this way too, without a token.
   */
  | { type: 'restored'; token: string | null; visitor: Visitor | null; fromTab: boolean; left: boolean }
  /** The service refused the token: it is dropped, so the next call signs in afresh. */
  | { type: 'tokenDropped' }
  /** The site's token held was refused: the visitor goes on as a guest (kept among the next one's past ids). */
  | { type: 'siteTokenDropped' }
  /** A site's token is not tried before `until` (ms; Infinity: never again on this page); `unreachable`: the service could not be asked. */
  | { type: 'siteTokenHeldOff'; jwt: string; until: number; unreachable: boolean }
  /**
   * Refusals forced fresh sign-ins at these times (sessionRefusal.ts counts them in a window); the
   * call that forced the last one tries the fresh token until `trial` settles.
   */
  | { type: 'renewed'; renewals: readonly number[]; trial: Promise<void> }
  /** The service refuses even a fresh guest: automatic calls fail with `error` until the visitor acts. */
  | { type: 'stopped'; error: SessionRefusedError }
  /** The visitor acted: calls go again, with a fresh budget of sign-ins. */
  | { type: 'allowed' }
  | { type: 'visitorNamed'; patch: Partial<Omit<Visitor, 'id'>> }
  | { type: 'forgotten' };

/**
 * The session as it and its code on demand see it (customTokenSignIn.ts, sessionRefusal.ts: chunks
 * of their own for a first open's bytes, the session's all the same): what it was made with, what it
 * remembers, and `apply`, the one way its state changes.
 */
export interface Session extends SessionModel {
  readonly options: Readonly<SessionOptions> & { now(): number };
  apply(event: SessionEvent): void;
  /** The site's token held now (the visitor signed in with it), bare; null for a guest or nobody. */
  held(): string | null;
  /** Failed tries so far to reach the service with `jwt`. */
  unreachableTries(jwt: string): number;
  /** When refusals forced fresh sign-ins (see `renewed`). */
  renewals(): readonly number[];
  /**
   * Settles when calls may go on: once the call that forced the last fresh sign-in has its answer
   * (until then no other call tries the fresh token, so a service that refuses it refuses one call,
   * not every call in flight: see `renewed`); rejects with what stopped calls, if they are stopped.
   */
  goOn(): Promise<void>;
  /** Stores the session held (none held: none stored). */
  persist(): Promise<void>;
  /** An anonymous sign-in (a guest). */
  signInAsGuest(): Promise<string>;
}

/** The session's state, and `apply`: the one place where it changes. */
function sessionState(now: () => number) {
  const token = signal<string | null>(null);
  const visitor = signal<Visitor | null>(null);
  const refused = signal(false);
  const switched = signal<SignedInSwitch | null>(null);
  /** The site's token the service accepted on this page: not asked again. */
  let validated: string | null = null;
  /**
   * Site's tokens not to try before a time (ms): one the service refused never again on this page
   * (Infinity), one it could not be asked about after a wait (customTokenSignIn.ts). No request loop.
   */
  const heldOff = new Map<string, number>();
  /** Failed tries to reach the service with each site's token (customTokenSignIn.ts `holdOff`). */
  const unreachable = new Map<string, number>();
  /** Visitors forgotten so far (logout, reset, another known visitor): a call begun for one is never made as the next. */
  let visits = 0;
  let renewals: readonly number[] = [];
  let trial = Promise.resolve();
  /** What stopped calls (set with `refused`): every automatic call fails with it until the visitor acts. */
  let stopped: SessionRefusedError | null = null;
  const held = () => (token.value && visitor.value?.authenticated ? bareJwt(token.value) : null);

  function apply(event: SessionEvent): void {
    switch (event.type) {
      case 'signedIn': {
        const before = visitor.peek();
        const pastIds = before ? [...new Set([...before.pastIds, before.id])].filter((id) => id !== event.visitor.id) : [];
        token.value = event.token;
        visitor.value = { ...event.visitor, pastIds };
        if (event.validated) validated = event.validated;
        if (event.switched) switched.value = event.switched;
        return;
      }
      case 'restored':
        if (event.left) {
          visits++;
          switched.value = null;
        }
        if (event.visitor) {
          token.value = event.token;
          visitor.value = event.visitor;
          if (event.fromTab) validated = held();
        } else if (event.fromTab) {
          token.value = null;
          visitor.value = null;
          switched.value = null;
        }
        return;
      case 'tokenDropped':
        token.value = null;
        return;
      case 'siteTokenDropped': {
        token.value = null;
        const { authenticated: _authenticated, ...guest } = visitor.peek()!;
        visitor.value = guest;
        return;
      }
      case 'siteTokenHeldOff':
        heldOff.set(event.jwt, event.until);
        if (event.unreachable) unreachable.set(event.jwt, (unreachable.get(event.jwt) ?? 0) + 1);
        return;
      case 'renewed':
        ({ renewals, trial } = event);
        return;
      case 'stopped':
        stopped = event.error;
        refused.value = true;
        return;
      case 'allowed':
        renewals = [];
        refused.value = false;
        return;
      case 'visitorNamed':
        if (visitor.peek()) visitor.value = { ...visitor.peek()!, ...event.patch };
        return;
      case 'forgotten':
        apply({ type: 'allowed' });
        visits++;
        token.value = null;
        visitor.value = null;
        switched.value = null;
        validated = null;
        return;
    }
  }

  return {
    token,
    visitor,
    refused,
    switched,
    apply,
    held,
    validated: () => validated,
    visits: () => visits,
    // `stopped` and `refused` are set together; `allowAgain` lifts `refused`.
    async goOn() {
      await trial;
      if (refused.peek()) throw stopped!;
    },
    tryable: (jwt: string) => !((heldOff.get(jwt) ?? 0) > now()),
    unreachableTries: (jwt: string) => unreachable.get(jwt) ?? 0,
    renewals: () => renewals,
  };
}

export function createSession(options: SessionOptions): Session {
  const { http, store, projectId, identity } = options;
  const now = options.now ?? Date.now;
  const state = sessionState(now);
  const { token, visitor, apply } = state;
  /** Whether the page's site's token names the known visitor held, being found out (`settled`). */
  let deciding: { jwt: string; from: string; done: Promise<void> } | null = null;
  let signingIn: Promise<string> | null = null;
  // A sign-in must never race the stored session being read (it would make a second guest).
  let restoring: Promise<void> = Promise.resolve();

  /** The site's token to sign in with before anything else, if any (see `ensure`). */
  function pendingSiteToken(): { jwt: string; stored: boolean } | null {
    const wanted = options.customToken?.() ?? null;
    const held = state.held();
    if (wanted && wanted !== held && state.tryable(wanted)) return { jwt: wanted, stored: false };
    if (held && held !== state.validated() && state.tryable(held)) return { jwt: held, stored: wanted !== held };
    return null;
  }

  // Signing in with a site's token, and dropping a refused one, are a chunk of their own
  // (customTokenSignIn.ts): a guest never downloads them. Refused credentials are handled by a chunk
  // of its own too (sessionRefusal.ts), loaded with the first refusal.
  const siteSignIn = () => import('./customTokenSignIn.ts');

  const session: Session = {
    token,
    visitor,
    refused: state.refused,
    switched: state.switched,
    options: { ...options, now },
    apply,
    held: state.held,
    unreachableTries: state.unreachableTries,
    renewals: state.renewals,
    goOn: state.goOn,
    async persist() {
      const [t, v] = [token.peek(), visitor.peek()];
      if (t && v) await store.set(KEY, { token: t, visitor: v } satisfies StoredSession);
      else await store.del(KEY);
    },
    async signInAsGuest() {
      const who = identity();
      const body: SignInAnonymouslyBody = { id_project: projectId, ...splitName(who.fullname) };
      if (who.email) body.email = who.email;
      if (who.attributes && Object.keys(who.attributes).length) body.attributes = who.attributes;
      const answer = await signInAnonymously(http, body);
      if (!answer || typeof answer.token !== 'string' || !answer.user?._id) throw new Error('sign-in answered without a token');
      apply({
        type: 'signedIn',
        token: answer.token,
        visitor: {
          id: answer.user._id,
          // The reference server appends a space when there is no last name ("guest#3f2a ").
          fullName: (who.fullname || answer.user.fullName || answer.user.firstname || '').trim(),
          email: who.email || answer.user.email || '',
        },
      });
      await session.persist();
      options.onSignIn?.();
      return answer.token;
    },
    allowAgain: () => apply({ type: 'allowed' }),
    restore(fromTab = false) {
      const before = visitor.peek();
      const reading = (async () => {
        const stored = await store.get<StoredSession>(KEY).catch(() => undefined);
        const known = stored && typeof stored.token === 'string' && stored.visitor?.id ? stored : null;
        const pastIds = Array.isArray(known?.visitor.pastIds) ? known.visitor.pastIds : [];
        // Another tab logged the visitor out, reset, or signed in someone else (not them: a guest who
        // signed in is among the past ids of who they are now): this one forgets them too.
        const left = fromTab && !!before && known?.visitor.id !== before.id && !pastIds.includes(before.id);
        let restored: Visitor | null = null;
        if (known) {
          const { authenticated, ...rest } = known.visitor;
          restored = { ...rest, pastIds, ...(authenticated === true ? { authenticated } : {}) };
        }
        apply({ type: 'restored', token: known?.token ?? null, visitor: restored, fromTab, left });
        return left;
      })();
      restoring = reading.then(() => undefined);
      return reading;
    },
    settled() {
      const pending = pendingSiteToken();
      const held = visitor.peek();
      if (!pending || pending.stored || !held?.authenticated) return Promise.resolve();
      if (deciding?.jwt !== pending.jwt || deciding.from !== held.id) {
        const leave = () => (options.onOtherVisitor ?? session.forget)();
        // Not downloaded (offline): who the token names cannot be read, so the one held leaves.
        const done = siteSignIn()
          .then((m) => m.leaveOtherVisitor(session, pending.jwt), leave)
          .catch(() => undefined);
        deciding = { jwt: pending.jwt, from: held.id, done };
      }
      return deciding.done;
    },
    async ensure() {
      await restoring;
      const pending = pendingSiteToken();
      if (!pending && token.value) return token.value;
      signingIn ??= (
        pending ? session.settled().then(() => siteSignIn().then((m) => m.signInWithSite(session, pending.jwt, pending.stored))) : session.signInAsGuest()
      ).finally(() => {
        signingIn = null;
      });
      return signingIn;
    },
    async authorized<T>(call: (token: string) => Promise<T>): Promise<T> {
      const visit = state.visits();
      const first = await session.ensure();
      // After the sign-in: a stopped session holds its token, so none came first.
      await state.goOn();
      // The visitor was forgotten meanwhile: what was begun for them (a message of theirs on its way)
      // is never done as the next one. It never left, as on a network failure.
      if (visit !== state.visits()) throw new NetworkError(new Error('the visitor it was for was forgotten'), false);
      try {
        return await call(first);
      } catch (error) {
        if (!(error instanceof ApiError && REFUSAL_STATUSES.includes(error.status))) throw error;
        // Not downloaded (offline meanwhile): the call failed as it did, and is retried as any failure is.
        const handling = await import('./sessionRefusal.ts').catch(() => {
          throw error;
        });
        return handling.retryRefused(session, first, error, call);
      }
    },
    async updateVisitor(patch) {
      if (!visitor.value) return;
      apply({ type: 'visitorNamed', patch });
      await session.persist();
    },
    async forget() {
      apply({ type: 'forgotten' });
      await store.del(KEY);
    },
  };
  return session;
}
