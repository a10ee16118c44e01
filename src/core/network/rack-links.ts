/**
 * The resources of one rack's fluid network and the paths flows take over them. Per node: disk read, disk write,
 * NIC in, NIC out; per rack: the switch's uplink and downlink; then one virtual link per cross-rack group, whose
 * capacity the master allocates each epoch (core-allocation.ts): traffic in from each other rack, traffic in from
 * "anywhere" (a reduce's shuffle from the job's maps on other racks), and traffic out to "anywhere" (the off-rack
 * replica of a reduce's output). Cross-rack flows cross the rack's own NIC and switch link plus their group's link;
 * the far rack's side of a map's read is the send half the far rack simulates (serves.ts), and the far side of a
 * reduce output's write pipeline the replica racks' (replicaInPath); for a reduce's shuffle from other racks the far
 * side is not simulated (its uplink and the core are, in the allocation); from its own rack it is (readPath).
 * With a bounded core the far sides this rack runs for other racks' transfers are held to caps of their own, what the
 * master's allocation gives their near halves (core-allocation.ts): a serve's stream (a write's far side crosses its
 * serve's stream too, then) and each node's "send cap", which its backlog of sends to other racks crosses.
 * Per map slot: its read stream, a link of one flow whose capacity caps that map's read: one disk's rate (a block
 * lives on one disk) and the rate the map's code consumes its input (reading and computing overlap).
 */
import type { NetworkConfig } from './config.js';
import { grownInts } from './grown.js';
import { gbpsToMBps } from './units.js';

export const DISK_READ = 0;
export const DISK_WRITE = 1;
export const NIC_IN = 2;
export const NIC_OUT = 3;
const PER_NODE = 4;
/** A pipeline's third replica in another rack than the second's (replicaInPath, pipelinePath). */
export const PIPELINE_LEAVES = -2;

export interface LinkRates {
  diskReadMBps: number;
  diskWriteMBps: number;
  /** One read stream: one disk's rate (diskReadMBps / disksPerNode). */
  streamMBps: number;
  nicMBps: number;
  /** Each rack's uplink and downlink. */
  switchMBps: number;
  /** The core between racks (Infinity: non-blocking). */
  coreMBps: number;
}

export function linkRates(network: NetworkConfig, nodesPerRack: number): LinkRates {
  const nic = gbpsToMBps(network.nicGbps);
  return {
    diskReadMBps: network.diskReadMBps,
    diskWriteMBps: network.diskWriteMBps,
    streamMBps: network.diskReadMBps / network.disksPerNode,
    nicMBps: nic,
    switchMBps: (nodesPerRack * nic) / network.oversubscription,
    coreMBps: network.coreGbps === undefined ? Infinity : gbpsToMBps(network.coreGbps),
  };
}

export class RackLinks {
  readonly up: number;
  readonly down: number;
  /** Cross-rack groups: 0 .. racks - 1 in from that rack, then SPREAD_IN, SPREAD_OUT. */
  readonly groups: number;
  readonly spreadIn: number;
  readonly spreadOut: number;
  /** Resources the owner's arrays hold: the nodes', the streams, the switch links, then the group links reserved. */
  resources: number;
  /**
   * Told the new resource count when a group's link is bound past those reserved: the owner grows its arrays (a rack's
   * networks) to it before the link is used.
   */
  onGrow: (resources: number) => void = () => {
    throw new Error('a rack bound more group links than it reserved, with no owner to grow its networks');
  };

  /** First map slot's read stream. */
  private readonly streams: number;
  /** With a bounded core, node offset 0's send cap (sendCap); else -1: there are none. */
  private readonly sendCaps: number;
  /**
   * Each bound group's slot k (its link is down + 1 + k), kept sparse: a rack binds few of its groups, one per rack of
   * the cluster (an array by group made racks^2 entries in all: 400 MB at 10,000 racks).
   */
  private readonly slotOf = new Map<number, number>();
  /** The group of each slot: link down + 1 + k is group groupOf[k]. */
  private groupOf: Int32Array;
  private bound = 0;

  /**
   * `serves`: the source sides of cross-rack reads this rack can hold at once (serves.ts), each with its stream.
   * `reserve`: group links to reserve; all of them (the default) binds group g to link down + 1 + g at once. A rack
   * reserves a few and binds a group's link when it first uses the group (group()), reserving half as many again (at
   * least 8) when those run out: a rack has a group per rack of the cluster and uses few, and its networks' arrays are
   * per resource (at 3,000 racks, every link bound at once made 2 GB). A link is internal: which one a group gets
   * changes nothing simulated. `boundedCore`: the core between racks has a capacity, and far sides have caps (a
   * node's send cap, a write's far side its serve's stream); without one the resources and paths are as they were.
   */
  constructor(readonly nodes: number, readonly racks: number, readonly mapSlots = 0, readonly serves = 0, reserve = racks + 2, readonly boundedCore = false) {
    this.streams = nodes * PER_NODE;
    this.sendCaps = boundedCore ? this.streams + nodes * mapSlots + serves : -1;
    this.up = this.streams + nodes * mapSlots + serves + (boundedCore ? nodes : 0);
    this.down = this.up + 1;
    this.groups = racks + 2;
    this.spreadIn = racks;
    this.spreadOut = racks + 1;
    const reserved = Math.min(this.groups, Math.max(1, reserve));
    this.groupOf = new Int32Array(reserved);
    this.resources = this.down + 1 + reserved;
    if (reserved === this.groups) for (let g = 0; g < this.groups; g++) this.bind(g);
  }

