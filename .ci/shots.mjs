// `npm run shots`: every state of e2e/visual.spec.ts drawn afresh (no comparison) into
// `.tmp/shots/`, and one page to review them side by side: `.tmp/shots/index.html`.
// Extra arguments go to Playwright (`npm run shots -- --grep @phone`). Needs a build (the script runs it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('.tmp/shots');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const run = spawnSync('npx', ['playwright', 'test', 'e2e/visual.spec.ts', '--workers=1', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PORCHLIGHT_SHOTS_DIR: dir },
});

// `<state>--<variant>.png`: one row per state, one column per variant.
const files = readdirSync(dir).filter((f) => f.endsWith('.png'));
const states = [...new Set(files.map((f) => f.split('--')[0]))];
const ORDER = ['desktop-light', 'desktop-dark', 'phone-light', 'phone-dark', 'desktop-rtl'];
const rank = (v) => (ORDER.includes(v) ? ORDER.indexOf(v) : ORDER.length);
const variants = [...new Set(files.map((f) => f.split('--')[1].replace(/\.png$/, '')))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const cell = (state, variant) => {
  const file = `${state}--${variant}.png`;
  return files.includes(file)
    ? `<td><a href="${escape(file)}"><img src="${escape(file)}" alt="${escape(`${state}, ${variant}`)}" loading="lazy"></a></td>`
    : '<td class="none">—</td>';
};
writeFileSync(
  path.join(dir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Porchlight states (${files.length} shots)</title>
<style>body{font:14px system-ui,sans-serif;margin:16px;background:#e9ebef}table{border-collapse:collapse}th,td{padding:8px;vertical-align:top;text-align:start}
thead th{position:sticky;top:0;background:#e9ebef}img{max-width:320px;max-height:480px;border:1px solid #c8ccd2;background:#fff}.none{color:#888}</style></head>
<body><h1>Porchlight: ${states.length} states, ${files.length} shots</h1><p>From <code>e2e/visual.spec.ts</code>; regenerate the baselines with <code>npm run shots:update</code>.</p>
<table><thead><tr><th>state</th>${variants.map((v) => `<th>${escape(v)}</th>`).join('')}</tr></thead><tbody>
${states.map((s) => `<tr><th>${escape(s)}</th>${variants.map((v) => cell(s, v)).join('')}</tr>`).join('\n')}
</tbody></table></body></html>\n`,
);
console.log(`shots: ${files.length} in ${path.relative(process.cwd(), dir)}/index.html`);
process.exit(run.status ?? 1);
