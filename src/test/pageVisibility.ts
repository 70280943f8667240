import { afterEach } from 'vitest';

/**
 * The page's tab goes to the background, or comes back (the client looks at once then: poller.ts).
 * A test file that calls it gets the document's own visibility back after each test.
 */
export function pageVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The visitor comes back to the page's tab: the client looks for news at once. */
export function returnToTab(): void {
  pageVisibility('hidden');
  pageVisibility('visible');
}

afterEach(() => void Reflect.deleteProperty(document, 'visibilityState'));
