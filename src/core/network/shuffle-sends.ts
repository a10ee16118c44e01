/**
 * The send halves of reduces' fetches from other racks (the fluid model's SHUFFLE serves: serves.ts).
 *
 * A reduce fetches the outputs of its job's maps finished in other racks over its NIC, its rack's downlink and the
 * group link of traffic in from anywhere (rack-slots.ts). The nodes that ran those maps send them: each from its disk
 * over its NIC out and its rack's uplink. The reducer's rack reports each such fetch its committed pass started
 * (FETCH_FIELDS: the reducer's node, the job, the job's maps finished before the fetch and after it, in the order the
 * master's notices count them, and the MB the reduce reads of each map's output). The master resolves the fetches
 * with each job's finish order (map-outputs.ts: the node of each finished map) into MB by source node, summed over
 * the epoch's fetches, and sends each source node's total to its rack as one SHUFFLE serve with the next commands:
 * like a write's far side (serves.ts), it starts at the answered epoch's start, up to an epoch after the fetch, and
 * runs apart from it. The same sums by reducer rack and source rack go to the shuffle mix (shuffle-mix.ts), which
 * weights the reducers' group links over the sources' uplinks.
 */
import { MixTally } from './mix-tally.js';
import { SHUFFLE } from './serves.js';
import type { ShuffleMix } from './shuffle-mix.js';

/** A fetch on the wire (HeartbeatBatch.fetches), five Float64s: reducer node, job, maps finished before, after, MB a map. */
export const FETCH_FIELDS = 5;

/** A job's finished maps: the node of each, entries 0 .. finished - 1 of `nodes`, in finish order. */
export interface FinishOrder {
  readonly nodes: Int32Array;
  readonly finished: number;
}

export class ShuffleSends {
  /** MB each node is to send, for the nodes listed in `sources`. */
  private readonly mb: Float64Array;
  private readonly sources: Int32Array;
  private count = 0;
  /** Fetches added since the last resolve: reducer's rack, job, from, to, MB a map. */
  private readonly fetches: number[] = [];
  /** Scratch of a job's sweep: its fetches' starts and ends as (position, fetch) pairs, and fetches by reducer rack. */
  private bounds: number[] = [];
  private readonly byRack: Int32Array;
  /** Scratch of one and sweep for the mix, when there is one. */
  private readonly tally?: MixTally;

  /** `mix`: where each fetch's MB come from, by source rack, are added there as the fetches are resolved. */
  constructor(readonly nodesPerRack: number, nodes: number, mix?: ShuffleMix) {
    this.mb = new Float64Array(nodes);
    this.sources = new Int32Array(nodes);
    const racks = Math.ceil(nodes / nodesPerRack);
    this.byRack = new Int32Array(racks);
    if (mix !== undefined) this.tally = new MixTally(racks, mix);
  }

  /** Whether sends are waiting for drain (or fetches for resolve). */
  get pending(): boolean {
    return this.count > 0 || this.fetches.length > 0;
  }

  /**
   * Adds one rack's reported fetches (FETCH_FIELDS each), for the next resolve. Call in rack order, each rack's in
   * report order: the sums do not depend on the order the batches came in.
   */
  add(fetches: ArrayLike<number>): void {
    const perRack = this.nodesPerRack;
    for (let at = 0; at < fetches.length; at += FETCH_FIELDS) {
      this.fetches.push(Math.floor(fetches[at] / perRack), fetches[at + 1], fetches[at + 2], fetches[at + 3], fetches[at + 4]);
    }
  }

