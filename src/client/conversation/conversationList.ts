import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { listMessages } from '../../api/messages.ts';
import { listMyRequests } from '../../api/myRequests.ts';
import type { WireMessage } from '../../api/wire.ts';
import type { ConversationModel } from './conversation.ts';
import {
  hasNewsSince,
  listPollDelay,
  listWithCurrent,
  readMarksOf,
  summaryOfMessages,
  summaryOfRequest,
  type ConversationSummary,
  type ReadMarks,
} from '../../state/conversationSummary.ts';
import type { Environment } from '../live/environment.ts';
import { unreadSince } from '../../state/readMark.ts';
import type { SessionModel } from '../session/session.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { TabsModel } from '../live/tabs.ts';
import type { UiModel } from '../ui-state/ui.ts';

/** The visitor's conversations (issue 11 §4), as a UI sees them. */
export interface ConversationListModel {
  /** Newest activity first; the current conversation as this tab sees it. */
  items: ReadonlySignal<ConversationSummary[]>;
  /** The service has older conversations than those loaded. */
  hasMore: ReadonlySignal<boolean>;
  /** The first answer of the service has come (the home screen shows "loading" until then). */
  loaded: ReadonlySignal<boolean>;
  /** Unread messages in the conversations not on screen (the launcher's count adds them). */
  unreadElsewhere: ReadonlySignal<number>;
  /** Asks the service now (and re-arms the slow schedule). */
  refresh(): Promise<void>;
  /** One more page of older conversations. */
  loadMore(): Promise<void>;
}

/** What the client itself does with the list (not for UIs). */
export interface ConversationListControl extends ConversationListModel {
  /** Another tab counted or started one: read its marks and the list again, without counting twice. Never rejects. */
  follow(): Promise<void>;
  /** Shows one of them (`ChatCommands.openConversation`): a closed one read-only. */
  open(requestId: string, byVisitor?: boolean): void;
  dispose(): void;
}

/** What the list is made with. */
export interface ConversationListOptions {
  http: Http;
  projectId: string;
  session: SessionModel;
  store: KeyValueStore;
  /** Where the read marks are kept (their presence tells the client at start-up that this visitor has a list). */
  marksKey: string;
  conversation: ConversationModel;
  ui: Pick<UiModel, 'isOpen' | 'screen' | 'setScreen'>;
  env: Pick<Environment, 'visible' | 'online'>;
  /** Only the leading tab polls and counts; it tells the others (`conversation`) when it counted. */
  tabs: Pick<TabsModel, 'isLeader' | 'post'>;
  /** A push channel brings every conversation's news (Chat21's inbox): the list is read only as a safety net. */
  inboxLive: ReadonlySignal<boolean>;
  onError(error: unknown): void;
}

const PAGE = 20;
/** The service's own limit per call (above it, it answers 40). */
const MAX_LIMIT = 100;

/**
 * The visitor's conversations from `GET /{pid}/requests/me` (`status=all`, newest first, pages of
 * 20), polled slowly by the leading tab. Unread per conversation: when the list shows a reply newer
 * than the visitor last saw a conversation that is not on screen, that conversation's messages are
 * read once to count them; the current conversation counts its own (conversation.ts).
 */
