/** The installed package: its root folder and version, from package.json, found by walking up from this module (src/cli or dist/src/cli). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackage(from: string): { dir: string; version: string } {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'hfsim' && typeof pkg.version === 'string') return { dir, version: pkg.version };
    } catch {
      // no package.json here, or not readable: keep walking up
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json of hfsim not found above ' + fileURLToPath(from));
    dir = up;
  }
}

export function packageVersion(from: string = import.meta.url): string {
  return findPackage(from).version;
}

/** The folder holding hfsim's package.json (the repository root in a checkout). */
export function packageRoot(from: string = import.meta.url): string {
  return findPackage(from).dir;
}
