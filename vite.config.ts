/// <reference types="vitest/config" />
import type { GetManualChunk } from 'rollup';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { NPM_OUT_DIR, presentEntries } from './.ci/npm-entries.mjs';
import { thirdPartyLicenses } from './.ci/third-party-licenses.mjs';
import { sharedChunkOf } from './src/chunks.ts';

const FRAMEWORKS = ['react', 'react-dom', 'vue'];

/**
 * Three builds share this file (see README "Build"):
 * - default mode: the lazy widget app, `dist/app.js` plus its chunks, loaded by the loader;
 * - `--mode loader`: the tiny script-tag loader, `dist/loader.js` (an IIFE, no framework);
 * - `--mode npm`: the npm package's entries in `dist-npm/` (`npm run build:npm`, run by `prepack`),
 *   a folder of its own so the script-tag build (which empties `dist/`) never removes them.
 * Every file is found relative to the one that imports it, so `dist/` works from any path.
 */
/**
 * The app is final code, not a library that a bundler tree-shakes again, yet library mode writes
 * `/* @__PURE__ *\/` before every call it could drop: ~280 B gzip the visitor never needs.
 */
function dropPureAnnotations(): Plugin {
  return {
    name: 'porchlight:drop-pure-annotations',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunk.code = chunk.code.replaceAll('/* @__PURE__ */', '');
    },
  };
}

