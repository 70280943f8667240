import type { WireMessage } from '../api/wire.ts';
import { createFakeFetch, type Handler, type RecordedCall, type Reply } from './fakeFetch.ts';

type StoredMessage = Record<string, unknown> & { _id?: unknown; text?: unknown; attributes?: unknown };

/**
 * A minimal in-memory stand-in for the service's guest endpoints, for unit tests of the state
 * models. It answers like the reference server (plain-text 401, status 0, plain-array history);
 * `fault` lets a test replace the answer to any one call.
 */
export function createFakeService(options: { apiUrl?: string; projectId?: string } = {}) {
  const apiUrl = options.apiUrl ?? 'https://api.test/v3';
  const projectId = options.projectId ?? '65f0c0ffee0000000000d3e0';
  // Records as the service stores them: not normalised, a test may store anything (see `store`).
  const messages = new Map<string, StoredMessage[]>();
  const tokens = new Set<string>();
  /** Tokens the service now refuses, and how (a deleted guest, a malformed header, …). */
  const refusedTokens = new Map<string, Reply>();
  /** Who sends with each token (its visitor's id). */
  const senders = new Map<string, string>();
  /** Custom tokens the service accepts (bare JWT → its claims), as if signed with the project's secret. */
  const customTokens = new Map<string, Record<string, unknown>>();
  let guests = 0;
  let ids = 0;
  let fault: ((call: RecordedCall) => Reply | 'store-then-drop' | undefined) | null = null;
  let widgets: Record<string, unknown> = { project: { _id: projectId, name: 'Fake project', widget: {} }, user_available: [{ id: 'a1' }], departments: [] };
  const labels = new Map<string, Record<string, string>>();

  const handler: Handler = (call) => {
    const injected = fault?.(call);
    if (injected && injected !== 'store-then-drop') return injected;
    if (call.method === 'POST' && call.path === '/auth/signinAnonymously') {
      const n = ++guests;
      const id = `guest-${n}`;
      const token = `JWT token-${n}`;
      tokens.add(token);
      senders.set(token, id);
      return { body: { success: true, token, user: { _id: id, firstname: `guest#${n}`, id, fullName: `guest#${n} ` } } };
    }
    const auth = call.headers.Authorization;
    if (call.method === 'POST' && call.path === '/auth/signinWithCustomToken') {
      const claims = customTokens.get((auth ?? '').replace(/^JWT /, ''));
      // passport's jwt strategy alone: a bare 401 without a challenge.
      if (!auth || !claims) return { status: 401, body: 'Unauthorized' };
      tokens.add(auth);
      senders.set(auth, String(claims._id));
      refusedTokens.delete(auth);
      return {
        body: {
          success: true,
          token: auth,
          user: { ...claims, id: claims._id, fullName: [claims.firstname, claims.lastname].filter((n) => typeof n === 'string').join(' ') },
        },
      };
    }
    const match = /^\/([^/]+)\/requests\/([^/]+)\/messages$/.exec(call.path);
    if (match) {
      const refusal = auth ? refusedTokens.get(auth) : undefined;
      if (refusal) return refusal;
      if (!auth || !tokens.has(auth)) return { status: 401, body: 'Unauthorized', headers: { 'WWW-Authenticate': 'Basic realm="Users"' } };
      const rid = decodeURIComponent(match[2]!);
      const list = messages.get(rid) ?? [];
      if (call.method === 'GET') return { body: list };
      const body = call.body as { text?: string; type?: string; attributes?: Record<string, unknown> };
      if (!list.length && !body.text) return { status: 422, body: { errors: ['text field is required'] } };
      const sender = senders.get(auth) ?? 'unknown';
      const message: StoredMessage = {
        _id: `m${++ids}`,
        sender,
        senderFullname: sender.startsWith('guest-') ? `guest#${sender.slice(6)} ` : sender,
        recipient: rid,
        type: body.type ?? 'text',
        text: body.text ?? '',
        status: 0,
        attributes: body.attributes,
        createdAt: new Date(Date.now() + ids).toISOString(),
      };
      messages.set(rid, [...list, message]);
      if (injected === 'store-then-drop') return 'network-error';
      return { body: { ...message, request: { _id: 'r1', request_id: rid, status: 100, createdAt: message.createdAt } } };
    }
    const closing = /^\/[^/]+\/requests\/([^/]+)\/closeg$/.exec(call.path);
    if (call.method === 'PUT' && closing) {
      closedRequests.add(decodeURIComponent(closing[1]!));
      return { body: { request_id: closing[1], status: 1000 } };
    }
    if (call.method === 'GET' && call.path.startsWith(`/${projectId}/requests/me`)) {
      const refusal = auth ? refusedTokens.get(auth) : undefined;
      if (refusal) return refusal;
      if (!auth || !tokens.has(auth)) return { status: 401, body: 'Unauthorized', headers: { 'WWW-Authenticate': 'Basic realm="Users"' } };
      return { body: myRequests(senders.get(auth) ?? '', new URL(call.url).searchParams) };
    }
    if (call.method === 'GET' && call.path === `/${projectId}/widgets`) {
      return { body: widgets };
    }
    if (call.method === 'GET' && call.path.startsWith(`/${projectId}/labels/`)) {
      // As a stock service: the asked language when the project has it, else the English pivot.
      const lang = call.path.split('/').pop() ?? 'EN';
      const data = labels.get(lang);
      return { body: data ? { lang, data } : { lang: 'EN', data: labels.get('EN') ?? {} } };
    }
    return { status: 404, body: `Cannot ${call.method} ${call.path}` };
  };

  const closedRequests = new Set<string>();
  /**
   * `GET /{pid}/requests/me` as the reference answers it (docs/service.md §7): the caller's own
   * requests, open ones unless `status=all`, newest first, `limit` (above 100 → 40) and 0-based `page`;
   * `attributes.last_message` from the second message on.
   */
  function myRequests(visitor: string, query: URLSearchParams) {
    const all = [...messages.entries()]
      .filter(([, list]) => list[0]?.sender === visitor)
      .map(([rid, list]) => ({
        _id: `r-${rid.slice(-6)}`,
        request_id: rid,
        status: closedRequests.has(rid) ? 1000 : 200,
        first_text: list[0]!.text,
        createdAt: list[0]!.createdAt,
        updatedAt: list[list.length - 1]!.createdAt,
        ...(list.length > 1 ? { attributes: { last_message: list[list.length - 1] } } : {}),
      }))
      .filter((r) => query.get('status') === 'all' || r.status < 1000)
      .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
    const asked = Number(query.get('limit') ?? 40);
    const limit = asked > 100 ? 40 : asked;
    const page = Number(query.get('page') ?? 0);
    return { perPage: limit, count: all.length, requests: all.slice(page * limit, page * limit + limit) };
  }

  const { fetch, calls } = createFakeFetch(apiUrl, handler);
  return {
    apiUrl,
    projectId,
    fetch,
    calls,
    messages,
    revokeAll: () => tokens.clear(),
    /** A site's backend signed this visitor: the service now accepts `jwt` (a fake one will do). */
    acceptCustomToken(jwt: string, claims: Record<string, unknown>) {
      customTokens.set(jwt, claims);
    },
    /** The project's secret changed, or the token expired: `jwt` is refused from now on. */
    refuseCustomToken(jwt: string) {
      customTokens.delete(jwt);
      tokens.delete(`JWT ${jwt}`);
    },
    /** Every token issued so far is refused as the reference refuses it (docs/service.md §2). */
    refuseAll(how: 'membership' | 'malformed' | 'unauthorized') {
      const reply: Reply =
        how === 'membership'
          ? { status: 403, body: { success: false, msg: 'you dont belong to the project.' } }
          : how === 'malformed'
            ? { status: 400, body: 'Bad Request' }
            : { status: 401, body: 'Unauthorized', headers: { 'WWW-Authenticate': 'Basic realm="Users"' } };
      for (const token of tokens) refusedTokens.set(token, reply);
    },
    /** What `GET /{pid}/widgets` answers (merged over the default answer). */
    setWidgets(answer: Record<string, unknown>) {
      widgets = { ...widgets, ...answer };
    },
    setLabels(lang: string, data: Record<string, string>) {
      labels.set(lang, data);
    },
    setFault(next: typeof fault) {
      fault = next;
    },
    /** The conversation is closed (status 1000), as `closeg` or an agent would. */
    closeRequest: (rid: string) => void closedRequests.add(rid),
    /** The conversation is closed at the service (`closeg`, or `closeRequest`). */
    isClosed: (rid: string) => closedRequests.has(rid),
    /** An agent answers in a conversation. */
    agentSays(rid: string, text: string, extra: Partial<WireMessage> | Record<string, unknown> = {}) {
      const list = messages.get(rid) ?? [];
      const message: StoredMessage = {
        _id: `m${++ids}`,
        sender: 'agent-1',
        senderFullname: 'Ann Agent',
        recipient: rid,
        text,
        status: 0,
        createdAt: new Date(Date.now() + ids).toISOString(),
        ...extra,
      };
      messages.set(rid, [...list, message]);
      return message;
    },
    /** Stores a raw record as it is (malformed ones too), with the next id unless it brings its own fields. */
    store(rid: string, record: Record<string, unknown>) {
      messages.set(rid, [...(messages.get(rid) ?? []), { _id: `m${++ids}`, ...record }]);
    },
    posts: () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages')),
  };
}
