// `npm run bench` (issue 9): what the widget costs a host page and the service, measured in Debian's
// Chromium at a 390×844 viewport with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate, as
// Lighthouse's mobile preset), a bare page against the same page with the snippet IN THE SAME RUN.
// Figures are medians (min–max) of RUNS runs, printed as ONE table with issue 9's budgets. A
// benchmark, not a test: run it on a quiet machine after `npm run build`; it exits 1 when a figure is
// over its budget (issue 9 "What it must reach"), and CI does not run it (`npm test` does not).
//
//   npm run bench                 5 runs; long conversations of 1,000, 5,000 and 10,000 messages
//   npm run bench -- --quick      1 run; 1,000 messages only (the host page with 1,000 stored)
//   BENCH_RUNS=3 npm run bench    another number of runs
//   BENCH_SIZES=1000,5000         other conversation lengths; BENCH_ONLY=host|bytes|tap|long|idle|push one part
//   BENCH_FILES=1                 the bytes part also lists each widget file, needed or prefetched
//   BENCH_TASKS=1 (or a depth)    each traced widget task of 10 ms or more, with its call tree from the CPU profile
//   BENCH_EVENTS=1                with BENCH_TASKS, also the trace events of 1 ms or more in each such task
//   BENCH_DIST=/tmp/old-dist      measures another build (an earlier commit's) in the same conditions
//   BENCH_HOST_SIZE=10000         the host page with another conversation stored
//
// Everything runs in this process: the demo service (startDemo, reference mode: stock labels and a
// socket that hangs for visitors, like the reference server), a byte-counting proxy in front of its
// API (requests, preflights and bytes on the wire, both ways), and Chromium, all closed at the end.
// The widget's own tasks are told from the page's by a Chromium trace (a task is the widget's when
// a script of `/widget/` runs or is compiled in it): parse/compile, module evaluation, and the
// script that boots and renders.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { startCountingProxy } from './countingProxy.mjs';
import { pushFigures } from './benchPush.mjs';
import { firstOpenFiles } from './firstOpenFiles.mjs';
import { startDemo, DEMO_AGENT, DEMO_PROJECT_ID } from '../demo/server/index.ts';
import { POLL_ACTIVE_MS, POLL_CLOSED_MS } from '../src/state/pollSchedule.ts';

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 1 : 5));
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : QUICK ? [1000] : [1000, 5000, 10000];
/** The conversation stored for the host-page figures (issue 9: 5,000). */
const HOST_SIZE = Number(process.env.BENCH_HOST_SIZE ?? (QUICK ? 1000 : 5000));
/** Idle samples, a whole minute each (issue 25 §4): a 35 s sample of a closed window (a poll every 15 s) counted two polls or three by its phase. */
const IDLE_SAMPLE_MS = { open: 60_000, closed: 60_000 };
/** How long a page view is watched for load and idle (the app loads promptly or at the later idle, ~4 s). */
const SETTLE_MS = 8000;
/** A measurement that takes longer is reported as "> CAP" (a 5,000-message history took 22 s to open). */
const CAP_MS = 20_000;
const THROTTLE = 4;
const VIEWPORT = { width: 390, height: 844 };
/** Issue 9's budgets. Timings at 5,000 messages hold at 10,000 too ("no worse"). */
const BUDGET = {
  addedLongTasks: 0,
  addedBlockingMs: 0,
  widgetTaskMs: 50,
  loaderBytes: 1500,
  firstOpenBytes: 44 * 1024,
  clickToLastMs: 500,
  /** Issue 25 §3: a message arriving in a long conversation is painted within this (issue 9 allowed 150 ms). */
  incomingMs: 50,
  scrollFrameMs: 50,
  shadowElements: 3000,
  /** Issue 25 §2: tap → window painted at most this many times the bare page's own button. */
  tapVsBare: 2,
  /** A poll may start this much away from its schedule (fraction of the interval). */
  pollDrift: 0.1,
};

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmt = (v, unit = '') => (v === undefined ? '–' : v >= CAP_MS && unit === ' ms' ? `> ${CAP_MS / 1000} s` : `${Math.round(v).toLocaleString('en')}${unit}`);
const stat = (values, unit) => {
  const v = values.filter((x) => x !== undefined);
  if (!v.length) return '–';
  if (v.length === 1) return fmt(v[0], unit);
  return `${fmt(median(v), unit)} (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})`;
};

// ------------------------------------------------------------ the service and a counting proxy

// `BENCH_DIST=<dir>`: another build (an earlier commit's, built elsewhere), to compare in the same conditions.
const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : null;
const demo = await startDemo({ quiet: true, reference: true, botWelcome: false, ...(DIST ? { distDir: DIST } : {}) });
/** The file names every first open loads (firstOpenFiles.mjs, as `npm run size` counts): the rest a project's settings add. */
const EVERY_FIRST_OPEN = (() => {
  const { manifest, keys } = firstOpenFiles(DIST ?? path.resolve('dist'));
  return new Set([...keys].map((key) => manifest[key].file));
})();
const proxy = await startCountingProxy(Number(new URL(demo.apiOrigin).port));
const { traffic } = proxy;
const API = proxy.origin;

// ------------------------------------------------------------ host pages

