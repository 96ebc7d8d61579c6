// Where a page's main-thread time goes, by source file and function of the SPA and its packages:
//
//   npm run bench:profile                                    the signed-in home, 4x CPU slowdown, 12 s
//   node bench/lighthouse/profile.mjs --page login --seconds 8 --throttle 1 --top 40
//   node bench/lighthouse/profile.mjs --save /tmp/home.cpuprofile   also keeps the profile (DevTools opens it)
//   node bench/lighthouse/profile.mjs --dist /tmp/before      a build of your own (vite build --sourcemap --outDir …), e.g. before/after
//
// Builds the SPA with source maps into a temporary directory, serves it from the real server
// (bench/lib/web-server.mjs, fresh demo data), loads the page in Debian's Chromium with an empty
// HTTP cache at Lighthouse's mobile CPU slowdown (4x, `--throttle`), records a JavaScript CPU
// profile over CDP for `--seconds`, and maps every sample back through the build's source maps.
// Prints the main thread's busy time, then self time by file, by function and time by file
// including callees. Two runs of the same build differ by 10-20% here: compare several. Prints;
// asserts nothing; exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TOKEN_KEY, signIn, sourceMappedBuild, startWebServer } from '../lib/web-server.mjs';

const argv = process.argv.slice(2);
const arg = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const PAGE = arg('--page', 'home');
const THROTTLE = Number(arg('--throttle', 4)) || 1;
const SECONDS = Number(arg('--seconds', 12)) || 12;
const TOP = Number(arg('--top', 25)) || 25;
const SAVE = arg('--save');
const DIST = arg('--dist');

/** Self and inclusive time (ms) by mapped file and function. */
function summarise(profile, dist) {
  const maps = new Map();
  const consumer = (url) => {
    const file = url.match(/\/assets\/([^/?#]+\.js)/)?.[1];
    if (!file) return null;
    if (!maps.has(file)) {
      const map = path.join(dist, 'assets', `${file}.map`);
      maps.set(file, fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null);
    }
    return maps.get(file);
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = new Map();
  const whereOf = (id) => {
    if (!where.has(id)) {
      const cf = nodes.get(id).callFrame;
      const c = consumer(cf.url);
      if (!c) {
        // Not the SPA's: the page itself, an inline script, or the browser's own work ("(program)").
        const file = cf.url ? cf.url.replace(/^.*\//, '') || cf.url : cf.functionName || '(native)';
        where.set(id, { file, fn: cf.url ? `${file} ${cf.functionName || '(anonymous)'}` : file });
      } else {
        const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
        const file = (o.source ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
        where.set(id, { file, fn: `${file}:${o.line} ${o.name ?? cf.functionName ?? ''}`.trim() });
      }
    }
    return where.get(id);
  };
  const spent = new Map();
  profile.samples.forEach((id, i) => spent.set(id, (spent.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  const selfFile = new Map();
  const selfFn = new Map();
  const withCallees = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, ms] of spent) {
    total += ms;
    const { file, fn } = whereOf(id);
    if (file === '(idle)') idle += ms;
    add(selfFile, file, ms);
    add(selfFn, fn, ms);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const f = whereOf(cur).file;
      if (!seen.has(f)) add(withCallees, f, ms);
      seen.add(f);
    }
  }
  return { total, idle, selfFile, selfFn, withCallees };
}

async function main() {
  const built = sourceMappedBuild(DIST, 'dwp-profile-dist-');
  if (!built) {
    console.log('The build failed: nothing to profile.');
    return;
  }
  const { dist } = built;
  const server = await startWebServer({ dist });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    if (PAGE !== 'login') {
      await page.goto(`${server.origin}/robots.txt`);
      await page.evaluate(([k, v]) => globalThis.localStorage.setItem(k, v), [TOKEN_KEY, await signIn(server.origin)]);
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.origin}/#/${PAGE}`);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const { profile } = await cdp.send('Profiler.stop');
    if (SAVE) fs.writeFileSync(SAVE, JSON.stringify(profile));
    const s = summarise(profile, dist);
    const table = (title, m) => {
      console.log(`\n${title}`);
      for (const [k, ms] of [...m].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${ms.toFixed(0).padStart(8)} ms  ${k}`);
    };
    console.log(`\n/#/${PAGE}, CPU ${THROTTLE}x slower, first ${SECONDS} s: main thread busy ${(s.total - s.idle).toFixed(0)} ms of ${s.total.toFixed(0)} ms profiled`);
    console.log('("(program)" is the browser’s own work on the thread: style, layout, parsing, paint)');
    table('Self time by file', s.selfFile);
    table('Self time by function', s.selfFn);
    table('Time by file, callees included', s.withCallees);
    console.log(`\nload average (1/5/15 min): ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  } finally {
    await browser.close();
    await server.stop();
    built.cleanup();
  }
}

main()
  .catch((err) => console.error('profile failed:', err))
  .finally(() => process.exit(0));
