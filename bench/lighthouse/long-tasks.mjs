// Each long task of a page load, and what ran in it:
//
//   npm run bench:long-tasks                                 the signed-in home, 4x CPU slowdown, 9 s
//   node bench/lighthouse/long-tasks.mjs --page login --runs 3 --by function
//   node bench/lighthouse/long-tasks.mjs --by event         by the browser's own trace events (style, layout, paint…)
//   node bench/lighthouse/long-tasks.mjs --dist /tmp/before   a build of your own (vite build --sourcemap --outDir …)
//
// Lighthouse's Total Blocking Time is the sum, over the main thread's tasks longer than 50 ms
// after the first paint, of what exceeds 50 ms; bench:profile says where the time goes in total,
// this says which task it falls in. Builds the SPA with source maps (unless --dist), serves it
// from the real server with fresh demo data, loads the page in Debian's Chromium (a phone's
// viewport, empty HTTP cache, CPU slowed 4x as Lighthouse simulates), records the browser's trace
// and a JavaScript CPU profile together, and prints every main-thread task over 50 ms: when it
// started, how long it took, and its time by package or source file (`--by function`: by
// function), "(program)" being the browser's own style, layout and paint. Then each run's sum of
// the tasks' time over 50 ms ("blocking", from navigation on, so a little more than TBT, which
// starts at the first paint). Runs differ by 10-30% on a busy machine: compare several (`--runs`).
// Prints; asserts nothing; exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TOKEN_KEY, signIn, sourceMappedBuild, startWebServer } from '../lib/web-server.mjs';

const argv = process.argv.slice(2);
const arg = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const PAGE = arg('--page', 'home');
const RUNS = Number(arg('--runs', 1)) || 1;
const SECONDS = Number(arg('--seconds', 9)) || 9;
const BY = ['function', 'event'].includes(arg('--by')) ? arg('--by') : 'file';
const DIST = arg('--dist');
const LONG_US = 50_000;

/** Where a CPU profile's call frame is, by the build's source maps: its package or source file, or function. */
function locator(dist) {
  const maps = new Map();
  return (frame) => {
    const file = frame.url?.match(/\/assets\/([^/?#]+\.js)/)?.[1];
    if (!file) return frame.url ? `${frame.url.replace(/^.*\//, '') || frame.url} ${frame.functionName}`.trim() : frame.functionName || '(native)';
    if (!maps.has(file)) {
      const map = path.join(dist, 'assets', `${file}.map`);
      maps.set(file, fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null);
    }
    const consumer = maps.get(file);
    if (!consumer) return file;
    const o = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = (o.source ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    if (BY === 'function') return `${source}:${o.line} ${o.name ?? frame.functionName ?? ''}`.trim();
    // A package by its name; the SPA's own code by its file.
    return source.startsWith('src/') ? source : source.replace(/^(@[^/]+\/[^/]+|[^/]+)\/.*$/, '$1');
  };
}

/**
 * `--by event`: a task's time by the browser's trace events, each event's own time (without the
 * events inside it): style (UpdateLayoutTree), Layout, Paint, parsing a stylesheet, compiling and
 * running scripts (EvaluateScript, FunctionCall, v8.compile…), what the JavaScript profile shows
 * as "(program)" included.
 */
function eventSelfTimes(traceEvents, thread, task) {
  const end = task.ts + task.dur;
  const inside = traceEvents
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [{ name: '(task itself)', end, dur: task.dur, children: 0 }];
  const close = (frame) => self.set(frame.name, (self.get(frame.name) ?? 0) + (frame.dur - frame.children) / 1000);
  for (const e of inside) {
    while (stack.length > 1 && stack.at(-1).end <= e.ts) close(stack.pop());
    stack.at(-1).children += e.dur;
    stack.push({ name: e.name, end: e.ts + e.dur, dur: e.dur, children: 0 });
  }
  while (stack.length) close(stack.pop());
  return self;
}

async function loadOnce(origin, dist, where) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const traceFile = path.join(os.tmpdir(), `long-tasks-${process.pid}.json`);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (PAGE !== 'login') {
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate(([k, v]) => globalThis.localStorage.setItem(k, v), [TOKEN_KEY, await signIn(origin)]);
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.tracing.start({ path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}/#/${PAGE}`);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const { profile } = await cdp.send('Profiler.stop');
    await page.tracing.stop();
    const { traceEvents } = JSON.parse(fs.readFileSync(traceFile, 'utf8'));

    // The page's main thread: the renderer thread that ran the page's scripts.
    const thread = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && traceEvents.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'FunctionCall'));
    if (!thread) return null;
    const navigation = traceEvents.find((e) => e.name === 'navigationStart' && e.pid === thread.pid)?.ts ?? Math.min(...traceEvents.filter((e) => e.ts > 0).map((e) => e.ts));
    const tasks = traceEvents.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name === 'RunTask' && e.dur > LONG_US && e.ts >= navigation);

    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = profile.startTime;
    const samples = profile.samples.map((id, i) => ({ id, ts: (at += profile.timeDeltas[i] ?? 0), ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 }));
    if (BY === 'event') return tasks.map((task) => ({ start: (task.ts - navigation) / 1000, ms: task.dur / 1000, spent: eventSelfTimes(traceEvents, thread, task) }));
    return tasks.map((task) => {
      const spent = new Map();
      for (const s of samples) {
        if (s.ts < task.ts || s.ts > task.ts + task.dur) continue;
        const key = where(nodes.get(s.id).callFrame);
        if (key === '(idle)') continue;
        spent.set(key, (spent.get(key) ?? 0) + s.ms);
      }
      return { start: (task.ts - navigation) / 1000, ms: task.dur / 1000, spent };
    });
  } finally {
    await browser.close();
    fs.rmSync(traceFile, { force: true });
  }
}

async function main() {
  const built = sourceMappedBuild(DIST, 'dwp-long-tasks-dist-');
  if (!built) {
    console.log('The build failed: nothing to trace.');
    return;
  }
  const { dist } = built;
  const server = await startWebServer({ dist });
  const where = locator(dist);
  const totals = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const tasks = await loadOnce(server.origin, dist, where);
      if (!tasks) {
        console.log(`run ${run}: the page's main thread was not found in the trace`);
        continue;
      }
      console.log(`\n/#/${PAGE}, run ${run}/${RUNS}: ${tasks.length} tasks over 50 ms in the first ${SECONDS} s (CPU 4x slower)`);
      for (const t of tasks) {
        const top = [...t.spent].sort((a, b) => b[1] - a[1]).slice(0, 4);
        console.log(`  at ${t.start.toFixed(0).padStart(5)} ms  ${t.ms.toFixed(0).padStart(5)} ms   ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join(' · ')}`);
      }
      const blocking = tasks.reduce((sum, t) => sum + t.ms - 50, 0);
      totals.push(blocking);
      console.log(`  blocking (time over 50 ms, summed): ${blocking.toFixed(0)} ms; longest task ${Math.max(0, ...tasks.map((t) => t.ms)).toFixed(0)} ms`);
    }
    if (totals.length > 1) {
      const sorted = [...totals].sort((a, b) => a - b);
      console.log(`\nblocking per run: ${totals.map((t) => t.toFixed(0)).join(' ')} ms; median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms`);
    }
    console.log(`load average (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  } finally {
    await server.stop();
    built.cleanup();
  }
}

main()
  .catch((err) => console.error('long-tasks failed:', err))
  .finally(() => process.exit(0));
