/**
 * The far halves of cross-rack transfers, simulated by the far rack: "serves".
 *
 * A map reading a block from a node in another rack (and a replica copy, read the same way: rack-slots.ts) is
 * simulated in two halves: in the reader's rack, the receive half (its read stream, its NIC, the rack's downlink, the
 * group link the master sizes); in the source's rack, the send half (SEND): the block's read stream on the source
 * node (one disk's rate, capped like the reader's at the rate the map computes), the source's disks and NIC, the
 * source rack's uplink. The master sends each serve to the source's rack with the epoch's responses
 * (EpochCommand.serves), so both halves start at the same simulated time (the reader's heartbeat plus the task
 * start-up) and move the same MB, sharing each rack's resources max-min fairly with that rack's own flows. They run
 * apart, each at its own rack's rates: the send half loads the source's disks, NIC and uplink for as long as its own
 * share takes, and the receive half's rate sees the source's side only through the master's epoch-level allocation
 * of the uplinks.
 *
 * A reduce's output leaves its rack through HDFS's write pipeline (rack-links.ts replicaPath); the pipeline's far
 * side is a REPLICA serve in the rack HDFS's default placement picks (replica-targets.ts): the rack's downlink, the
 * second replica's node (NIC in, disk write) and, with three or more replicas, the hop to the third replica's node
 * in the same rack (the second's NIC out, the third's NIC in and disk write), one flow, as HDFS forwards each packet
 * down the pipeline as it arrives. Without a topology script the replicas go anywhere: a second replica in the
 * writer's rack is a hop there (rack-links.ts pipelinePath), and a third in yet another rack is a second REPLICA
 * serve there, the second's serve ending at its NIC out, the uplink and its rack's group "out to anywhere"
 * (PIPELINE_LEAVES: the hop crosses the core a second time). The writer's rack reports the
 * writes its committed passes started that leave it with its next batch, so the far side starts at the next epoch's
 * start: up to an epoch after the near side, again running apart.
 *
 * A reduce's fetch of its job's map outputs from other racks has its send halves in the racks that hold them: a
 * SHUFFLE serve for each source node, the MB it sends, reported and started as writes' far sides are
 * (shuffle-sends.ts). It joins the node's backlog of sends to other racks (rack-slots.ts shuffleSend: its
 * disk, its NIC out, its rack's uplink) and takes no serve.
 *
 * With a bounded core, where the core holds its near half's group, a far side is held to what the allocation gives
 * that group (core-allocation.ts): a send half's and a write's far side's stream, a node's backlog of sends to other
 * racks its own cap (rack-links.ts).
 *
 * A rack holds at most `capacity` serves at once; one arriving when all are busy is not simulated and its MB are
 * counted (unservedMB, unreplicatedMB) in the results, so the approximation is visible.
 */
import { MAX_NODES } from '../limits.js';
import { TouchedSet } from './touched-set.js';

/**
 * A serve on the wire, seven Float64s: kind (SEND, REPLICA, SHUFFLE), node, start time (ms), KB, `arg`, `capMBps` and
 * `peer`. `arg`: SEND, the reader's compute time (ms); REPLICA, the third replica's node in the same rack, -1 (none)
 * or PIPELINE_LEAVES (in another rack); SHUFFLE, 0 (it starts at once: at the answered epoch's start). `capMBps`: where
 * the core holds its near half's group, what the allocation gives it (core-allocation.ts): SEND and REPLICA the rate a
 * flow of the group gets, SHUFFLE what the groups in from anywhere draw over this rack's uplink (Infinity: nothing
 * holds it). `peer`: the near half's rack (SEND the reader's, REPLICA the writer's; SHUFFLE -1). Each epoch's command
 * also carries the caps of the far sides already running (FAR_CAP_FIELDS), which the rack applies from the next
 * epoch's start.
 */
export const SERVE_FIELDS = 7;
/**
 * A far side's cap on the wire (EpochCommand.farCapsMBps), three Float64s: kind, peer and MB/s. SEND: what rack
 * `peer`'s group of reads from this rack gets, which the send halves for it share; REPLICA: the rate a flow of writer
 * rack `peer`'s group out gets, each of its far sides'; SHUFFLE (peer -1): what the fetches from this rack draw, which
 * its nodes' sends share. Infinity: no cap.
 */
export const FAR_CAP_FIELDS = 3;
export const SEND = 0;
export const REPLICA = 1;
/** Map outputs a node sends to reduces in other racks (shuffle-sends.ts): `arg` unused. */
export const SHUFFLE = 2;