const USE_CLIENT = /^\s*['"]use client['"];?/;

/**
 * Keeps `"use client"` at the top of an npm entry whose source starts with it (`porchlight/react`):
 * Rollup drops module-level directives when it bundles, and a Next.js Server Component rendering a
 * wrapper without it fails `next build` (issue 23 §3).
 */
function keepUseClient(): Plugin {
  const clientEntries = new Set<string>();
  return {
    name: 'porchlight:keep-use-client',
    apply: 'build',
    transform(code, id) {
      if (!USE_CLIENT.test(code)) return null;
      clientEntries.add(id);
      // Blanked (same length: positions stay true) rather than left for Rollup to drop with a warning.
      return { code: code.replace(USE_CLIENT, (directive) => ' '.repeat(directive.length)), map: null };
    },
    renderChunk(code, chunk) {
      if (chunk.facadeModuleId && clientEntries.has(chunk.facadeModuleId)) return { code: `"use client";\n${code}`, map: null };
      return null;
    },
  };
}

/** Names `chunk` every module that `entry` imports statically, directly or not (the entry itself stays apart). */
function coreChunk(entry: string, chunk: string): GetManualChunk {
  const core = new Map<string, boolean>();
  return (id, { getModuleInfo }) => {
    const isCore = (module: string): boolean => {
      const known = core.get(module);
      if (known !== undefined) return known;
      core.set(module, false);
      const info = getModuleInfo(module);
      const answer = !!info && (info.importers.some((importer) => importer.endsWith(entry)) || info.importers.some(isCore));
      core.set(module, answer);
      return answer;
    };
    return !id.endsWith(entry) && isCore(id) ? chunk : undefined;
  };
}

export default defineConfig(({ mode }): UserConfig => {
  const shared = {
    // JSX as Preact's `h(type, props, ...children)` rather than the automatic runtime's
    // `jsx(type, { ...props, children })`: shorter calls and no second vnode factory
    // (preact/jsx-runtime) in the first open (~180 B gzip, issue 9). The same vnodes.
    esbuild: {
      jsx: 'transform' as const,
      jsxFactory: 'h',
      jsxFragment: 'Fragment',
      jsxInject: "import { h, Fragment } from 'preact'",
      legalComments: 'none' as const,
    },
  };
  if (mode === 'loader') {
    return {
      ...shared,
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2019',
        minify: 'terser' as const,
        lib: { entry: 'embed/loader.ts', formats: ['iife' as const], name: 'PorchlightLoader', fileName: () => 'loader.js' },
        // No "use strict" prologue: the loader is written as strict code already (TypeScript), and
        // every page view downloads it (issue 9: 1,500 B gzip).
        rollupOptions: { output: { strict: false } },
      },
    };
  }
  if (mode === 'npm') {
    return {
      ...shared,
      plugins: [thirdPartyLicenses(), keepUseClient()],
      build: {
        outDir: NPM_OUT_DIR,
        emptyOutDir: true,
        target: 'es2020',
        lib: { entry: presentEntries(), formats: ['es' as const] },
        rollupOptions: {
          // The frameworks the wrappers adapt to are the host app's own (optional peer
          // dependencies); Preact and the rest are compiled in, so they never meet a host's copy.
          external: (id: string) => FRAMEWORKS.some((name) => id === name || id.startsWith(`${name}/`)),
        },
      },
    };
  }
  const widgetChunk = coreChunk('src/app.ts', 'widget');
  return {
    ...shared,
    // The app's entry awaits one task at its top level, so evaluating the app and booting it are
    // two tasks (src/app.ts). Every browser that runs the rest (colour-mix, constructable sheets) has it.
    esbuild: { ...shared.esbuild, supported: { 'top-level-await': true } },
    plugins: [dropPureAnnotations()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Which file holds which source (`dist/.vite/manifest.json`): `npm run size` counts a first
      // open's files by it. Servers do not serve dot-folders by default.
      manifest: true,
      // The browsers that have what the widget's styles need (colour-mix: Chrome and Edge 111,
      // Firefox 113, Safari 16.2) have every syntax up to ES2022: class fields and `??=` stay as
      // written (~130 B gzip less than es2020). An older one fails to load the app as it fails on
      // a network error: the loader keeps its launcher (embed/loader.ts).
      target: ['chrome111', 'edge111', 'firefox113', 'safari16.2'],
      // Library mode keeps whitespace in ES output unless a minifier is named.
      minify: 'terser',
      // ES modules (top-level names are the module's own), three passes, function declarations
      // hoisted to the top of their scope (where the engine puts them anyway), no parentheses around
      // function arguments (a parsing hint for old engines): smaller, the same code. Not
      // `pure_getters`: a view subscribes by reading a signal's `.value` and dropping it
      // (`void labelsVersion.value`), which that option would remove. Not `unsafe`: it turns
      // `String(x)` into `"" + x`, which throws for a Symbol the page may pass in its settings.
      // `unsafe_arrows`: a function expression that reads no `this` is written as an arrow (~50 B
      // gzip); no code here (ours or the libraries') constructs one with `new` or reads its prototype.
      terserOptions: {
        ecma: 2020,
        module: true,
        compress: { passes: 3, hoist_funs: true, unsafe_arrows: true },
        format: { wrap_func_args: false },
      },
      lib: { entry: { app: 'src/app.ts' }, formats: ['es' as const] },
      // Everything the entry imports statically is one chunk: one request and one gzip stream. (The
      // entry's top-level await would otherwise make Rollup split what lazy chunks share with it.)
      rollupOptions: {
        output: {
          // A chunk on demand is named by six characters of its hash (36 bits tell a release's files
          // apart), as a production bundler names its chunks by id: every chunk's name is written in
          // the code that imports it, and the module names cost ~200 B gzip of the first open. The
          // sources and their maps (`--sourcemap`) say which file is which. The one chunk app.js
          // imports keeps its name, so `dist/` still shows where the widget is.
          chunkFileNames: (chunk) => (chunk.name === 'widget' ? 'widget-[hash:6].js' : '[hash:6].js'),
          // The chunks on demand that several modules share (src/chunks.ts), and the first open's.
          manualChunks: (id, meta) => sharedChunkOf(id) ?? widgetChunk(id, meta),
        },
      },
    },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'widget',
            environment: 'happy-dom',
            include: ['src/**/*.test.{ts,tsx}', 'embed/**/*.test.ts'],
            // Above the waits for an outcome (src/test/fakeFetch.ts UNTIL_MS): one that fails says what it waited for.
            testTimeout: 30_000,
            setupFiles: ['src/test/setup.ts'],
          },
        },
        {
          extends: true,
          test: { name: 'demo', environment: 'node', include: ['demo/**/*.test.ts'] },
        },
      ],
    },
  };
});
