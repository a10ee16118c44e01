/**
 * HDFS replicas that change during a run, as a replication policy asks (framework/replication.ts).
 *
 * - A new replica is copied from a current replica that HDFS 0.20's NameNode would pick (sourceFor): it is readable,
 *   and the scheduler sees it, only from the copy's end.
 * - Flat model: the copy takes a fixed time, the block over the destination's NIC: hdfs.blockMB /
 *   (cluster.network.nicGbps in MB/s), about 1.07 s for 128 MB at 1 Gbps.
 * - Fluid model: the copy is a transfer on the simulated hardware. It waits for the destination's next heartbeat with
 *   fewer than COPY_STREAMS copies under way at both ends (copy-streams.ts; its source is chosen then), goes to the
 *   destination's rack in that heartbeat's response as a task of job COPY_JOB, and moves the block in one flow from
 *   the source's disk over the path between them onto the destination's disks, sharing every link with the tasks'
 *   flows; the replica is readable from the heartbeat at which the destination reports the copy done.
 * - A removed replica leaves at once (no later map reads it; a running map had its read fixed at its launch).
 * - No block drops below hdfs.replication, and none has more than maxReplicas (readable and being copied).
 * - Storage: readable replicas over time, against the static placement's (the replicas placed at load): the
 *   overhead's time-weighted mean from time 0 to the run's end, its peak, and a point at every change.
 * Changes apply in time order at the master's heartbeats (advance), copies before rounds at equal times; the jobs
 * reading a changed block rebuild their locality caches before the heartbeat's decisions.
 */
import type { ReplicaHdfs, ReplicationPolicy } from '../framework/replication.js';
import type { BlockStore } from '../hdfs.js';
import type { ActionSink } from '../action-sink.js';
import type { JobIndex } from '../ids.js';
import { kindInWords, shownValue } from '../shown-value.js';
import { COPY_JOB } from '../task-ref.js';
import { COPY_STREAMS } from './copy-streams.js';
import { hashString, mixKey, mixTime } from '../rng.js';
import { type NodeId, type Topology, rackOf } from '../topology.js';

/** One replica change, for tests and audits: a copy (start and end) or a removal (start = end). */
export interface ReplicaEvent {
  kind: 'copy' | 'remove';
  block: number;
  node: NodeId;
  /** The copy's source (-1 for a removal). */
  src: NodeId | -1;
  startMs: number;
  endMs: number;
}

export interface StorageResult {
  /** Readable replicas placed at load (the static scheme keeps these all run). */
  staticReplicas: number;
  /** Replicas above the static placement, % of it: time-weighted mean over [0, end], peak, and at the end. */
  meanOverheadPct: number;
  peakOverheadPct: number;
  finalOverheadPct: number;
  /** [time ms, overhead %] at 0 and after every change (coalesced by time). */
  series: Array<[number, number]>;
}

export interface ReplicaCounts {
  replicasCreated: number;
  replicasDeleted: number;
  /** Copies still under way at the end (started, never readable). */
  copiesUnfinished: number;
  /**
   * Fluid model only: copies decided and never launched by the end, waiting for a copy stream at both ends (under the
   * flat model a copy starts when it is decided). They were counted in copiesUnfinished: 2,885 "under way" on 20 nodes
   * of 2 streams each.
   */
  copiesQueued?: number;
  bytesCopiedMB: number;
  /** A copy's time: fixed (flat model), or the mean from launch to the heartbeat reporting it (fluid; 0 if none ended). */
  copyMs: number;
}

/** Where a fluid run's copies go: the heartbeat response of their destination. */
export type CopySink = Pick<ActionSink, 'launchMap'>;

interface Copy {
  block: number;
  node: NodeId;
  src: NodeId;
  startMs: number;
  endMs: number;
}

