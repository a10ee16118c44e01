/** The version of the installed package: package.json's, found by walking up from this module (src/cli or dist/src/cli). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageVersion(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'hfsim' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here, or not readable: keep walking up
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json of hfsim not found above ' + fileURLToPath(from));
    dir = up;
  }
}
