/**
 * The script-tag widget's boot (app.ts hands it to the loader): the loader's host element and
 * command queue taken over, the client and the widget made in short tasks.
 */
import { yieldToPage } from './api/yieldToPage.ts';
import { createStagedChatClient } from './client/client.ts';
import { readPageQuery } from './client/platform/pageQuery.ts';
import type { ChatClient } from './client/types.ts';
import { thrownText } from './commandQueue.ts';
import { mountWidget, type MountedWidget } from './widget.ts';

export interface BootOptions {
  host: HTMLElement;
  settings: Record<string, unknown>;
  /** The page's query string (settings from the URL); default: the host window's. */
  query?: string;
  /** The visitor clicked the loader's launcher: open now, as their own action (focus the composer). */
  visitorOpened: boolean;
  /**
   * The page's calls made before the widget was here (the loader's queue; `arguments` objects from
   * the official snippet too): run now, in order, with any made while they run.
   */
  queue?: ArrayLike<unknown>[];
  /** How a boot step waits for a task of its own (default: `scheduler.yield`, else a message); tests step through it. */
  nextTask?: () => Promise<void>;
}

/** What ends a press: the click it makes (if any) comes in the same task, before a timer runs. */
const PRESS_ENDS = ['pointerup', 'pointercancel', 'keyup'] as const;

/**
 * Runs each step in a task of its own, in the order given, the host page's work (input first) between
 * them. A step that throws is reported like a bad command; the next ones still run.
 */
function inTasks(nextTask: () => Promise<void>, win: Window): (step: () => void) => void {
  let last = Promise.resolve();
  return (step) => {
    last = last
      .then(nextTask)
      .then(step)
      .catch((error: unknown) => void win.dispatchEvent(new CustomEvent('porchlight:error', { detail: { type: 'boot', message: String(error) } })));
  };
}

/** What the loader holds of the booted app: the page's calls go to `command` from now on. */
export interface BootedWidget {
  /**
   * `Porchlight('name', …args)`: run at once once the widget is made, queued in order till then
   * (`destroy` too: a widget destroyed before it is made is made, then destroyed).
   */
  command(name: string, ...args: unknown[]): unknown;
}

/** A click on the placeholder while the client is being made: a step of the queue, in its order. */
const VISITOR_OPENS = Symbol('visitor opens');

/**
 * Boots in short tasks, each under 50 ms on a slow phone (issue 9 §1), even for a returning visitor
 * with a long conversation stored. Evaluating the app's modules was the task before; this one reads
 * the settings and makes the client's launcher models (settings, look, texts, open state); then, each
 * a task of its own, the tabs, the visitor's models, the conversation, the client's polls, its
 * commands and policy with the widget (and the page's queued calls), the last visit's look, the
 * styles, the first render, and the client's start-up (its effects, reading the stored visitor and
 * conversation, then the service), so the host page's input is handled in between. The page's calls
 * and a click on the placeholder that come before the widget is made wait in the queue, in their
 * order, and run once it is: a click opens
 * the window as the visitor's own action all the same. The loader's placeholder launcher (`button.l`)
 * stays the very same element until our launcher paints, and then leaves — after the press it is
 * under, if any: a click whose press and release land on two elements is no click at all, and the
 * visitor's first click would open nothing (issue 9: the bench's capped runs). The page's calls
 * queued in the loader run here, in order, so the loader stays small.
 * @throws when `settings.projectid` is missing.
 */
export function boot({ host, settings, query, visitorOpened, queue = [], nextTask = yieldToPage }: BootOptions): BootedWidget {
  const win = host.ownerDocument.defaultView ?? window;
  query ??= readPageQuery(win);
  const placeholder = host.shadowRoot?.querySelector<HTMLButtonElement>('button.l');
  const later = inTasks(nextTask, win);
  let client: ChatClient | null = null;
  let widget: MountedWidget | null = null;
  /** Our launcher has painted: the placeholder leaves, handing a keyboard user's focus over. */
  const handOver = () => {
    const focused = host.shadowRoot?.activeElement === placeholder;
    placeholder?.remove();
    // A keyboard user on the loader's launcher lands on ours (`.launcher`).
    if (focused) host.shadowRoot?.querySelector<HTMLElement>('button.launcher')?.focus();
  };
  /** Waits for a press on the placeholder to end (on top of ours till then), so its click is its own. */
  const handOverAfterPress = () => {
    if (!placeholder?.matches(':active')) return handOver();
    placeholder.style.zIndex = '1';
    const ended = () => {
      for (const type of PRESS_ENDS) win.removeEventListener(type, ended, true);
      win.setTimeout(handOver, 0);
    };
    for (const type of PRESS_ENDS) win.addEventListener(type, ended, true);
  };
  createStagedChatClient({ settings, query, window: win }, later, ({ client: made, start, pageCallsFirst }) => {
    client = made;
    widget = mountWidget({
      host,
      client,
      openedByVisitor: visitorOpened,
      schedulePaint(step, name) {
        later(
          name === 'render'
            ? () => {
                step();
                handOverAfterPress();
              }
            : step,
        );
      },
    });
    pageCallsFirst(widget.waitingCalls);
    later(start);
    // The page's calls (and the visitor's clicks) so far, in order; from now on they come straight here.
    while (queue.length) {
      const call = queue.shift()!;
      let name: unknown, args: unknown[];
      try {
        // As the page pushed it (an `arguments` object, or anything at all): read once, here.
        [name, ...args] = Array.from(call);
      } catch (error) {
        // A list that throws when read is a bad call, like a bad name (commandQueue.ts): ignored, one
        // error, and the calls after it still run.
        client.reportError({ type: 'config', message: thrownText(error) });
        continue;
      }
      if (name === VISITOR_OPENS) client.open(true);
      // Checked where every call of the page comes in (commandQueue.ts), which never throws.
      else widget.command(name as string, ...args);
    }
    // A page written for the official widget (the loader made `window.Tiledesk` the same function as
    // `window.Porchlight`) gets the official `window.tiledesk` too, its methods the same commands,
    // as the official widget installs it at start-up. Its code is the official names' chunk.
    const page = win as Window & { Tiledesk?: unknown; Porchlight?: unknown };
    if (page.Tiledesk && page.Tiledesk === page.Porchlight) {
      void import('./officialNames.ts').then(
        (m) => m.installOfficialObject(win, booted.command),
        (error: unknown) => made.reportError({ type: 'load', message: String(error) }),
      );
    }
  });
  if (placeholder) {
    // From now on a click on it is an open as the visitor's own action, like one on our launcher.
    // (A loader of an earlier release, still cached, disabled it at the visitor's click.)
    placeholder.disabled = false;
    placeholder.onpointerenter = placeholder.onfocus = null;
    placeholder.onclick = () => (client ? client.open(true) : queue.push([VISITOR_OPENS]));
  }
  const booted: BootedWidget = { command: (name, ...args) => (widget ? widget.command(name, ...args) : void queue.push([name, ...args])) };
  return booted;
}