export class DynamicReplicas implements ReplicaHdfs {
  nowMs = 0;
  readonly defaultReplication: number;
  readonly maxReplicas: number;
  readonly events: ReplicaEvent[] = [];
  /** Flat model: the copies under way, by end time. */
  private readonly copies: Copy[] = [];
  /** Fluid model: copies decided and not yet launched (in decision order), those launched, and copies under way by node. */
  private readonly waiting: Copy[] = [];
  private readonly moving: Copy[] = [];
  private readonly streams: Int32Array;
  private landedMs = 0;
  /** By block: jobs that read it (indexes, in arrival order), for the rebuild of their caches. */
  private readonly readers = new Map<number, number[]>();
  private readonly dirty = new Set<number>();
  private readonly counts: ReplicaCounts;
  private readonly staticReplicas: number;
  private replicas: number;
  private areaMs = 0;
  private lastChangeMs = 0;
  private peak = 0;
  private readonly series: Array<[number, number]> = [];
  /** The policy, as messages name it. */
  private readonly who: string;
  /** The key of the copies' source draws (sourceFor): its own, so drawing shifts no other stream. */
  private readonly sourceKey: number;

  constructor(readonly blocks: BlockStore, readonly files: readonly Int32Array[], private readonly topology: Topology, readonly copyMs: number,
    private readonly blockMB: number, private readonly rebuild: (job: number) => void, readonly network: boolean,
    /** The replication policy's registered name, to name it in a message (as replication "x", as the checks do). */
    policy: string, seed: number) {
    this.who = `replication "${policy}"`;
    this.sourceKey = hashString(`${seed}/copy-sources`);
    this.defaultReplication = blocks.replication;
    this.maxReplicas = blocks.stride;
    let total = 0;
    for (let b = 0; b < blocks.blocks; b++) total += blocks.replicaCount(b);
    this.staticReplicas = total;
    this.replicas = total;
    this.counts = { replicasCreated: 0, replicasDeleted: 0, copiesUnfinished: 0, bytesCopiedMB: 0, copyMs };
    this.series.push([0, 0]);
    this.streams = new Int32Array(network ? topology.nodes : 0);
  }

  /** A job arrived: it reads these blocks. */
  jobArrived(job: number, blocks: Int32Array): void {
    for (let i = 0; i < blocks.length; i++) {
      const list = this.readers.get(blocks[i]);
      if (list === undefined) this.readers.set(blocks[i], [job]);
      else if (list[list.length - 1] !== job) list.push(job);
    }
  }

  /** Applies the copies ending and the policy's rounds due at or before `nowMs`, in time order; then rebuilds jobs. */
  advance(nowMs: number, policy: ReplicationPolicy, isDone: (job: number) => boolean): void {
    for (;;) {
      const copyEnd = this.copies.length > 0 ? this.copies[0].endMs : Infinity;
      const round = policy.nextRoundMs ?? Infinity;
      // NaN compared false everywhere here: the rounds stopped silently, at the start or after the round that gave it.
      if (Number.isNaN(round)) throw new Error(`${this.who}: its next round (NaN) is not a time (Infinity or omitted: no more rounds)`);
      if (copyEnd <= nowMs && copyEnd <= round) this.finishCopy(this.copies.shift()!);
      else if (round <= nowMs && policy.round !== undefined) {
        this.nowMs = round;
        policy.round(this);
        if (!((policy.nextRoundMs ?? Infinity) > round)) throw new Error(`${this.who}: its next round (${policy.nextRoundMs}) is not after ${round}`);
      } else break;
    }
    this.nowMs = nowMs;
    this.rebuildChanged(isDone);
  }

  /** Fluid model: the copy of `block` to `node` was reported done at `nowMs`: the replica is readable from now. */
  landed(block: number, node: NodeId, nowMs: number): void {
    const k = this.moving.findIndex((c) => c.block === block && c.node === node);
    if (k < 0) throw new Error(`node ${node} reported a copy of block ${block}, which it was not sent`);
    const [c] = this.moving.splice(k, 1);
    this.streams[c.node]--;
    this.streams[c.src]--;
    c.endMs = nowMs;
    this.landedMs += nowMs - c.startMs;
    this.finishCopy(c);
  }

