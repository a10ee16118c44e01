/**
 * DSBRA, the Delay Scheduling Based Replication Algorithm (seed paper 002; SPEC.md section 4), as the replication
 * policy "dsbra". It hears each map's block read with the delay its job waited for locality before it (delay-wait.ts)
 * and, every intervalMs, runs Algorithm 1 over every block (dsbra-formulas.ts):
 * - GAvg <= 0.2: only dereplicate: a block with RF_i <= 0.1 and more readable replicas than hdfs.replication loses
 *   the replica on the node of largest DNAvg among its nodes;
 * - else also: RF_i <= 0.2 with extra replicas dereplicates the same way, and RF_i > 0.2 + GAvg gains
 *   floor((RF_i - GAvg) / 0.2) replicas, one by one on the nodes of lowest DNAvg that hold no replica of it.
 * Blocks go in id order. A replica placed or removed moves the node's DNAvg at once (the paper places "one by one";
 * without this every hot block of a round would go to the same node). Ties of DNAvg: the node holding fewer blocks,
 * then a hash of (round, block, node). A replica of a block is removed from the node of largest DNAvg; ties: the
 * later replica in the block's list.
 * D, the delay threshold, defaults to the gate's node-locality wait: wait: nodeMs (Hadoop's default when omitted);
 * skip: the wait maxSkips skips are charged, maxSkips x heartbeatMs / nodes (delay-wait.ts charges a skip the gap to the
 * cluster's next heartbeat, and the nodes heartbeat `nodes` times an interval); none: one heartbeat (no job waits,
 * X_i is 0).
 * `average` picks the blocks GAvg averages over: "all" blocks in HDFS (Algorithm 1's "no. of Blocks"), or only those
 * read since the last round ("read"), which README discusses.
 */
import { z } from 'zod';
import { durationMs } from '../bounded.js';
import { MAX_NODES, MIN_HEARTBEAT_MS } from '../limits.js';
import { waitsOf } from '../locality.js';
import type { ReplicaHdfs, ReplicationPolicy } from '../framework/replication.js';
import type { ReplicationPlugin } from '../framework/registry.js';
import type { Scenario } from '../scenario.js';
import { nodeId } from '../ids.js';
import { fmix32, mixKey } from '../rng.js';
import { round } from '../results.js';
import { digitsGrouped } from '../shown-value.js';
import { DEREPLICATE, GAVG_FLOOR, REPLICATE, currentLoad, decide, history, replicationFactor } from './dsbra-formulas.js';

export interface DsbraConfig {
  intervalMs: number;
  alpha: number;
  delayThresholdMs?: number;
  average: 'all' | 'read';
}

/**
 * The least D written as delayThresholdMs: the least a delay gate gives (one skip of the shortest heartbeat on the
 * most nodes, delayThresholdOf). X_i divides a read's delay by D, so a D of 5e-324 ms made it Infinity (the run failed
 * at counts()); from this one, a delay of any time a run reaches keeps X_i finite.
 */
export const MIN_DELAY_THRESHOLD_MS = MIN_HEARTBEAT_MS / MAX_NODES;

export const dsbraConfig = z.strictObject({
  intervalMs: durationMs('intervalMs').default(60_000),
  alpha: z.number({ error: 'alpha must be a number' }).min(0, 'alpha must be between 0 and 1').max(1, 'alpha must be between 0 and 1').default(0.5),
  delayThresholdMs: durationMs('delayThresholdMs')
    .refine((d) => d <= 0 || d >= MIN_DELAY_THRESHOLD_MS, `delayThresholdMs must be at least ${MIN_DELAY_THRESHOLD_MS} ms (the least D a delay gate gives: one skip of a ${MIN_HEARTBEAT_MS} ms heartbeat on ${digitsGrouped(MAX_NODES)} nodes)`)
    .optional(),
  average: z.enum(['all', 'read'], { error: 'average must be "all" or "read"' }).default('all'),
});

/** One round's figures per block, kept for tests and audits (lastRound). */
export interface DsbraRound {
  nowMs: number;
  gAvg: number;
  rf: Float64Array;
  y: Float64Array;
  nodeAvg: Float64Array;
}