const dir = path.resolve('demo/pages/e2e-generated');
mkdirSync(dir, { recursive: true });
const filler = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i} of an ordinary product page, with some text to lay out.</p>`).join('');
const head = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">';
const snippet = `<script>window.porchlightSettings = { projectid: '${DEMO_PROJECT_ID}', apiUrl: '${API}/v3', departmentID: '65f0c0ffee0000000000de00' };</script>
<script async src="${API}/widget/loader.js"></script>`;
const pages = {
  bare: `bench-bare-${process.pid}.html`,
  widget: `bench-widget-${process.pid}.html`,
  panel: `bench-panel-${process.pid}.html`,
};
writeFileSync(path.join(dir, pages.bare), `<!doctype html><html><head>${head}</head><body><main>${filler}</main></body></html>`);
writeFileSync(path.join(dir, pages.widget), `<!doctype html><html><head>${head}</head><body><main>${filler}</main>${snippet}</body></html>`);
// The tap part's bare page (issue 25 §4): the same host page with its own plain button opening a plain
// panel of a few elements, laid out as the widget's launcher and window are, focused on its text box.
const panelScript = `document.getElementById('open-panel').addEventListener('click', () => {
  const panel = document.createElement('div');
  panel.setAttribute('role', 'dialog');
  panel.style.cssText = 'position:fixed;inset:0;background:#fff;display:flex;flex-direction:column;font:16px sans-serif';
  panel.innerHTML = '<header style="padding:12px;background:#333;color:#fff">Help</header><p style="flex:1;padding:12px">Hello, how can we help?</p><textarea part="input" aria-label="Message" style="margin:12px"></textarea>';
  document.body.append(panel);
  panel.querySelector('textarea').focus();
});`;
writeFileSync(
  path.join(dir, pages.panel),
  `<!doctype html><html><head>${head}</head><body><main>${filler}</main><button id="open-panel" aria-label="Help" style="position:fixed;right:20px;bottom:20px;width:60px;height:60px;border-radius:50%;border:0;background:#333;color:#fff">?</button><script>${panelScript}</script></body></html>`,
);
const url = (name) => `${demo.pagesOrigin}/e2e-generated/${name}`;

/** In every page: long tasks, and the first frame our launcher is on screen. */
const PROBE = () => {
  // Every request's timing kept (the default buffer of 250 fills in a long run): an answer's last byte.
  performance.setResourceTimingBufferSize(100_000);
  // When each poll started (the widget takes the page's fetch when it starts).
  const pageFetch = window.fetch;
  window.fetch = function (input, init) {
    const isPoll = /\/messages(\?|$)/.test(String(input)) && !(init && init.method && init.method !== 'GET');
    if (isPoll) (window.__pollStarts = window.__pollStarts || []).push(performance.now());
    return pageFetch.call(this, input, init);
  };
  const w = window;
  w.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const tick = () => {
    const l = document.querySelector('porchlight-widget')?.shadowRoot?.querySelector('[part~="launcher"]');
    if (l && l.getBoundingClientRect().width > 0 && getComputedStyle(l).visibility !== 'hidden') w.__launcher = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/**
 * For the bytes part: the idle callbacks the app asks for (any widget script but the loader) wait
 * until `window.__releaseIdle()`. What the app fetches at idle is by its own rule ahead of need
 * (client/live/idle.ts: the i18next engine and the later views' texts; ChatWindow's later views), so
 * holding it back until the first message is stored tells what the first open and send needed from
 * what is prefetched meanwhile, with no marker in the widget's code. (The loader's own idle moment,
 * which fetches the app on a first visit, is part of the flow and runs as usual.) On a real visit
 * the prefetches run while the visitor types; the table gives both figures. A file the flow needed
 * but only asked for at idle would be counted as prefetched: a view that renders fetches its own
 * code (lazyView.tsx), so there is none.
 */
const HOLD_IDLE = () => {
  const request = window.requestIdleCallback.bind(window);
  const cancel = window.cancelIdleCallback.bind(window);
  /** Held callbacks by the id handed out; after the release, the browser's id of each. */
  const held = new Map();
  const real = new Map();
  let next = 1e9;
  let released = false;
  window.requestIdleCallback = (callback, options) => {
    const caller = new Error().stack ?? '';
    if (released || !/\/widget\//.test(caller) || /\/widget\/loader\.js/.test(caller)) return request(callback, options);
    held.set(++next, [callback, options]);
    return next;
  };
  window.cancelIdleCallback = (id) => (held.delete(id) ? undefined : cancel(real.get(id) ?? id));
  window.__releaseIdle = () => {
    released = true;
    for (const [id, [callback, options]] of held) real.set(id, request(callback, options));
    held.clear();
  };
};

/**
 * The tap part (issue 25 §4), in every tapped page: the first pointerdown's timestamp (the input's
 * own time, as Event Timing's startTime), then from the next frame on, each frame checks whether the
 * window is open and usable — a dialog on screen (laid out, not visibility:hidden, not inert) with
 * its composer enabled — and marks `__paintedAt` in a message task posted from that frame's
 * requestAnimationFrame, which runs after the frame's paint. The window shown by a task between two
 * frames is thus painted in the next one; one shown by the widget's own requestAnimationFrame would be
 * counted a frame late (it uses none to open). Event Timing entries of an interaction (durationThreshold
 * 16, interactionId > 0) are kept: INP takes the longest of them.
 */
const TAP_PROBE = () => {
  const w = window;
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId > 0) w.__events.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const usable = (el, root) => {
    if (!el || el.disabled || el.closest('[inert]') || root.host?.closest('[inert]')) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  w.__windowOpen = () => {
    const root = document.querySelector('porchlight-widget')?.shadowRoot ?? document;
    const dialog = [...root.querySelectorAll('[role="dialog"]')].find((d) => usable(d, root));
    // When the dialog itself was first on screen, usable or not yet (a first visit's composer waits for the sign-in).
    if (dialog) w.__dialogAt ??= performance.now();
    return !!dialog && usable(dialog.querySelector('[part~="input"]'), root);
  };
  /** Rendered ahead of the tap (hidden): a dialog with its composer in the DOM before anyone taps. */
  w.__windowPrepared = () => !!(document.querySelector('porchlight-widget')?.shadowRoot ?? document).querySelector('[role="dialog"] [part~="input"]');
  addEventListener(
    'pointerdown',
    (event) => {
      if (w.__tapAt !== undefined) return;
      w.__tapAt = event.timeStamp;
      const frame = () => {
        if (!w.__windowOpen()) return requestAnimationFrame(frame);
        w.__seenAt = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (w.__paintedAt = performance.now());
        channel.port2.postMessage(0);
      };
      requestAnimationFrame(frame);
    },
    { capture: true, passive: true },
  );
};

let browser;
async function cleanUp() {
  await browser?.close().catch(() => {});
  await proxy.close();
  await demo.close();
  for (const name of Object.values(pages)) rmSync(path.join(dir, name), { force: true });
}
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });

  async function newPage(context) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Performance.enable');
    await page.addInitScript(PROBE);
    return { page, cdp };
  }

  /**
   * Waits until one of the last `lastN` messages shows `text`; answers the time of the frame after the
   * one it appeared in (performance.now), or undefined after CAP_MS. `window.__shownAt`: when it was seen.
   */
  async function paintedWith(page, text, lastN) {
    await page.evaluate(() => {
      window.__shownAt = undefined;
      window.__paintedAt = undefined;
    });
    const seen = await page
      .waitForFunction(
        ([wanted, n]) => {
          const root = document.querySelector('porchlight-widget')?.shadowRoot;
          const found = [...(root?.querySelectorAll('[part~="message"]') ?? [])].slice(-n).some((m) => m.textContent.includes(wanted));
          if (!found) return false;
          window.__shownAt = performance.now();
          requestAnimationFrame(() => (window.__paintedAt = performance.now()));
          return true;
        },
        [text, lastN],
        { timeout: CAP_MS, polling: 'raf' },
      )
      .then(() => true)
      .catch(() => false);
    if (!seen) return undefined;
    return (await page.waitForFunction(() => window.__paintedAt, null, { timeout: 5000 })).jsonValue();
  }

  const longTasks = (page, from = 0, to = Infinity) => page.evaluate(([a, b]) => window.__long.filter((t) => t.start >= a && t.start < b), [from, to]);
  const blocking = (tasks) => tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const shadowElements = (page) => page.evaluate(() => document.querySelector('porchlight-widget')?.shadowRoot?.querySelectorAll('*').length ?? 0);
  const appLoaded = (page) =>
    page.waitForFunction(() => !!document.querySelector('porchlight-widget')?.shadowRoot?.querySelector('.launcher'), null, { timeout: CAP_MS });

  // ------------------------------------------------------------ the widget's tasks, from a trace

  const TRACE_CATEGORIES = [
    'toplevel',
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8',
    'v8.execute',
    'disabled-by-default-v8.cpu_profiler',
  ];
  const WIDGET_SCRIPT = /\/widget\//;
  const urlOf = (e) => {
    const d = e.args?.data ?? {};
    return d.url ?? d.scriptName ?? d.fileName ?? e.args?.fileName ?? e.args?.url ?? d.stackTrace?.[0]?.url ?? '';
  };
  const KINDS = {
    compile: /^(v8\.compile|v8\.compileModule|v8\.parseOnBackground|V8\.CompileCode|v8\.produceModuleCache)$/,
    evaluate: /^(v8\.evaluateModule|EvaluateScript)$/,
  };
  /**
   * When the widget's code was on the main thread's stack, from the trace's CPU profile: per renderer
   * process, the sample times (µs, trace clock) whose stack holds a frame of a /widget/ script —
   * promise continuations (a poll's answer, the history it brings) included, which carry no URL of
   * their own in the trace.
   */
  function widgetSamples(events) {
    const profiles = new Map();
    for (const e of events) {
      if (e.name === 'Profile')
        profiles.set(`${e.pid}:${e.id}`, { pid: e.pid, start: e.args?.data?.startTime ?? e.ts, nodes: new Map(), samples: [], deltas: [] });
      if (e.name !== 'ProfileChunk') continue;
      const p = profiles.get(`${e.pid}:${e.id}`);
      const data = e.args?.data ?? {};
      if (!p) continue;
      for (const n of data.cpuProfile?.nodes ?? [])
        p.nodes.set(n.id, {
          url: n.callFrame?.url ?? '',
          parent: n.parent,
          name: n.callFrame?.functionName || '(anonymous)',
          line: n.callFrame?.lineNumber ?? -1,
        });
      p.samples.push(...(data.cpuProfile?.samples ?? []));
      p.deltas.push(...(data.timeDeltas ?? []));
    }
    const byPid = new Map();
    for (const p of profiles.values()) {
      const ours = new Map();
      const isOurs = (id) => {
        if (ours.has(id)) return ours.get(id);
        const node = p.nodes.get(id);
        ours.set(id, false);
        const result = !!node && (WIDGET_SCRIPT.test(node.url) || (node.parent !== undefined && isOurs(node.parent)));
        ours.set(id, result);
        return result;
      };
      let t = p.start;
      const times = byPid.get(p.pid) ?? { all: [], ours: [], stacks: [] };
      p.samples.forEach((id, i) => {
        t += p.deltas[i] ?? 0;
        times.all.push(t);
        if (isOurs(id)) times.ours.push(t);
        if (TASK_BREAKDOWN) times.stacks.push({ t, stack: stackOf(p.nodes, id) });
      });
      byPid.set(p.pid, times);
    }
    for (const times of byPid.values()) {
      times.all.sort((a, b) => a - b);
      times.ours.sort((a, b) => a - b);
      times.stacks.sort((a, b) => a.t - b.t);
    }
    return byPid;
  }
  /**
   * `BENCH_TASKS=1`: each widget task of 10 ms or more is printed with where its time went, from the
   * CPU profile: the widget's functions by inclusive time (a function counted once per sample), and
   * by self time. Build with `vite build --minify false` first for readable names.
   */
  const TASK_BREAKDOWN = !!process.env.BENCH_TASKS;
  /** The browser's own work that a task's breakdown names (trace event names): events, frames, style, layout, paint, GC. */
  const BROWSER_WORK =
    /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit|HitTest|ScrollLayer|UpdateLayer|IntersectionObserverController::computeIntersections|MajorGC|MinorGC|V8\.GC_SCAVENGER|EventDispatch|FireAnimationFrame|ParseHTML)$/;
  /** How deep the call tree goes (`BENCH_TASKS=<depth>`, default 6). */
  const TREE_DEPTH = Number(process.env.BENCH_TASKS) > 1 ? Number(process.env.BENCH_TASKS) : 6;
  /** A sample's frames, innermost first: "name file:line" (the script's file name only). */
  function stackOf(nodes, id) {
    const frames = [];
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
      const file = node.url.split('/').pop();
      frames.push(file ? `${node.name} ${file}:${node.line + 1}` : node.name);
    }
    return frames;
  }
  function printBreakdown(task, stacks) {
    const inclusive = new Map();
    const self = new Map();
    for (const { stack } of stacks) {
      self.set(stack[0], (self.get(stack[0]) ?? 0) + 1);
      for (const frame of new Set(stack)) if (WIDGET_SCRIPT.test(frame) || /\.js:\d+$/.test(frame)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
    }
    const per = stacks.length ? task.ms / stacks.length : 0;
    const top = (map, n) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([frame, count]) => `      ${(count * per).toFixed(1).padStart(6)} ms  ${frame}`)
        .join('\n');
    // Top down: the call tree of the widget's frames, to a few levels, branches of 1 ms or more.
    const tree = { children: new Map(), count: 0 };
    for (const { stack } of stacks) {
      let node = tree;
      for (const frame of [...stack]
        .reverse()
        .filter((f) => WIDGET_SCRIPT.test(f) || /\.js:\d+$/.test(f))
        .slice(0, TREE_DEPTH)) {
        if (!node.children.has(frame)) node.children.set(frame, { children: new Map(), count: 0 });
        node = node.children.get(frame);
        node.count++;
      }
    }
    const lines = [];
    const walk = (node, depth) => {
      for (const [frame, child] of [...node.children].sort((a, b) => b[1].count - a[1].count)) {
        if (child.count * per < 1) continue;
        lines.push(`      ${(child.count * per).toFixed(1).padStart(6)} ms ${'  '.repeat(depth)}${frame}`);
        walk(child, depth + 1);
      }
    };
    walk(tree, 0);
    console.log(
      `  task at ${task.at.toFixed(0)} ms: ${task.ms.toFixed(1)} ms (compile ${task.compile.toFixed(1)}, evaluate ${task.evaluate.toFixed(1)}, ${stacks.length} samples)\n    browser: ${task.browserWork || '–'}\n    tree:\n${lines.join('\n')}\n    inclusive:\n${top(inclusive, 25)}\n    self:\n${top(self, 12)}`,
    );
  }
  /** How many of the sorted `times` fall in [from, to). */
  const countIn = (times, from, to) => {
    const first = (x) => {
      let lo = 0;
      let hi = times.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (times[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return first(to) - first(from);
  };

  /**
   * The main-thread tasks in which the widget ran (a script of /widget/ compiled, evaluated or called,
   * or on the stack in the CPU profile), each with the time spent compiling, evaluating modules, and
   * in the widget's script (boot, render, polls, history; from the profile's samples).
   */
  function widgetTasks(traceBuffer) {
    const events = JSON.parse(traceBuffer.toString()).traceEvents ?? [];
    const samples = widgetSamples(events);
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const byThread = new Map();
    for (const e of events) {
      const key = `${e.pid}:${e.tid}`;
      if (!mains.has(key) || e.ph !== 'X' || typeof e.dur !== 'number') continue;
      if (!byThread.has(key)) byThread.set(key, []);
      byThread.get(key).push(e);
    }
    const out = [];
    for (const [key, list] of byThread) {
      const times = samples.get(Number(key.split(':')[0])) ?? { all: [], ours: [], stacks: [] };
      // Task times are printed from the thread's first traced event (about the navigation).
      const navigationStart = list.reduce((first, e) => Math.min(first, e.ts), Infinity);
      // In time order, a task before what runs inside it: one pass gives each task its events.
      list.sort((x, y) => x.ts - y.ts || y.dur - x.dur);
      let task = null;
      let inside = [];
      const close = () => {
        if (!task) return;
        const end = task.ts + task.dur;
        const all = countIn(times.all, task.ts, end);
        const ourSamples = countIn(times.ours, task.ts, end);
        const named = inside.some((e) => WIDGET_SCRIPT.test(urlOf(e)));
        if (!named && !ourSamples) return;
        // Outermost events of a kind only, so nested calls are not counted twice.
        const time = (kind) => {
          let total = 0;
          let until = -1;
          for (const e of inside) {
            if (!KINDS[kind].test(e.name) || e.ts < until) continue;
            total += e.dur;
            until = e.ts + e.dur;
          }
          return total / 1000;
        };
        const entry = { ms: task.dur / 1000, compile: time('compile'), evaluate: time('evaluate'), script: all ? ((task.dur / 1000) * ourSamples) / all : 0 };
        out.push(entry);
        if (TASK_BREAKDOWN && entry.ms >= 10) {
          entry.at = (task.ts - navigationStart) / 1000;
          // The browser's own work in the task (events, style, layout, paint…): its time by event name.
          const work = new Map();
          for (const e of inside) if (BROWSER_WORK.test(e.name)) work.set(e.name, (work.get(e.name) ?? 0) + e.dur / 1000);
          entry.browserWork = [...work]
            .filter(([, ms]) => ms >= 0.5)
            .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
            .join(', ');
          if (process.env.BENCH_EVENTS)
            console.log(
              inside
                .filter((e) => e.dur >= 1000)
                .map((e) => `      ${(e.dur / 1000).toFixed(1).padStart(6)} ms ${e.name} ${JSON.stringify(e.args?.data ?? {}).slice(0, 120)}`)
                .join('\n'),
            );
          printBreakdown(
            entry,
            times.stacks.filter((x) => x.t >= task.ts && x.t < end),
          );
        }
      };
      for (const e of list) {
        if (task && e.ts < task.ts + task.dur) {
          inside.push(e);
          continue;
        }
        if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
        close();
        task = e;
        inside = [];
      }
      close();
    }
    return out;
  }
  /** The longest task containing `kind`, as "X ms in a task of Y ms". */
  const longestWith = (tasks, kind) => {
    const withKind = tasks.filter((t) => t[kind] > 0.5);
    if (!withKind.length) return undefined;
    return withKind.reduce((a, b) => (b.ms > a.ms ? b : a));
  };

  /** One page view: the host page's own figures over `settleMs` after navigation (traced when asked). */
  async function pageView(context, name, settleMs, { trace = false } = {}) {
    const { page, cdp } = await newPage(context);
    if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url(name));
    await page.waitForTimeout(settleMs);
    const tasks = await longTasks(page);
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const figures = {
      longTasks: tasks.length,
      blockingMs: blocking(tasks),
      longestMs: Math.max(0, ...tasks.map((t) => t.duration)),
      heapMb: metrics.JSHeapUsedSize / 1e6,
      launcherMs: await page.evaluate(() => window.__launcher),
      loadEndMs: await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd),
      shadowElements: await shadowElements(page),
    };
    if (trace) {
      const ours = widgetTasks(await browser.stopTracing());
      figures.widgetLongestMs = Math.max(0, ...ours.map((t) => t.ms));
      figures.widgetLongTasks = ours.filter((t) => t.ms >= 50).length;
      figures.widgetBlockingMs = ours.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
      for (const kind of [...Object.keys(KINDS), 'script']) {
        const t = longestWith(ours, kind);
        figures[`${kind}TaskMs`] = t?.ms;
        figures[`${kind}Ms`] = t?.[kind];
      }
    }
    return { page, figures };
  }

  async function agentToken() {
    const res = await fetch(`${demo.apiUrl}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: DEMO_AGENT.email,
        password: DEMO_AGENT.password,
      }),
    });
    return (await res.json()).token;
  }
  const agent = await agentToken();

  /** A visitor with a conversation of `size` messages, its window closed: a context ready for return visits. */
  async function visitorWith(size, contextOptions = {}) {
    const context = await browser.newContext({ viewport: VIEWPORT, ...contextOptions });
    const { page } = await newPage(context);
    await page.goto(url(pages.widget));
    await page.locator('porchlight-widget [part~="launcher"]').click({ timeout: CAP_MS });
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/messages$/.test(r.url()), { timeout: CAP_MS });
    await page.locator('porchlight-widget [part~="input"]').fill('bench: last message');
    await page.locator('porchlight-widget [part~="input"]').press('Enter');
    const requestId = decodeURIComponent(/\/requests\/([^/]+)\/messages$/.exec(new URL((await posted).url()).pathname)[1]);
    // Closed first, as a visitor leaves it (on a phone the open window covers the launcher): the
    // history seeded next is then read in the background, never drawn by this setup page.
    await page.locator('porchlight-widget [part~="close-button"]').click({ timeout: CAP_MS });
    await page.getByRole('dialog').first().waitFor({ state: 'hidden', timeout: CAP_MS });
    const seeded = await fetch(`${demo.apiOrigin}/__demo/seed-conversation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId, count: size - 1 }),
    });
    if (seeded.status !== 201) throw new Error(`seeding failed: ${seeded.status}`);
    await page.waitForTimeout(500);
    await page.close();
    return { context, requestId };
  }

  const ONLY = process.env.BENCH_ONLY; // host, bytes, tap, long, idle or push: one part only (while working on it)
  const part = (name) => !ONLY || ONLY === name;

  // ------------------------------------------------------------ 1. the host page, bare vs widget

  const host = {
    bare: [],
    widget: [],
    firstVisitLauncher: [],
    firstVisitAfterLoad: [],
  };
  if (part('host')) {
    // A returning visitor with a long conversation stored, window closed: the app comes promptly
    // after the first idle moment (for the badge) and reads the whole history.
    const stored = await visitorWith(HOST_SIZE);
    for (let run = 0; run < RUNS; run++) {
      const plain = await browser.newContext({ viewport: VIEWPORT });
      // A page view nobody measures first: the bare page must not pay for a cold renderer and cache.
      await (await pageView(plain, pages.bare, 1000)).page.close();
      const bare = await pageView(plain, pages.bare, SETTLE_MS);
      host.bare.push(bare.figures);
      await bare.page.close();
      // First visit: nothing cached; the app paints the launcher once it is loaded (a later idle moment).
      const first = await pageView(plain, pages.widget, SETTLE_MS);
      host.firstVisitLauncher.push(first.figures.launcherMs);
      // Issue 25 §1: from the page's `load` event, nobody touching the page.
      host.firstVisitAfterLoad.push(first.figures.launcherMs === undefined ? undefined : first.figures.launcherMs - first.figures.loadEndMs);
      await plain.close();
      // The measured one: a return visit with the conversation stored, traced.
      const again = await pageView(stored.context, pages.widget, SETTLE_MS, { trace: true });
      host.widget.push(again.figures);
      // Opening is measured with the long conversations; this visit leaves the window closed.
      await again.page.close();
    }
    await stored.context.close();
  }

  // ------------------------------------------------------------ 2. bytes: loader, first open + send

  // gzip -9 of each file (issue 9's unit, as `npm run size`) and what came over the wire.
  const bytes = {
    loader: [],
    firstOpen: [],
    projectAdds: [],
    prefetched: [],
    wireLoader: [],
    wireFirstOpen: [],
    wireProjectAdds: [],
    wirePrefetched: [],
    asItHappens: [],
    wireAsItHappens: [],
  };
  // Each file's gzip -9 and its body as it came over the wire (the demo compresses on the fly:
  // brotli at compression's default quality for Chromium, larger than a static host's).
  const sizesOf = (requests) =>
    Promise.all(
      requests.map(async (r) => {
        const response = await r.response();
        await response?.finished();
        const gzip = response ? gzipSync(await response.body(), { level: 9 }).length : 0;
        return { file: new URL(r.url()).pathname, gzip, wire: (await r.sizes()).responseBodySize };
      }),
    );
  const sum = (files, key) => files.reduce((total, f) => total + f[key], 0);
  // Each run twice: idle held (what the flow needed), then as it happens (issue 25 §4: nobody
  // waiting, whatever the app fetched from the page load until the first message was stored).
  const byteViews = part('bytes') ? Array.from({ length: Math.min(RUNS, 3) }, () => [true, false]).flat() : [];
  for (const holdIdle of byteViews) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const { page } = await newPage(context);
    if (holdIdle) await page.addInitScript(HOLD_IDLE);
    const widgetFiles = [];
    // By when each was asked for: a file asked for before the release counts as needed.
    page.on('request', (request) => {
      if (WIDGET_SCRIPT.test(new URL(request.url()).pathname)) widgetFiles.push(request);
    });
    await page.goto(url(pages.widget));
    await page.locator('porchlight-widget [part~="launcher"]').click({ timeout: CAP_MS });
    await page.locator('porchlight-widget [part~="input"]').fill('bench: bytes');
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/messages$/.test(r.url()), { timeout: CAP_MS });
    await page.locator('porchlight-widget [part~="input"]').press('Enter');
    await posted;
    // What the first open and send needed: everything asked for by the time the message was stored.
    const needed = widgetFiles.slice();
    if (!holdIdle) {
      const sizes = await sizesOf(needed.filter((r) => !r.url().endsWith('/loader.js')));
      bytes.asItHappens.push(sum(sizes, 'gzip'));
      bytes.wireAsItHappens.push(sum(sizes, 'wire'));
      await context.close();
      continue;
    }
    await page.evaluate(() => window.__releaseIdle());
    await page.waitForTimeout(2000);
    const prefetched = widgetFiles.slice(needed.length);
    const [neededSizes, prefetchedSizes] = [await sizesOf(needed), await sizesOf(prefetched)];
    if (process.env.BENCH_FILES) console.log({ needed: neededSizes, prefetched: prefetchedSizes });
    const isLoader = (f) => f.file.endsWith('/loader.js');
    for (const [key, wire] of [
      ['gzip', ''],
      ['wire', 'wire'],
    ]) {
      const into = (name) => bytes[wire ? `wire${name[0].toUpperCase()}${name.slice(1)}` : name];
      into('loader').push(sum(neededSizes.filter(isLoader), key));
      const everyProject = (f) => EVERY_FIRST_OPEN.has(f.file.split('/').pop());
      into('firstOpen').push(sum(neededSizes.filter(everyProject), key));
      into('projectAdds').push(
        sum(
          neededSizes.filter((f) => !isLoader(f) && !everyProject(f)),
          key,
        ),
      );
      into('prefetched').push(sum(prefetchedSizes, key));
    }
    await context.close();
  }

  // ------------------------------------------------------------ 2b. the first tap (issue 25 §2, §4)

  /** A phone, as a site owner's tools emulate one: touch input, a mobile viewport. */
  const TOUCH = { viewport: VIEWPORT, hasTouch: true, isMobile: true };
  /**
   * How long a page is left alone after its launcher is visible before the tap: a visitor reads the
   * page first. The app's idle work after the launcher (the window rendered ahead, hidden, one part per
   * idle moment; the later views' code fetched at idle) is done within about 2 s at 6×; 5 s leaves
   * room on a busy machine, and each view reports whether the window was ready (`prepared`).
   */
  const TAP_SETTLE_MS = 5000;
  const TAP_THROTTLES = [THROTTLE, 6];
  /** `BENCH_TAP_TRACE=1`: each widget tap is traced; the trace's own figures are printed beside the bench's. */
  const TAP_TRACE = !!process.env.BENCH_TAP_TRACE || TASK_BREAKDOWN;

  /** One page view tapped once: tap → window painted, the interaction's Event Timing duration, the longest task after the tap. */
  async function tapView(context, name, rate, target) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(PROBE);
    await page.addInitScript(TAP_PROBE);
    await page.goto(url(name));
    const launcher = page.locator(target);
    await launcher.waitFor({ state: 'visible', timeout: CAP_MS });
    await page.waitForTimeout(TAP_SETTLE_MS);
    const prepared = await page.evaluate(() => window.__windowPrepared());
    // Always traced (the frame's end is the trace's); lightly unless the trace's own figures or call trees are asked for.
    await browser.startTracing(page, { categories: TAP_TRACE ? [...TRACE_CATEGORIES, 'blink.user_timing'] : ['devtools.timeline', 'blink.user_timing'] });
    const traceOrigin = await page.evaluate(() => (performance.mark('bench-trace-origin'), performance.now()));
    await launcher.tap({ timeout: CAP_MS });
    await page.waitForFunction(() => window.__paintedAt, null, { timeout: CAP_MS }).catch(() => {});
    await page.waitForTimeout(1000);
    const f = await page.evaluate(() => {
      const tapAt = window.__tapAt;
      const paintedAt = window.__paintedAt;
      const events = window.__events.filter((e) => e.start >= tapAt - 1);
      const mine = events.filter((e) => e.id === events[0]?.id);
      const until = (paintedAt ?? performance.now()) + 1000;
      const tasks = window.__long.filter((t) => t.start + t.duration > tapAt && t.start < until);
      return {
        tapAt,
        seenAt: window.__seenAt,
        dialogSeenMs: window.__dialogAt === undefined ? undefined : window.__dialogAt - tapAt,
        afterFrameMs: paintedAt === undefined ? undefined : paintedAt - tapAt,
        eventMs: mine.length ? Math.max(...mine.map((e) => e.duration)) : undefined,
        eventNames: mine.map((e) => `${e.name} ${e.duration}`).join(', '),
        longestMs: Math.max(0, ...tasks.map((t) => t.duration)),
      };
    });
    f.prepared = prepared;
    Object.assign(f, tapTrace(await browser.stopTracing(), traceOrigin, f));
    if (TASK_BREAKDOWN) console.log(`  ^ the widget's tasks of 10 ms or more after a tap on ${name} at ${rate}× (window rendered ahead: ${prepared})`);
    // Closed again, as a visitor leaves it: a return visitor's next view taps a closed launcher.
    const close = page.locator('porchlight-widget [part~="close-button"]');
    if (await close.isVisible()) {
      await close.click({ timeout: CAP_MS });
      await page.locator('porchlight-widget [part~="launcher"][aria-expanded="false"]').waitFor({ timeout: CAP_MS });
      await page.waitForTimeout(300);
    }
    await page.close();
    return f;
  }

  /**
   * The tap as the trace tells it, with no help from the page (issue 25 §4: check the bench against
   * an independent measurement): the touch's input latency from the browser's own records
   * (EventTiming trace events: the interaction's duration), the main-thread tasks from the tap's
   * dispatch to the first frame drawn after the window was seen, and the longest of them in thread
   * time. Times in ms from the input's timestamp.
   */
  function tapTrace(buffer, originNow, f) {
    const events = JSON.parse(buffer.toString()).traceEvents ?? [];
    const mark = events.find((e) => e.name === 'bench-trace-origin');
    if (!mark) return { paintedMs: f.afterFrameMs };
    // performance.now() of a trace timestamp (µs): the mark's two clocks.
    const now = (ts) => originNow + (ts - mark.ts) / 1000;
    const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const onMain = (e) => e.pid === mark.pid && main.has(`${e.pid}:${e.tid}`);
    const dispatches = events.filter((e) => e.name === 'EventDispatch' && onMain(e) && now(e.ts) >= f.tapAt - 1);
    const firstDispatch = dispatches.reduce((a, e) => (!a || e.ts < a.ts ? e : a), null);
    const tasks = events
      .filter((e) => onMain(e) && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && now(e.ts + e.dur) >= f.tapAt)
      .map((e) => ({ start: now(e.ts), ms: e.dur / 1000, threadMs: (e.tdur ?? e.dur) / 1000 }));
    const until = (f.seenAt ?? Infinity) + 1000;
    const after = tasks.filter((t) => t.start < until);
    // The frames the compositor presented (or drew) after the window was seen.
    const frameNames = /^(PipelineReporter|DrawFrame|Graphics\.Pipeline|Display::DrawAndSwap)$/;
    const frames = events
      .filter((e) => frameNames.test(e.name) && f.seenAt !== undefined && now(e.ts) >= f.seenAt - 1)
      .map((e) => ({ name: e.name, at: now(e.ts + (e.dur ?? 0)) }));
    const paints = events
      .filter((e) => e.name === 'Paint' && onMain(e) && f.seenAt !== undefined && now(e.ts) >= f.seenAt - 1)
      .map((e) => now(e.ts + (e.dur ?? 0)));
    if (process.env.BENCH_DEBUG) {
      const named = events
        .filter((e) => onMain(e) && e.ph === 'X' && now(e.ts) >= f.tapAt - 5 && now(e.ts) < (f.seenAt ?? f.tapAt) + 80 && e.dur >= 1000)
        .map((e) => `${(now(e.ts) - f.tapAt).toFixed(1)}+${(e.dur / 1000).toFixed(1)} ${e.name}${e.args?.data?.type ? ` ${e.args.data.type}` : ''}`);
      console.log(named.join('\n'));
    }
    const timing = events.filter((e) => e.name === 'EventTiming' && e.ph === 'b' && e.args?.data?.interactionId > 0);
    const timingMs = timing.length ? Math.max(...timing.map((e) => e.args.data.duration ?? 0)) : undefined;
    // The frame that showed the window: the first main-thread commit (the frame handed to the
    // compositor) that starts after the requestAnimationFrame in which the window was seen open.
    const commit = events
      .filter((e) => e.name === 'Commit' && onMain(e) && e.ph === 'X' && f.seenAt !== undefined && now(e.ts) >= f.seenAt)
      .reduce((a, e) => (!a || e.ts < a.ts ? e : a), null);
    return {
      paintedMs: commit ? now(commit.ts + commit.dur) - f.tapAt : f.afterFrameMs,
      traceDispatchMs: firstDispatch ? now(firstDispatch.ts) - f.tapAt : undefined,
      tracePaintMs: paints.length ? Math.min(...paints) - f.tapAt : undefined,
      traceFrameMs: frames.length ? Math.min(...frames.map((x) => x.at)) - f.tapAt : undefined,
      traceEventMs: timingMs,
      traceLongestMs: Math.max(0, ...after.map((t) => t.ms)),
      traceLongestThreadMs: Math.max(0, ...after.map((t) => t.threadMs)),
      traceWidget: TASK_BREAKDOWN ? widgetTasks(buffer).filter((t) => t.ms >= 10).length : undefined,
    };
  }

  /** Per visit ('first', 'return', 'bare') and CPU rate: the tap views' figures. */
  const taps = {};
  if (part('tap')) {
    // A return visitor: a short conversation, the window closed (visitorWith), on a phone.
    const returning = await visitorWith(5, TOUCH);
    for (let run = 0; run < RUNS; run++) {
      for (const rate of TAP_THROTTLES) {
        const plain = await browser.newContext(TOUCH);
        // A page view nobody measures first: the bare page must not pay for a cold renderer and cache.
        await (await plain.newPage()).goto(url(pages.panel));
        const views = {
          bare: await tapView(plain, pages.panel, rate, '#open-panel'),
          first: await tapView(plain, pages.widget, rate, 'porchlight-widget [part~="launcher"]'),
        };
        await plain.close();
        views.return = await tapView(returning.context, pages.widget, rate, 'porchlight-widget [part~="launcher"]');
        for (const [visit, v] of Object.entries(views)) {
          ((taps[visit] ??= {})[rate] ??= []).push(v);
          if (process.env.BENCH_TAP_TRACE || process.env.BENCH_DEBUG) console.log(`tap ${visit} ${rate}×`, JSON.stringify(v));
        }
      }
    }
    await returning.context.close();
  }

  // ------------------------------------------------------------ 3. long conversations

  /**
   * Wheel input over `box` (a notch up about every frame, as CDP mouseWheel events) for `ms`: the
   * frames the page drew meanwhile, the longest frame and the tasks over 50 ms.
   */
  async function wheelFor(page, box, ms) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(() => {
      window.__frames = [];
      const step = (now) => {
        window.__frames.push(now);
        if (window.__frames) window.__frameLoop = requestAnimationFrame(step);
      };
      window.__frameLoop = requestAnimationFrame(step);
    });
    const from = await page.evaluate(() => performance.now());
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await page.mouse.wheel(0, -100);
      await new Promise((r) => setTimeout(r, 16));
    }
    const frames = await page.evaluate(() => {
      cancelAnimationFrame(window.__frameLoop);
      const f = window.__frames;
      window.__frames = undefined;
      return f;
    });
    const tasks = await longTasks(page, from);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    return { frames: frames.length, longest: Math.max(0, ...gaps), longTasks: tasks.length };
  }

  async function longConversation(size) {
    const out = {
      closedBlockingMs: [],
      clickToLastMs: [],
      openingLongestMs: [],
      shadowElements: [],
      incomingMs: [],
      incomingLongestMs: [],
      scrollFrames: [],
      longestFrameMs: [],
      scrollLongTasks: [],
      scrolledElements: [],
      plainFrames: [],
      plainLongestFrameMs: [],
    };
    const { context, requestId } = await visitorWith(size);
    const runs = size >= 5000 ? Math.min(RUNS, 3) : RUNS;
    // The conversation's latest message: the visitor's at first, then each run's incoming one (a
    // fixed text would fall out of the last few once two runs had added theirs).
    let latest = 'bench: last message';
    for (let run = 0; run < runs; run++) {
      const { page } = await newPage(context);
      await page.goto(url(pages.widget));
      await appLoaded(page).catch(() => {});
      await page.waitForTimeout(3000);
      const loadTasks = await longTasks(page);
      // A run that left the window open (a slow close): close it, and measure this one from closed.
      const dialog = page.getByRole('dialog').first();
      if (await dialog.isVisible()) {
        const closed = await page
          .locator('porchlight-widget [part~="close-button"]')
          .click({ timeout: CAP_MS, noWaitAfter: true })
          .then(() => dialog.waitFor({ state: 'hidden', timeout: CAP_MS }))
          .then(
            () => true,
            () => false,
          );
        // Still drawing the whole history after CAP_MS: this run measures nothing more.
        if (!closed) {
          out.clickToLastMs.push(CAP_MS);
          await page.close();
          continue;
        }
      } else out.closedBlockingMs.push(blocking(loadTasks));
      // Click → the last message painted.
      const clickAt = await page.evaluate(() => performance.now());
      const launcherClicked = await page
        .locator('porchlight-widget [part~="launcher"]')
        .click({ timeout: CAP_MS })
        .then(
          () => true,
          () => false,
        );
      if (!launcherClicked) {
        out.clickToLastMs.push(CAP_MS);
        await page.close();
        continue;
      }
      const painted = await paintedWith(page, latest, 3);
      out.clickToLastMs.push(painted ? painted - clickAt : CAP_MS);
      if (!painted) {
        if (process.env.BENCH_DEBUG) {
          console.error(
            await page.evaluate(() => {
              const root = document.querySelector('porchlight-widget')?.shadowRoot;
              const all = [...(root?.querySelectorAll('[part~="message"]') ?? [])];
              return `${all.length} messages, last: ${all.at(-1)?.textContent}; dialog: ${!!root?.querySelector('[role="dialog"]')}`;
            }),
          );
        }
        await page.close();
        continue;
      }
      const opening = await longTasks(page, clickAt);
      out.openingLongestMs.push(Math.max(0, ...opening.map((t) => t.duration)));
      out.shadowElements.push(await shadowElements(page));
      // An incoming agent message: from its poll answer's arrival to the frame that shows it.
      const text = `bench: incoming ${run} ${Date.now()}`;
      if (TASK_BREAKDOWN) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const arrivingFrom = await page.evaluate(() => performance.now());
      await fetch(`${demo.apiUrl}/${DEMO_PROJECT_ID}/requests/${encodeURIComponent(requestId)}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: agent },
        body: JSON.stringify({ text }),
      });
      latest = text;
      const shown = await paintedWith(page, text, 5);
      if (TASK_BREAKDOWN) {
        widgetTasks(await browser.stopTracing());
        console.log(`  ^ the widget's tasks of 10 ms or more as a message arrives (${size.toLocaleString('en')} messages)`);
      }
      // Fetched: the last byte of the poll's answer received (Resource Timing's responseEnd, given
      // cross-origin too), before the page is handed the answer, however the widget reads it.
      const fetchedAt = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/messages(\?|$)/.test(e.name) && e.responseEnd <= window.__shownAt)
          .map((e) => e.responseEnd)
          .sort((a, b) => a - b)
          .at(-1),
      );
      const incoming = shown && fetchedAt !== undefined ? shown - fetchedAt : CAP_MS;
      out.incomingMs.push(incoming);
      // The page's long tasks while it arrives: from the agent's post to a second after it is painted
      // (the answer handed over and read, the message rendered, the long answer's tag worked out).
      await page.waitForTimeout(1000);
      out.incomingLongestMs.push(Math.max(0, ...(await longTasks(page, arrivingFrom, (shown || arrivingFrom) + 1000)).map((t) => t.duration)));
      // Scrolling up through the history for 3 s with the wheel, as a visitor does (a notch about
      // every frame over the message list), then the same over a plain list of 300 paragraphs of
      // the same size in the same page: frames drawn, the longest frame, tasks over 50 ms.
      const list = page.locator('porchlight-widget [part~="messages"]');
      const listBox = await list.boundingBox();
      if (TASK_BREAKDOWN) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const scroll = listBox ? await wheelFor(page, listBox, 3000) : { frames: 0, longest: CAP_MS, longTasks: 0 };
      // BENCH_TASKS: the widget's tasks while the wheel turns, with their call trees.
      if (TASK_BREAKDOWN) {
        widgetTasks(await browser.stopTracing());
        console.log(`  ^ the widget's tasks of 10 ms or more as the wheel turns (${size.toLocaleString('en')} messages)`);
      }
      out.scrollFrames.push(scroll.frames);
      out.longestFrameMs.push(scroll.longest);
      out.scrollLongTasks.push(scroll.longTasks);
      // Elements after scrolling anywhere: the top reached by the wheel, the middle, back to the bottom.
      const counts = [await shadowElements(page)];
      for (const at of [0.5, 1]) {
        await list.evaluate((el, f) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), at).catch(() => {});
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await page.waitForTimeout(500);
        counts.push(await shadowElements(page));
      }
      out.scrolledElements.push(Math.max(...counts));
      if (listBox) {
        await page.evaluate((box) => {
          const plain = document.createElement('div');
          plain.id = 'bench-plain-list';
          Object.assign(plain.style, {
            position: 'fixed',
            left: `${box.x}px`,
            top: `${box.y}px`,
            width: `${box.width}px`,
            height: `${box.height}px`,
            overflow: 'auto',
            background: '#fff',
            zIndex: '2147483647',
          });
          for (let i = 0; i < 300; i++) {
            const p = document.createElement('p');
            p.textContent = `Plain paragraph ${i}: a message of about the length of a chat message, to scroll.`;
            plain.append(p);
          }
          document.body.append(plain);
          plain.scrollTop = plain.scrollHeight;
        }, listBox);
        const plain = await wheelFor(page, listBox, 3000);
        out.plainFrames.push(plain.frames);
        out.plainLongestFrameMs.push(plain.longest);
        await page.evaluate(() => document.getElementById('bench-plain-list')?.remove());
      }
      // Leave it closed for the next run.
      await page
        .locator('porchlight-widget [part~="close-button"]')
        .click({ timeout: CAP_MS })
        .catch(() => {});
      await page
        .getByRole('dialog')
        .first()
        .waitFor({ state: 'hidden', timeout: CAP_MS })
        .catch(() => {});
      await page.waitForTimeout(300);
      await page.close();
    }
    await context.close();
    return out;
  }

  const long = {};
  for (const size of part('long') ? SIZES : []) long[size] = await longConversation(size);

  // ------------------------------------------------------------ 4. idle cost and poll schedule at 1,000 messages

  async function idleCost(open) {
    const { context } = await visitorWith(1000);
    const { page } = await newPage(context);
    await page.goto(url(pages.widget));
    await appLoaded(page).catch(() => {});
    if (open) await page.locator('porchlight-widget [part~="launcher"]').click();
    await page.waitForTimeout(5000);
    const before = { ...traffic };
    const sampleFrom = await page.evaluate(() => performance.now());
    const sampleMs = IDLE_SAMPLE_MS[open ? 'open' : 'closed'];
    await page.waitForTimeout(sampleMs);
    const perMinute = (key) => ((traffic[key] - before[key]) * 60_000) / sampleMs;
    // Poll starts from the sample's start (the look at load and on opening are kicks, not the schedule).
    const starts = await page.evaluate((from) => (window.__pollStarts ?? []).filter((t) => t >= from - 1), sampleFrom);
    const intervals = starts.slice(1).map((t, i) => t - starts[i]);
    const result = {
      requests: perMinute('requests'),
      preflights: perMinute('preflights'),
      notModified: perMinute('notModified'),
      bytes: perMinute('bytes'),
      intervals,
      schedule: open ? POLL_ACTIVE_MS : POLL_CLOSED_MS,
    };
    await context.close();
    return result;
  }
  const idle = part('idle') ? { closed: await idleCost(false), open: await idleCost(true) } : {};

  // ------------------------------------------------------------ 5. replies by polling and by Chat21 push (issue 24)

  const pushed = part('push') ? await pushFigures({ browser, throttle: THROTTLE, viewport: VIEWPORT }) : null;

  // ------------------------------------------------------------ the table

  const pick = (runs, key) => runs.map((r) => r[key]);
  const rows = [];
  const checks = [];
  /** One row; `check` [value, limit] marks it over or within its budget (and fails the bench when over). */
  const row = (what, bare, widget, budget = '', check) => {
    let mark = '';
    if (check && check[0] !== undefined && !Number.isNaN(check[0])) {
      const over = check[0] > check[1];
      mark = over ? 'OVER' : 'ok';
      checks.push({ what, value: check[0], limit: check[1], over });
    }
    rows.push([what, bare, widget, budget, mark]);
  };
  const med = (values) => {
    const v = values.filter((x) => x !== undefined && !Number.isNaN(x));
    return v.length ? median(v) : undefined;
  };
  const section = (title) => rows.push([title, '', '', '', '']);
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  const bytesStat = (values) => {
    const v = values.filter((x) => x !== undefined);
    if (!v.length) return '–';
    const f = (b) => `${Math.round(b).toLocaleString('en')} B`;
    return v.length === 1 ? f(v[0]) : `${f(median(v))} (${Math.min(...v).toLocaleString('en')}–${Math.max(...v).toLocaleString('en')})`;
  };
  const ms = (values) => stat(values, ' ms');

  if (host.bare.length) {
    section(`host page, ${HOST_SIZE.toLocaleString('en')}-message conversation stored, window closed (load + idle, ${SETTLE_MS / 1000} s)`);
    const addedLong = med(pick(host.widget, 'longTasks')) - med(pick(host.bare, 'longTasks'));
    const addedBlocking = med(pick(host.widget, 'blockingMs')) - med(pick(host.bare, 'blockingMs'));
    row('long tasks (≥ 50 ms)', stat(pick(host.bare, 'longTasks')), stat(pick(host.widget, 'longTasks')), `added 0`, [addedLong, BUDGET.addedLongTasks]);
    row('total blocking time', ms(pick(host.bare, 'blockingMs')), ms(pick(host.widget, 'blockingMs')), 'added 0 ms', [addedBlocking, BUDGET.addedBlockingMs]);
    row('longest task', ms(pick(host.bare, 'longestMs')), ms(pick(host.widget, 'longestMs')));
    row("longest widget task (trace: the widget's scripts)", '', ms(pick(host.widget, 'widgetLongestMs')), '< 50 ms', [
      med(pick(host.widget, 'widgetLongestMs')),
      BUDGET.widgetTaskMs - 0.001,
    ]);
    row('widget long tasks / blocking time (trace)', '', `${stat(pick(host.widget, 'widgetLongTasks'))} / ${ms(pick(host.widget, 'widgetBlockingMs'))}`);
    const kindRow = (label, kind) => {
      const inKind = pick(host.widget, `${kind}Ms`);
      const task = pick(host.widget, `${kind}TaskMs`);
      row(label, '', inKind.some((v) => v !== undefined) ? `${ms(inKind)} in a task of ${ms(task)}` : 'not seen', 'task < 50 ms', [
        med(task),
        BUDGET.widgetTaskMs - 0.001,
      ]);
    };
    kindRow('  app.js parse/compile', 'compile');
    kindRow('  module evaluation', 'evaluate');
    kindRow("  the widget's script: boot, first render, polls, history", 'script');
    row(
      'JS heap',
      stat(
        pick(host.bare, 'heapMb').map((v) => v * 1000),
        ' KB',
      ),
      stat(
        pick(host.widget, 'heapMb').map((v) => v * 1000),
        ' KB',
      ),
    );
    row('launcher painted after navigation: return / first visit', '', `${ms(pick(host.widget, 'launcherMs'))} / ${ms(host.firstVisitLauncher)}`);
    row('launcher visible after the load event, first visit, nobody touching the page', '', ms(host.firstVisitAfterLoad), '≤ 1,000 ms', [
      median(host.firstVisitAfterLoad.filter((v) => v !== undefined)),
      1000,
    ]);
    row('elements in the shadow root, closed', '', stat(pick(host.widget, 'shadowElements')), '≤ 3,000', [
      med(pick(host.widget, 'shadowElements')),
      BUDGET.shadowElements,
    ]);
  }
  if (bytes.loader.length) {
    section('bytes, gzip -9 of the files the flow fetched (on the wire from the demo: brotli on the fly)');
    const both = (name) => `${bytesStat(bytes[name])}; wire ${bytesStat(bytes[`wire${name[0].toUpperCase()}${name.slice(1)}`])}`;
    row('loader.js', '', both('loader'), '≤ 1,500 B', [med(bytes.loader), BUDGET.loaderBytes]);
    row('first open + first send: what every project loads (app.js and its chunks, as npm run size counts)', '', both('firstOpen'), '≤ 44 KB', [
      med(bytes.firstOpen),
      BUDGET.firstOpenBytes,
    ]);
    row("  and what this project's settings add (the demo's emoji button, the texts of views on demand)", '', both('projectAdds'));
    row('  prefetched at idle after the open (not counted above)', '', both('prefetched'));
    row('first open + first send as it happens (idle not held: all the app fetched until the message was stored)', '', both('asItHappens'));
  }
  if (taps.bare) {
    section(
      `the first tap on a phone (touch, ${VIEWPORT.width}×${VIEWPORT.height}), ${TAP_SETTLE_MS / 1000} s after the launcher is visible; bare page: its own button opening a plain panel`,
    );
    const of = (visit, rate, key) => (taps[visit]?.[rate] ?? []).map((v) => v[key]);
    for (const rate of TAP_THROTTLES) {
      const bare = med(of('bare', rate, 'paintedMs'));
      for (const visit of ['first', 'return']) {
        const label = `${visit} visit, CPU ${rate}×`;
        row(`${label}: tap → window painted`, ms(of('bare', rate, 'paintedMs')), ms(of(visit, rate, 'paintedMs')), `≤ ${BUDGET.tapVsBare}× bare`, [
          med(of(visit, rate, 'paintedMs')),
          bare === undefined ? undefined : BUDGET.tapVsBare * bare,
        ]);
        row(
          `${label}:   the dialog first on screen, its composer usable or not (the frame's rAF)`,
          ms(of('bare', rate, 'dialogSeenMs')),
          ms(of(visit, rate, 'dialogSeenMs')),
        );
        row(`${label}: event duration (Event Timing, as INP)`, ms(of('bare', rate, 'eventMs')), ms(of(visit, rate, 'eventMs')));
        row(`${label}: longest task after the tap (0: none ≥ 50 ms)`, ms(of('bare', rate, 'longestMs')), ms(of(visit, rate, 'longestMs')), '< 50 ms', [
          med(of(visit, rate, 'longestMs')),
          BUDGET.widgetTaskMs - 0.001,
        ]);
        const ready = of(visit, rate, 'prepared');
        row(`${label}: window rendered ahead before the tap`, '', `${ready.filter(Boolean).length} of ${ready.length} views`);
        if (TAP_TRACE) {
          const cross = (v) =>
            ['afterFrameMs', 'tracePaintMs', 'traceEventMs', 'traceLongestMs', 'traceLongestThreadMs'].map((key) => ms(of(v, rate, key))).join(' / ');
          row(`${label}, check: a task after the frame / trace Paint end / trace EventTiming / longest task (thread time)`, cross('bare'), cross(visit));
        }
      }
    }
  }
  for (const size of Object.keys(long).map(Number)) {
    const l = long[size];
    const timed = size >= 5000;
    section(`long conversation, ${size.toLocaleString('en')} messages`);
    row('elements in the shadow root, open', '', stat(l.shadowElements), '≤ 3,000', [med(l.shadowElements), BUDGET.shadowElements]);
    /** A row held to its budget from 5,000 messages on (issue 25 §3); 1,000 is shown beside them. */
    const held = (name, shown, values, label, budget) => row(name, '', shown, timed ? label : '', timed ? [med(values), budget] : undefined);
    held('click → last message painted', ms(l.clickToLastMs), l.clickToLastMs, '≤ 500 ms', BUDGET.clickToLastMs);
    held('longest task while opening', ms(l.openingLongestMs), l.openingLongestMs, `≤ ${BUDGET.widgetTaskMs} ms`, BUDGET.widgetTaskMs);
    held('incoming agent message: fetched → painted', ms(l.incomingMs), l.incomingMs, `≤ ${BUDGET.incomingMs} ms`, BUDGET.incomingMs);
    held('incoming agent message: longest task (0: none ≥ 50 ms)', ms(l.incomingLongestMs), l.incomingLongestMs, `< 50 ms`, BUDGET.widgetTaskMs - 0.001);
    held('wheel 3 s: longest frame', ms(l.longestFrameMs), l.longestFrameMs, '≤ 50 ms', BUDGET.scrollFrameMs);
    held('wheel 3 s: tasks over 50 ms', stat(l.scrollLongTasks), l.scrollLongTasks, '0', 0);
    row(
      'wheel 3 s: frames drawn · a plain 300-paragraph list, same page',
      '',
      `${stat(l.scrollFrames)} · ${stat(l.plainFrames)}`,
      timed ? '≥ plain' : '',
      timed && l.plainFrames.length ? [med(l.plainFrames), med(l.scrollFrames)] : undefined,
    );
    row('  the plain list: longest frame', '', ms(l.plainLongestFrameMs));
    held('elements in the shadow root after scrolling (top, middle, bottom)', stat(l.scrolledElements), l.scrolledElements, '≤ 1,000', 1000);
    held('host page load, window closed: blocking time', ms(l.closedBlockingMs), l.closedBlockingMs, '0 ms', BUDGET.addedBlockingMs);
  }
  if (idle.closed) {
    section(
      `idle, 1,000-message conversation, reference-like (hung) socket, per minute (sampled ${IDLE_SAMPLE_MS.closed / 1000} s closed, ${IDLE_SAMPLE_MS.open / 1000} s open)`,
    );
    for (const [state, v] of Object.entries(idle)) {
      row(
        `window ${state}: requests (preflights, 304s) / bytes`,
        '',
        `${v.requests.toFixed(1)} (${v.preflights.toFixed(1)}, ${v.notModified.toFixed(1)}) / ${kb(v.bytes)}`,
        '',
      );
      row(
        `  10,000 visitors, window ${state}`,
        '',
        `${Math.round((v.requests * 10_000) / 60).toLocaleString('en')} req/s, ${(((v.bytes * 10_000) / 60 / 1e6) * 8).toFixed(1)} Mbit/s`,
      );
    }
    for (const [state, v] of Object.entries(idle)) {
      const drift = v.intervals.length ? Math.max(...v.intervals.map((t) => Math.abs(t - v.schedule))) : undefined;
      row(
        `poll intervals, window ${state} (schedule ${v.schedule / 1000} s)`,
        '',
        v.intervals.length
          ? `${(median(v.intervals) / 1000).toFixed(2)} s (${(Math.min(...v.intervals) / 1000).toFixed(2)}–${(Math.max(...v.intervals) / 1000).toFixed(2)})`
          : 'too few polls',
        `± ${BUDGET.pollDrift * 100} %`,
        drift === undefined ? undefined : [drift, v.schedule * BUDGET.pollDrift],
      );
    }
  }

  if (pushed) {
    const { polling, push } = pushed;
    section('replies: polling (the snippet without `mqttEndpoint`) · Chat21 push (with it); demo broker, not reference mode');
    const both = (f) => `${f(polling)} · ${f(push)}`;
    row(
      'agent reply → painted, window open',
      '',
      both((w) => ms(w.open)),
      '≤ 300 ms (push)',
      [median(push.open), 300],
    );
    row(
      'agent reply → badge, window closed',
      '',
      both((w) => ms(w.closed)),
      '≤ 1 s (push)',
      [median(push.closed), 1000],
    );
    for (const state of ['open', 'closed']) {
      row(
        `idle, window ${state}: requests (preflights, 304s) per minute`,
        '',
        both((w) => `${w.idle[state].requests.toFixed(1)} (${w.idle[state].preflights.toFixed(1)}, ${w.idle[state].notModified.toFixed(1)})`),
        '≤ 2 (push)',
        [push.idle[state].requests, 2],
      );
    }
    row(
      'idle, window open: bytes per minute',
      '',
      both((w) => kb(w.idle.open.bytes)),
      '≤ 3 KB (push)',
      [push.idle.open.bytes, 3 * 1024],
    );
    row(
      '  10,000 visitors, window closed: requests a second / open sockets',
      '',
      both((w) => `${Math.round((w.idle.closed.requests * 10_000) / 60).toLocaleString('en')} req/s, ${(w.sockets * 10_000).toLocaleString('en')} sockets`),
    );
    row(
      '  10,000 visitors, window open: requests a second',
      '',
      both((w) => `${Math.round((w.idle.open.requests * 10_000) / 60).toLocaleString('en')} req/s`),
    );
  }

  const head = ['figure', 'bare page', 'with widget', 'budget', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  const out = [
    `Porchlight bench, commit ${process.env.BENCH_COMMIT ?? '(working tree)'}: Chromium ${browser.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, CPU throttled ${THROTTLE}×; median (min–max) of ${RUNS} run(s) (3 at 5,000+ messages); demo in reference mode`,
    '',
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ];
  console.log(out.join('\n'));

  // ------------------------------------------------------------ budgets (local only)

  const over = checks.filter((c) => c.over);
  for (const c of over) console.error(`bench: ${c.what.trim()}: ${Math.round(c.value)} is over its budget of ${Math.round(c.limit)}`);
  process.exitCode = over.length ? 1 : 0;
} finally {
  await cleanUp();
}