  /**
   * Fluid model: launches, into `sink`, the waiting copies to `node` (at its heartbeat at `nowMs`) that both ends have
   * a stream free for, in the order they were decided; each reads from a current replica chosen now.
   */
  launchCopies(node: NodeId, nowMs: number, sink: CopySink): void {
    if (this.waiting.length === 0 || this.streams[node] >= COPY_STREAMS) return;
    const kb = Math.round(this.blockMB * 1024);
    for (let k = 0; k < this.waiting.length && this.streams[node] < COPY_STREAMS; k++) {
      const c = this.waiting[k];
      if (c.node !== node) continue;
      const src = this.sourceFor(c.block, node, nowMs);
      if (src === -1) continue; // every replica is copying to its limit: the next heartbeat tries again
      this.waiting.splice(k--, 1);
      c.src = src;
      c.startMs = nowMs;
      this.streams[node]++;
      this.streams[src]++;
      this.moving.push(c);
      sink.launchMap(node, COPY_JOB as JobIndex, c.block, 0, src, kb, 0); // written as it is read
    }
  }

  /** Rebuilds the locality caches of the unfinished jobs reading a block whose replicas changed. */
  rebuildChanged(isDone: (job: number) => boolean): void {
    if (this.dirty.size === 0) return;
    for (const job of [...this.dirty].sort((a, b) => a - b)) if (!isDone(job)) this.rebuild(job);
    this.dirty.clear();
  }

  /**
   * A policy's block and node must exist: addReplica(1e6, 1) had "copied" a block that is not there (its MB and the
   * storage overhead counted), and a node of 999 on a 4-node cluster came to hold a replica (a fuzzing pass's plugin).
   */
  private checkArgs(what: string, block: number, node: number): void {
    const nodes = this.topology.nodes;
    // Shown as given: a node of "3" (a string) read "addReplica(0, 3): no such node (the nodes are 0 to 9)".
    const call = `${what}(${shownValue(block)}, ${shownValue(node)})`;
    const notNumber = (v: unknown): string => (typeof v === 'number' ? '' : `, and ${shownValue(v)} is ${kindInWords(v)}, not a number`);
    if (!Number.isInteger(block) || block < 0 || block >= this.blocks.blocks) throw new Error(`${this.who}: ${call}: no such block (the blocks are 0 to ${this.blocks.blocks - 1}${notNumber(block)})`);
    if (!Number.isInteger(node) || node < 0 || node >= nodes) throw new Error(`${this.who}: ${call}: no such node (the nodes are 0 to ${nodes - 1}${notNumber(node)})`);
  }

  copying(block: number): number {
    return countOf(this.copies, block, -1) + countOf(this.waiting, block, -1) + countOf(this.moving, block, -1);
  }

  copyingTo(block: number, node: NodeId): boolean {
    return countOf(this.copies, block, node) + countOf(this.waiting, block, node) + countOf(this.moving, block, node) > 0;
  }

  addReplica(block: number, node: NodeId): boolean {
    this.checkArgs('addReplica', block, node);
    const b = this.blocks;
    if (b.holds(block, node) || this.copyingTo(block, node) || b.replicaCount(block) + this.copying(block) >= this.maxReplicas) return false;
    if (b.replicaCount(block) === 0) return false; // nothing to copy from
    if (this.network) {
      this.waiting.push({ block, node, src: -1 as NodeId, startMs: NaN, endMs: NaN });
      return true;
    }
    const copy: Copy = { block, node, src: this.sourceFor(block, node, this.nowMs) as NodeId, startMs: this.nowMs, endMs: this.nowMs + this.copyMs };
    let i = this.copies.length;
    while (i > 0 && this.copies[i - 1].endMs > copy.endMs) i--; // by end, then start order
    this.copies.splice(i, 0, copy);
    return true;
  }

  removeReplica(block: number, node: NodeId): boolean {
    this.checkArgs('removeReplica', block, node);
    if (!this.blocks.holds(block, node) || this.blocks.replicaCount(block) <= this.defaultReplication) return false;
    this.blocks.removeReplica(block, node);
    this.events.push({ kind: 'remove', block, node, src: -1, startMs: this.nowMs, endMs: this.nowMs });
    this.counts.replicasDeleted++;
    this.changed(block, -1, this.nowMs);
    return true;
  }

