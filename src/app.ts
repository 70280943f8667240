/**
 * The lazy part of the script-tag widget, loaded by `embed/loader.ts` from beside itself
 * (`dist/app.js`). The loader owns the host element and the command queue; this takes over both.
 */
// The boot's code sits in the widget chunk (boot.ts): one gzip stream with the code it drives
// (~200 B less than in this file, which is a download of its own).
export { boot, type BootOptions, type BootedWidget } from './boot.ts';

/**
 * The demo dashboard loads this same file to mount live previews beside its settings form. A chunk
 * of its own: a visitor's window never downloads the preview client.
 */
export const loadMount = () => import('./index.ts').then((module) => module.mount);

// …and the contrast rule, to warn there when the text on the theme colour would be replaced.
export { AA_CONTRAST, contrastRatio } from './state/theme.ts';

/**
 * Evaluating the app's modules is this task's work; creating the client (the loader calls `boot`
 * once this module's import settles) waits for the next one, so the host page runs in between.
 */
await new Promise<void>((resolve) => setTimeout(resolve, 0));
