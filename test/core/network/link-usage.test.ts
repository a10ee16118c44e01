/** The fluid model's link utilisation series: buckets of whole heartbeat intervals, so a link never reads over 100%. */
import { describe, expect, it } from 'vitest';
import { LinkUsage, linkUse } from '../../../src/core/network/link-usage.js';
import { parseScenario } from '../../../src/core/scenario.js';
import { simulate } from '../../../src/actors/simulate.js';
import { linkMB } from '../../helpers.js';

/** One rack's uplink carried flat out at `MBps` for `epochs` heartbeat intervals of `heartbeatMs`. */
function flatOut(heartbeatMs: number, epochs: number, MBps = 10): { bucketMs: number; lastBucketMs: number; up: number[] } {
  const usage = new LinkUsage(1, MBps, heartbeatMs);
  const carried = new Float64Array(10);
  for (let e = 1; e <= epochs; e++) {
    carried[0] = (MBps * e * heartbeatMs) / 1000;
    usage.report(0, e * heartbeatMs, carried);
  }
  const { bucketMs, lastBucketMs, up } = usage.result().utilization;
  return { bucketMs, lastBucketMs, up: up[0] };
}

describe('link utilisation buckets', () => {
  it.each([
    // a third-party fuzzing pass: one-minute buckets held one 45 s epoch or two in turn, and read 0.75 and 1.5
    [45_000, 45_000],
    [1234, 49 * 1234],
    [3000, 60_000],
    [100_000, 100_000],
  ])('a link used flat out reads 1 in every bucket at %i ms heartbeats (buckets of %i ms)', (heartbeatMs, bucketMs) => {
    const epochs = Math.round((20 * bucketMs) / heartbeatMs);
    const r = flatOut(heartbeatMs, epochs);
    expect(r.bucketMs).toBe(bucketMs);
    expect(r.up).toHaveLength(20);
    for (const u of r.up) expect(u).toBe(1);
  });

  it('an epoch is booked in the bucket its interval lies in, by its start: the one ending at 60 s in the first minute', () => {
    const usage = new LinkUsage(1, 10, 3000);
    const carried = new Float64Array(10);
    carried[0] = 30; // 30 MB in the epoch [57 s, 60 s): 1 s of the link's 60 s a bucket
    usage.report(0, 60_000, carried);
    expect(usage.result().utilization.up[0]).toEqual([0.05]);
  });

  it('the run\'s last bucket, partly run, reads its share of the part run: a link flat out to the end reads 1 there', () => {
    // 25 epochs of 3 s: one full minute, then 15 s of the second. Over a whole minute the second read 0.25 (and a run
    // of 5 s at one-minute buckets, a link flat out throughout, read 0.083).
    const r = flatOut(3000, 25);
    expect(r.up).toEqual([1, 1]);
    expect(r.lastBucketMs).toBe(15_000);
    const short = flatOut(1000, 5);
    expect([short.up, short.lastBucketMs]).toEqual([[1], 5000]);
    expect(flatOut(3000, 40).lastBucketMs).toBe(60_000); // a run that ends on a bucket's end
  });

  // A job's clean-up (jobCleanupMs) runs on the master's clock past the last epoch: the series ended there, and its
  // last bucket's share, of that part alone, read 24.4% for a run whose link carried 0.9% of its time.
  it('the series run to the run\'s end (its last finish), in whole intervals, empty past the last epoch; past 120 buckets they merge', () => {
    const usage = new LinkUsage(2, 10, 1000);
    const carried = new Float64Array(10);
    carried[0] = 10; // 1 s flat out, in the first epoch
    usage.report(0, 1000, carried);
    const r = usage.result(62_122).utilization;
    expect([r.bucketMs, r.lastBucketMs, r.up, r.down]).toEqual([60_000, 3000, [[1 / 60].map((x) => Math.round(x * 1e4) / 1e4).concat([0]), [0, 0]], [[0, 0], [0, 0]]]);
    const reported = new LinkUsage(1, 10, 1000);
    reported.report(0, 5000, carried);
    expect(reported.result(4500).utilization.lastBucketMs).toBe(5000); // an end before the last epoch's changes nothing
    const long = new LinkUsage(1, 10, 1000);
    long.report(0, 1000, carried);
    const far = long.result(200 * 60_000).utilization; // 200 minutes: 100 buckets of two
    expect([far.bucketMs, far.up[0].length, far.lastBucketMs]).toEqual([120_000, 100, 120_000]);
  });

  it('merging buckets past 120 keeps whole intervals and the 100% bound', () => {
    const r = flatOut(45_000, 400); // 400 epochs of 45 s: 400 buckets -> 200 -> 100 of 180 s
    expect(r.bucketMs).toBe(180_000);
    for (const u of r.up) expect(u).toBe(1);
  });

  it('a run at 45 s heartbeats, oversubscribed 100:1: every bucket of every link within [0, 1]', async () => {
    const parsed = parseScenario({
      name: 'u', seed: 1,
      cluster: { racks: 2, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 45_000, network: { model: 'fluid', oversubscription: 100, mapOutputRatio: { io: 1, cpu: 0 } } },
      hdfs: { replication: 2 },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 2 }], jobs: [{ id: 'a', input: 'f', mapMs: 50_000, reduces: 1, reduceMs: 500_000 }] },
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const r = await simulate(parsed.value, { timeDecisions: false });
    const series = [...r.network!.utilization.up, ...r.network!.utilization.down].flat();
    expect(Math.max(...series)).toBe(1); // the links run flat out: the test would pass on an idle run otherwise
    for (const u of series) expect(u).toBeGreaterThanOrEqual(0);
  });

  it('with a bounded core, the core\'s series: MB across racks (every rack\'s) over what the core carries in a bucket; none without one', () => {
    const usage = new LinkUsage(2, 10, 3000, 20);
    const carried = [new Float64Array(10), new Float64Array(10)];
    for (let e = 1; e <= 40; e++) { // 2 minutes: rack 0 takes 15 MB/s across racks, rack 1 5 MB/s in the first minute only
      carried[0][2] += 45;
      if (e <= 20) carried[1][2] += 15;
      usage.report(0, e * 3000, carried[0]);
      usage.report(1, e * 3000, carried[1]);
    }
    expect(usage.result().utilization.core).toEqual([1, 0.75]);
    expect(new LinkUsage(2, 10, 3000).result().utilization.core).toBeUndefined();
  });

  // The CLI warns that coreGbps changes nothing on one rack; an all-zero core series in the result changed the digest.
  it('on one rack, a bounded core adds no series: the digest of the same run without one', async () => {
    const run = async (network: Record<string, unknown>) => {
      const parsed = parseScenario({ name: 'one', seed: 1, cluster: { racks: 1, nodesPerRack: 2, network: { model: 'fluid', ...network } },
        workload: { kind: 'jobs', files: [{ name: 'f', blocks: 4 }], jobs: [{ id: 'a', input: 'f', mapMs: 1000 }] } });
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      return simulate(parsed.value, { timeDecisions: false });
    };
    const [bounded, open] = [await run({ coreGbps: 0.1 }), await run({})];
    expect(bounded.network!.utilization.core).toBeUndefined();
    expect(bounded.digest).toBe(open.digest);
  });

  it('a run over a slow core: the core\'s series within [0, 1], flat out while maps read across racks, and what crossed racks in all', async () => {
    // FIFO on 4 racks of 2 nodes, a job of 32 blocks on rack 0's two nodes, over a 0.1 Gbps core (11.9 MB/s).
    const parsed = parseScenario({
      name: 'c', seed: 1,
      cluster: { racks: 4, nodesPerRack: 2, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000, network: { model: 'fluid', coreGbps: 0.1 } },
      hdfs: { replication: 1, blockMB: 64 }, scheduler: { policy: 'fifo' },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 32, replicas: Array.from({ length: 32 }, (_, k) => [k % 2]) }], jobs: [{ id: 'a', input: 'f', mapMs: 1000 }] },
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const r = await simulate(parsed.value, { timeDecisions: false });
    const { core } = r.network!.utilization;
    expect(core).toBeDefined();
    for (const u of core!) {
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThanOrEqual(1);
    }
    // FIFO without delay reads 12 of the 32 blocks from other racks (768 MB: 64 s at the core's rate), most of it in the
    // first minute: 96.5% of the core's, then 10.9%.
    expect(core![0]).toBeGreaterThan(0.95);
    const coreMBps = 0.1 * 119.20928955078125;
    const crossed = linkMB(r.network!.utilization, core!, coreMBps);
    expect(crossed).toBeCloseTo(r.network!.crossRackMB, -1); // rounded to 1e-4 of a bucket's capacity each
  });
});

describe('linkUse: the mean over the run weighs its last bucket by the part run', () => {
  it('a 6 s tail at full use counts 6 s, not a minute (it read 75% for a link half busy for a minute then full for 6 s)', () => {
    const u = { bucketMs: 60_000, lastBucketMs: 6_000, up: [[0.5, 1], [0.5]], down: [[0, 0]], core: [0.25, 0.5] };
    expect(linkUse(u, 'up').mean).toBeCloseTo((0.5 + 0.1 + 0.5) / (2 * 1.1), 12); // the second rack's series ends a bucket early: 0 there
    expect(linkUse(u, 'up').max).toBe(1);
    expect(linkUse(u, 'core').mean).toBeCloseTo((0.25 + 0.05) / 1.1, 12);
    expect(linkUse(u, 'down')).toEqual({ mean: 0, max: 0 });
    // a result written before lastBucketMs: its last bucket counts whole, as it was computed over one
    const { lastBucketMs: _older, ...older } = u;
    expect(linkUse(older, 'up').mean).toBe((0.5 + 1 + 0.5) / 4);
    expect(linkUse({ bucketMs: 60_000, lastBucketMs: 60_000, up: [], down: [] }, 'up')).toEqual({ mean: 0, max: 0 });
  });
});
