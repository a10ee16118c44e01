/** Shared inputs (src/core/shared-input.ts): tables many jobs read, Zipf popularity, DSBRA's hot blocks. */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/core/rng.js';
import { SharedDataset, sharedInputSchema } from '../../src/core/shared-input.js';
import { makeTopology } from '../../src/core/topology.js';
import { buildWorkload } from '../../src/core/workload.js';
import { scenario } from '../helpers.js';

const dataset = (config: Record<string, unknown>, seed = 1) => {
  const c = sharedInputSchema.parse(config);
  return new SharedDataset(c, Int32Array.from({ length: c.blocks }, (_, i) => 1000 + i), makeRng(seed).fork('shared'));
};

describe('shared inputs', () => {
  it('tables are read with Zipf-like popularity 1 / (k + 1)^s', () => {
    const d = dataset({ blocks: 400, tables: 4, zipf: 1 });
    const counts = [0, 0, 0, 0];
    const n = 8000;
    for (let i = 0; i < n; i++) counts[Math.floor((d.input(i, 1, 0)[0] - 1000) / 100)]++;
    const h = 1 + 1 / 2 + 1 / 3 + 1 / 4;
    [1, 1 / 2, 1 / 3, 1 / 4].forEach((w, k) => expect(Math.abs(counts[k] / n - w / h)).toBeLessThan(0.02));
  });

  it('zipf 0 is uniform over tables; a job reads consecutive blocks of the dataset, wrapping at its end', () => {
    const d = dataset({ blocks: 10, tables: 2, zipf: 0 });
    expect(d.tableOf(0.49)).toBe(0);
    expect(d.tableOf(0.51)).toBe(1);
    const blocks = [...d.input(3, 25, 0)].map((b) => b - 1000);
    for (let m = 1; m < blocks.length; m++) expect(blocks[m]).toBe((blocks[m - 1] + 1) % 10);
  });

  it.each([
    // table size, maps: a job reads distinct blocks of its table while they last, each pass over the table a new draw
    { blocks: 10, tables: 2, maps: 3 },
    { blocks: 10, tables: 2, maps: 5 },
    { blocks: 10, tables: 2, maps: 12 }, // 5 + 5 + 2: the table twice, then 2 of it
    { blocks: 1600, tables: 1, maps: 100 },
  ])('pick random: $maps maps from tables of $blocks / $tables blocks', ({ blocks, tables, maps }) => {
    const size = blocks / tables;
    const d = dataset({ blocks, tables, zipf: 0, pick: 'random' });
    for (let job = 0; job < 20; job++) {
      const input = [...d.input(job, maps, 0)].map((b) => b - 1000);
      const table = Math.floor(input[0] / size);
      expect(input.every((b) => Math.floor(b / size) === table)).toBe(true); // its own table only
      for (let pass = 0; pass * size < maps; pass++) {
        const run = input.slice(pass * size, (pass + 1) * size);
        expect(new Set(run).size).toBe(run.length); // distinct within a pass
      }
      expect([...d.input(job, maps, 0)]).toEqual(input.map((b) => b + 1000)); // the job's own stream: the same again
    }
  });

  it('pick random draws every block of the table alike, not a run of consecutive ones', () => {
    const d = dataset({ blocks: 50, tables: 1, pick: 'random' });
    const counts = new Array<number>(50).fill(0);
    let consecutive = 0;
    for (let job = 0; job < 2000; job++) {
      const input = d.input(job, 5, 0);
      for (const b of input) counts[b - 1000]++;
      for (let m = 1; m < 5; m++) if (input[m] === input[m - 1] + 1) consecutive++;
    }
    for (const c of counts) expect(Math.abs(c - 200)).toBeLessThan(60); // 10,000 reads over 50 blocks
    expect(consecutive / 8000).toBeLessThan(0.05); // 1 in 50 by chance
  });

  it('a period has its hot set: fraction of the blocks, distinct, the same for the same seed; share 1 reads only it', () => {
    const d = dataset({ blocks: 1000, hot: { fraction: 0.1, share: 1, periodMs: 60_000 } });
    const a = d.hotSet(0);
    expect(a.length).toBe(100);
    expect(new Set(a).size).toBe(100);
    expect([...dataset({ blocks: 1000, hot: { fraction: 0.1, share: 1, periodMs: 60_000 } }).hotSet(0)]).toEqual([...a]);
    expect([...d.hotSet(1)]).not.toEqual([...a]);
    const hot = new Set(d.hotSet(2));
    for (const b of d.input(5, 50, 2 * 60_000 + 10)) expect(hot.has(b)).toBe(true);
  });

  it('share 0.5: about half the maps read hot blocks', () => {
    const d = dataset({ blocks: 5000, tables: 1, hot: { fraction: 0.01, share: 0.5 } });
    const hot = new Set(d.hotSet(0));
    const blocks = d.input(0, 4000, 0);
    const share = blocks.filter((b) => hot.has(b)).length / blocks.length;
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThan(0.56);
  });

  it('in a Facebook workload: jobs keep their sizes and submit times, and read the tables placed first', () => {
    const base = { seed: 4, cluster: { racks: 2, nodesPerRack: 5 }, workload: { kind: 'facebook', jobs: 30, sizes: 'distribution' } };
    const own = scenario(base);
    const shared = scenario({ ...base, workload: { ...base.workload, shared: { blocks: 300, tables: 6, zipf: 1.2 } } });
    const topology = makeTopology(own.cluster, 4);
    const a = buildWorkload(own, topology, makeRng(4));
    const b = buildWorkload(shared, topology, makeRng(4));
    expect(b.jobs.map((j) => [j.submitMs, j.blocks.length])).toEqual(a.jobs.map((j) => [j.submitMs, j.blocks.length]));
    expect(b.blocks.blocks).toBe(300); // no job placed a file of its own
    expect(b.blocks.files.map((f) => f.length)).toEqual([50, 50, 50, 50, 50, 50]);
    const readers = new Map<number, number>();
    for (const j of b.jobs) for (const blk of new Set(j.blocks)) readers.set(blk, (readers.get(blk) ?? 0) + 1);
    expect(Math.max(...readers.values())).toBeGreaterThan(1); // blocks several jobs read
  });
});
