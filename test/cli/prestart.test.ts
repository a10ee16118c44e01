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
    [['run', 's.json', '--help'], 0],
    [['run', 's.json', '--parallel', 'x'], 0],
    [['run'], 0],
    [['run', 'a.json', 'b.json'], 0],
    [['sweep', 's.json'], 0],
    [[], 0],
  ])('%j -> %i workers', (argv, workers) => {
    expect(prestartSize(argv, 16, three)).toBe(workers);
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
  ])('%s', (_, path, shape) => {
    expect(scenarioShape(path)).toEqual(shape);
  });
});