export function createConversationList(deps: ConversationListOptions): ConversationListControl {
  const { http, projectId, session, store, conversation, ui, env, tabs } = deps;
  // The current conversation is in front of the visitor: window open on it, page visible.
  const onScreen = computed(() => ui.isOpen.value && ui.screen.value === 'conversation' && env.visible.value);
  const leads = () => tabs.isLeader.peek();
  const { served, count, loaded, marks, marksRead, apply } = listState();
  let pages = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  const myIds = () => {
    const v = session.visitor.peek();
    return new Set(v ? [v.id, ...v.pastIds] : []);
  };

  const current = computed(() => {
    const rid = conversation.requestId.value;
    return rid ? summaryOfMessages(rid, conversation.messages.value, conversation.closed.value) : null;
  });
  const items = computed(() => {
    const list = listWithCurrent(served.value, current.value, marks.value.unread);
    // The current conversation's unread count is its own (it grows while the window is closed or home).
    const rid = conversation.requestId.value;
    return list.map((s) => (s.requestId === rid ? { ...s, unread: conversation.unread.value } : s));
  });
  const unreadElsewhere = computed(() => {
    const rid = conversation.requestId.value;
    return Object.entries(marks.value.unread).reduce((sum, [id, n]) => (id === rid ? sum : sum + n), 0);
  });

  const saveMarks = (next: ReadMarks) => {
    apply({ type: 'marks', marks: next });
    void store.set(deps.marksKey, next).catch(deps.onError);
  };

  // What is on screen is seen: its mark moves to its latest message, its count goes.
  const stopSeeing = effect(() => {
    const rid = conversation.requestId.value;
    const last = current.value;
    if (!rid || !onScreen.value || !marksRead.value) return;
    const m = marks.peek();
    const at = Math.max(last?.time ?? 0, m.seen[rid] ?? 0);
    if (m.seen[rid] === at && !m.unread[rid]) return;
    const { [rid]: _gone, ...unread } = m.unread;
    saveMarks({ seen: { ...m.seen, [rid]: at }, unread });
  });

  async function readMarks() {
    apply({ type: 'marks', marks: readMarksOf(await store.get(deps.marksKey).catch(() => undefined)), read: true });
  }

  /** Null: not asked (a refused session keeps what was listed); no session yet: no conversation. */
  async function fetchList(): Promise<ConversationSummary[] | null> {
    if (session.refused.peek()) return null;
    if (!session.token.peek()) return [];
    const limit = Math.min(MAX_LIMIT, PAGE * pages);
    const page = await session.authorized((token) => listMyRequests(http, token, projectId, { status: 'all', limit, page: 0 }));
    const mine = myIds();
    apply({ type: 'counted', count: page.count });
    return page.requests.map((r) => summaryOfRequest(r, mine));
  }

  /** Counts the replies that came while each conversation was out of sight. */
  async function countUnread(list: readonly ConversationSummary[]): Promise<void> {
    const read = (rid: string) => session.authorized((token) => listMessages(http, token, projectId, rid));
    const counted = await unreadCounts(marks.peek(), list, conversation.requestId.peek(), read, myIds);
    if (!counted) return;
    saveMarks({ seen: { ...marks.peek().seen, ...counted.seen }, unread: { ...marks.peek().unread, ...counted.unread } });
    tabs.post({ type: 'conversation' });
  }

  function arm() {
    clearTimeout(timer);
    if (disposed) return;
    const delay = listPollDelay({
      leads: leads(),
      visible: env.visible.peek(),
      online: env.online.peek(),
      homeOnScreen: ui.isOpen.peek() && ui.screen.peek() === 'home',
      pushLive: deps.inboxLive.peek(),
    });
    if (delay !== null) timer = setTimeout(() => void refresh().catch(deps.onError), delay);
  }

  async function refresh() {
    try {
      const list = await fetchList();
      if (!list || disposed) return;
      apply({ type: 'listed', list });
      if (leads()) await countUnread(list);
    } finally {
      arm();
    }
  }

  const ready = readMarks();
  const look = () => void ready.then(refresh).catch(deps.onError);
  // Listed at once, then again at every opening of the window and of the home screen, and on the
  // slow schedule, which (re)starts when this tab takes the lead or the page is seen again.
  let was = { open: ui.isOpen.peek(), home: ui.screen.peek() === 'home', leads: leads(), seen: env.visible.peek(), push: deps.inboxLive.peek() };
  const stopWatching = effect(() => {
    const now = { open: ui.isOpen.value, home: ui.screen.value === 'home', leads: tabs.isLeader.value, seen: env.visible.value, push: deps.inboxLive.value };
    if ((now.open && !was.open) || (now.home && !was.home) || (now.leads && !was.leads) || (now.seen && !was.seen)) look();
    // Push up or down: the next read follows the other schedule.
    else if (now.push !== was.push) arm();
    was = now;
  });
  // The conversation the visitor leaves stays listed as they last saw it, until the service's list comes.
  let left = current.peek();
  const stopKeeping = current.subscribe((now) => {
    if (left && left.requestId !== now?.requestId && !served.peek().some((s) => s.requestId === left!.requestId)) apply({ type: 'kept', summary: left });
    left = now;
  });
  look();
  return {
    items,
    hasMore: computed(() => served.value.length < count.value && served.value.length < MAX_LIMIT),
    loaded,
    unreadElsewhere,
    refresh: () => ready.then(refresh),
    async follow() {
      try {
        await readMarks();
        const list = await fetchList();
        if (!list || disposed) return;
        apply({ type: 'listed', list });
      } catch (error) {
        deps.onError(error);
      }
    },
    async loadMore() {
      pages++;
      await refresh();
    },
    open(requestId, byVisitor) {
      const listed = items.peek().find((item) => item.requestId === requestId);
      ui.setScreen('conversation', byVisitor);
      void conversation.open(requestId, !!listed?.closed).catch(deps.onError);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      stopSeeing();
      stopWatching();
      stopKeeping();
    },
  };
}

