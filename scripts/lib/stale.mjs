// Is the SPA build in dist/ older than its sources? Shared by scripts/start.mjs and bench/bundle.
import fs from 'node:fs';
import path from 'node:path';

/** What the build is made from (relative to the repository root). */
export const BUILD_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** Newest modification time (ms) of a file, or of anything under a directory; 0 when absent. */
export function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // deleting a file changes its directory's mtime
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why dist/ needs a build, or null when dist/index.html is newer than every source. */
export function buildStaleness(root) {
  const builtAt = newestMtime(path.join(root, 'dist', 'index.html'));
  if (builtAt === 0) return 'dist/index.html missing';
  const sourcesAt = Math.max(...BUILD_SOURCES.map((s) => newestMtime(path.join(root, s))));
  return builtAt < sourcesAt ? 'sources changed since the last build' : null;
}