  /** Resource of node offset i (0 .. nodes - 1): DISK_READ, DISK_WRITE, NIC_IN or NIC_OUT. */
  node(i: number, what: number): number {
    return i * PER_NODE + what;
  }

  /** The read stream of map slot q (0 .. nodes x mapSlots - 1). */
  stream(q: number): number {
    return this.streams + q;
  }

  /** The read stream of serve k. */
  serveStream(k: number): number {
    return this.streams + this.nodes * this.mapSlots + k;
  }

  /** With a bounded core, the cap of node offset j's backlog of sends to other racks' reduces (shuffleSendPath). */
  sendCap(j: number): number {
    if (this.sendCaps < 0) throw new Error('a send cap asked for with a non-blocking core');
    return this.sendCaps + j;
  }

  /** Node offset j's backlog of sends to other racks' reduces: (with a bounded core, its send cap,) its disks and NIC out, the uplink. */
  shuffleSendPath(j: number, out: Int32Array): number {
    let at = 0;
    if (this.boundedCore) out[at++] = this.sendCap(j);
    out[at] = this.node(j, DISK_READ);
    out[at + 1] = this.node(j, NIC_OUT);
    out[at + 2] = this.up;
    return at + 3;
  }

  /** The send half of serve k from node offset `src`: its stream, the node's disks and NIC out, the uplink. */
  servePath(k: number, src: number, out: Int32Array): number {
    out[0] = this.serveStream(k);
    out[1] = this.node(src, DISK_READ);
    out[2] = this.node(src, NIC_OUT);
    out[3] = this.up;
    return 4;
  }

  /**
   * The far side of a write pipeline arriving from another rack, serve k's: (with a bounded core, the serve's stream,
   * its cap,) the downlink, the second replica's node offset `second` (NIC in, disk write) and then `third`: the hop
   * on to the third's node offset (the second's NIC out, the third's NIC in and disk write), PIPELINE_LEAVES (the
   * second's NIC out, the uplink and the group "out to anywhere": the third is in another rack, which simulates its
   * side; the hop crosses the core a second time, so it is this rack's demand on the core as its own writes are), or -1
   * (none). Packets move down the pipeline as they arrive, so it is one flow.
   */
  replicaInPath(k: number, second: number, third: number, out: Int32Array): number {
    let at = 0;
    if (this.boundedCore) out[at++] = this.serveStream(k);
    out[at] = this.down;
    return at + 1 + this.pipelineFrom(second, third, out, at + 1);
  }

  /**
   * A write pipeline from node offset i whose second replica is in this rack too (HDFS without a topology script):
   * i's NIC out, then the second's node offset as in replicaInPath, where PIPELINE_LEAVES ends in the group "out to
   * anywhere" after the uplink, as a pipeline leaving from the writer does (replicaPath).
   */
  pipelinePath(i: number, second: number, third: number, out: Int32Array): number {
    out[0] = this.node(i, NIC_OUT);
    return 1 + this.pipelineFrom(second, third, out, 1);
  }

  /** The pipeline from the second replica's NIC in, written at out[at ..]; returns its length. */
  private pipelineFrom(second: number, third: number, out: Int32Array, at: number): number {
    out[at] = this.node(second, NIC_IN);
    out[at + 1] = this.node(second, DISK_WRITE);
    if (third === -1) return 2;
    out[at + 2] = this.node(second, NIC_OUT);
    if (third === PIPELINE_LEAVES) {
      out[at + 3] = this.up;
      out[at + 4] = this.group(this.spreadOut);
      return 5;
    }
    out[at + 3] = this.node(third, NIC_IN);
    out[at + 4] = this.node(third, DISK_WRITE);
    return 5;
  }

  /** The virtual link of cross-rack group g, bound now if it has none (see the constructor's `reserve`). */
  group(g: number): number {
    return this.down + 1 + this.slot(g);
  }

  /**
   * Group g's slot: the index of its link among the bound ones (down + 1 + slot), bound now if it has none. A rack
   * keeps its numbers by group (flows, claims) by slot, so they grow with the groups it uses.
   */
  slot(g: number): number {
    return this.slotOf.get(g) ?? this.bind(g);
  }

  /** Group g's slot, or -1 while it has none (nothing has used the group here). */
  boundSlot(g: number): number {
    return this.slotOf.get(g) ?? -1;
  }