export class Dsbra implements ReplicationPolicy {
  nextRoundMs: number;
  private rounds = 0;
  private n = new Float64Array(0);
  private m = new Float64Array(0);
  private dt = new Float64Array(0);
  private y = new Float64Array(0);
  lastRound: DsbraRound | undefined;
  /** Over the run (counts()): reads and delayed reads heard, the largest X_i, RF_i and GAvg, rounds above the floor, decisions. */
  private readonly seen = { reads: 0, delayedReads: 0, xMax: 0, rfMax: 0, gAvgMax: 0, roundsAboveFloor: 0, hot: 0, cold: 0 };

  constructor(private readonly config: DsbraConfig, readonly delayThresholdMs: number, private readonly nodes: number) {
    this.nextRoundMs = config.intervalMs;
  }

  blockRead(_job: unknown, block: number, _node: number, _locality: number, _nowMs: number, waitedMs: number): void {
    this.ensure(block + 1);
    this.n[block]++;
    this.seen.reads++;
    if (waitedMs > 0) {
      this.seen.delayedReads++;
      this.m[block]++;
      this.dt[block] += waitedMs;
    }
  }

  round(hdfs: ReplicaHdfs): void {
    const blocks = hdfs.blocks;
    const count = blocks.blocks;
    this.ensure(count);
    const rf = new Float64Array(count);
    const nodeSum = new Float64Array(this.nodes);
    const nodeBlocks = new Int32Array(this.nodes);
    let sum = 0;
    let averaged = 0;
    for (let i = 0; i < count; i++) {
      const x = currentLoad(this.n[i], this.m[i], this.dt[i], this.delayThresholdMs);
      rf[i] = replicationFactor(x, this.y[i], this.config.alpha);
      if (x > this.seen.xMax) this.seen.xMax = x;
      if (rf[i] > this.seen.rfMax) this.seen.rfMax = rf[i];
      if (this.config.average === 'all' || this.n[i] > 0) {
        sum += rf[i];
        averaged++;
      }
      for (let k = 0; k < blocks.replicaCount(i); k++) {
        const node = blocks.replica(i, k);
        nodeSum[node] += rf[i];
        nodeBlocks[node]++;
      }
      this.y[i] = history(this.y[i], this.rounds, rf[i]);
      this.n[i] = 0;
      this.m[i] = 0;
      this.dt[i] = 0;
    }
    const gAvg = averaged === 0 ? 0 : sum / averaged;
    if (gAvg > this.seen.gAvgMax) this.seen.gAvgMax = gAvg;
    if (gAvg > GAVG_FLOOR) this.seen.roundsAboveFloor++;
    const avg = (node: number): number => (nodeBlocks[node] === 0 ? 0 : nodeSum[node] / nodeBlocks[node]);
    const key = mixKey(0x5d5b7a, this.rounds);
    for (let i = 0; i < count; i++) {
      const { decision, add } = decide(rf[i], gAvg, blocks.replicaCount(i), hdfs.defaultReplication);
      if (decision === DEREPLICATE) this.seen.cold++;
      else if (decision === REPLICATE) this.seen.hot++;
      if (decision === DEREPLICATE) {
        let worst = -1;
        for (let k = 0; k < blocks.replicaCount(i); k++) {
          const node = blocks.replica(i, k);
          if (worst < 0 || avg(node) >= avg(worst)) worst = node;
        }
        if (hdfs.removeReplica(i, nodeId(worst))) {
          nodeSum[worst] -= rf[i];
          nodeBlocks[worst]--;
        }
      } else if (decision === REPLICATE) {
        for (let r = 0; r < add; r++) {
          const node = this.coolestNode(hdfs, i, avg, nodeBlocks, mixKey(key, i));
          if (node < 0 || !hdfs.addReplica(i, nodeId(node))) break;
          nodeSum[node] += rf[i];
          nodeBlocks[node]++;
        }
      }
    }
    const nodeAvg = Float64Array.from({ length: this.nodes }, (_, j) => avg(j));
    this.lastRound = { nowMs: hdfs.nowMs, gAvg, rf, y: this.y.slice(0, count), nodeAvg };
    this.rounds++;
    this.nextRoundMs += this.config.intervalMs;
  }

