import { signal, type Signal } from '@preact/signals';
import { ApiError, type Http } from '../api/http.ts';
import { signInAnonymously } from '../api/auth.ts';
import type { SignInAnonymouslyBody } from '../api/wire.ts';
import type { KeyValueStore } from './storage.ts';

export interface Visitor {
  id: string;
  fullName: string;
  email: string;
  /**
   * Guest ids this browser held before (a revoked token means a new guest): the history still
   * shows their messages as the visitor's own.
   */
  pastIds: string[];
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

export interface SessionModel {
  token: Signal<string | null>;
  visitor: Signal<Visitor | null>;
  /** Loads a stored session, if any. Never signs in: that waits for the visitor. */
  restore(): Promise<void>;
  /** The current token, signing in anonymously first when there is none (one sign-in at a time). */
  ensure(): Promise<string>;
  /** Runs an authorised call; a 401 drops the token, signs in again and retries once. */
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

export function createSession(options: {
  http: Http;
  store: KeyValueStore;
  projectId: string;
  identity: () => Identity;
  /** A new sign-in happened here (other tabs then re-read the stored session). */
  onSignIn?: () => void;
}): SessionModel {
  const { http, store, projectId, identity } = options;
  const token = signal<string | null>(null);
  const visitor = signal<Visitor | null>(null);
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

  const model: SessionModel = {
    token,
    visitor,
    restore() {
      restoring = (async () => {
        const stored = await store.get<StoredSession>(KEY).catch(() => undefined);
        if (stored && typeof stored.token === 'string' && stored.visitor?.id) {
          token.value = stored.token;
          visitor.value = { ...stored.visitor, pastIds: Array.isArray(stored.visitor.pastIds) ? stored.visitor.pastIds : [] };
        }
      })();
      return restoring;
    },
    async ensure() {
      await restoring;
      if (token.value) return token.value;
      signingIn ??= signIn().finally(() => {
        signingIn = null;
      });
      return signingIn;
    },
    async authorized<T>(call: (token: string) => Promise<T>): Promise<T> {
      const first = await model.ensure();
      try {
        return await call(first);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) throw error;
        // Another call may already have replaced the token; only drop the one that failed.
        if (token.value === first) {
          token.value = null;
          await store.del(KEY);
        }
        return call(await model.ensure());
      }
    },
    async updateVisitor(patch) {
      if (!visitor.value) return;
      visitor.value = { ...visitor.value, ...patch };
      await persist();
    },
    async forget() {
      token.value = null;
      visitor.value = null;
      await store.del(KEY);
    },
  };
  return model;
}
