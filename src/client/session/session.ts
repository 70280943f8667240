import { signal, type Signal } from '@preact/signals-core';
import { ApiError, NetworkError, type Http } from '../../api/http.ts';
import { bareJwt, signInAnonymously } from '../../api/auth.ts';
import type { SignInAnonymouslyBody } from '../../api/wire.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { SiteSession } from './customTokenSignIn.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import type { SessionRefusedError } from './sessionRefusedError.ts';

export interface Visitor {
  id: string;
  fullName: string;
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
  name: string;
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

/** Refusals so far on this page (sessionRefusal.ts). */
export interface Refusals {
  /** When refusals forced a fresh sign-in (the budget of REFUSAL_SIGN_INS per window). */
  renewals: number[];
  /** What stopped calls (set with `refused`): every automatic call fails with it until the visitor acts. */
  stopped: SessionRefusedError | null;
}

/**
 * What of a session the handling of refused credentials works on (sessionRefusal.ts): what signing in
 * with a site's token does (a refused site's token is dropped by it), and the refusals so far.
 */
export interface RefusalScope extends SiteSession {
  refused: Signal<boolean>;
  refusals: Refusals;
  ensure(): Promise<string>;
}

export interface SessionModel {
  token: Signal<string | null>;
  visitor: Signal<Visitor | null>;
  /** Automatic calls stopped: the service refused even a fresh guest (see SessionRefusedError). */
  refused: Signal<boolean>;
  /**
   * Set when a sign-in with a site's token made the visitor someone else while a conversation was
   * on: that conversation goes on (any member of the project may post to it, docs/service.md §2),
   * and the UI says so. Cleared by `forget`.
   */
  switched: Signal<SignedInSwitch | null>;
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

export function createSession(options: SessionOptions): SessionModel {
  const { http, store, projectId, identity } = options;
  const token = signal<string | null>(null);
  const visitor = signal<Visitor | null>(null);
  const refused = signal(false);
  const switched = signal<SignedInSwitch | null>(null);
  /** The site's token the service accepted on this page: not asked again. */
  let validated: string | null = null;
  const now = options.now ?? Date.now;
  /**
   * Site's tokens not to try before a time (ms): one the service refused never again on this page
   * (Infinity), one it could not be asked about after a wait (customTokenSignIn.ts). No request loop.
   */
  const heldOff = new Map<string, number>();
  /** Failed tries to reach the service with each site's token (customTokenSignIn.ts `holdOff`). */
  const unreachable = new Map<string, number>();
  const tryable = (jwt: string) => !((heldOff.get(jwt) ?? 0) > now());
  /** Visitors forgotten so far (logout, reset, another known visitor): a call begun for one is never made as the next. */
  let visits = 0;
  /** Whether the page's site's token names the known visitor held, being found out (`settled`). */
  let deciding: { jwt: string; from: string; done: Promise<void> } | null = null;
  const refusals: Refusals = { renewals: [], stopped: null };
  let signingIn: Promise<string> | null = null;
  // A sign-in must never race the stored session being read (it would make a second guest).
  let restoring: Promise<void> = Promise.resolve();

  async function persist() {
    if (token.value && visitor.value) await store.set(KEY, { token: token.value, visitor: visitor.value } satisfies StoredSession);
    else await store.del(KEY);
  }

  async function signIn(): Promise<string> {
    const who = identity();
    const body: SignInAnonymouslyBody = { id_project: projectId, ...splitName(who.fullname) };
    if (who.email) body.email = who.email;
    if (who.attributes && Object.keys(who.attributes).length) body.attributes = who.attributes;
    const answer = await signInAnonymously(http, body);
    if (!answer || typeof answer.token !== 'string' || !answer.user?._id) throw new Error('sign-in answered without a token');
    const before = visitor.value;
    const pastIds = before ? [...new Set([...before.pastIds, before.id])].filter((id) => id !== answer.user._id) : [];
    token.value = answer.token;
    visitor.value = {
      id: answer.user._id,
      pastIds,
      // The reference server appends a space when there is no last name ("guest#3f2a ").
      fullName: (who.fullname || answer.user.fullName || answer.user.firstname || '').trim(),
      email: who.email || answer.user.email || '',
    };
    await persist();
    options.onSignIn?.();
    return answer.token;
  }

  /** The site's token held now (the visitor signed in with it), bare; null for a guest or nobody. */
  const heldSiteToken = () => (token.value && visitor.value?.authenticated ? bareJwt(token.value) : null);

  /** The site's token to sign in with before anything else, if any (see `ensure`). */
  function pendingSiteToken(): { jwt: string; stored: boolean } | null {
    const wanted = options.customToken?.() ?? null;
    const held = heldSiteToken();
    if (wanted && wanted !== held && tryable(wanted)) return { jwt: wanted, stored: false };
    if (held && held !== validated && tryable(held)) return { jwt: held, stored: wanted !== held };
    return null;
  }

  // Signing in with a site's token, and dropping a refused one, are a chunk of their own
  // (customTokenSignIn.ts): a guest never downloads them. Refused credentials are handled by a chunk
  // of its own too (sessionRefusal.ts), loaded with the first refusal: the same scope serves both.
  const site: RefusalScope = {
    http,
    projectId,
    now,
    token,
    visitor,
    switched,
    heldOff,
    unreachable,
    held: heldSiteToken,
    accepted: (jwt) => void (validated = jwt),
    persist,
    signIn,
    forget: () => model.forget(),
    options,
    refused,
    refusals,
    ensure: () => model.ensure(),
  };
  const siteSignIn = () => import('./customTokenSignIn.ts');

  const model: SessionModel = {
    token,
    visitor,
    refused,
    switched,
    allowAgain() {
      refusals.renewals = [];
      refused.value = false;
    },
    restore(fromTab = false) {
      const before = visitor.peek();
      const reading = (async () => {
        const stored = await store.get<StoredSession>(KEY).catch(() => undefined);
        const known = stored && typeof stored.token === 'string' && stored.visitor?.id ? stored : null;
        const pastIds = Array.isArray(known?.visitor.pastIds) ? known.visitor.pastIds : [];
        // Another tab logged the visitor out, reset, or signed in someone else (not them: a guest who
        // signed in is among the past ids of who they are now): this one forgets them too.
        const left = fromTab && !!before && known?.visitor.id !== before.id && !pastIds.includes(before.id);
        if (left) {
          visits++;
          switched.value = null;
        }
        if (known) {
          token.value = known.token;
          const { authenticated, ...rest } = known.visitor;
          visitor.value = { ...rest, pastIds, ...(authenticated === true ? { authenticated } : {}) };
          if (fromTab) validated = heldSiteToken();
        } else if (fromTab) {
          token.value = null;
          visitor.value = null;
          switched.value = null;
        }
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
        const leave = () => (options.onOtherVisitor ?? model.forget)();
        // Not downloaded (offline): who the token names cannot be read, so the one held leaves.
        const done = siteSignIn()
          .then((m) => m.leaveOtherVisitor(site, pending.jwt), leave)
          .catch(() => undefined);
        deciding = { jwt: pending.jwt, from: held.id, done };
      }
      return deciding.done;
    },
    async ensure() {
      await restoring;
      const pending = pendingSiteToken();
      if (!pending && token.value) return token.value;
      signingIn ??= (pending ? model.settled().then(() => siteSignIn().then((m) => m.signInWithSite(site, pending.jwt, pending.stored))) : signIn()).finally(
        () => {
          signingIn = null;
        },
      );
      return signingIn;
    },
    async authorized<T>(call: (token: string) => Promise<T>): Promise<T> {
      // Set together (sessionRefusal.ts `stop`); `allowAgain` lifts `refused`.
      if (refused.peek() && refusals.stopped) throw refusals.stopped;
      const visit = visits;
      const first = await model.ensure();
      // The visitor was forgotten meanwhile: what was begun for them (a message of theirs on its way)
      // is never done as the next one. It never left, as on a network failure.
      if (visit !== visits) throw new NetworkError(new Error('the visitor it was for was forgotten'), false);
      try {
        return await call(first);
      } catch (error) {
        if (!(error instanceof ApiError && REFUSAL_STATUSES.includes(error.status))) throw error;
        // Not downloaded (offline meanwhile): the call failed as it did, and is retried as any failure is.
        const handling = await import('./sessionRefusal.ts').catch(() => {
          throw error;
        });
        return handling.retryRefused(site, first, error, call);
      }
    },
    async updateVisitor(patch) {
      if (!visitor.value) return;
      visitor.value = { ...visitor.value, ...patch };
      await persist();
    },
    async forget() {
      model.allowAgain();
      visits++;
      token.value = null;
      visitor.value = null;
      switched.value = null;
      validated = null;
      await store.del(KEY);
    },
  };
  return model;
}
