// The files every first open and send loads, by the build's manifest (`dist/.vite/manifest.json`):
// `app.js` and every chunk it imports statically. `npm run size` counts these; the bench tells them apart from
// what a project's own settings add to its first open (an emoji button, the texts of views on demand).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The manifest, and the keys (source paths) of every first open's files. Throws where the build is missing or lacks one. */
export function firstOpenFiles(dist) {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing; run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key)) return;
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the build's manifest`);
    keys.add(key);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit('src/app.ts');
  return { manifest, keys };
}
