// After `tsc -p .` (npm run build): removes what dist/ holds of sources that are gone. tsc writes over its outputs
// and never removes one, so a module deleted or renamed in src/ stayed in dist/, and `npm pack` shipped it (a
// package walkthrough's finding). Each output (x.js, x.d.ts and their .map) belongs to x.ts under the project root,
// as tsconfig.json's rootDir "." and outDir "dist" place it. Plain JavaScript: it runs on what tsc built.
import { existsSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const OUTPUT = /^(.*)\.(?:js|d\.ts)(?:\.map)?$/;

/** Removes the stale outputs under `dir` and, bottom up, the folders left empty; returns the files removed. */
function prune(dir) {
  let removed = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += prune(path);
      if (readdirSync(path).length === 0) rmdirSync(path);
      continue;
    }
    const m = OUTPUT.exec(relative(dist, path));
    if (m === null || existsSync(join(root, `${m[1]}.ts`))) continue;
    rmSync(path);
    removed++;
  }
  return removed;
}

if (existsSync(dist)) {
  const removed = prune(dist);
  if (removed > 0) process.stderr.write(`hfsim build: removed ${removed} file${removed === 1 ? '' : 's'} of dist/ whose source is gone\n`);
}
