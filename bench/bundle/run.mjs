#!/usr/bin/env node
// Bundle benchmark: the JavaScript and CSS a first visit downloads, counted two ways.
//
//   npm run bench:bundle                    build dist/ when missing or stale, then measure
//   node bench/bundle/run.mjs --build       always build first
//   node bench/bundle/run.mjs --dist <dir>  measure another build, never build
//   node bench/bundle/run.mjs --static      only the static-graph figure (no server, no browser)
//
// 1. Network (the figure the target is about, issue #19): the real server (bench/lib/web-server.mjs,
// fresh demo data, this dist/) and Chromium (Playwright, Debian's /usr/bin/chromium, a fresh profile
// with an empty cache) visit (a) the login page and (b) the home page signed in as the demo
// designer. Every script and stylesheet the page requested until the network was idle for 2 s is
// listed with the bytes that came over the wire (the server's precompressed brotli) and, for
// comparison with the static figure, its gzip-9 size. The target ≤ 150 KB gzip applies to the
// JavaScript of (a).
//
// 2. Static graph (the old figure, kept as a cross-check): index.html's <script type="module" src> and <link rel="modulepreload" href> files plus
// everything they import statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`),
// followed through the built chunks. Dynamic `import()` chunks (lazy routes, mqtt) are not counted.
// Each file is gzipped at level 9. It misses chunks the page fetches at once by import(). A benchmark
// prints; it always exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { buildStaleness } from '../../scripts/lib/stale.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TOKEN_KEY, signIn, startWebServer } from '../lib/web-server.mjs';

const TARGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const argv = process.argv.slice(2);
const distArg = argv.includes('--dist') ? argv[argv.indexOf('--dist') + 1] : undefined;
const dist = path.resolve(root, distArg ?? 'dist');

async function main() {
  if (!distArg) {
    const why = argv.includes('--build') ? 'requested with --build' : buildStaleness(root);
    if (why) {
      console.log(`构建中 / Building (vite build): ${why}`);
      const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
        cwd: root,
        stdio: 'inherit',
      });
      if (build.status !== 0) {
        console.log('\n构建失败，无法测量 / Build failed: nothing to measure.');
        return false;
      }
    }
  }

  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    console.log(`${indexFile} not found: nothing to measure.`);
    return false;
  }
  const html = fs.readFileSync(indexFile, 'utf8');

  // Entry points named by index.html, as site paths ("/assets/index-abc.js").
  const entries = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr('type') === 'module' && attr('src')) entries.push(attr('src'));
    if (/^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href')) entries.push(attr('href'));
  }
  const external = entries.filter((e) => /^(https?:)?\/\//.test(e));
  const local = entries.filter((e) => !external.includes(e)).map((e) => new URL(e, 'http://site/').pathname);

  // Static import graph, breadth-first from the entries.
  const staticImport =
    /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/gm;
  const seen = new Map(); // site path → how it was reached
  const queue = local.map((p) => [p, 'index.html']);
  while (queue.length > 0) {
    const [sitePath, via] = queue.shift();
    if (seen.has(sitePath)) continue;
    seen.set(sitePath, via);
    const file = path.join(dist, decodeURIComponent(sitePath));
    if (!fs.existsSync(file)) continue;
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(staticImport)) {
      const spec = match[1];
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue; // bare specifiers: not in the build
      queue.push([new URL(spec, `http://site${sitePath}`).pathname, path.posix.basename(sitePath)]);
    }
  }

  const rows = [...seen.entries()].map(([sitePath, via]) => {
    const file = path.join(dist, decodeURIComponent(sitePath));
    if (!fs.existsSync(file)) return { sitePath, via, missing: true, raw: 0, gzip: 0 };
    const bytes = fs.readFileSync(file);
    return { sitePath, via, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });

  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  console.log(`\n[static graph] 登录页入口的静态依赖 / index.html's entry and its static imports (not what the browser downloads)`);
  const shown = dist.startsWith(root + path.sep) ? path.relative(root, dist) : dist;
  console.log(`dist: ${shown}   (gzip level 9; static imports only)\n`);
  console.log(`${'file'.padEnd(48)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}  reached from`);
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    const note = r.missing ? '(missing in dist)' : r.via;
    console.log(`${r.sitePath.padEnd(48)} ${kb(r.raw)} ${kb(r.gzip)}  ${note}`);
  }
  for (const e of external) console.log(`${e.padEnd(48)} ${'?'.padStart(8)} ${'?'.padStart(8)}  external, not measured`);

  const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
  const totalGzip = rows.reduce((s, r) => s + r.gzip, 0);
  const verdict = totalGzip / 1024 <= TARGET_KB ? 'PASS' : 'OVER';
  console.log(`${'─'.repeat(48)} ${'─'.repeat(8)} ${'─'.repeat(8)}`);
  console.log(`${`total (${rows.length} files)`.padEnd(48)} ${kb(totalRaw)} ${kb(totalGzip)}`);
  console.log(`(static graph: ${verdict} against ${TARGET_KB} KB, ${(totalGzip / 1024).toFixed(1)} KB; the network figure below is the one that counts)`);
  return true;
}

