// @vitest-environment node
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SHARED_CHUNKS } from './chunks.ts';

/**
 * The modules a first open loads: `app.ts` and what it imports statically (`npm run size` counts
 * the same graph of the built files). esbuild splits at every `import()` as Rollup does.
 */
async function firstOpenModules(): Promise<string[]> {
  const result = await build({
    entryPoints: ['src/app.ts'],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'first-open',
    write: false,
    metafile: true,
    logLevel: 'silent',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    supported: { 'top-level-await': true },
    // Stylesheets imported as text (`?inline`): their content does not matter here.
    plugins: [
      {
        name: 'inline-css',
        setup(b) {
          b.onResolve({ filter: /\?inline$/ }, (a) => ({ path: a.path, namespace: 'css' }));
          b.onLoad({ filter: /.*/, namespace: 'css' }, () => ({ contents: 'export default ""', loader: 'js' }));
        },
      },
    ],
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of outputs[file]!.imports) if (next.kind === 'import-statement' && !next.external) visit(next.path);
  };
  visit(Object.keys(outputs).find((file) => outputs[file]!.entryPoint === 'src/app.ts')!);
  return [...seen].flatMap((file) => Object.keys(outputs[file]!.inputs));
}

describe('the first open', () => {
  it('leaves out the code only some visits run (each loaded on demand, prefetched once the window opens)', async () => {
    const modules = await firstOpenModules();
    // The graph is real: what every open needs is in it.
    for (const needed of [
      'src/client/client.ts',
      'src/client/session/session.ts',
      'src/client/delivery/uploadsOnDemand.ts',
      'src/client/ui-state/attentionOnDemand.ts',
      'src/state/attachments.ts',
      'src/commandQueue.ts',
      // What a failed send means (issue 23 §4): decided at once, never after a download.
      'src/client/delivery/deliveryFailure.ts',
      'src/api/retryAfter.ts',
      // Which service label names which text: every first open applies the service's labels.
      'src/i18n/labelMeanings.ts',
    ])
      expect(modules).toContain(needed);
    // The chunks several modules share (src/chunks.ts).
    for (const later of Object.values(SHARED_CHUNKS).flat()) expect(modules).not.toContain(later);
    // Modules each loaded by an import() of its own (or with one that is).
    for (const later of [
      // What a reply button or a link in a message does: with the views that show them.
      'src/state/buttonIntent.ts',
      'src/state/safeUrl.ts',
      // Signing a known visitor in with the site's token: guests never fetch it.
      'src/api/customTokenAuth.ts',
      // The page's command API: a first open the page never commands does not run it.
      'src/commands.ts',
      // A message not sent, a file dragged over the window, a text near the length limit: with the later views.
      'src/ui/FailedStatus.tsx',
      'src/ui/DropHint.tsx',
      'src/ui/CharCount.tsx',
      // The launcher's count: a first open is in the window, it shows no count.
      'src/ui/UnreadBadge.tsx',
      // What polls remember between two calls (api/http.ts `reuse`): the first poll waits for it.
      'src/api/answerMemory.ts',
      // The texts of a language other than English (and which chunk holds each): an English visit never loads them.
      'src/i18n/locales.ts',
      // The public instance: the script tag's page reaches it by commands only, so it comes with their code.
      'src/instance.ts',
      // What another tab says, checked and acted on: with its first message (most visitors keep one tab).
      'src/client/policy/tabRelay.ts',
    ])
      expect(modules).not.toContain(later);
    // Views follow signals through @preact/signals' own integration (ui/context.ts), on the one
    // copy of signals-core the client uses too.
    expect(modules.filter((module) => module.includes('@preact/signals/'))).toHaveLength(1);
    expect(modules.filter((module) => module.includes('@preact/signals-core/'))).toHaveLength(1);
    expect(modules).toContain('src/ui/MessageList.tsx');
  }, 30_000);
});
