// `npm run size`: gzip sizes of what a visitor downloads, checked against the budgets.
// - the loader (`dist/loader.js`), on every page view;
// - everything for an open window: the loader, `dist/app.js` and every chunk it imports statically.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist');
// The loader: 1,500 B gzip (issue 9), on every page view of the host site.
// The open window's target is 40 KB (issue 9). 46,080 B (90 × 512) holds what it is after the
// round that made long histories cheap and moved refusals, uploads, attention and the later views on
// demand (45,748 B), so it can only shrink from here.
// The send journal (a message sent as the page reloads was lost) added ~410 B and the split boot
// ~270 B; the Preact integration of signals written for what the widget uses, the app's build
// target and the label keys as a list took ~1,100 B out (45,604 B).
// The page command API, a failed send's status and rules, the drop hint, the length count,
// leaving a conversation and who is typing went on demand (−1,150 B), the client is made in
// stages (+149 B), long histories are parsed in slices and revalidated with our own tag (+120 B):
// 44,880 B, so 88 × 512.
// A returning visit's restore (outbox repair, journal recovery), the commands a first open never
// calls, what polls remember, a bot's split parts, the non-English locale machinery, the socket's
// endpoint, the unread badge and the looks of views on demand went on demand; the boot moved into
// the widget chunk; chunk names carry six characters of hash (−2,530 B): 42,379 B, so 83 × 512.
const BUDGET = { loader: 1500, openWindow: 83 * 512 };

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function staticGraph(entry, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = readFileSync(entry, 'utf8');
  // Static imports only (`import … from "./x.js"` / `import "./x.js"`); dynamic `import()` loads later.
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    const next = join(dirname(entry), m[1]);
    if (existsSync(next)) staticGraph(next, seen);
  }
  return seen;
}

const loader = join(dist, 'loader.js');
const app = join(dist, 'app.js');
for (const f of [loader, app])
  if (!existsSync(f)) {
    console.error(`size: ${f} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
const files = [loader, ...staticGraph(app)];
const rows = files.map((f) => ({ file: f.slice(dist.length + 1), raw: readFileSync(f).length, gzip: gz(f) }));
const loaderGzip = rows[0].gzip;
const openGzip = rows.reduce((sum, r) => sum + r.gzip, 0);

for (const r of rows) console.log(`${r.file.padEnd(28)} ${String(r.raw).padStart(8)} B raw ${String(r.gzip).padStart(8)} B gzip`);
console.log(`loader:      ${loaderGzip} B gzip (budget ${BUDGET.loader})`);
console.log(`open window: ${openGzip} B gzip (budget ${BUDGET.openWindow}; the app alone ${openGzip - loaderGzip} B)`);
let failed = false;
if (loaderGzip > BUDGET.loader) {
  console.error(`size: the loader is over its budget by ${loaderGzip - BUDGET.loader} B`);
  failed = true;
}
if (openGzip > BUDGET.openWindow) {
  console.error(`size: the open window is over its budget by ${openGzip - BUDGET.openWindow} B`);
  failed = true;
}
process.exit(failed ? 1 : 0);
