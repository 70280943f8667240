// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Tests see stylesheets imported as text as empty (vitest does not process CSS): read the files.
const here = new URL('.', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, here), 'utf8');

/** Every selector of a stylesheet's rules (those inside at-rules too), spaces as in the source. */
function selectorsOf(css: string): string[] {
  const preludes = css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g);
  return [...preludes]
    .map((m) => m[1]!.trim())
    .filter((prelude) => !prelude.startsWith('@') && !/^(from|to|\d+%)$/.test(prelude))
    .flatMap((prelude) => prelude.split(',').map((s) => s.trim().replace(/\s+/g, ' ')));
}

/** The first open's stylesheet: the files styles.ts assembles. */
const firstOpenFiles = [...read('styles.ts').matchAll(/from '(\.\/[\w/]+\.css)\?inline'/g)].map((m) => m[1]!);
const firstOpen = firstOpenFiles.flatMap((file) => selectorsOf(read(file)));

describe('the first open’s stylesheet (styles.ts)', () => {
  it('is read whole (the checks below would pass on an empty sheet)', () => {
    expect(firstOpenFiles).toContain('./Composer.css');
    for (const needed of ['.launcher', '.window', '.bubble', '.composer', '.char-count', '.root.dark']) expect(firstOpen).toContain(needed);
  });

  it('leaves the looks of states a first open does not show to the view on demand that shows them (adopted as it renders)', () => {
    const rare: [string, string][] = [
      ['FailedStatus.css', '.state-failed .bubble'],
      ['FailedStatus.css', '.dark .state-failed .bubble'],
      ['CharCount.css', '.char-count:not(:empty) + .composer'],
      ['CharCount.css', '.char-count:empty'],
      ['Callout.css', '.pending .callout'],
      ['Callout.css', '.align-right .callout'],
      ['Callout.css', '.align-left .callout'],
      ['UnreadBadge.css', '.unread-badge'],
    ];
    for (const [file, selector] of rare) {
      expect(firstOpen).not.toContain(selector);
      expect(selectorsOf(read(file))).toContain(selector);
    }
  });
});