type ListEvent =
  /** The service's list (its first page or pages) came. */
  | { type: 'listed'; list: ConversationSummary[] }
  /** How many conversations the service holds. */
  | { type: 'counted'; count: number }
  /** The conversation the visitor left stays listed as they last saw it, until the service's list has it. */
  | { type: 'kept'; summary: ConversationSummary }
  /** `read`: the stored marks were read (nothing is written before: they would be lost). */
  | { type: 'marks'; marks: ReadMarks; read?: boolean };

/** The list's state, and `apply`: the one place where it changes. */
function listState() {
  const served = signal<ConversationSummary[]>([]);
  const count = signal(0);
  const loaded = signal(false);
  const marks = signal<ReadMarks>({ seen: {}, unread: {} });
  const marksRead = signal(false);
  function apply(event: ListEvent): void {
    switch (event.type) {
      case 'listed':
        served.value = event.list;
        loaded.value = true;
        return;
      case 'counted':
        count.value = event.count;
        return;
      case 'kept':
        served.value = [event.summary, ...served.peek()];
        return;
      case 'marks':
        marks.value = event.marks;
        if (event.read) marksRead.value = true;
        return;
    }
  }
  return { served, count, loaded, marks, marksRead, apply };
}

/**
 * The replies that came while each listed conversation (but `current`) was out of sight, after
 * `marks`: what changed, or null. One seen for the first time on this device counts as read; one
 * with news since its mark has its messages read (`read`) and counted.
 */
export async function unreadCounts(
  marks: ReadMarks,
  list: readonly ConversationSummary[],
  current: string | null,
  read: (requestId: string) => Promise<readonly WireMessage[]>,
  myIds: () => ReadonlySet<string>,
): Promise<ReadMarks | null> {
  const seen = { ...marks.seen };
  const unread = { ...marks.unread };
  let changed = false;
  for (const s of list) {
    if (s.requestId === current) continue;
    const at = seen[s.requestId];
    // First sight on this device: what it holds was there before, so it counts as read.
    if (at === undefined) {
      seen[s.requestId] = s.time;
      changed = true;
      continue;
    }
    if (!hasNewsSince(s, at)) continue;
    const n = unreadSince(await read(s.requestId), at, myIds());
    if (unread[s.requestId] !== n) {
      unread[s.requestId] = n;
      changed = true;
    }
  }
  return changed ? { seen, unread } : null;
}
