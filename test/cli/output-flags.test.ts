/**
 * Output flags of the commands other than run, given a value that names no file: refused before anything runs, one
 * line naming the flag, exit 2. `bench --json ''` ran every case and wrote no report, exit 0 (a nightly job's unset
 * variable), where `run --out ''` and `experiments --out ''` say "an empty path".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI, tmp, writeJson } from './sweep-helpers.js';

const tiny = {
  name: 'tiny',
  cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 },
  workload: { kind: 'jobs', files: [{ name: 'a', blocks: 2 }], jobs: [{ id: 'j1', input: 'a', mapMs: 1000 }] },
};

function hfsimIn(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 20_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('an output flag given an empty path', () => {
  it.each([
    ['bench --json', ['bench', '--scenario', 'tiny.json', '--repeat', '1', '--json', '']],
    ['bench --json, blank', ['bench', '--scenario', 'tiny.json', '--repeat', '1', '--json', '  ']],
  ])('%s: refused before any case runs', (_, args) => {
    const dir = tmp('empty-out');
    writeJson(dir, 'tiny.json', tiny);
    const r = hfsimIn(dir, ...args);
    expect(r.stderr).toMatch(/^hfsim: --json: an empty path\n$/);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['tiny.json']);
  });
});
