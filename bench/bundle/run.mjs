#!/usr/bin/env node
// Bundle benchmark: the JavaScript a first visit to the login page downloads, gzip-compressed.
//
//   npm run bench:bundle                    build dist/ when missing or stale, then measure
//   node bench/bundle/run.mjs --build       always build first
//   node bench/bundle/run.mjs --dist <dir>  measure another build, never build
//
// Counted: index.html's <script type="module" src> and <link rel="modulepreload" href> files plus
// everything they import statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`),
// followed through the built chunks. Dynamic `import()` chunks (lazy routes, mqtt) are not counted.
// Each file is gzipped at level 9. The target is ≤ 150 KB gzip. A benchmark prints; it always exits 0.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { buildStaleness } from '../../scripts/lib/stale.mjs';

const TARGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const argv = process.argv.slice(2);
const distArg = argv.includes('--dist') ? argv[argv.indexOf('--dist') + 1] : undefined;
const dist = path.resolve(root, distArg ?? 'dist');

function main() {
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
        return;
      }
    }
  }

  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    console.log(`${indexFile} not found: nothing to measure.`);
    return;
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
  console.log(`\n首次访问登录页需下载的 JavaScript / JavaScript downloaded by a first visit to the login page`);
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
  console.log(`\ntarget ≤ ${TARGET_KB} KB gzip: ${verdict} (${(totalGzip / 1024).toFixed(1)} KB)`);
}

try {
  main();
} catch (err) {
  console.log(`bundle benchmark failed: ${err instanceof Error ? err.stack : err}`);
}
process.exit(0);
