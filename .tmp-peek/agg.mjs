import { readFileSync } from 'node:fs';
const events = JSON.parse(readFileSync(process.argv[2]));
const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => b.dur - a.dur).slice(0, +process.argv[3] || 3);
for (const t of tasks) {
  const kids = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.ph === 'X');
  const agg = {};
  for (const k of kids) agg[k.name] = (agg[k.name] || 0) + k.dur / 1000;
  const urls = [...new Set(kids.map((k) => k.args?.data?.url || k.args?.data?.scriptName || k.args?.fileName).filter(Boolean))].map((u) => u.replace(/.*\//, ''));
  console.log((t.dur / 1000).toFixed(1), Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, d]) => `${n}:${d.toFixed(1)}`).join(' '), '|', urls.join(',').slice(0, 200));
}
