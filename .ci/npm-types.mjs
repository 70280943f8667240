// Part of `npm run build:npm`: TypeScript declarations for the npm package. `tsc` writes them for
// the whole project into a scratch folder; the widget's own (src/, without tests) are copied to
// dist/npm/types with their relative `.ts` imports turned into `.js`, which every TypeScript
// setup resolves to the `.d.ts` beside it.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const scratch = 'dist/.types-scratch';
const out = 'dist/npm/types';
rmSync(scratch, { recursive: true, force: true });
execFileSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', 'false', '--declaration', '--emitDeclarationOnly', '--outDir', scratch], { stdio: 'inherit' });
rmSync(out, { recursive: true, force: true });
cpSync(join(scratch, 'src'), out, { recursive: true, filter: (path) => !/\.test\.d\.ts$|[\\/]test$/.test(path) });
rmSync(scratch, { recursive: true, force: true });

function rewrite(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) rewrite(path);
    else if (name.endsWith('.d.ts')) writeFileSync(path, readFileSync(path, 'utf8').replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.tsx?(['"])/g, '$1.js$2').replace(/(import\(['"]\.{1,2}\/[^'"]+)\.tsx?(['"]\))/g, '$1.js$2'));
  }
}
rewrite(out);
console.log(`npm types: ${out}/index.d.ts`);
