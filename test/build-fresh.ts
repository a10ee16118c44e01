/**
 * Vitest's global set-up: the build (dist/) is what most test files run (vitest.config.ts, BUILD), and what the
 * command line's tests spawn, so it must be the sources' own. `npm test` builds first; a file run alone
 * (`npx vitest run test/golden.test.ts`) after an edit would test the build before it, silently. So where a source is
 * newer than the last build this set-up made or saw (dist/.build-stamp), the build runs here first (`npm run build`:
 * tsc, some seconds). The stamp, not each output's time: tsc leaves an output it would write the same untouched, so a
 * source edited only in its types stayed "newer" than its build for good.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** The folders tsc compiles (tsconfig.json's include). */
const COMPILED = ['src', 'bench', 'fuzz', 'scripts', 'test'];
export const STAMP = join('dist', '.build-stamp');

/** The first TypeScript source under `dir` (relative to `root`) changed after `sinceMs`, or undefined. */
export function changedSince(root: string, dir: string, sinceMs: number): string | undefined {
  const full = join(root, dir);
  if (!existsSync(full)) return undefined;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const changed = changedSince(root, path, sinceMs);
      if (changed !== undefined) return changed;
    } else if (entry.name.endsWith('.ts') && statSync(join(root, path)).mtimeMs > sinceMs) return path;
  }
  return undefined;
}

/** Why `root`'s build must be made again ("no build stamp", "src/core/job.ts changed since the last build"), or undefined. */
export function buildNeeded(root: string): string | undefined {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp)) return `no ${STAMP} (no build made or seen here yet)`;
  const since = statSync(stamp).mtimeMs;
  const changed = COMPILED.map((dir) => changedSince(root, dir, since)).find((c) => c !== undefined);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}

export default function setup(): void {
  const why = buildNeeded(ROOT);
  if (why === undefined) return;
  process.stderr.write(`build-fresh: ${why}: npm run build\n`);
  const startedMs = Date.now(); // a source saved while tsc runs is newer than the stamp, so built again next time
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(join(ROOT, STAMP), '');
  utimesSync(join(ROOT, STAMP), startedMs / 1000, startedMs / 1000);
}
