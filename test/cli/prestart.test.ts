/** prestart.ts: which command lines start worker processes before the command line's modules load, and how many. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prestartSize, scenarioShape } from '../../src/cli/prestart.js';

describe('prestartSize (16 cores; the scenario has 3 variants, big enough to go side by side)', () => {
  const three = () => ({ variants: 3, size: 1e6 });
  it.each([
    [['run', 's.json'], 2], // the cores, at most the variants; this process runs one
    [['run', 's.json', '--parallel', '2'], 1],
    [['run', '--parallel=4', 's.json'], 2],
    [['run', 's.json', '--set', 'seed=3', '--seed', '4', '--json'], 2], // option values are not taken for the file
    [['run', 's.json', '--parallel', '1'], 0],
    [['run', 's.json', '--variant', 'FIFO'], 0],
    [['run', 's.json', '--runtime', 'threads'], 0],
    [['run', 's.json', '--runtime=inprocess'], 2],
    [['run', 's.json', '--pool', 'threads'], 0],
    [['run', 's.json', '--codec'], 0],
    [['run', 's.json', '--parallel', '4', '--dry-run'], 0], // plans, runs no variant
    [['run', 's.json', '--help'], 0],
    [['run', 's.json', '--parallel', 'x'], 0],
    [['run'], 0],
    [['run', 'a.json', 'b.json'], 0],
    [[], 0],
  ])('%j -> %i workers', (argv, workers) => {
    expect(prestartSize(argv, 16, three)).toBe(workers);
  });

  it.each([
    [['sweep', 's.sweep.json'], 16], // the cores: the sweep has 64 points
    [['sweep', 's.sweep.json', '--parallel', '4', '--no-progress', '--out', 'o'], 4],
    [['sweep', 's.sweep.json', '--resume'], 0],
    [['sweep', 's.sweep.json', '--shard', '0/2'], 0],
    [['sweep', 's.sweep.json', '--dry-run'], 0],
    [['sweep', 's.sweep.json', '--pool', 'threads'], 0],
    [['sweep', 'merge', 'a', 'b', '--out', 'c'], 0],
  ])('a sweep of 64 points: %j -> %i workers', (argv, workers) => {
    expect(prestartSize(argv, 16, () => ({ variants: 64, size: 0 }))).toBe(workers);
  });

  it('starts none for a --parallel the command line refuses (past MAX_WORKERS), however many points or variants', () => {
    // sweep --parallel 100000 of a million points started 181 processes (9 GB) before commander refused the flag
    expect(prestartSize(['sweep', 's.sweep.json', '--parallel', '100000'], 16, () => ({ variants: 1e6, size: 0 }))).toBe(0);
    expect(prestartSize(['sweep', 's.sweep.json', '--parallel', '257'], 16, () => ({ variants: 1e6, size: 0 }))).toBe(0);
    expect(prestartSize(['sweep', 's.sweep.json', '--parallel', '256'], 16, () => ({ variants: 50_000, size: 0 }))).toBe(256);
    // nor for a sweep past MAX_SWEEP_POINTS, which is refused once read
    expect(prestartSize(['sweep', 's.sweep.json', '--parallel', '256'], 16, () => ({ variants: 50_001, size: 0 }))).toBe(0);
    expect(prestartSize(['sweep', 's.sweep.json'], 16, () => ({ variants: 1e6, size: 0 }))).toBe(0);
    expect(prestartSize(['run', 's.json', '--parallel', '100000'], 16, () => ({ variants: 5000, size: 1e6 }))).toBe(0);
  });

  it('starts none for a sweep of fewer points than workers (it starts fewer)', () => {
    expect(prestartSize(['sweep', 's.sweep.json'], 16, () => ({ variants: 8, size: 0 }))).toBe(0);
  });

  it('starts none on one core, for a scenario of one variant or one it cannot read, or without --parallel, small variants', () => {
    expect(prestartSize(['run', 's.json'], 1, three)).toBe(0);
    expect(prestartSize(['run', 's.json'], 16, () => ({ variants: 1, size: 1e6 }))).toBe(0);
    expect(prestartSize(['run', 's.json'], 16, () => ({ variants: 0, size: 0 }))).toBe(0);
    expect(prestartSize(['run', 's.json'], 16, () => ({ variants: 3, size: 100 }))).toBe(0);
    expect(prestartSize(['run', 's.json', '--parallel', '3'], 16, () => ({ variants: 3, size: 100 }))).toBe(2);
  });
});

describe('scenarioShape', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-prestart-'));
  const file = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const cluster = { racks: 4, nodesPerRack: 25 };
  it.each([
    ['three variants, facebook jobs', file('a.json', JSON.stringify({ cluster, workload: { jobs: 100 }, variants: { a: {}, b: {}, c: {} } })), { variants: 3, size: 10_000 }],
    ['a byte order mark, listed jobs', file('b.json', '\uFEFF' + JSON.stringify({ cluster, workload: { jobs: [{}, {}] }, variants: { a: {}, b: {} } })), { variants: 2, size: 200 }],
    ['generated groups', file('e.json', JSON.stringify({ cluster, workload: { groups: [{ count: 3 }, { count: 4 }] } })), { variants: 1, size: 700 }],
    ['a trace', file('f.json', JSON.stringify({ cluster, workload: { kind: 'swim' } })), { variants: 1, size: Infinity }],
    ['no variants, no cluster', file('c.json', '{}'), { variants: 1, size: 0 }],
    ['invalid JSON', file('d.json', '{'), { variants: 0, size: 0 }],
    ['no such file', join(dir, 'none.json'), { variants: 0, size: 0 }],
    ['a sweep: its axes x seeds', file('g.sweep.json', JSON.stringify({ base: 'b.json', axes: { x: [1, 2, 3], y: [4, 5] }, seeds: [1, 2] })), { variants: 12, size: 0 }],
    ['a sweep without axes or seeds', file('h.sweep.json', JSON.stringify({ base: 'b.json' })), { variants: 1, size: 0 }],
  ])('%s', (_, path, shape) => {
    expect(scenarioShape(path)).toEqual(shape);
  });
});
