// A Vite plugin for the npm build: the package compiles Preact, @preact/signals-core, i18next,
// DOMPurify and idb-keyval in, so their licences must travel with it. Writes
// `THIRD-PARTY-LICENSES.txt` beside the entries, for every package a chunk actually contains.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `…/node_modules/@scope/name/…` → the package's folder.
 * @param {string} id
 */
function packageDir(id) {
  const path = id.replace(/\\/g, '/');
  const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
  return match ? match[1] : null;
}

/** @param {string} dir */
function licenceText(dir) {
  const file = readdirSync(dir).find((name) => /^licen[cs]e(\.md|\.txt)?$/i.test(name));
  return file ? readFileSync(join(dir, file), 'utf8').trim() : '(no licence file in the package)';
}

/** @returns {import('vite').Plugin} */
export function thirdPartyLicenses() {
  return {
    name: 'porchlight-third-party-licenses',
    generateBundle(_options, bundle) {
      const dirs = new Set();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of Object.keys(output.modules)) {
          const dir = packageDir(id);
          if (dir) dirs.add(dir);
        }
      }
      const sections = [...dirs]
        .map((dir) => {
          const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
          return { name: String(name), text: `${name}@${version} (${license})\n\n${licenceText(dir)}` };
        })
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((section) => section.text);
      this.emitFile({
        type: 'asset',
        fileName: 'THIRD-PARTY-LICENSES.txt',
        source: `Porchlight compiles in the following packages.\n\n${sections.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`,
      });
    },
  };
}
