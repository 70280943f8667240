import { signal } from '@preact/signals-core';
import { Component, createRef } from 'preact';
import { afterPaint } from './afterPaint.ts';
import { ClockText, type ListClock } from './ClockText.tsx';
import { translator, WidgetContext, type WidgetView } from './context.ts';
import { createDayFormatter, createTimeFormatter, dayKey } from './formatTime.ts';
import { InfoLine } from './InfoLine.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { StatusLine, Team } from './Presence.tsx';
import { lazyView } from './lazyView.tsx';
import { follows, tailWindow, type ShownList } from './listWindow.ts';
import type * as ListScroll from './listScroll.ts';
import { buttonsEnabled, buttonsOf } from '../state/attachments.ts';
import { windowRuns } from '../state/messageRuns.ts';
import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { WelcomeMessage } from './WelcomeMessage.tsx';

// Dots only while a part of a split message is due, or the socket says someone types: loaded then, with their styles.
const TypingIndicator = lazyView(() => import('./TypingIndicator.tsx'));

/** Near the bottom, new messages scroll into view; a visitor reading older ones is left alone. */
const STICK_PX = 80;
const atBottom = (list: HTMLElement) => list.scrollHeight - list.scrollTop - list.clientHeight < STICK_PX;

/** Reply buttons only matter on a message with buttons or a gallery: the others never change for them. */
const offersButtons = (message: TimedMessage) => buttonsOf(message.attributes).length > 0 || !!message.attributes?.attachment;

/**
 * The conversation as a log: a window of it (listWindow.ts), the latest messages first, more on
 * scrolling up, the scroll position kept as they come (listScroll.ts). Messages keep their
 * objects (client/conversation/conversation.ts) and the bubbles are memoised: a new message renders itself only.
 * A class (a first open downloads no `preact/hooks`): what it does once rendered runs in
 * componentDidMount/DidUpdate, before the browser paints, as layout effects do.
 */
export class MessageList extends Component {
  static override contextType = WidgetContext;
  declare context: WidgetView;
  private list = createRef<HTMLDivElement>();
  private stuck = { current: true };
  // Where the visitor last saw the list (a scroll event) or the list last put itself: scrolling up is
  // measured from there. The list's own scroll to the bottom moves up when the messages it lets go
  // above were taller than those that came, and content may grow before the browser reports that
  // scroll: measured from the last event, it read as the visitor scrolling up (listWindow.ts `follows`).
  private lastTop = 0;
  private anchor: { current: ListScroll.ScrollAnchor | null } = { current: null };
  /** Steps and the kept position (listScroll.ts), for a conversation longer than its window; asked for once it is. */
  private scroller?: typeof ListScroll;
  private scrollerAsked = false;
  private shown?: ShownList<TimedMessage>;
  /** The list's times and days (ClockText.tsx), made late (scheduleClock). */
  private clock = signal<ListClock | null>(null);
  private clockFor?: string;
  private cancelClock?: () => void;
  /** What the list follows to the bottom (the last message, its state, the typing dots), as last rendered. */
  private bottomFor?: string;
  private resizes?: ResizeObserver;

  private toBottom(el: HTMLElement) {
    el.scrollTop = el.scrollHeight;
    this.lastTop = el.scrollTop;
  }

  /**
   * The first date format a page makes costs ~70 ms on a slow phone (4× CPU: Intl loads its date
   * data), as much as the rest of the window: the clock is made once the window's first two frames
   * are on screen, and the times and days fill in then (again when the language or its "today" changes).
   */
  private scheduleClock() {
    const { lang, t } = this.context;
    const language = lang.peek();
    const today = t('LABEL_TODAY');
    if (this.clockFor === `${language}\n${today}`) return;
    this.clockFor = `${language}\n${today}`;
    this.cancelClock?.();
    this.cancelClock = afterPaint(
      () => (this.cancelClock = afterPaint(() => (this.clock.value = { time: createTimeFormatter(language), day: createDayFormatter(language, today) }))),
    );
  }

  override componentDidMount() {
    const el = this.list.current!;
    this.componentDidUpdate();
    // When the list gets shorter (the close confirmation or the rating takes the composer's place, the
    // composer grows) or its messages taller (an image or a gallery laid out after they rendered), the
    // last message stays in view: nothing below it is hidden.
    if (typeof ResizeObserver !== 'function') return;
    this.resizes = new ResizeObserver(() => {
      if (this.stuck.current) this.toBottom(el);
    });
    this.resizes.observe(el);
    this.resizes.observe(el.querySelector('ol')!);
  }

  override componentDidUpdate() {
    const el = this.list.current!;
    const shown = this.shown!;
    // The place a long conversation's step kept (only listScroll.ts notes one), put back once rendered.
    if (this.anchor.current) this.lastTop = this.scroller!.keepPlace(el, this.anchor);
    const { messages } = shown;
    const latest = messages[messages.length - 1];
    const bottomFor = `${messages.length}\n${latest?.state}\n${latest?.key}\n${this.context.conversation.typing.peek()}`;
    if (bottomFor !== this.bottomFor && this.stuck.current) this.toBottom(el);
    this.bottomFor = bottomFor;
    this.scheduleClock();
    // A long conversation brings the code of a window that moves as soon as it shows (a short one
    // never needs it: asked for once painted), then takes the step a scroll may have asked for
    // meanwhile. A failed download is asked for again at the next render.
    if (shown.window.start > 0 && !this.scrollerAsked) {
      this.scrollerAsked = true;
      afterPaint(
        () =>
          void import('./listScroll.ts').then(
            (loaded) => {
              this.scroller ??= loaded;
              loaded.start(this.shown!, this.list.current);
              this.forceUpdate();
            },
            () => (this.scrollerAsked = false),
          ),
      );
    }
  }

