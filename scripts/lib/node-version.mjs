// The Node.js the project runs on, checked before npm start and npm test do anything else.
// package.json's `engines` only makes npm warn; this stops with a message a person can act on.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The minimum version from package.json's `engines.node` (">=20.19" → [20, 19, 0]). */
export function requiredNode() {
  const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines?.node ?? '');
  if (!match) throw new Error(`package.json engines.node must be ">=X.Y", found ${JSON.stringify(engines?.node)}`);
  return match.slice(1).map((n) => Number(n ?? 0));
}

/** Whether version `have` ([major, minor, patch]) is at least `need`. */
export function atLeast(have, need) {
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return have[i] > need[i];
  return true;
}

/** Exits with a bilingual message when this Node is older than the project needs. */
export function checkNodeVersion() {
  const need = requiredNode();
  const have = process.versions.node.split('.').map(Number);
  if (atLeast(have, need)) return;
  const wanted = need.join('.');
  console.error(
    `需要 Node.js ${wanted} 或更高版本，当前为 ${process.versions.node}。请升级 Node.js 后重新运行 npm install。\n` +
      `Node.js ${wanted} or newer is required; this is ${process.versions.node}. Upgrade Node.js, then run npm install again.`,
  );
  process.exit(1);
}
