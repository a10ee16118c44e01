/** The installed package: its root folder and version, from package.json, found by walking up from this module (src/cli or dist/src/cli). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackage(): { dir: string; version: string } {
  const self = fileURLToPath(import.meta.url);
  let dir = dirname(self);
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'hfsim' && typeof pkg.version === 'string') return { dir, version: pkg.version };
    } catch {
      // no package.json here, or not readable: keep walking up
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json of hfsim not found above ' + self);
    dir = up;
  }
}

export function packageVersion(): string {
  return findPackage().version;
}

/** The folder holding hfsim's package.json (the repository root in a checkout). */
export function packageRoot(): string {
  return findPackage().dir;
}
