import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm install` on the Node the project declares must be clean: every package the lock file
// installs supports that Node (no EBADENGINE warning), and every install script the project
// relies on is declared in `allowScripts` (npm 11 warns about the others).
const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; hasInstallScript?: boolean; optional?: boolean; os?: string[]; cpu?: string[] }>;
};

const floor = semver.minVersion(pkg.engines.node)!.version;
const installed = Object.entries(lock.packages).filter(([key]) => key.startsWith('node_modules/'));
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('npm install on the declared Node', () => {
  it(`installs only packages that support Node ${floor}, the oldest the project declares`, () => {
    const unsupported = installed
      .filter(([, meta]) => meta.engines && !Array.isArray(meta.engines) && meta.engines.node)
      .filter(([, meta]) => !semver.satisfies(floor, (meta.engines as { node: string }).node, { includePrerelease: true }))
      .map(([key, meta]) => `${nameOf(key)}@${meta.version} wants node ${(meta.engines as { node: string }).node}`);
    expect(unsupported).toEqual([]);
  });

  it('declares every install script it runs in allowScripts', () => {
    const scripts = installed
      .filter(([, meta]) => meta.hasInstallScript && !(meta.optional && (meta.os || meta.cpu)))
      .map(([key]) => nameOf(key));
    const undeclared = scripts.filter((name) => pkg.allowScripts?.[name] !== true);
    expect(scripts.length).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });
});
