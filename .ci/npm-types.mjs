// Part of `npm run build:npm`: the npm package's TypeScript declarations, the public API only.
// 1. `tsc` writes declarations for the entries (and what they import) into .tmp/npm-types;
// 2. API Extractor (api-extractor.json) rolls each entry up into one file, dist-npm/<entry>.d.ts,
//    holding only what that entry exports and the types those need, and compares the entry's
//    API report, api/porchlight-<entry>.api.md, with the one in the repo: a change to the
//    public surface fails the build until the report is updated (`npm run api:update`) and
//    shows in review. An entry whose report names a type it does not export ("forgotten export")
//    or a member without a doc comment ("(undocumented)") fails too, and so does a declaration
//    file with `any` in its code (comments aside).
// `--update` accepts a changed report instead of failing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { NPM_OUT_DIR, presentEntries } from './npm-entries.mjs';

const update = process.argv.includes('--update');
const scratch = '.tmp/npm-types';
const entries = presentEntries();
rmSync(scratch, { recursive: true, force: true });
mkdirSync('.tmp', { recursive: true });
if (update) mkdirSync('api', { recursive: true });
writeFileSync(
  '.tmp/tsconfig.npm-types.json',
  JSON.stringify({
    extends: '../tsconfig.json',
    compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: 'npm-types', rootDir: '..', types: ['vite/client'] },
    include: [],
    files: Object.values(entries).map((source) => `../${source}`),
  }),
);
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.tmp/tsconfig.npm-types.json'], { stdio: 'inherit' });

// The sources import each other as `./x.ts`; as declarations they are `./x.js` (`./x.d.ts`).
function rewrite(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) rewrite(path);
    else if (name.endsWith('.d.ts'))
      writeFileSync(path, readFileSync(path, 'utf8').replace(/((?:from\s+|import\()['"]\.{1,2}\/[^'"]+)\.tsx?(['"])/g, '$1.js$2'));
  }
}
rewrite(scratch);

const configFile = resolve('api-extractor.json');
const base = ExtractorConfig.loadFile(configFile);
let failed = false;
for (const [entry, source] of Object.entries(entries)) {
  const config = ExtractorConfig.prepare({
    configObject: {
      ...base,
      mainEntryPointFilePath: resolve(scratch, source.replace(/\.tsx?$/, '.d.ts')),
      compiler: { overrideTsconfig: { ...base.compiler?.overrideTsconfig, include: [resolve(scratch, 'src')] } },
      apiReport: { ...base.apiReport, reportFileName: `porchlight-${entry}` },
      dtsRollup: { ...base.dtsRollup, untrimmedFilePath: resolve(NPM_OUT_DIR, `${entry}.d.ts`) },
    },
    configObjectFullPath: configFile,
    packageJsonFullPath: resolve('package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
  // Issue 23 §3: every type the entry's API reaches is exported, and every public member says what
  // it is. Counted in the report just made (update or not), so the repo's report cannot hide one.
  const report = readFileSync(config.reportTempFilePath, 'utf8');
  const forgotten = report.match(/ae-forgotten-export/g)?.length ?? 0;
  const undocumented = report.match(/\(undocumented\)/g)?.length ?? 0;
  if (forgotten || undocumented) {
    failed = true;
    console.error(
      `npm types: "${entry}" has ${forgotten} forgotten export(s) and ${undocumented} undocumented member(s): export the types its API names and write a doc comment on each member (api/porchlight-${entry}.api.md shows where)`,
    );
  }
  if (!result.succeeded) {
    failed = true;
    console.error(
      result.apiReportChanged
        ? `npm types: the public API of "${entry}" changed: review api/porchlight-${entry}.api.md (\`npm run api:update\` accepts it)`
        : `npm types: "${entry}" failed (${result.errorCount} errors, ${result.warningCount} warnings)`,
    );
  }
}
rmSync(scratch, { recursive: true, force: true });
// Issue 23 §3: no `any` reaches an app through the published types (ours or a framework's, such as
// what Vue's `defineComponent` infers): each `any` in a declaration file, outside comments, fails.
for (const entry of Object.keys(entries)) {
  const file = `${NPM_OUT_DIR}/${entry}.d.ts`;
  // Comments are blanked, not removed, so the line numbers stay the file's.
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, ' '));
  const lines = code.split('\n').flatMap((line, i) => (/\bany\b/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
  if (lines.length) {
    failed = true;
    console.error(`npm types: "${entry}" publishes \`any\` (write the type out):\n  ${lines.join('\n  ')}`);
  }
}
if (failed) process.exit(1);
console.log(
  `npm types: ${Object.keys(entries)
    .map((entry) => `${NPM_OUT_DIR}/${entry}.d.ts`)
    .join(', ')}`,
);
