// @vitest-environment node
/**
 * One writer per model (issue 23 §2), over all of src/client/: a signal is written (`x.value = …`) only in the file that
 * makes it (`const x = signal(…)`), by that model's own `apply` or commands. Code elsewhere, and
 * code on demand, calls them. A write to a signal made in another file fails here, named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('.', import.meta.url));
/**
 * Writes through a file's own guarded setter, called only with that file's signals: conversationState's
 * `set(target, value)` reports a subscriber that throws instead of letting it break `apply`.
 */
const OWN_SETTERS: Record<string, string[]> = { 'conversation/conversationState.ts': ['target'] };
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** `name.value = ` and `a.b.value = ` writes in code (comments left out), with the name written. */
function writes(code: string): string[] {
  const uncommented = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...uncommented.matchAll(/([\w$.]+)\.value\s*=(?!=)/g)].map((m) => m[1]!);
}

/** Signals this file makes: `const name = signal(…)` (a `signal<T>(…)` too). */
function made(code: string): Set<string> {
  return new Set([...code.matchAll(/(?:const|let)\s+([\w$]+)\s*=\s*signal\b/g)].map((m) => m[1]!));
}

describe('one writer per model', () => {
  it('writes only signals made in the same file', () => {
    const foreign: string[] = [];
    for (const file of sources(root)) {
      const code = readFileSync(file, 'utf8');
      const own = new Set([...made(code), ...(OWN_SETTERS[relative(root, file)] ?? [])]);
      for (const name of writes(code)) if (!own.has(name)) foreign.push(`${relative(root, file)}: ${name}.value`);
    }
    expect(foreign).toEqual([]);
  });

  it('catches a write to another file’s signal', () => {
    expect(writes('conversation.history.value = []; // x.value = 1')).toEqual(['conversation.history']);
    expect(made('const history = signal<WireMessage[]>([]);')).toEqual(new Set(['history']));
  });
});
