/** The global set-up's check that the build the tests run is the sources' own (test/build-fresh.ts). */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAMP, buildNeeded, changedSince } from './build-fresh.js';

/** A project of `files` (path: mtime in seconds). */
function tree(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), 'hfsim-build-'));
  for (const [path, seconds] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '');
    utimesSync(join(root, path), seconds, seconds);
  }
  return root;
}

describe('build freshness', () => {
  it('finds a TypeScript source changed after a time, in a nested folder too, and nothing else', () => {
    const root = tree({ 'src/a.ts': 100, 'src/core/b.ts': 300, 'src/data.json': 900, 'src/notes.md': 900 });
    expect(changedSince(root, 'src', 200_000)).toBe(join('src', 'core', 'b.ts'));
    expect(changedSince(root, 'src', 300_000)).toBeUndefined();
    expect(changedSince(root, 'bench', 0)).toBeUndefined(); // no such folder
  });

  it('asks for a build with no stamp, or a source of any compiled folder newer than the stamp; none when the stamp is newest', () => {
    expect(buildNeeded(tree({ 'src/a.ts': 100 }))).toBe(`no ${STAMP} (no build made or seen here yet)`);
    expect(buildNeeded(tree({ 'src/a.ts': 100, [STAMP]: 200, 'test/t.ts': 300 }))).toBe(`${join('test', 't.ts')} changed since the last build`);
    expect(buildNeeded(tree({ 'src/a.ts': 100, [STAMP]: 200, 'fuzz/f.ts': 150, 'src/later.json': 900 }))).toBeUndefined();
  });
});
