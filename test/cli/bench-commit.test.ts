/**
 * The commit a bench report records is hfsim's. Run from an installed hfsim (node_modules/hfsim inside the user's own
 * git repository), `git rev-parse HEAD` in the package folder walked up to the user's repository: the report named
 * the user's project's commit as hfsim's, `-dirty` when the user's tree had changes (seen: commit
 * "3ef8f1f11d0d-dirty" from a project whose HEAD was 3ef8f1f11d0d), and two reports of different hfsim versions read
 * as one commit. A package folder that is not its own repository's top level now gives "unknown".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hfsimCommit } from '../../bench/runner.js';

const git = (cwd: string, ...args: string[]): string => {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim();
};

describe('the commit a bench report records', () => {
  const project = mkdtempSync(join(tmpdir(), 'hfsim-commit-'));
  git(project, 'init', '-q');
  writeFileSync(join(project, 'f'), 'x\n');
  git(project, 'add', 'f');
  git(project, 'commit', '-qm', 'f');
  const head = git(project, 'rev-parse', 'HEAD');
  const installed = join(project, 'node_modules', 'hfsim');
  mkdirSync(installed, { recursive: true });

  it('is the repository\'s HEAD when hfsim is that repository', () => {
    expect(hfsimCommit(project)).toBe(head);
  });

  it('is -dirty when hfsim\'s own tree has changes', () => {
    writeFileSync(join(project, 'f'), 'y\n');
    expect(hfsimCommit(project)).toBe(`${head}-dirty`);
    writeFileSync(join(project, 'f'), 'x\n');
  });

  it('is unknown for an hfsim installed inside another repository, not that repository\'s commit', () => {
    writeFileSync(join(project, 'f'), 'y\n');
    expect(hfsimCommit(installed)).toBe('unknown');
  });

  it('is unknown outside any repository', () => {
    expect(hfsimCommit(mkdtempSync(join(tmpdir(), 'hfsim-nogit-')))).toBe('unknown');
  });
});
