/// <reference types="vitest/config" />
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { NPM_OUT_DIR, presentEntries } from './.ci/npm-entries.mjs';
import { thirdPartyLicenses } from './.ci/third-party-licenses.mjs';

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

export default defineConfig(({ mode }): UserConfig => {
  const shared = {
    esbuild: { jsx: 'automatic' as const, jsxImportSource: 'preact', legalComments: 'none' as const },
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
      plugins: [thirdPartyLicenses()],
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
  return {
    ...shared,
    plugins: [dropPureAnnotations()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2020',
      // Library mode keeps whitespace in ES output unless a minifier is named.
      minify: 'terser',
      lib: { entry: { app: 'src/app.ts' }, formats: ['es' as const] },
    },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'widget',
            environment: 'happy-dom',
            include: ['src/**/*.test.{ts,tsx}', 'embed/**/*.test.ts'],
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
