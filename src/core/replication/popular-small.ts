/**
 * The Delay Scheduling paper's own remedy for hotspots (section 3.5.1, "hot-spot replication"): a hotspot arises only
 * when many jobs read one file small enough that its replicas sit on a few nodes, and then no scheduler reaches high
 * locality without long queueing; better to raise the replication of small popular files. As the replication policy
 * "popular-small": every intervalMs, a file of at most maxBlocks blocks that at least minJobs distinct jobs read
 * since the last round is hot, and each of its blocks is copied up to `replicas` replicas (default: hdfs.maxReplicas),
 * onto the nodes holding the fewest blocks (ties: a hash of round, block and node); a file not hot in a round loses
 * one extra replica per block (down to hdfs.replication), from the node holding the most blocks.
 */
import { z } from 'zod';
import { durationMs, posInt } from '../bounded.js';
import { MAX_BLOCKS, MAX_JOBS, MAX_REPLICATION } from '../limits.js';
import type { ReplicaHdfs, ReplicationPolicy } from '../framework/replication.js';
import type { ReplicationPlugin } from '../framework/registry.js';
import type { Job } from '../job.js';
import { nodeId } from '../ids.js';
import { fmix32, mixKey } from '../rng.js';

export interface PopularSmallConfig {
  intervalMs: number;
  maxBlocks: number;
  minJobs: number;
  replicas?: number;
}

export const popularSmallConfig = z.strictObject({
  intervalMs: durationMs('intervalMs').default(60_000),
  maxBlocks: posInt('maxBlocks', MAX_BLOCKS).default(10),
  minJobs: posInt('minJobs', MAX_JOBS).default(2),
  replicas: posInt('replicas', MAX_REPLICATION).optional(),
});

export class PopularSmall implements ReplicationPolicy {
  nextRoundMs: number;
  private rounds = 0;
  /** By block: the jobs that read it since the last round. */
  private readonly readBy = new Map<number, Set<number>>();

  constructor(private readonly config: PopularSmallConfig, private readonly nodes: number) {
    this.nextRoundMs = config.intervalMs;
  }

  blockRead(job: Job, block: number): void {
    const seen = this.readBy.get(block);
    if (seen === undefined) this.readBy.set(block, new Set([job.index]));
    else seen.add(job.index);
  }

  /** Distinct jobs that read a block of `file` since the last round. */
  private jobsReading(file: Int32Array): number {
    const jobs = new Set<number>();
    for (const block of file) for (const j of this.readBy.get(block) ?? []) jobs.add(j);
    return jobs.size;
  }

  round(hdfs: ReplicaHdfs): void {
    const blocks = hdfs.blocks;
    const target = popularSmallTarget(this.config.replicas, hdfs.maxReplicas, this.nodes);
    const stored = new Int32Array(this.nodes);
    for (let b = 0; b < blocks.blocks; b++) for (let k = 0; k < blocks.replicaCount(b); k++) stored[blocks.replica(b, k)]++;
    const key = mixKey(0x3a11f0, this.rounds);
    for (const file of hdfs.files) {
      const hot = file.length <= this.config.maxBlocks && this.jobsReading(file) >= this.config.minJobs;
      for (const block of file) {
        if (hot) {
          while (blocks.replicaCount(block) + hdfs.copying(block) < target) {
            const node = this.emptiest(hdfs, block, stored, mixKey(key, block));
            if (node < 0 || !hdfs.addReplica(block, nodeId(node))) break;
            stored[node]++;
          }
        } else if (blocks.replicaCount(block) > hdfs.defaultReplication) {
          let fullest = blocks.replica(block, 0);
          for (let k = 1; k < blocks.replicaCount(block); k++) if (stored[blocks.replica(block, k)] >= stored[fullest]) fullest = blocks.replica(block, k);
          if (hdfs.removeReplica(block, fullest)) stored[fullest]--;
        }
      }
    }
    this.readBy.clear();
    this.rounds++;
    this.nextRoundMs += this.config.intervalMs;
  }

  private emptiest(hdfs: ReplicaHdfs, block: number, stored: Int32Array, key: number): number {
    let best = -1;
    let bestHash = 0;
    for (let j = 0; j < this.nodes; j++) {
      if (hdfs.blocks.holds(block, nodeId(j)) || hdfs.copyingTo(block, nodeId(j))) continue;
      const h = fmix32(mixKey(key, j));
      if (best < 0 || stored[j] < stored[best] || (stored[j] === stored[best] && h < bestHash)) {
        best = j;
        bestHash = h;
      }
    }
    return best;
  }
}

export const popularSmallPlugin = {
  description: 'raise the replication of small files many jobs read (the Delay Scheduling paper, section 3.5.1)',
  config: popularSmallConfig,
  roundMs: (c) => c.intervalMs,
  create: (c, context) => new PopularSmall(c, context.topology.nodes),
} satisfies ReplicationPlugin<PopularSmallConfig>;

/**
 * The replicas a hot file's blocks are copied up to: `replicas` (default: the most a block may have, `maxReplicas`,
 * hdfs.maxReplicas as the run widened it: workload.ts strideOf), never past that or the nodes.
 */
export function popularSmallTarget(replicas: number | undefined, maxReplicas: number, nodes: number): number {
  return Math.min(replicas ?? maxReplicas, maxReplicas, nodes);
}