  /** Group g's link, or -1 while it has none. */
  boundLink(g: number): number {
    const k = this.boundSlot(g);
    return k < 0 ? -1 : this.down + 1 + k;
  }

  /** Slots bound so far (0 .. slots - 1), and the slots the resources hold room for. */
  get slots(): number {
    return this.bound;
  }

  get slotRoom(): number {
    return this.resources - this.down - 1;
  }

  /** The group of slot k (< slots). */
  groupOfSlot(k: number): number {
    return this.groupOf[k];
  }

  /** The link of slot k. */
  linkOfSlot(k: number): number {
    return this.down + 1 + k;
  }

  /** The slot whose link resource r is, or -1 when r is no group's link. */
  slotAt(r: number): number {
    const k = r - this.down - 1;
    return k >= 0 && k < this.bound ? k : -1;
  }

  /** The group whose link resource r is, or -1 when r is no group's link. */
  groupAt(r: number): number {
    const k = this.slotAt(r);
    return k < 0 ? -1 : this.groupOf[k];
  }

  private bind(g: number): number {
    if (g < 0 || g >= this.groups || !Number.isInteger(g)) throw new Error(`no cross-rack group ${g} (a rack has groups 0 .. ${this.groups - 1})`);
    if (this.down + 1 + this.bound === this.resources) {
      this.groupOf = grownInts(this.groupOf, Math.min(this.groups, this.bound + Math.max(8, this.bound >> 1)));
      this.resources = this.down + 1 + this.groupOf.length;
      this.onGrow(this.resources);
    }
    const k = this.bound++;
    this.groupOf[k] = g;
    this.slotOf.set(g, k);
    return k;
  }

  /** Capacities: nodes' disks and NICs, the switch links; group links start at 0 (the master allocates them). */
  capacities(rates: LinkRates): Float64Array {
    const c = new Float64Array(this.resources);
    for (let i = 0; i < this.nodes; i++) {
      c[this.node(i, DISK_READ)] = rates.diskReadMBps;
      c[this.node(i, DISK_WRITE)] = rates.diskWriteMBps;
      c[this.node(i, NIC_IN)] = rates.nicMBps;
      c[this.node(i, NIC_OUT)] = rates.nicMBps;
    }
    c.fill(rates.streamMBps, this.streams, this.up);
    if (this.sendCaps >= 0) c.fill(Infinity, this.sendCaps, this.sendCaps + this.nodes); // until a serve caps them
    // Every flow on the uplink (downlink) also crosses a NIC of the rack, so a link as fast as all the rack's NICs
    // together can never be the tighter limit: it is left unbounded, which keeps it from joining the flows of
    // different nodes into one component (max-min depends only on the feasible set, which does not change).
    const sw = rates.switchMBps >= this.nodes * rates.nicMBps ? Infinity : rates.switchMBps;
    c[this.up] = sw;
    c[this.down] = sw;
    return c;
  }

  /**
   * Writes into `out` the path of a read by node offset `dst` of data on `src`: a node offset in this rack, or
   * -(g + 1) for cross-rack group g. Returns its length. Local: the disk; in the rack: the source's disk and NIC
   * and the reader's NIC; from another rack: the reader's NIC, the downlink and the group's link.
   */
  readPath(dst: number, src: number, out: Int32Array): number {
    if (src === dst) {
      out[0] = this.node(dst, DISK_READ);
      return 1;
    }
    if (src >= 0) {
      out[0] = this.node(src, DISK_READ);
      out[1] = this.node(src, NIC_OUT);
      out[2] = this.node(dst, NIC_IN);
      return 3;
    }
    out[0] = this.node(dst, NIC_IN);
    out[1] = this.down;
    out[2] = this.group(-src - 1);
    return 3;
  }

  /** readPath for the map in slot q, behind the slot's read stream (first, so a group link stays last). */
  mapReadPath(q: number, dst: number, src: number, out: Int32Array): number {
    const len = this.readPath(dst, src, out);
    for (let k = len; k > 0; k--) out[k] = out[k - 1];
    out[0] = this.stream(q);
    return len + 1;
  }

  /** Adds node offset i's disk write to a read path of length `len` (after its stream; a group link stays last). */
  withLocalWrite(i: number, out: Int32Array, len: number): number {
    for (let k = len; k > 1; k--) out[k] = out[k - 1];
    out[1] = this.node(i, DISK_WRITE);
    return len + 1;
  }

  /** A write of node offset `i` to its own disks. */
  localWritePath(i: number, out: Int32Array): number {
    out[0] = this.node(i, DISK_WRITE);
    return 1;
  }

  /** The off-rack copies of an HDFS write pipeline leaving node offset i (racks > 1); in one rack, the NIC only. */
  replicaPath(i: number, out: Int32Array): number {
    out[0] = this.node(i, NIC_OUT);
    if (this.racks === 1) return 1;
    out[1] = this.up;
    out[2] = this.group(this.spreadOut);
    return 3;
  }
}
