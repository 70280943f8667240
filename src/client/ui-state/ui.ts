import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { KeyValueStore } from '../platform/storage.ts';
import type { PageChangeVisibility } from '../../state/settings.ts';

/** What the visitor sees of the widget, independent of the conversation. */
export interface UiModel {
  /** The chat window is open. */
  isOpen: ReadonlySignal<boolean>;
  /** The widget is on the page at all (`show`/`hide`, `startHidden`). */
  isShown: ReadonlySignal<boolean>;
  /** Bumped when texts change (language, remote labels), so views re-read them. */
  labelsVersion: ReadonlySignal<number>;
  /** The last open/close or change of screen came from the visitor's own click or key (not page code): only then we move focus. */
  byVisitor: ReadonlySignal<boolean>;
  /** The image shown full size inside the widget, if any. */
  viewerImage: ReadonlySignal<{ src: string; alt: string } | null>;
  /** The visitor asked to end the conversation and is being asked to confirm. */
  confirmingClose: ReadonlySignal<boolean>;
  /** The callout bubble is showing (after `calloutTimer`, until opened or dismissed). */
  calloutVisible: ReadonlySignal<boolean>;
  /** What the open window shows: the home screen (recent conversations) or the current conversation. */
  screen: ReadonlySignal<Screen>;
  /** The final look and texts are known (stored from the last visit, or the service answered), or were waited for long enough: paint them. */
  lookReady: ReadonlySignal<boolean>;
  restore(rule: PageChangeVisibility, openSetting: boolean): Promise<void>;
  setOpen(open: boolean, byVisitor?: boolean): void;
  setShown(shown: boolean): void;
  /** Shows `image` full size, or closes the viewer (null). */
  viewImage(image: { src: string; alt: string } | null): void;
  /** Asks the visitor to confirm ending the conversation, or stops asking. */
  confirmClose(asking: boolean): void;
  setCallout(visible: boolean): void;
  /** `byVisitor`: the visitor's own click or key (the new screen then takes focus). */
  setScreen(screen: Screen, byVisitor?: boolean): void;
  /** Texts changed: views re-read them. */
  textsChanged(): void;
  /** The launcher (and any window) may be painted now (`lookReady`). */
  showLook(): void;
}

/** What the open window shows: the home screen or the conversation. */
export type Screen = 'home' | 'conversation';

const KEY = 'ui';

/** Whether the window starts open on this page load (onPageChangeVisibility*: open, close, last). */
export function initialOpen(rule: PageChangeVisibility, openSetting: boolean, lastOpen: boolean | undefined): boolean {
  if (openSetting) return true;
  if (rule === 'open') return true;
  if (rule === 'close') return false;
  return lastOpen === true;
}

/**
 * A synchronous copy of the open state for this tab: storage writes are asynchronous, and a
 * visitor who closes the window and at once follows a link must not find it open again.
 */
export interface OpenStateMirror {
  read(): boolean | undefined;
  write(open: boolean): void;
}

export function createUi(store: KeyValueStore, mirror?: OpenStateMirror): UiModel {
  const isOpen = signal(false);
  const isShown = signal(true);
  const labelsVersion = signal(0);
  const byVisitor = signal(false);
  const viewerImage = signal<{ src: string; alt: string } | null>(null);
  const confirmingClose = signal(false);
  const calloutVisible = signal(false);
  const screen = signal<Screen>('conversation');
  const lookReady = signal(false);
  /** The visitor or the page opened or closed the window since the page loaded: the restore keeps out. */
  let chosen = false;
  return {
    calloutVisible,
    screen,
    viewerImage,
    confirmingClose,
    isOpen,
    isShown,
    labelsVersion,
    byVisitor,
    lookReady,
    async restore(rule, openSetting) {
      const saved = await store.get<{ open?: boolean }>(KEY).catch(() => undefined);
      const last = mirror?.read() ?? saved?.open;
      // What the visitor (a click on "Open chat", issue 22 §5) or the page chose while we were
      // loading stands: the restore never closes a window opened then, nor opens one closed then.
      if (!chosen) isOpen.value = initialOpen(rule, openSetting, last);
    },
    setOpen(open, changedByVisitor = false) {
      chosen = true;
      byVisitor.value = changedByVisitor;
      if (isOpen.value === open) return;
      isOpen.value = open;
      mirror?.write(open);
      void store.set(KEY, { open }).catch(() => undefined);
    },
    setShown: (shown) => void (isShown.value = shown),
    viewImage: (image) => void (viewerImage.value = image),
    confirmClose: (asking) => void (confirmingClose.value = asking),
    setCallout: (visible) => void (calloutVisible.value = visible),
    setScreen(next, changedByVisitor = false) {
      byVisitor.value = changedByVisitor;
      screen.value = next;
    },
    textsChanged: () => void labelsVersion.value++,
    showLook: () => void (lookReady.value = true),
  };
}
