/**
 * What a launch tells a fluid rack: the bytes a task moves, where a map reads from, and its compute phase.
 *
 * Calibration: a job's given times (a jobs list's mapMs / reduceMs, SWIM's per-MB model set from the paper's
 * medians, the Facebook mix's reduces) are what a task takes alone on an idle node reading locally; the fluid model
 * splits that time into start-up, the transfers at the idle hardware's rates, and the rest as compute (a map's read
 * overlaps its compute, rack-slots.ts). So a lone local task takes its given time (a map whose given time is
 * shorter than start-up, its block's read at one disk's rate and its output's write takes that floor: the README says
 * so): the transfers are timed at the KB the rack moves and the compute is whole ms rounded down, so it ends at most a
 * ms before its given time, never after it (rounded to the nearest ms, a fraction of a ms of write ended a task given
 * 5,000 ms just past the heartbeat at 5,000, and the master heard of it a heartbeat late). Contention and distance (a
 * busy NIC, an oversubscribed uplink) add to it. The Facebook mix's maps are defined by what they do (a grep, an
 * expensive function), so their compute is input / network.mapCpuMBps[type] instead: an IO-heavy map then spends most
 * of its time reading, as the paper's did. Nothing is fitted to the results.
 *
 * Bytes: a map reads its input (a block, or SWIM's input / maps) and writes input x mapOutputRatio[type] locally;
 * a reduce fetches its share of the job's map output (SWIM: the trace's shuffle / reduces) and writes its output
 * (SWIM: output / reduces; else as much as it fetched).
 *
 * Source: a non-local map reads the replica HDFS 0.20 would give it (replicaFor).
 */
import type { BlockStore } from '../hdfs.js';
import type { Job } from '../job.js';
import { type Locality, NODE_LOCAL } from '../locality-level.js';
import type { Scenario } from '../scenario.js';
import type { NodeId } from '../ids.js';
import { hashString, mixKey } from '../rng.js';
import { type Topology, rackOf } from '../topology.js';
import { type LinkRates, linkRates } from './rack-links.js';

/** A launch's fluid fields (reused: read them before the next call). */
export interface TaskIoOut {
  computeMs: number;
  src: NodeId | -1;
  readKB: number;
  writeKB: number;
}

export class TaskIo {
  private readonly rates: LinkRates;
  private readonly startMs: number;
  /** The key of the reads' draws (replicaFor): its own, so drawing shifts no other stream. */
  private readonly readsKey: number;
  private readonly out: TaskIoOut = { computeMs: 0, src: -1, readKB: 0, writeKB: 0 };

  constructor(private readonly scenario: Scenario, private readonly topology: Topology, private readonly blocks: BlockStore) {
    this.rates = linkRates(scenario.cluster.network, topology.nodesPerRack);
    this.startMs = scenario.cluster.network.taskStartMs;
    this.readsKey = hashString(`${scenario.seed}/reads`);
  }

  inputMB(job: Job): number {
    return job.spec.inputMBPerMap ?? this.scenario.hdfs.blockMB;
  }

  /**
   * Attempt `attempt` of map `map` of `job` on `node` at `locality`; `localMs` is its profile (idle, local) time with
   * jitter applied.
   */
  map(job: Job, map: number, attempt: number, node: NodeId, locality: Locality, localMs: number): TaskIoOut {
    const o = this.out;
    const read = this.inputMB(job);
    const write = read * this.scenario.cluster.network.mapOutputRatio[job.spec.type];
    o.src = locality === NODE_LOCAL ? node : this.replicaFor(job.spec.blocks[map], node, mixKey(mixKey(mixKey(this.readsKey, job.index), map), attempt));
    o.readKB = Math.round(read * 1024);
    o.writeKB = Math.round(write * 1024);
    const network = this.scenario.cluster.network;
    o.computeMs = this.scenario.workload.kind === 'facebook'
      ? Math.round((localMs / job.spec.mapMs) * this.ms(read, network.mapCpuMBps[job.spec.type])) // the jitter, on the compute
      : Math.max(0, Math.floor(localMs - this.startMs - this.ms(o.writeKB / 1024, this.rates.diskWriteMBps))); // the read overlaps the compute
    return o;
  }

  /** A reduce of `job`; `profileMs` is its copy plus compute time (jitter applied). */
  reduce(job: Job, profileMs: number): TaskIoOut {
    const o = this.out;
    const spec = job.spec;
    const shuffle = spec.shuffleMBPerReduce ?? (job.maps * this.inputMB(job) * this.scenario.cluster.network.mapOutputRatio[spec.type]) / Math.max(1, job.reduces);
    const output = spec.outputMBPerReduce ?? shuffle;
    o.src = -1;
    o.readKB = Math.round(shuffle * 1024);
    o.writeKB = Math.round(output * 1024);
    const replicas = this.scenario.hdfs.replication > 1 ? this.ms(o.writeKB / 1024, this.rates.nicMBps) : 0;
    o.computeMs = Math.max(1, Math.floor(profileMs - this.startMs - this.ms(o.readKB / 1024, this.rates.nicMBps) - Math.max(this.ms(o.writeKB / 1024, this.rates.diskWriteMBps), replicas)));
    return o;
  }

  /**
   * The replica a non-local map reads, as HDFS 0.20 serves it: the NameNode sorts a block's locations for the reader
   * (NetworkTopology.pseudoSortByDistance: the reader's own node first, else the first replica it scans in the
   * reader's rack; with neither, a random replica swapped to the front) and DFSClient reads from the first
   * (bestNode). So the first replica in the reader's rack, else one of the block's current replicas uniformly at
   * random: a replica a policy added reads like the others. The draw is counter-based (rng.ts mixKey of the run's
   * key, the job, map and attempt: `key`), so no order of launches or threads changes it, and a re-run attempt, as a
   * fresh open in HDFS, may read another replica. Cost: one pass over the replicas.
   */
  private replicaFor(block: number, node: NodeId, key: number): NodeId {
    const rack = rackOf(this.topology, node);
    const n = this.blocks.replicaCount(block);
    for (let i = 0; i < n; i++) {
      const r = this.blocks.replica(block, i);
      if (rackOf(this.topology, r) === rack) return r;
    }
    return this.blocks.replica(block, Math.floor((key / 4294967296) * n));
  }

  private ms(mb: number, mbps: number): number {
    return (mb / mbps) * 1000;
  }
}