/** Above any peer: a peer is a rack, and a cluster has at most MAX_NODES racks (of one node). */
const PEERS = MAX_NODES + 1;

const FREE = 0;
/** Its start timer is set. */
const WAITING = 1;
const SENDING = 2;

/** The rate cap of a map's read stream: one disk's rate and the rate its code consumes `mb` in `computeMs`. */
export function readCapMBps(streamMBps: number, mb: number, computeMs: number): number {
  return Math.min(streamMBps, computeMs > 0 ? (mb * 1000) / computeMs : Infinity);
}

/** The state of a rack's serves (saved and restored with the rack's slots). */
export class ServeState {
  readonly kind: Uint8Array;
  readonly node: Int32Array;
  /** REPLICA: the third replica's node offset, -1 or PIPELINE_LEAVES (rack-links.ts replicaInPath). */
  readonly next: Int32Array;
  readonly mb: Float64Array;
  /** A read's own stream cap (readCapMBps; REPLICA: Infinity). */
  readonly capMBps: Float64Array;
  /** The cap its near half's allocation puts on it (SERVE_FIELDS `capMBps`); its stream gets the lower of the two. */
  readonly coreMBps: Float64Array;
  /** SEND: the reader's rack; REPLICA: the writer's; else -1. */
  readonly peer: Int32Array;
  readonly flow: Int32Array;
  readonly phase: Uint8Array;
  /**
   * MB of the SEND serves taken and not simulated (no free serve), then of the REPLICA ones, counted as they arrive;
   * then of the SHUFFLE ones (all simulated: they join a node's send backlog and take no serve).
   */
  readonly totals = new Float64Array(5);
  /** Whether this state may differ from its saved copy (set by every write; saveTo and restoreFrom clear it). */
  private changed = true;
  /** The serves written since then: only they (and the totals) differ from the saved copy. */
  private readonly touched: TouchedSet;
  /** Serves 0 .. highWater - 1 have been taken at some time (take() takes the lowest free one): the rest never were. */
  private highWater = 0;
  /** Scratch of recap: the SEND serves waiting or sending by reader rack, and the REPLICA ones' writer racks. */
  private readonly sharing = new Map<number, number>();
  private readonly writers = new Set<number>();

  constructor(readonly capacity: number) {
    this.kind = new Uint8Array(capacity);
    this.node = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
    this.mb = new Float64Array(capacity);
    this.capMBps = new Float64Array(capacity);
    this.coreMBps = new Float64Array(capacity);
    this.peer = new Int32Array(capacity).fill(-1);
    this.flow = new Int32Array(capacity).fill(-1);
    this.phase = new Uint8Array(capacity);
    this.touched = new TouchedSet(capacity);
  }

  get servedMB(): number {
    return this.totals[0];
  }

  get unservedMB(): number {
    return this.totals[1];
  }

  get replicatedMB(): number {
    return this.totals[2];
  }

  get unreplicatedMB(): number {
    return this.totals[3];
  }

  get shuffledMB(): number {
    return this.totals[4];
  }

  /** A SHUFFLE serve of `mb` joined a node's send backlog. */
  shuffled(mb: number): void {
    this.changed = true;
    this.totals[4] += mb;
  }

  /**
   * Takes a free serve of `kind` for `mb` at node offset `node` (`next`: REPLICA's third node offset or -1; `capMBps`:
   * SEND's stream cap, else Infinity; `coreMBps` and `peer`: as SERVE_FIELDS); returns it, or -1 (its MB counted as not
   * simulated) when none is free.
   */
  take(kind: number, node: number, next: number, mb: number, capMBps: number, coreMBps = Infinity, peer = -1): number {
    this.changed = true;
    const at = kind === REPLICA ? 2 : 0;
    for (let k = 0; k < this.capacity; k++) {
      if (this.phase[k] !== FREE) continue;
      this.touched.mark(k);
      if (k >= this.highWater) this.highWater = k + 1;
      this.phase[k] = WAITING;
      this.kind[k] = kind;
      this.node[k] = node;
      this.next[k] = next;
      this.mb[k] = mb;
      this.capMBps[k] = capMBps;
      this.coreMBps[k] = coreMBps;
      this.peer[k] = peer;
      this.totals[at] += mb;
      return k;
    }
    this.totals[at + 1] += mb;
    return -1;
  }