  override componentWillUnmount() {
    this.cancelClock?.();
    this.resizes?.disconnect();
  }

  private onScroll = () => {
    const el = this.list.current;
    const current = this.shown;
    if (!el || !current) return;
    this.stuck.current = follows(this.stuck.current, current.window, current.messages.length, {
      atBottom: atBottom(el),
      up: el.scrollTop < this.lastTop,
    });
    this.lastTop = el.scrollTop;
    // A long conversation's window steps as the visitor scrolls (listScroll.ts).
    if (this.scroller?.scrolled(el, current, this.stuck.current, this.anchor)) this.forceUpdate();
  };

  override render(_props: object, _state: object, widget: WidgetView) {
    const { conversation, settings, session, lang } = widget;
    const t = translator(widget);
    // The clock follows the language (scheduleClock, once rendered).
    void lang.value;
    const messages = conversation.messages.value;
    const typing = conversation.typing.value;
    const typist = conversation.typist.value?.name;
    const used = conversation.usedButtons.value;
    const clock = this.clock;
    const you = t('YOU');
    const latest = messages[messages.length - 1];
    // Signed in with the site's token while this conversation was on: it goes on, and says so.
    const switched = session.switched.value;
    const signedIn = switched?.requestId === conversation.requestId.value ? switched : null;

    // The window follows the messages (kept in a field: scrolling moves it without new messages).
    // Until listScroll.ts is there (a short conversation never needs it), it is the tail.
    const shown = (this.shown ??= { messages, window: tailWindow(messages.length), news: null });
    if (shown.messages !== messages) {
      // Always carried, also when a scroll step waits for this render: a step taken as messages
      // arrive would otherwise leave them out of the window, and the list would stop following.
      if (this.scroller) this.scroller.carry(shown, messages, this.stuck, this.list.current, this.anchor);
      else shown.window = tailWindow(messages.length);
      shown.messages = messages;
    }
    const { start, end } = shown.window;

    const s = settings.value;
    const items = [];
    let notice = signedIn && (
      <InfoLine key="signed-in" message={signedIn.name ? { infoLabel: 'SIGNED_IN_AS', infoParams: { name: signedIn.name } } : { infoLabel: 'SIGNED_IN' }} />
    );
    const runs = windowRuns(messages, start, end);
    // Each message's day worked out once: the one before the window's first, then each in turn.
    let previousDay = start > 0 ? dayKey(messages[start - 1]!.createdAt) : null;
    for (let i = start; i < end; i++) {
      const message = messages[i]!;
      if (notice && message.createdAt > signedIn!.at) {
        items.push(notice);
        notice = null;
      }
      const quiet = !!shown.news && !shown.news.has(message.key);
      const day = dayKey(message.createdAt);
      const newDay = message.createdAt > 0 && day !== previousDay;
      previousDay = day;
      if (newDay) {
        items.push(
          <li key={`day-${day}`} class="day-separator" aria-live={quiet ? 'off' : undefined}>
            <span>
              <ClockText clock={clock} ms={message.createdAt} day />
            </span>
          </li>,
        );
      }
      if (message.kind === 'info') {
        items.push(<InfoLine key={message.key} message={message} quiet={quiet} />);
        continue;
      }
      const run = runs[i - start]!;
      items.push(
        <MessageBubble
          key={message.key}
          message={message}
          first={run.first}
          last={run.last}
          clock={clock}
          you={you}
          buttonsEnabled={offersButtons(message) && buttonsEnabled(message, latest?.key, used)}
          quiet={quiet}
        />,
      );
    }

    return (
      <div
        ref={this.list}
        class="messages"
        part="messages"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('CONVERSATION_LOG_LABEL')}
        tabIndex={0}
        onScroll={this.onScroll}
      >
        {/* An empty conversation is not a void: who answers, how soon, and where to write. It opens the
            conversation: shown once the window reaches the first message. */}
        {start === 0 && (
          <div class={`welcome${messages.length ? '' : ' is-empty'}`} aria-live={messages.length ? 'off' : undefined}>
            <p class="welcome-title">{s.welcomeTitle || t('WELCOME_TITLE')}</p>
            <WelcomeMessage class="welcome-msg" />
            {!messages.length && (
              <>
                <Team class="welcome-team" />
                <StatusLine />
                <p class="welcome-invite">{t('WELCOME_INVITE')}</p>
              </>
            )}
          </div>
        )}
        <ol class="message-list">
          {items}
          {end >= messages.length && notice}
          {typing && end >= messages.length && <TypingIndicator.View {...(typist ? { name: typist } : {})} />}
        </ol>
      </div>
    );
  }
}