/** What one page load requested: every script and stylesheet, in request order. */
async function visit(browser, origin, hashPath, token) {
  const context = await browser.newContext({ baseURL: origin, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  if (token) await context.addInitScript(([k, v]) => globalThis.localStorage.setItem(k, v), [TOKEN_KEY, token]);
  const page = await context.newPage();
  const seen = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    // mqtt.js starts its keepalive worker from a blob: URL, made in the page: nothing downloaded.
    if (request.url().startsWith('blob:')) return;
    seen.push(request);
  });
  const started = Date.now();
  await page.goto(hashPath, { waitUntil: 'networkidle' });
  // Chunks fetched after the first paint (idle-time imports) count too: wait until 2 s pass quietly.
  let count = -1;
  while (count !== seen.length) {
    count = seen.length;
    await page.waitForTimeout(2000);
  }
  const elapsed = Date.now() - started;
  const rows = [];
  for (const request of seen) {
    const response = await request.response();
    const sizes = await request.sizes();
    const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    const url = new URL(request.url());
    rows.push({
      path: url.origin === origin ? url.pathname : url.href,
      type: request.resourceType() === 'script' ? 'js' : 'css',
      encoding: response?.headers()['content-encoding'] ?? 'identity',
      wire: Math.max(0, sizes.responseBodySize),
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
    });
  }
  await context.close();
  return { rows, elapsed };
}

function printVisit(title, { rows, elapsed }, withTarget) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(8);
  console.log(`\n[network] ${title}   (${rows.length} files, network idle after ${(elapsed / 1000).toFixed(1)} s)`);
  console.log(`${'file'.padEnd(52)} ${'type'.padEnd(4)} ${'sent as'.padEnd(8)} ${'wire KB'.padStart(8)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`);
  for (const r of rows) {
    console.log(`${r.path.padEnd(52)} ${r.type.padEnd(4)} ${r.encoding.padEnd(8)} ${kb(r.wire)} ${kb(r.raw)} ${kb(r.gzip)}`);
  }
  const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);
  for (const type of ['js', 'css']) {
    const list = rows.filter((r) => r.type === type);
    console.log(`${`total ${type} (${list.length} files)`.padEnd(52)} ${''.padEnd(4)} ${''.padEnd(8)} ${kb(sum(list, 'wire'))} ${kb(sum(list, 'raw'))} ${kb(sum(list, 'gzip'))}`);
  }
  if (withTarget) {
    const js = rows.filter((r) => r.type === 'js');
    const gz = sum(js, 'gzip') / 1024;
    console.log(`JavaScript target ≤ ${TARGET_KB} KB gzip: ${gz <= TARGET_KB ? 'PASS' : 'OVER'} (${gz.toFixed(1)} KB gzip, ${(sum(js, 'wire') / 1024).toFixed(1)} KB on the wire; headroom ${(TARGET_KB - gz).toFixed(1)} KB)`);
  }
}

async function network() {
  const { chromium } = await import('@playwright/test');
  const server = await startWebServer({ dist });
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const login = await visit(browser, server.origin, '/#/login');
    const token = await signIn(server.origin);
    const home = await visit(browser, server.origin, '/#/home', token);
    console.log(`\n首次访问需下载的脚本与样式 / Scripts and stylesheets a first visit downloads (empty cache, Chromium, real server)`);
    printVisit('登录页 / login page /#/login', login, true);
    printVisit('首页（演示设计师已登录）/ home /#/home, signed in as the demo designer', home, false);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

try {
  if ((await main()) && !argv.includes('--static')) await network();
  console.log(`\nload: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (uptime load average, ${os.cpus().length} cores)`);
} catch (err) {
  console.log(`bundle benchmark failed: ${err instanceof Error ? err.stack : err}`);
}
process.exit(0);