  /** Storage and counters at the run's end `endMs` (the last job's finish). */
  result(endMs: number): { counts: ReplicaCounts; storage: StorageResult } {
    const end = Math.max(endMs, this.lastChangeMs);
    const area = this.areaMs + (this.replicas - this.staticReplicas) * (end - this.lastChangeMs);
    const pct = (extra: number): number => (this.staticReplicas === 0 ? 0 : Math.round((10_000 * extra) / this.staticReplicas) / 100);
    return {
      counts: {
        ...this.counts,
        copiesUnfinished: this.copies.length + this.moving.length,
        ...(this.network ? { copiesQueued: this.waiting.length } : {}),
        bytesCopiedMB: Math.round(this.counts.bytesCopiedMB * 100) / 100,
        copyMs: !this.network ? this.copyMs : this.counts.replicasCreated === 0 ? 0 : Math.round(this.landedMs / this.counts.replicasCreated),
      },
      storage: {
        staticReplicas: this.staticReplicas,
        meanOverheadPct: pct(end > 0 ? area / end : 0),
        peakOverheadPct: pct(this.peak),
        finalOverheadPct: pct(this.replicas - this.staticReplicas),
        series: this.series.map(([t, extra]) => [t, pct(extra)]),
      },
    };
  }

  private finishCopy(c: Copy): void {
    this.nowMs = c.endMs;
    this.blocks.addReplica(c.block, c.node);
    this.events.push({ kind: 'copy', block: c.block, node: c.node, src: c.src, startMs: c.startMs, endMs: c.endMs });
    this.counts.replicasCreated++;
    this.counts.bytesCopiedMB += this.blockMB;
    this.changed(c.block, 1, c.endMs);
  }

  private changed(block: number, delta: number, atMs: number): void {
    this.areaMs += (this.replicas - this.staticReplicas) * (atMs - this.lastChangeMs);
    this.lastChangeMs = atMs;
    this.replicas += delta;
    const extra = this.replicas - this.staticReplicas;
    if (extra > this.peak) this.peak = extra;
    const last = this.series[this.series.length - 1];
    if (last[0] === atMs) last[1] = extra;
    else this.series.push([atMs, extra]);
    for (const job of this.readers.get(block) ?? []) this.dirty.add(job);
  }

  /**
   * The source of a copy of `block` to `node` at `nowMs`, as HDFS 0.20's NameNode picks one to replicate from
   * (FSNamesystem.chooseSourceDatanode): it walks the block's replicas, skips any at its replication-stream limit
   * (here COPY_STREAMS copies under way; the flat model has none), takes the first left, and switches to each later one
   * on a coin toss ("to prevent from deterministically selecting the same node"), whatever the racks: of 3 replicas
   * the first and second are picked 1/4 of the time each, the third 1/2. -1 when every replica is at its limit. The
   * coins are counter-based (rng.ts mixKey of the run's key, the block, the destination and the time), so no order
   * of threads changes them; a copy retried at a later heartbeat tosses anew. Cost: one pass over the replicas.
   */
  private sourceFor(block: number, node: NodeId, nowMs: number): NodeId | -1 {
    const key = mixTime(mixKey(mixKey(this.sourceKey, block), node), nowMs);
    let src: NodeId | -1 = -1;
    for (let i = 0, n = this.blocks.replicaCount(block); i < n; i++) {
      const r = this.blocks.replica(block, i);
      if (this.network && this.streams[r] >= COPY_STREAMS) continue;
      if (src < 0 || (mixKey(key, i) & 1) === 1) src = r;
    }
    return src;
  }
}

/** Copies in `list` of `block` (to `node`, or to any node when -1). */
function countOf(list: readonly Copy[], block: number, node: number): number {
  let n = 0;
  for (let k = 0; k < list.length; k++) if (list[k].block === block && (node < 0 || list[k].node === node)) n++;
  return n;
}
