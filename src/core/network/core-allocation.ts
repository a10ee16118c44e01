/**
 * The master's share of the hardware model: at each epoch boundary it divides the core and the racks' uplinks and
 * downlinks among the racks' cross-rack traffic, from the demand the racks reported (their active cross-rack flows,
 * by group) plus the cross-rack launches it just decided. Each group of n flows is n flows in a max-min problem over
 * the uplinks, downlinks and the core: "in from rack s to rack d" crosses uplink s, the core and downlink d; "in from
 * anywhere" the core and downlink d; "out to anywhere" uplink d and the core. A group's allocation, n times its
 * flows' rate, is the capacity of its virtual link in rack d for the next epoch (Infinity when that rate is at least
 * a NIC's, which every such flow also crosses). "In from anywhere" also crosses the uplinks of the racks its bytes
 * come from, each in the share of the group's rate the shuffle mix gives it (shuffle-mix.ts): n x share its
 * coefficient there. Depends only on the reports, so it is the same on any number of threads.
 *
 * The send halves of those transfers run in the source racks (serves.ts, shuffle-sends.ts). Each physical link is
 * seen by the half in whose rack it lies: the reader's downlink by the reader, the source's disk, NIC and uplink by
 * the send half (the halves run apart). The core lies in neither: the reader's half sees it through its group link,
 * and the send half saw nothing of it, so with a slow core a source's uplink series read above what the core carried
 * (100% of a link the core let 10% through). So with a bounded core each source rack s also gets a "sends out" link
 * (SENDS_OUT), which its send halves cross: its capacity is what the allocation gives the groups sourced at s on
 * s's uplink (each group in from s, and each group in from anywhere in s's share of it), derived, not demanded, so
 * that no byte is counted twice. It is Infinity with a non-blocking core, where it cannot bind below the uplink,
 * where a group sourced at s is unbounded, and where no group is sourced at s (a send half outliving its reader's
 * flow is not held back). (Bounded by the readers' downlinks too, with a non-blocking core, it joined each rack's
 * send halves into one component: fb2009-day fluid's racks 2.9 -> 5.5 s.)
 */
import { grownFloats, grownInts } from './grown.js';
import { MaxMinScratch, maxMinRates } from './max-min.js';
import type { LinkRates } from './rack-links.js';

/** Where a rack's fetches in from anywhere come from (ShuffleMix). */
export interface UplinkShares {
  /** Whether the shares may differ from those of the last allocate(). */
  readonly changed: boolean;
  /** Calls visit(source, share) for each source rack of rack `rack`'s `flows` flows in from anywhere, ascending. */
  shares(rack: number, flows: number, visit: (source: number, share: number) => void): void;
}

/** The group of a rack's "sends out" link (racks + SENDS_OUT_AFTER_RACKS): derived, never demanded (sendsOutMBps). */
export const SENDS_OUT_AFTER_RACKS = 2;
const SEEN = 1;
const UNBOUNDED = 2;

export class CoreAllocator {
  /** Groups of a rack: in from each rack, in from anywhere (racks), out to anywhere (racks + 1), sends out (racks + 2). */
  readonly groups: number;
  /** The groups that take demand (add()): all but "sends out", 0 .. demanded - 1. */
  readonly demanded: number;
  /** By rack: the capacity of its "sends out" link from the last allocate() (Infinity: unbounded). */
  readonly sendsOutMBps: Float64Array;
  /**
   * Demand being gathered for the next allocate(): the (rack d, group g) pairs with flows, as d * groups + g, in the
   * order first added, their flows, and where each pair is in those lists (sparse: racks x (racks + 3) pairs would be
   * 400 MB at 10,000 racks, and an epoch's demand has few).
   */
  private touched: Int32Array = new Int32Array(64);
  private touchedFlows: Int32Array = new Int32Array(64);
  private readonly touchedAt = new Map<number, number>();
  private touches = 0;
  /** Scratch of allocate(): the order that sorts the pairs gathered. */
  private order: Int32Array = new Int32Array(64);
  /** The last allocate()'s demand, by index d * groups + g ascending (entries with flows only), and its result. */
  entries = 0;
  index = new Int32Array(0);
  flows = new Int32Array(0);
  mbps = new Float64Array(0);
  private readonly capacity: Float64Array;
  private readonly scratch = new MaxMinScratch();
  private start = new Int32Array(0);
  private res: Int32Array = new Int32Array(0);
  private coef: Float64Array = new Float64Array(0);
  private rates = new Float64Array(0);
  /** The previous solve's demand: the same demand gives the same allocation, kept instead of solved. */
  private lastIndex = new Int32Array(0);
  private lastFlows = new Int32Array(0);
  private solved = false;

  private readonly nicMBps: number;
  private readonly switchMBps: number;
  /**
   * Scratch of deriveSendsOut by rack (all 0 between calls): the sum, whether the rack is a source yet (SEEN) or of an
   * unbounded group (UNBOUNDED); and the racks whose sendsOutMBps it made finite.
   */
  private readonly egress: Float64Array;
  private readonly seen: Uint8Array;
  private readonly sources: number[] = [];

  constructor(readonly racks: number, rates: LinkRates) {
    this.nicMBps = rates.nicMBps;
    this.switchMBps = rates.switchMBps;
    this.groups = racks + 3;
    this.demanded = racks + SENDS_OUT_AFTER_RACKS;
    this.sendsOutMBps = new Float64Array(racks).fill(Infinity);
    this.egress = new Float64Array(racks);
    this.seen = new Uint8Array(racks);
    // Resources: uplinks 0 .. racks - 1, downlinks racks .. 2 racks - 1, the core at 2 racks.
    this.capacity = new Float64Array(2 * racks + 1);
    this.capacity.fill(rates.switchMBps, 0, 2 * racks);
    this.capacity[2 * racks] = rates.coreMBps;
  }

