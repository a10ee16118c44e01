/**
 * The build of hfsim that runs: package.json's version and a sha256 of its own code (each .js or .ts module under the
 * folder this module's tree is in: dist/src, or src run from the sources; paths and bytes, in path order), read once.
 * A sweep's output keeps it (sweep.json inputs.build), so that a --resume or a merge refuses another build's results:
 * the simulator's digests change between builds, and a sweep resumed after an upgrade (or sharded over two commits)
 * averaged both in its aggregate, silently.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion } from './version.js';

export interface HfsimBuild {
  version: string;
  /** sha256 (hex) of the code. */
  code: string;
}

let build: HfsimBuild | undefined;

export function hfsimBuild(): HfsimBuild {
  return (build ??= { version: packageVersion(), code: codeHash(dirname(dirname(fileURLToPath(import.meta.url)))) });
}

function codeHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of modules(root).sort()) hash.update(`${relative(root, file)}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return /\.(js|ts)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}