  /**
   * The run's figures: rounds, rounds whose GAvg passed 0.2 (the only ones that may replicate), reads heard and those
   * delayed, the largest X_i, RF_i and GAvg of any round (4 decimals), and blocks decided hot (replicate) and cold
   * (dereplicate; HDFS may refuse either: no block below the default, none above maxReplicas).
   */
  counts(): Record<string, number> {
    const { reads, delayedReads, xMax, rfMax, gAvgMax, roundsAboveFloor, hot, cold } = this.seen;
    return { rounds: this.rounds, roundsAboveFloor, reads, delayedReads, xMax: round(xMax, 4), rfMax: round(rfMax, 4), gAvgMax: round(gAvgMax, 4), hotDecisions: hot, coldDecisions: cold };
  }

  /** The node of lowest DNAvg that holds no replica of `block` and gets no copy of it; -1 if none. */
  private coolestNode(hdfs: ReplicaHdfs, block: number, avg: (node: number) => number, nodeBlocks: Int32Array, key: number): number {
    let best = -1;
    let bestAvg = 0;
    let bestHash = 0;
    for (let j = 0; j < this.nodes; j++) {
      if (hdfs.blocks.holds(block, nodeId(j)) || hdfs.copyingTo(block, nodeId(j))) continue;
      const a = avg(j);
      const h = fmix32(mixKey(key, j));
      if (best < 0 || a < bestAvg || (a === bestAvg && (nodeBlocks[j] < nodeBlocks[best] || (nodeBlocks[j] === nodeBlocks[best] && h < bestHash)))) {
        best = j;
        bestAvg = a;
        bestHash = h;
      }
    }
    return best;
  }

  private ensure(size: number): void {
    if (size <= this.n.length) return;
    const grown = Math.max(size, this.n.length * 2, 1024);
    const grow = (a: Float64Array): Float64Array<ArrayBuffer> => {
      const b = new Float64Array(grown);
      b.set(a);
      return b;
    };
    this.n = grow(this.n);
    this.m = grow(this.m);
    this.dt = grow(this.dt);
    this.y = grow(this.y);
  }
}

/**
 * D: the gate's node-locality wait (see the module comment). A gate that does not wait (mode "none", a skip count of
 * 0, a wait of 0 ms) gives one heartbeat interval: X_i divides the delay by D, and a map can wait for a slot even so
 * (D = 0 made X_i infinite, or NaN with no delay: the harness's seed 223071751).
 * A skip count's D is in the units its skips are charged in (delay-wait.ts: each the gap to the cluster's next
 * heartbeat, heartbeatMs / nodes on average), so a read whose job spent its maxSkips skips counts about D, as a read
 * that waited nodeMs does under the wait gate. It was maxSkips whole heartbeat intervals: such a read counted
 * 1 / nodes of D, and X_i's delay term could not pass 1 / nodes (0.05 on dsbra.json's 20 nodes).
 */
export function delayThresholdOf(scenario: Scenario, heartbeatMs: number): number {
  const d = scenario.scheduler.delay;
  if (d.mode === 'wait') {
    const { nodeMs } = waitsOf(d as { nodeMs?: number }, heartbeatMs); // Hadoop's default where left out, as the gate takes it
    return nodeMs > 0 ? nodeMs : heartbeatMs;
  }
  if (d.mode === 'skip' && typeof d.maxSkips === 'number' && d.maxSkips > 0) {
    const nodes = scenario.cluster.racks * scenario.cluster.nodesPerRack;
    return (d.maxSkips * heartbeatMs) / nodes;
  }
  return heartbeatMs;
}

export const dsbraPlugin = {
  description: 'DSBRA: replicate blocks whose maps wait for locality, dereplicate cold ones (Suresh and Gopalan 2015)',
  config: dsbraConfig,
  roundMs: (c) => c.intervalMs,
  create: (c, context) => new Dsbra(c, c.delayThresholdMs ?? delayThresholdOf(context.scenario, context.topology.heartbeatMs), context.topology.nodes),
} satisfies ReplicationPlugin<DsbraConfig>;
