#!/usr/bin/env node
// Lighthouse benchmark (issue #19): performance and accessibility scores of the login page and of
// the home page signed in as the demo designer, mobile (Lighthouse's default: a mid-range phone,
// simulated slow 4G and 4× CPU slowdown) and desktop, as medians of N runs.
//
//   npm run bench:lighthouse                       5 runs of each (about 13 s a run on a quiet machine)
//   node bench/lighthouse/run.mjs --runs 1         a quick look
//   node bench/lighthouse/run.mjs --only mobile    or desktop; --pages login or home
//   node bench/lighthouse/run.mjs --dist <dir>     another build (default dist/, built when missing or stale)
//   node bench/lighthouse/run.mjs --save <dir>     also writes each run's full report (JSON) there
//
// The real server (bench/lib/web-server.mjs: fresh demo data, the build in dist/) and Debian's
// Chromium driven by Lighthouse from npm through puppeteer-core. Every run loads the page with an
// empty HTTP cache. Login runs let Lighthouse reset the origin's storage as usual; home runs keep
// the storage (the SPA keeps its token in localStorage, written before the run) and empty the HTTP
// cache themselves. Besides the scores it prints the median FCP, LCP, TBT and the audits that
// failed in the last run (what to look at). Scores move with the machine's load: the load average
// is printed with them. A benchmark prints; it always exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildStaleness } from '../../scripts/lib/stale.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TOKEN_KEY, root, signIn, startWebServer } from '../lib/web-server.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Math.max(1, Number(arg('--runs')) || 5);
const FORMS = (arg('--only') ?? 'mobile,desktop').split(',');
const PAGES = (arg('--pages') ?? 'login,home').split(',');
const distArg = arg('--dist');
const saveDir = arg('--save');
const dist = path.resolve(root, distArg ?? 'dist');

const TARGETS = {
  'mobile login': { performance: 95, accessibility: 100 },
  'mobile home': { performance: 90, accessibility: 100 },
  'desktop login': { performance: 100, accessibility: 100 },
  'desktop home': { performance: 98, accessibility: 100 },
};

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** One Lighthouse run of `url` in a new tab; its scores (0–100) and timings (ms). */
async function runOnce(browser, url, { desktop, token, origin, saveAs }) {
  const page = await browser.newPage();
  try {
    if (token) {
      // A first visit of a signed-in designer: the token in localStorage, nothing in the HTTP cache.
      await page.goto(`${origin}/robots.txt`).catch(() => page.goto(`${origin}/api/system/config`));
      await page.evaluate(([k, v]) => globalThis.localStorage.setItem(k, v), [TOKEN_KEY, token]);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(token) };
    const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    if (saveAs) {
      fs.mkdirSync(path.dirname(saveAs), { recursive: true });
      fs.writeFileSync(saveAs, JSON.stringify(lhr));
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failed = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => ({ cat: c.id, audit: lhr.audits[r.id] })))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
      .map(({ cat, audit }) => `${cat}/${audit.id} ${Math.round(audit.score * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      failed,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await page.close().catch(() => {});
  }
}

async function main() {
  if (!distArg) {
    const why = buildStaleness(root);
    if (why) {
      console.log(`构建中 / Building (vite build): ${why}`);
      const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) {
        console.log('构建失败，无法测量 / Build failed: nothing to measure.');
        return;
      }
    }
  }
  const loadBefore = os.loadavg();
  const server = await startWebServer({ dist });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    const token = PAGES.includes('home') ? await signIn(server.origin) : undefined;
    for (const form of FORMS) {
      for (const name of PAGES) {
        const url = `${server.origin}/#/${name}`;
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const started = Date.now();
          try {
            const r = await runOnce(browser, url, { desktop: form === 'desktop', token: name === 'home' ? token : undefined, origin: server.origin, saveAs: saveDir && path.resolve(saveDir, `${form}-${name}-${i + 1}.json`) });
            runs.push(r);
            console.log(`  ${form} ${name} run ${i + 1}/${RUNS}: performance ${r.performance}, accessibility ${r.accessibility} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
          } catch (err) {
            console.log(`  ${form} ${name} run ${i + 1}/${RUNS} failed: ${err instanceof Error ? err.message : err}`);
          }
        }
        rows.push({ key: `${form} ${name}`, runs });
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }

  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, Chromium ${CHROMIUM_PATH}, median of ${RUNS} run(s)`);
  console.log(`${'page'.padEnd(16)} ${'perf'.padStart(5)} ${'target'.padStart(7)} ${'a11y'.padStart(5)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)}  runs (perf)`);
  for (const { key, runs } of rows) {
    if (runs.length === 0) {
      console.log(`${key.padEnd(16)} every run failed`);
      continue;
    }
    const m = (k) => median(runs.map((r) => r[k]));
    const target = TARGETS[key];
    const perf = m('performance');
    const mark = target ? (perf >= target.performance ? ` ≥${target.performance}` : ` <${target.performance}`) : '';
    console.log(
      `${key.padEnd(16)} ${String(perf).padStart(5)} ${mark.padStart(7)} ${String(m('accessibility')).padStart(5)} ${m('fcp').toFixed(0).padStart(7)} ${m('lcp').toFixed(0).padStart(7)} ${m('tbt').toFixed(0).padStart(7)}  ${runs.map((r) => r.performance).join(' ')}`,
    );
  }
  console.log('\nFailed audits (last run of each):');
  for (const { key, runs } of rows) {
    const last = runs.at(-1);
    if (!last) continue;
    console.log(`  ${key} → ${last.finalUrl}`);
    for (const f of last.failed) console.log(`    ${f}`);
    if (last.failed.length === 0) console.log('    none');
  }
  const loadAfter = os.loadavg();
  console.log(`\nload average (1/5/15 min): before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
}

try {
  await main();
} catch (err) {
  console.log(`lighthouse benchmark failed: ${err instanceof Error ? err.stack : err}`);
}
process.exit(0);
