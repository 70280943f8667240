import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The demo host page is what a site owner gets by copying the README's snippet (issue 22 §13): the
 * same settings, so the demo shows no more than the snippet gives, and the README says what each
 * of them gives the visitor.
 */
const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../..', file), 'utf8');

/** The keys of the first `window.porchlightSettings = { … }` in `text`. */
function settingKeys(text: string): string[] {
  const literal = /window\.porchlightSettings\s*=\s*\{(.*)\};\s*$/m.exec(text)?.[1];
  if (literal === undefined) throw new Error('no porchlightSettings');
  // Keys only: the values (quoted strings, with their URLs and placeholders) go first.
  return [...literal.replace(/"[^"]*"/g, '""').matchAll(/(\w+)\s*:/g)].map((m) => m[1]!);
}

const readme = read('README.md');
const scriptTag = readme.slice(readme.indexOf('### Script tag'), readme.indexOf('### JS API'));

describe('the demo host page and the README snippet', () => {
  it('use the same settings', () => {
    expect(settingKeys(read('demo/pages/index.html'))).toEqual(settingKeys(scriptTag));
  });

  it("the README says what each of the snippet's settings, and realtime, gives the visitor", () => {
    for (const key of [...settingKeys(scriptTag), 'realtime']) expect(scriptTag).toMatch(new RegExp(`^\\| \`${key}\``, 'm'));
  });
});