  /** Adds `flows` to the demand of rack `rack`'s group `group` for the next allocate(). */
  add(rack: number, group: number, flows: number): void {
    if (group >= this.demanded) throw new Error(`group ${group} of rack ${rack} is derived, not demanded`);
    if (flows <= 0) return;
    const at = rack * this.groups + group;
    let k = this.touchedAt.get(at);
    if (k === undefined) {
      if (this.touches === this.touched.length) {
        this.touched = grownInts(this.touched, this.touches * 2);
        this.touchedFlows = grownInts(this.touchedFlows, this.touches * 2);
        this.order = new Int32Array(this.touches * 2);
      }
      k = this.touches++;
      this.touched[k] = at;
      this.touchedFlows[k] = 0;
      this.touchedAt.set(at, k);
    }
    this.touchedFlows[k] += flows;
  }

  /**
   * Allocates from the demand added since the last call, then clears it: entries, index, flows and mbps then hold each
   * (rack, group) with flows, ascending, and its group link's capacity (MB/s); every other group's is 0.
   */
  allocate(uplinkShares?: UplinkShares): void {
    const { racks, groups, touched, touchedFlows } = this;
    const n = this.touches;
    const order = this.order.subarray(0, n);
    for (let k = 0; k < n; k++) order[k] = k;
    order.sort((a, b) => touched[a] - touched[b]);
    if (this.index.length < n) {
      this.index = new Int32Array(n * 2);
      this.flows = new Int32Array(n * 2);
      this.mbps = new Float64Array(n * 2);
    }
    for (let k = 0; k < n; k++) {
      this.index[k] = touched[order[k]];
      this.flows[k] = touchedFlows[order[k]];
    }
    this.touches = 0;
    this.touchedAt.clear();
    this.entries = n;
    // mbps still holds the last solve's result for this demand
    if (this.solved && this.sameAsLast() && !(uplinkShares?.changed ?? false)) return;
    this.solved = true;
    this.lastIndex = this.index.slice(0, n);
    this.lastFlows = this.flows.slice(0, n);
    if (this.start.length < n + 1) {
      this.start = new Int32Array(n * 2 + 1);
      this.res = new Int32Array(n * 6);
      this.coef = new Float64Array(n * 6);
      this.rates = new Float64Array(n * 2);
    }
    let e = 0;
    const core = 2 * racks;
    const entry = (r: number, c: number): void => {
      if (e === this.res.length) {
        this.res = grownInts(this.res, e * 2);
        this.coef = grownFloats(this.coef, e * 2);
      }
      this.res[e] = r;
      this.coef[e++] = c;
    };
    for (let f = 0; f < n; f++) {
      const d = Math.floor(this.index[f] / groups);
      const g = this.index[f] - d * groups;
      const count = this.flows[f];
      this.start[f] = e;
      // in from rack g: uplink g, the core, downlink d; in from anywhere: the core, downlink d and the sources'
      // uplinks in their shares; out: uplink d, the core.
      if (g < racks) entry(g, count);
      if (g === racks + 1) entry(d, count);
      entry(core, count);
      if (g <= racks) entry(racks + d, count);
      if (g === racks && uplinkShares !== undefined) uplinkShares.shares(d, count, (source, share) => entry(source, count * share));
    }
    this.start[n] = e;
    maxMinRates(n, this.start, this.res, this.coef, this.capacity, this.capacity.length, this.rates, this.scratch);
    // A group whose flows each get at least a NIC's rate cannot bind (each crosses a NIC): unbounded.
    for (let k = 0; k < n; k++) this.mbps[k] = this.rates[k] >= this.nicMBps ? Infinity : this.rates[k] * this.flows[k];
    this.deriveSendsOut(n);
  }

  /**
   * Each source rack's "sends out" capacity from the solve just made: the sum, over the groups that cross its uplink
   * from other racks (not its own "out to anywhere"), of their rate there (flows x share x rate a flow).
   */
  private deriveSendsOut(n: number): void {
    const { racks, groups, sendsOutMBps: out, egress, seen, sources } = this;
    for (const s of sources) out[s] = Infinity;
    sources.length = 0;
    if (this.capacity[2 * racks] === Infinity) return;
    for (let f = 0; f < n; f++) {
      if (this.index[f] % groups === racks + 1) continue;
      for (let e = this.start[f]; e < this.start[f + 1]; e++) {
        const s = this.res[e];
        if (s >= racks) continue;
        if (seen[s] === 0) {
          seen[s] = SEEN;
          sources.push(s);
        }
        if (this.mbps[f] === Infinity) seen[s] = UNBOUNDED;
        else egress[s] += this.rates[f] * this.coef[e];
      }
    }
    let kept = 0;
    for (const s of sources) {
      const sum = egress[s];
      const free = seen[s] === UNBOUNDED || !(sum > 0) || sum >= this.switchMBps;
      egress[s] = 0;
      seen[s] = 0;
      if (free) continue;
      out[s] = sum;
      sources[kept++] = s;
    }
    sources.length = kept;
  }

  private sameAsLast(): boolean {
    if (this.lastIndex.length !== this.entries) return false;
    for (let k = 0; k < this.entries; k++) if (this.index[k] !== this.lastIndex[k] || this.flows[k] !== this.lastFlows[k]) return false;
    return true;
  }
}