  /**
   * Turns the fetches added since the last resolve into MB by source node; `finishOrder(job)` gives a job's finished
   * maps. The maps in a fetch's range that ran in the reducer's own rack are its in-rack share (sent there:
   * rack-slots.ts inRackFetch); each other one sends the fetch's MB a map from its node. A job's fetches are taken
   * together: where they read the same MB a map (a job's reduces share its shuffle evenly), one sweep over the maps
   * they cover sends perMap x (the fetches covering a map from racks other than its node's) (fb2009-day: 2.6 M maps
   * swept where the fetches one by one walked 154 M); else fetch by fetch.
   */
  resolve(finishOrder: (job: number) => FinishOrder): void {
    const f = this.fetches;
    if (f.length === 0) return;
    // Jobs in order of first fetch; each job's fetches in report order.
    const jobs = new Map<number, number[]>();
    for (let at = 0; at < f.length; at += FETCH_FIELDS) {
      const list = jobs.get(f[at + 1]);
      if (list === undefined) jobs.set(f[at + 1], [at]);
      else list.push(at);
    }
    for (const [job, list] of jobs) {
      const order = finishOrder(job);
      let even = true;
      for (const at of list) {
        const from = f[at + 2];
        const to = f[at + 3];
        if (!(from >= 0 && from <= to && to <= order.finished)) {
          throw new Error(`a fetch of maps ${from} .. ${to} of job ${job}, of which ${order.finished} have finished`);
        }
        if (f[at + 4] !== f[list[0] + 4]) even = false;
      }
      if (even && list.length > 1) this.sweep(order.nodes, list, f[list[0] + 4]);
      else for (const at of list) this.one(order.nodes, f[at], f[at + 2], f[at + 3], f[at + 4]);
    }
    f.length = 0;
  }

  /** One fetch by a reduce in `rack` of maps from .. to - 1 at `perMap` MB each. */
  private one(nodes: Int32Array, rack: number, from: number, to: number, perMap: number): void {
    const perRack = this.nodesPerRack;
    const tally = this.tally;
    tally?.begin(perMap, [rack]);
    tally?.weigh(rack, 1);
    for (let k = from; k < to; k++) {
      const node = nodes[k];
      const source = Math.floor(node / perRack);
      if (source === rack) continue;
      this.send(node, perMap);
      tally?.count(source);
    }
    tally?.end();
  }

  /** A job's fetches (at `list` in `fetches`), each of `perMap` MB a map: a sweep over the maps they cover. */
  private sweep(nodes: Int32Array, list: readonly number[], perMap: number): void {
    const f = this.fetches;
    const perRack = this.nodesPerRack;
    const byRack = this.byRack;
    const tally = this.tally;
    // Starts as +(fetch + 1), ends as -(fetch + 1), sorted by position; at a position ends and starts both apply
    // before its map, so their order there does not matter.
    const b = this.bounds;
    b.length = 0;
    for (const at of list) b.push(f[at + 2], at + 1, f[at + 3], -(at + 1));
    const pairs = b.length / 2;
    const idx = Array.from({ length: pairs }, (_, k) => k).sort((x, y) => b[2 * x] - b[2 * y] || x - y);
    tally?.begin(perMap, list.map((at) => f[at]));
    let covering = 0;
    for (let e = 0; e < pairs; e++) {
      const pos = b[2 * idx[e]];
      const at = Math.abs(b[2 * idx[e] + 1]) - 1;
      const sign = b[2 * idx[e] + 1] > 0 ? 1 : -1;
      covering += sign;
      byRack[f[at]] += sign;
      tally?.weigh(f[at], sign);
      const next = e + 1 < pairs ? b[2 * idx[e + 1]] : pos;
      if (covering === 0) continue;
      for (let k = pos; k < next; k++) {
        const node = nodes[k];
        const source = Math.floor(node / perRack);
        const m = covering - byRack[source];
        if (m > 0) this.send(node, perMap * m);
        tally?.count(source);
      }
    }
    tally?.end();
  }

  private send(node: number, mb: number): void {
    if (this.mb[node] === 0) this.sources[this.count++] = node;
    this.mb[node] += mb;
  }

  /**
   * Sends the sends resolved since the last drain: a SHUFFLE serve for each source node, ascending, in `serves[rack]`
   * (SERVE_FIELDS each: kind, node, start `startMs`, KB, 0, cap, -1), and forgets them. The cap is the rack's
   * `egressMBps(rack)`: what the fetches from the rack draw over its uplink (core-allocation.ts; Infinity: nothing
   * holds them), which its nodes' sends share (rack-slots.ts).
   */
  drain(serves: number[][], startMs: number, egressMBps: (rack: number) => number = () => Infinity): void {
    const { mb, sources, nodesPerRack: perRack } = this;
    const listed = sources.subarray(0, this.count).sort();
    let rack = -1;
    let egress = Infinity;
    for (const node of listed) {
      if (Math.floor(node / perRack) !== rack) {
        rack = Math.floor(node / perRack);
        egress = egressMBps(rack);
      }
      serves[rack].push(SHUFFLE, node, startMs, mb[node] * 1024, 0, egress, -1);
      mb[node] = 0;
    }
    this.count = 0;
  }
}
