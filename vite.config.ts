/// <reference types="vitest/config" />
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * Three builds share this file (see README "Build"):
 * - default mode: the lazy widget app, `dist/app.js` plus its chunks, loaded by the loader;
 * - `--mode loader`: the tiny script-tag loader, `dist/loader.js` (an IIFE, no framework);
 * - `--mode npm`: the npm entries, `dist/npm/index.js` and `dist/npm/element.js`.
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
      },
    };
  }
  if (mode === 'npm') {
    return {
      ...shared,
      build: {
        outDir: 'dist/npm',
        emptyOutDir: true,
        target: 'es2020',
        lib: { entry: { index: 'src/index.ts', element: 'src/element.ts' }, formats: ['es' as const] },
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
