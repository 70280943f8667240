import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ConversationSummary } from '../state/conversationSummary.ts';
import { displayName } from '../state/displayName.ts';
import { translator, useWidget } from './context.ts';
import { createConversationTime } from './conversationTime.ts';
import { isoTime } from '../state/formatTime.ts';
import { Avatar } from './Avatar.tsx';
import { SendIcon } from './icons.tsx';
import { statusLine } from './Presence.tsx';
import { NOT_LAID_OUT, rowWindow, type RowView } from './rowWindow.ts';
import homeCss from './Home.css?inline';
import stepButtonsCss from './StepButtons.css?inline';
import { WelcomeMessage } from './WelcomeMessage.tsx';

/**
 * One conversation, as a messenger lists it: who answered last (their face and name; the team's
 * when the visitor wrote last), when, two lines of the last message, "Ended" in words, and the
 * replies that wait unread (then it reads in bold). `position` from 1 in a list of `count` (only
 * some are rendered). The button reads in its own order: name, ended, message, time, unread.
 */
function ConversationItem({ item, when, position, count }: { item: ConversationSummary; when: string; position: number; count: number }) {
  const widget = useWidget();
  const { intents, title, settings } = widget;
  const t = translator(widget);
  const agent = item.senderName ? displayName(item.senderName) : '';
  // The team as the header names it; "Support" before the project has a name.
  const name = agent || title.value || t('SUPPORT_LABEL');
  const logo = !agent && /^https?:\/\//i.test(settings.value.logoChat) ? settings.value.logoChat : '';
  const what = item.text || t(item.type === 'image' ? 'IMAGE_LABEL' : 'ATTACHMENT_LABEL');
  return (
    <li data-rid={item.requestId} aria-posinset={position} aria-setsize={count}>
      <button
        type="button"
        part="conversation-item"
        class={`conversation-item${item.unread ? ' has-unread' : ''}`}
        onClick={() => intents.openConversation(item.requestId, true)}
      >
        {logo ? (
          <span class="avatar conversation-avatar" aria-hidden="true">
            <img src={logo} alt="" referrerpolicy="no-referrer" />
          </span>
        ) : (
          <Avatar id={item.senderId} name={name} class="conversation-avatar" />
        )}
        <span class="conversation-head">
          <bdi class="conversation-name">{name}</bdi>
          {item.closed && <span class="conversation-ended">{t('CLOSED')}</span>}
        </span>
        <span class="conversation-text">
          {item.fromVisitor && <span class="conversation-who">{t('YOU')}: </span>}
          <bdi>{what}</bdi>
        </span>
        <time class="conversation-time" dateTime={isoTime(item.time)}>
          {when}
        </time>
        {item.unread > 0 && (
          <span class="unread-mark">
            <span aria-hidden="true">{item.unread > 99 ? '99+' : item.unread}</span>
            <span class="visually-hidden">{t('UNREAD_COUNT', { count: item.unread })}</span>
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * How soon the team answers, as the header's status says it: the reply time while someone can
 * answer, else "Away". Part of the card's name: what a visitor sees on a control is what it is called.
 */
function ReplyTime() {
  const { online, status, reply } = statusLine(useWidget());
  return (
    <span class="new-conversation-reply">
      {online !== null && <span class={`presence-dot${online ? ' is-online' : ''}`} aria-hidden="true" />}
      {reply || status}
    </span>
  );
}

/**
 * The home screen (`startFromHome`, and the back button's target), as Intercom's: the greeting large
 * on the theme's colour (the header above has the team's faces), a card that starts a conversation
 * and says how soon the team replies, and the visitor's conversations. Reached by the visitor's
 * own move, focus lands on the conversation they came from, else on "new conversation".
 */
export function Home({ listId }: { listId: string }) {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, homeCss);
  const { intents, settings, conversations, conversation, lang, ui } = widget;
  const t = translator(widget);
  const root = useRef<HTMLDivElement>(null);
  const list = conversations.value;
  const items = list?.items.value ?? [];
  const s = settings.value;
  const closed = widget.availability.value.status === 'closed';
  const when = createConversationTime(lang.value);
  const now = Date.now();

  // The list is rendered in a window (rowWindow.ts): the rows in view and a few more, however long
  // it is. Where the view is: measured after each render and on every scroll. The rows' pitch only
  // at their first layout and when the view resizes: rows a pixel apart in height, measured on each
  // window, could make each window measure the other one, render after render.
  const rows = useRef<HTMLUListElement>(null);
  const [view, setView] = useState<RowView>(NOT_LAID_OUT);
  const shown = rowWindow(items.length, view);
  const measure = (newPitch = !view.pitch) => {
    const home = root.current;
    const ul = rows.current;
    const first = ul?.firstElementChild;
    if (!home || !ul || !first) return;
    const rendered = ul.childElementCount;
    const pitch = !newPitch
      ? view.pitch
      : rendered > 1
        ? (ul.lastElementChild!.getBoundingClientRect().top - first.getBoundingClientRect().top) / (rendered - 1)
        : first.getBoundingClientRect().height + (parseFloat(getComputedStyle(ul).rowGap) || 0);
    const next = { top: home.getBoundingClientRect().top - ul.getBoundingClientRect().top, height: home.clientHeight, pitch };
    const moved = rowWindow(items.length, next);
    // A scroll within the rows rendered changes nothing: no render.
    if (pitch !== view.pitch || moved.start !== shown.start || moved.end !== shown.end) setView(next);
  };
  // The latest measure, for the scroll and resize listeners.
  const measureNow = useRef(measure);
  measureNow.current = measure;
  useLayoutEffect(() => measure());
  useEffect(() => {
    const home = root.current;
    if (typeof ResizeObserver !== 'function' || !home) return;
    // The view resized (a phone turned, the text grew): the rows measured again, those it now shows rendered.
    const resizes = new ResizeObserver(() => measureNow.current(true));
    resizes.observe(home);
    return () => resizes.disconnect();
  }, []);

  useEffect(() => {
    if (!ui.byVisitor.peek()) return;
    const current = conversation.requestId.peek();
    const from = current ? root.current?.querySelector<HTMLElement>(`[data-rid="${CSS.escape(current)}"] button`) : null;
    (from ?? root.current?.querySelector<HTMLElement>('.new-conversation'))?.focus({ preventScroll: true });
  }, [ui.byVisitor, conversation.requestId]);

  return (
    <div part="home" class="home" ref={root} onScroll={() => measureNow.current(false)}>
      <div class="home-hero">
        <p class="home-title">{s.welcomeTitle || t('WELCOME_TITLE')}</p>
        {/* Outside opening hours the welcome says when the team is back, with a form: on a card below. */}
        {!closed && <WelcomeMessage class="home-msg" />}
      </div>
      <div class="home-cards">
        <button type="button" part="new-conversation" class="home-card new-conversation" data-opening-focus onClick={() => intents.startNewConversation()}>
          <span class="new-conversation-text">
            <span class="new-conversation-title">{t('LABEL_SEND_NEW_MESSAGE')}</span>
            <ReplyTime />
          </span>
          <SendIcon />
        </button>
        {closed && (
          <div class="home-card home-closed">
            <WelcomeMessage class="home-msg" />
          </div>
        )}
        {/* A first visit has no conversation yet: the welcome and "new conversation" are all there is. */}
        {(items.length > 0 || !list?.loaded.value) && (
          <section class="home-card home-conversations" aria-labelledby={listId}>
            <h3 id={listId} class="home-heading">
              {t('PREV_CONVERSATIONS')}
            </h3>
            {items.length ? (
              <ul
                part="conversation-list"
                class="conversation-list"
                ref={rows}
                style={{ paddingTop: `${shown.start * view.pitch}px`, paddingBottom: `${(items.length - shown.end) * view.pitch}px` }}
              >
                {items.slice(shown.start, shown.end).map((item, i) => (
                  <ConversationItem key={item.requestId} item={item} when={when(item.time, now)} position={shown.start + i + 1} count={items.length} />
                ))}
              </ul>
            ) : (
              <p class="home-note">{t('LABEL_LOADING')}</p>
            )}
            {list?.hasMore.value && (
              <button type="button" class="link-button show-older" onClick={() => intents.loadMoreConversations()}>
                {t('SHOW_OLDER_CONVERSATIONS')}
              </button>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default Home;
