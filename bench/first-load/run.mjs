// First load of the home on a slow network (issue #19): how long a signed-in designer waits, on a
// cold cache, until the home's cards show their data, with the network of Lighthouse's mobile
// profile (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) emulated by Chromium and the CPU not
// slowed down: what the network and the order of requests cost, apart from the CPU.
//
//   node bench/first-load/run.mjs                          10 loads of dist/
//   node bench/first-load/run.mjs --vs /tmp/dist-before    and of another build, in turn
//   node bench/first-load/run.mjs --runs 20 --latency 300
//
// The real server (bench/lib/web-server.mjs: fresh demo data) and Debian's Chromium through
// puppeteer-core. Prints the median and the spread of "cards with data" (ms from navigation) and of
// the first contentful paint per build; asserts nothing, exits 0.
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TOKEN_KEY, root, signIn, startWebServer } from '../lib/web-server.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Math.max(1, Number(arg('--runs')) || 10);
const LATENCY_MS = Number(arg('--latency')) || 150;
const DOWN_KBPS = Number(arg('--down')) || 1600;
const UP_KBPS = Number(arg('--up')) || 750;
const builds = [path.join(root, 'dist'), ...(arg('--vs') ? [path.resolve(arg('--vs'))] : [])];

/** The home's work and message cards are on the page and neither is loading. */
const CARDS_READY = `(() => {
  const cards = ['home-work', 'home-message'].map((id) => document.querySelector('[data-testid="' + id + '"]'));
  return cards.every((c) => c && !c.querySelector('[aria-busy="true"]'));
})()`;

async function loadOnce(browser, origin, token) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(([k, v]) => globalThis.localStorage.setItem(k, v), [TOKEN_KEY, token]);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: (DOWN_KBPS * 1024) / 8,
      uploadThroughput: (UP_KBPS * 1024) / 8,
    });
    const started = Date.now();
    await page.goto(`${origin}/#/home`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(CARDS_READY, { polling: 'raf', timeout: 60_000 });
    const ready = Date.now() - started;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
    return { ready, fcp };
  } finally {
    await page.close().catch(() => {});
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main() {
  const loadBefore = os.loadavg();
  const servers = await Promise.all(builds.map((dist) => startWebServer({ dist })));
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const results = builds.map(() => ({ ready: [], fcp: [] }));
  try {
    const tokens = await Promise.all(servers.map((s) => signIn(s.origin)));
    // One warm-up load each (the server's first answers), then the builds in turn.
    for (let b = 0; b < builds.length; b++) await loadOnce(browser, servers[b].origin, tokens[b]);
    for (let i = 0; i < RUNS; i++) {
      for (let b = 0; b < builds.length; b++) {
        const r = await loadOnce(browser, servers[b].origin, tokens[b]);
        results[b].ready.push(r.ready);
        results[b].fcp.push(r.fcp);
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await Promise.all(servers.map((s) => s.stop()));
  }
  console.log(`\nHome first load, cold cache, ${LATENCY_MS} ms RTT, ${DOWN_KBPS} kbit/s down, ${UP_KBPS} kbit/s up, CPU not slowed; ${RUNS} loads per build, in turn`);
  console.log(`${'build'.padEnd(40)} ${'cards with data p50'.padStart(20)} ${'min–max'.padStart(14)} ${'FCP p50'.padStart(9)}`);
  builds.forEach((dist, b) => {
    const r = results[b];
    console.log(`${dist.padEnd(40)} ${`${Math.round(median(r.ready))} ms`.padStart(20)} ${`${Math.min(...r.ready)}–${Math.max(...r.ready)}`.padStart(14)} ${`${Math.round(median(r.fcp))} ms`.padStart(9)}`);
  });
  if (builds.length === 2) console.log(`ratio (first / second, cards with data p50): ${(median(results[0].ready) / median(results[1].ready)).toFixed(2)}`);
  console.log(`load average (1/5/15 min): before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, after ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
}

await main();
