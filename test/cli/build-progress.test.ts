/**
 * `hfsim run`'s workload build told on stderr: a SWIM day of 70,000 rows (46 M maps) was silent for 5-7 s while its
 * workload was built (--dry-run the same), then the variant's bar appeared already reading "7 s". Now the blocks
 * placed are told as a trace's rows are (README "Progress").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

describe('hfsim run: the workload\'s build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-build-progress-'));
  // a few jobs over a shared dataset of more blocks than are placed between tellings (placement.ts BLOCKS_TOLD)
  const scenario = join(dir, 's.json');
  writeFileSync(scenario, JSON.stringify({ name: 's', cluster: { racks: 2, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' },
    workload: { kind: 'facebook', jobs: 3, shared: { blocks: 800_000 } } }));
  // stderr taken for a terminal, and a wall clock that moves a second at each look: the build is then "long"
  const run = (...flags: string[]) => spawnSync(process.execPath, ['--import', 'data:text/javascript,process.stderr.isTTY=true;let t=0;performance.now=()=>(t+=1000);', CLI, 'run', scenario, ...flags],
    { encoding: 'utf8', env: { ...process.env, TERM: 'xterm-256color' }, timeout: 120_000 });

  it('a run on a terminal: a bar of blocks placed, cleared before the variant\'s own bar; --no-progress shows nothing, the digest the same', () => {
    const shown = run('--json');
    expect(shown.status).toBe(0);
    const building = shown.stderr.indexOf('building the workload [');
    expect(building).toBeGreaterThanOrEqual(0);
    expect(shown.stderr).toMatch(/\] \d+\/800000 blocks placed \| \d+ s/);
    const variantBar = shown.stderr.search(/\] \d+\/3 jobs \| simulated/);
    expect(variantBar).toBeGreaterThan(building);
    expect(shown.stderr.slice(building, variantBar)).toContain('\x1b[2K'); // the build's line cleared first
    const quiet = run('--json', '--no-progress');
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).not.toMatch(/building|blocks|jobs/); // (only the end-of-line erase a run writes on a terminal)
    expect(JSON.parse(quiet.stdout).digest).toBe(JSON.parse(shown.stdout).digest);
  });

  it('--dry-run on a terminal: the same bar (it was silent the same seconds)', () => {
    const shown = run('--dry-run');
    expect(shown.status).toBe(0);
    expect(shown.stderr).toContain('building the workload [');
    expect(shown.stderr).toMatch(/\x1b\[2K/);
    expect(shown.stdout).toContain('would run');
  });
});