  /** Serve k starts sending over flow f. */
  sending(k: number, f: number): void {
    if (this.phase[k] !== WAITING) throw new Error(`serve ${k} started twice`);
    this.changed = true;
    this.touched.mark(k);
    this.phase[k] = SENDING;
    this.flow[k] = f;
  }

  /** Serve k's flow has ended. */
  free(k: number): void {
    if (this.phase[k] !== SENDING) throw new Error(`serve ${k} ended while not sending`);
    this.changed = true;
    this.touched.mark(k);
    this.phase[k] = FREE;
    this.flow[k] = -1;
  }

  /**
   * The (kind, peer) pairs of the SEND and REPLICA serves waiting or sending, ascending by kind then peer, into `out`
   * (cleared first); `seen` is scratch.
   */
  peers(out: number[], seen: Set<number>): void {
    out.length = 0;
    seen.clear();
    for (let k = 0; k < this.highWater; k++) {
      if (this.phase[k] === FREE || this.peer[k] < 0) continue;
      seen.add(this.kind[k] * PEERS + this.peer[k]);
    }
    for (const key of [...seen].sort((a, b) => a - b)) out.push(Math.floor(key / PEERS), key % PEERS);
  }

  /** The capacity of serve k's stream: its own cap and its near half's, the lower. */
  streamMBps(k: number): number {
    return Math.min(this.capMBps[k], this.coreMBps[k]);
  }

  /**
   * The caps of the serves waiting or sending, from `reads` (by reader rack: what its group gets, which its send halves
   * here share evenly) and `writes` (by writer rack: each of its far sides' cap); a peer missing from its table has
   * none, and a peer with no serve here leaves its table (the master forgets it too: far-caps.ts). Calls
   * `restream(k, MB/s)` for each sending serve whose stream's capacity changes; returns whether any serve's cap did
   * (a waiting one's too: the state then differs from its saved copy).
   */
  recap(reads: Map<number, number>, writes: Map<number, number>, restream: (k: number, mbps: number) => void): boolean {
    let any = false;
    const { sharing, writers } = this;
    sharing.clear();
    writers.clear();
    for (let k = 0; k < this.highWater; k++) {
      if (this.phase[k] === FREE) continue;
      if (this.kind[k] === SEND) sharing.set(this.peer[k], (sharing.get(this.peer[k]) ?? 0) + 1);
      else if (this.kind[k] === REPLICA) writers.add(this.peer[k]);
    }
    for (const p of reads.keys()) if (!sharing.has(p)) reads.delete(p);
    for (const p of writes.keys()) if (!writers.has(p)) writes.delete(p);
    for (let k = 0; k < this.highWater; k++) {
      if (this.phase[k] === FREE || this.peer[k] < 0) continue;
      const cap = this.kind[k] === SEND ? (reads.get(this.peer[k]) ?? Infinity) / sharing.get(this.peer[k])! : this.kind[k] === REPLICA ? (writes.get(this.peer[k]) ?? Infinity) : Infinity;
      if (cap === this.coreMBps[k]) continue;
      const was = this.streamMBps(k);
      this.changed = true;
      any = true;
      this.touched.mark(k);
      this.coreMBps[k] = cap;
      if (this.phase[k] === SENDING && this.streamMBps(k) !== was) restream(k, this.streamMBps(k));
    }
    return any;
  }

  /** Makes `saved` (written by nothing else) equal to this state: a copy, or nothing when nothing changed since. */
  saveTo(saved: ServeState): void {
    if (this.changed) this.copy(this, saved);
    this.changed = false;
  }

  /** Makes this state equal to `saved` again. */
  restoreFrom(saved: ServeState): void {
    if (this.changed) this.copy(saved, this);
    this.changed = false;
  }

  /** Copies the serves this state wrote since it and its copy were last equal, and the totals, from `a` to `b`. */
  private copy(a: ServeState, b: ServeState): void {
    const touched = this.touched;
    for (let t = 0; t < touched.size; t++) {
      const k = touched.at(t);
      b.kind[k] = a.kind[k]; b.node[k] = a.node[k]; b.next[k] = a.next[k]; b.mb[k] = a.mb[k]; b.capMBps[k] = a.capMBps[k];
      b.coreMBps[k] = a.coreMBps[k]; b.peer[k] = a.peer[k]; b.flow[k] = a.flow[k]; b.phase[k] = a.phase[k];
    }
    b.totals.set(a.totals);
    b.highWater = a.highWater;
    touched.clear();
  }
}
