/**
 * Copy-compute splitting (src/core/copy-compute.ts, SPEC.md section 2) on a run small enough to time by hand: one
 * node, one map and one reduce slot, 1 s heartbeats at phase 221 ms, no jitter. Job L (4 maps of 10 s, one reduce:
 * copy `copyMs`, compute 3 s) reaches slow start when the master hears its first map done (10,221) and its last
 * (40,221); job S (one 2 s map, one reduce: copy 0.5 s, compute 1 s) arrives at 5 s and waits for L's maps.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { scenario } from '../helpers.js';

/** Reduce launches and reported finishes, by job: `L reduce launched 10221`. */
async function reduces(split: boolean, copyMs: number, model: 'flat' | 'fluid' = 'flat'): Promise<string[]> {
  const s = scenario({
    seed: 1, cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 1000, network: { model } },
    hdfs: { replication: 1 }, tasks: { durationJitter: 0 },
    scheduler: { policy: 'fair', delay: { mode: 'none' }, copyComputeSplit: split },
    workload: { kind: 'jobs', files: [{ name: 'f', blocks: 4 }, { name: 'g', blocks: 1 }], jobs: [
      { id: 'L', submitMs: 0, input: 'f', mapMs: 10_000, reduces: 1, reduceMs: 3000, copyMs },
      { id: 'S', submitMs: 5000, input: 'g', mapMs: 2000, reduces: 1, reduceMs: 1000, copyMs: 500 },
    ] },
  });
  const log: string[] = [];
  const id = ['L', 'S'];
  await simulate(s, { timeDecisions: false, observer: {
    launched: (t, _node, job, task) => { if (task < 0) log.push(`${id[job]} reduce launched ${t}`); },
    finished: (t, _node, job, task) => { if (task < 0) log.push(`${id[job]} reduce finished ${t}`); },
  } });
  return log;
}

describe('copy-compute splitting, timed by hand', () => {
  it('without it, L\'s reduce takes the slot at slow start and holds it, copying, until its maps are done: S\'s reduce waits for it', async () => {
    // L: launched at slow start (10,221); copy until the master hears the last map (40,221), compute 3 s -> 43,221.
    // S: its map runs 40,221-42,221; its reduce gets the slot at 43,221: copy 0.5 s + compute 1 s, heard at 45,221.
    expect(await reduces(false, 5000)).toEqual(['L reduce launched 10221', 'L reduce finished 43221', 'S reduce launched 43221', 'S reduce finished 45221']);
  });

  it('with it, L\'s reduce takes the slot only once its maps are done, its copy (5 s from slow start) already over: compute alone', async () => {
    // L: copy 10,221-15,221 outside the slot; launched at 40,221 with no copy left, compute 3 s -> 43,221. S: slow start
    // at 42,221 (its one map heard done); launched at 43,221, its 0.5 s copy already over: compute 1 s -> 44,221.
    expect(await reduces(true, 5000)).toEqual(['L reduce launched 40221', 'L reduce finished 43221', 'S reduce launched 43221', 'S reduce finished 44221']);
  });

  it('with it, a copy that outlasts the maps holds the slot for what is left of it', async () => {
    // L's copy of 35 s from 10,221 ends at 45,221: launched at 40,221, 5 s of copy left, then compute 3 s -> 48,221.
    expect((await reduces(true, 35_000)).slice(0, 2)).toEqual(['L reduce launched 40221', 'L reduce finished 48221']);
  });

  it('fluid model: an unsplit reduce\'s copyMs is computed after its maps, not overlapped with its wait for them (README: copyComputeSplit)', async () => {
    // The fluid rack computes a reduce for copyMs + reduceMs less its 1 s start-up (which overlaps the wait) and its
    // transfers, once it has every map's output (task-io.ts): L's 5 s of copy run after the master hears its last map
    // (40,221): 40,221 + 5,000 + 3,000 - 1,000 = 47,221, where the flat model ran them during the wait (43,221).
    // Split, the copy elapsed since slow start is taken off, as on the flat model: 43,221 on both.
    expect((await reduces(false, 5000, 'fluid')).slice(0, 2)).toEqual(['L reduce launched 10221', 'L reduce finished 47221']);
    expect((await reduces(true, 5000, 'fluid')).slice(0, 2)).toEqual(['L reduce launched 40221', 'L reduce finished 43221']);
  });
});
