// The npm package's entry points: one per `exports` subpath of package.json (`.` is `index`),
// shared by the npm build (vite.config.ts), its declarations (npm-types.mjs) and the package test.
import { existsSync } from 'node:fs';

export const NPM_OUT_DIR = 'dist-npm';

export const NPM_ENTRIES = {
  index: 'src/index.ts',
  element: 'src/element.ts',
  client: 'src/client/index.ts',
  react: 'src/frameworks/react.ts',
  vue: 'src/frameworks/vue.ts',
};

/**
 * The entries whose source exists. `porchlight/client` (issue 12 §1) lands with `src/client/`;
 * until then the package is built without it, and the package test says so (a `fixme`).
 * @returns {Record<string, string>}
 */
export function presentEntries() {
  return Object.fromEntries(Object.entries(NPM_ENTRIES).filter(([, source]) => existsSync(source)));
}
