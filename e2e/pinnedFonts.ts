import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The visual tests' fonts: Noto from npm, at the exact versions package.json names, never the
 * machine's. The widget's own stack starts with `system-ui`, which is whatever fontconfig picks on
 * the machine (Debian's Noto on the CI image, DejaVu on a fresh one): the same test would draw
 * other pixels elsewhere. So the test pages declare these faces (under names no system font has)
 * and lay a stylesheet over the widget's in its shadow root that puts them first.
 *
 * A glyph none of them has would still come from the system: `e2e/fonts/without-noto.conf`
 * (README, "Visual tests") draws the shots on a machine without Noto to prove there is none.
 */
const FACES = [
  { css: '@fontsource-variable/noto-sans/wght.css', family: 'Pinned Noto Sans' },
  { css: '@fontsource-variable/noto-sans/wght-italic.css', family: 'Pinned Noto Sans' },
  { css: '@fontsource-variable/noto-sans-arabic/wght.css', family: 'Pinned Noto Sans Arabic' },
  { css: '@fontsource-variable/noto-sans-mono/wght.css', family: 'Pinned Noto Sans Mono' },
  // The rating's stars (★) and other symbols neither Noto Sans nor the colour emoji have.
  { css: '@fontsource/noto-sans-symbols-2/symbols-400.css', family: 'Pinned Noto Sans Symbols 2' },
  // One file of every emoji: in 5.3.2 the split files (400.css) do not hold the characters their
  // `unicode-range` names, and Chromium drew no smiley at all with them.
  { css: '@fontsource/noto-color-emoji/emoji-400.css', family: 'Pinned Noto Color Emoji' },
] as const;

/** Where the test pages ask for the font files; Playwright answers from node_modules (`servePinnedFonts`). */
const FONT_PATH = '/__pinned-fonts/';

const require = createRequire(import.meta.url);
const folderOf = (css: string) => path.dirname(require.resolve(css));

/** The pinned faces' `@font-face` rules, their files on `origin` (the test page's own, so no CORS). */
export function pinnedFontFaces(origin: string): string {
  return FACES.map(({ css, family }) => {
    const pkg = css.slice(0, css.lastIndexOf('/'));
    return (
      readFileSync(require.resolve(css), 'utf8')
        .replace(/font-family: '[^']+';/g, `font-family: '${family}';`)
        .replace(/url\(\.\/files\/([^)]+)\)/g, (_, file: string) => `url(${origin}${FONT_PATH}${pkg}/files/${file})`)
        // Text waits for its face instead of drawing in a system font meanwhile.
        .replace(/font-display: swap;/g, 'font-display: block;')
    );
  }).join('\n');
}

/** Answers the page's font requests from the installed packages (nothing else under that path). */
export async function servePinnedFonts(page: Page, origin: string): Promise<void> {
  const folders = new Map(FACES.map(({ css }) => [css.slice(0, css.lastIndexOf('/')), folderOf(css)]));
  await page.route(`${origin}${FONT_PATH}**`, async (route) => {
    const match = /^\/__pinned-fonts\/(.+)\/files\/([\w.-]+\.woff2)$/.exec(new URL(route.request().url()).pathname);
    const folder = match && folders.get(match[1]!);
    if (!match || !folder) return route.fulfill({ status: 404 });
    return route.fulfill({ contentType: 'font/woff2', body: readFileSync(path.join(folder, 'files', match[2]!)) });
  });
}

/**
 * Laid over the widget's styles (src/ui/base.css, markdown/Markdown.css): the same stacks with the
 * pinned faces in the place of the system's. Colour emoji come after the text faces and first in
 * the picker; the symbols last, where the system's fallback would have drawn them.
 */
export const PINNED_WIDGET_CSS = `
.root {
  --pl-emoji-font: 'Pinned Noto Color Emoji', 'Pinned Noto Sans Symbols 2' !important;
  font-family: 'Pinned Noto Sans', 'Pinned Noto Sans Arabic', var(--pl-emoji-font) !important;
}
.md code, .md pre { font-family: 'Pinned Noto Sans Mono', var(--pl-emoji-font) !important; }
`;

/** The host page's own text, for the shots of the whole viewport. */
export const PINNED_PAGE_FONT = `'Pinned Noto Sans', 'Pinned Noto Sans Arabic', 'Pinned Noto Color Emoji', 'Pinned Noto Sans Symbols 2'`;
