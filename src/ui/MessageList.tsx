import { useSignal } from '@preact/signals';
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import { afterPaint } from '../client/live/afterPaint.ts';
import type { ChatClock } from '../client/types.ts';
import { ClockText } from './ClockText.tsx';
import { translator, useWidget } from './context.ts';
import { dayKey } from '../state/formatTime.ts';
import { InfoLine } from './InfoLine.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { Avatar } from './Avatar.tsx';
import { lazyView } from './lazyView.tsx';
import { follows, parkedStart, tailWindow, WINDOW_SIZES, type ShownList } from './listWindow.ts';
import { whenIdle } from '../client/live/idle.ts';
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

const observesSize = typeof ResizeObserver === 'function';

/** Puts the list at its bottom; where it is then (the list's own move, not the visitor's). */
function scrollToBottom(el: HTMLElement): number {
  el.scrollTop = el.scrollHeight;
  return el.scrollTop;
}

/**
 * The conversation as a log: a window of it (listWindow.ts), the latest messages first, more on
 * scrolling up, the scroll position kept as they come (listScroll.ts). Messages keep their
 * objects (client/conversation/conversation.ts) and the bubbles are memoised: a new message renders itself only.
 * What it does once rendered runs in layout effects, before the browser paints.
 */
export function MessageList({ parked = false }: { parked?: boolean }) {
  const widget = useWidget();
  const { conversation, session, lang } = widget;
  const t = translator(widget);
  const list = useRef<HTMLDivElement>(null);
  /** The list follows the conversation: new messages scroll into view (listWindow.ts `follows`). */
  const stuck = useRef(true);
  // Where the visitor last saw the list (a scroll event) or the list last put itself: scrolling up is
  // measured from there. The list's own scroll to the bottom moves up when the messages it lets go
  // above were taller than those that came, and content may grow before the browser reports that
  // scroll: measured from the last event, it read as the visitor scrolling up (listWindow.ts `follows`).
  const lastTop = useRef(0);
  const anchor = useRef<ListScroll.ScrollAnchor | null>(null);
  /** Steps and the kept position (listScroll.ts), for a conversation longer than its window; asked for once it is. */
  const scroller = useRef<typeof ListScroll | null>(null);
  const scrollerAsked = useRef(false);
  /** The window over the messages, as last rendered (scrolling moves it without new messages). */
  const shownRef = useRef<ShownList<TimedMessage> | null>(null);
  /** The list's times and days (ClockText.tsx), made late (below). */
  const clock = useSignal<ChatClock | null>(null);
  /** The language and "today" the clock is made for, and what cancels its making. */
  const clockFor = useRef('');
  const cancelClock = useRef<(() => void) | null>(null);
  /** What the list follows to the bottom (the last message, its state, the typing dots), as last rendered. */
  const bottomFor = useRef('');
  /** Renders the list again: its window moved (a scroll step, or listScroll.ts arrived). */
  const [, moved] = useReducer<number, void>((steps) => steps + 1, 0);
  /** The messages rendered last (their keys), and the idle moment a parked list waits for to add more (listWindow.ts `parkedStart`). */
  const rendered = useRef<ReadonlySet<string>>(new Set());
  const cancelGrowth = useRef<(() => void) | null>(null);
  /** Parked at the last render: a window the visitor opens takes the step a parked list did not (onScroll). */
  const wasParked = useRef(parked);
  /** What cancels the step a scroll asked for, waiting for the frame that shows the scroll (onScroll). */
  const stepping = useRef<(() => void) | null>(null);

  // Once rendered, before the browser paints (as layout effects do): the place kept, the bottom followed.
  useLayoutEffect(() => {
    const el = list.current!;
    const shown = shownRef.current!;
    // Parked, the rest of the window comes a few messages per idle moment.
    cancelGrowth.current?.();
    cancelGrowth.current = parked && start > shown.window.start ? whenIdle(window, moved) : null;
    // The place a long conversation's step kept (only listScroll.ts notes one), put back once rendered.
    if (anchor.current) lastTop.current = scroller.current!.keepPlace(el, anchor);
    const { messages } = shown;
    const latest = messages[messages.length - 1];
    const bottom = `${messages.length}\n${latest?.state}\n${latest?.key}\n${conversation.typing.peek()}`;
    // Parked, the list is followed to the bottom once the browser has laid it out (the resize
    // observer below): put there now, it was laid out inside this render's task, twice a long task
    // of the host page with the window closed (a history of 1,000 messages, 4× CPU).
    if (bottom !== bottomFor.current && stuck.current && !(parked && observesSize)) lastTop.current = scrollToBottom(el);
    bottomFor.current = bottom;
    // The first date format a page makes costs ~70 ms on a slow phone (4× CPU: Intl loads its date
    // data), as much as the rest of the window: the clock is asked for once the window's first two
    // frames are on screen, and the times and days fill in then (again when the language or its
    // "today" changes). After a first visit it is written from what the device kept (ChatState.clock).
    const language = lang.peek();
    const today = widget.t('LABEL_TODAY');
    // A parked window (windowPreparation.ts) waits to be seen, and an empty conversation has no
    // time to show (a first visit's tap then has no such task after it): nobody reads a time meanwhile.
    if (!parked && shown.messages.length > 0 && clockFor.current !== `${language}\n${today}`) {
      clockFor.current = `${language}\n${today}`;
      cancelClock.current?.();
      cancelClock.current = afterPaint(
        () =>
          (cancelClock.current = afterPaint(() => {
            let wanted = true;
            cancelClock.current = () => (wanted = false);
            widget.clock().then(
              (made) => wanted && (clock.value = made),
              // Not downloaded (offline): the times stay blank, and the next render asks again.
              () => (clockFor.current = ''),
            );
          })),
      );
    }
    // Opened over a parked list: once shown, the step it did not take while parked (onScroll).
    if (wasParked.current && !parked && scroller.current) {
      const { start: stepIfNeeded } = scroller.current;
      afterPaint(() => stepIfNeeded(shown, list.current));
    }
    wasParked.current = parked;
    // A long conversation brings the code of a window that moves as soon as it shows (a short one
    // never needs it: asked for once painted), then takes the step a scroll may have asked for
    // meanwhile. A failed download is asked for again at the next render.
    if (shown.window.start > 0 && !scrollerAsked.current) {
      scrollerAsked.current = true;
      afterPaint(
        () =>
          void import('./listScroll.ts').then(
            (loaded) => {
              scroller.current ??= loaded;
              loaded.start(shown, list.current);
              moved();
            },
            () => (scrollerAsked.current = false),
          ),
      );
    }
  });

  // When the list gets shorter (the close confirmation or the rating takes the composer's place, the
  // composer grows) or its messages taller (an image or a gallery laid out after they rendered), the
  // last message stays in view: nothing below it is hidden.
  useLayoutEffect(() => {
    const el = list.current!;
    if (!observesSize) return;
    const resizes = new ResizeObserver(() => {
      if (stuck.current) lastTop.current = scrollToBottom(el);
    });
    resizes.observe(el);
    resizes.observe(el.querySelector('ol')!);
    return () => resizes.disconnect();
  }, []);
  useLayoutEffect(
    () => () => {
      cancelClock.current?.();
      cancelGrowth.current?.();
      stepping.current?.();
    },
    [],
  );

  const onScroll = () => {
    const el = list.current;
    const current = shownRef.current;
    if (!el || !current) return;
    stuck.current = follows(stuck.current, current.window, current.messages.length, {
      atBottom: atBottom(el),
      up: el.scrollTop < lastTop.current,
    });
    lastTop.current = el.scrollTop;
    // A long conversation's window steps as the visitor scrolls (listScroll.ts); a parked one only
    // moves by its own scroll to the bottom, and nobody reads what a step would keep in place. The
    // step is taken in a task of its own once the frame that shows the scroll is painted: rendered in
    // the scroll event's frame, its messages, their layout and the frame's paint made one task of
    // 50–60 ms on a slow phone (5,000 messages, 4× CPU), and the scroll waited for it. Where to step
    // and the place to keep are read then, in the task that renders it, with no scroll in between.
    if (parked || !scroller.current || stepping.current) return;
    const { scrolled } = scroller.current;
    stepping.current = afterPaint(() => {
      stepping.current = null;
      if (list.current && scrolled(list.current, current, stuck.current, anchor)) moved();
    });
  };

  // The clock follows the language (made once rendered, above).
  void lang.value;
  const messages = conversation.messages.value;
  const typing = conversation.typing.value;
  const typist = conversation.typist.value?.name;
  const used = conversation.usedButtons.value;
  const you = t('YOU');
  const latest = messages[messages.length - 1];
  // Signed in with the site's token while this conversation was on: it goes on, and says so.
  const switched = session.switched.value;
  const signedIn = switched?.requestId === conversation.requestId.value ? switched : null;

  // The window follows the messages. Until listScroll.ts is there (a short conversation never needs it), it is the tail.
  const shown = (shownRef.current ??= { messages, window: tailWindow(messages.length), news: null });
  if (shown.messages !== messages) {
    // Always carried, also when a scroll step waits for this render: a step taken as messages
    // arrive would otherwise leave them out of the window, and the list would stop following.
    if (scroller.current) scroller.current.carry(shown, messages, stuck, list.current, anchor);
    else shown.window = tailWindow(messages.length);
    shown.messages = messages;
  }
  const { end } = shown.window;
  const start = parked ? parkedStart(messages, shown.window, rendered.current, WINDOW_SIZES.step) : shown.window.start;
  rendered.current = new Set(messages.slice(start, end).map((message) => message.key));

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
      ref={list}
      class="messages"
      part="messages"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('CONVERSATION_LOG_LABEL')}
      tabIndex={0}
      onScroll={onScroll}
    >
      {/* The greeting opens the conversation as the team's first message (issue 26 §1): who is
            there and how soon they reply is the header's to say, not repeated here. Shown once
            the window reaches the first message. */}
      {start === 0 && <Welcome quiet={messages.length > 0} />}
      <ol class="message-list">
        {items}
        {end >= messages.length && notice}
        {typing && end >= messages.length && <TypingIndicator.View {...(typist ? { name: typist } : {})} />}
      </ol>
    </div>
  );
}

/** The welcome as an agent's message: the team's first face (or the project's initials) beside a bubble with the title and the message. */
function Welcome({ quiet }: { quiet: boolean }) {
  const widget = useWidget();
  const { settings, project } = widget;
  const t = translator(widget);
  const title = settings.value.welcomeTitle || t('WELCOME_TITLE');
  const face = project.team.value[0];
  return (
    <div class={`welcome message message-agent${quiet ? '' : ' is-empty'}`} aria-live={quiet ? 'off' : undefined}>
      <Avatar id={face?.id ?? ''} name={face?.name || project.name.value} />
      <div class="message-body">
        <div class="bubble">
          <p class="welcome-title">{title}</p>
          <WelcomeMessage class="welcome-msg" />
        </div>
      </div>
    </div>
  );
}
