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

export class CoreAllocator {
  readonly groups: number;
  /**
   * Demand being gathered for the next allocate(): the (rack d, group g) pairs with flows, as d * groups + g, in the
   * order first added, their flows, and where each pair is in those lists (sparse: racks x (racks + 2) pairs would be
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

  constructor(readonly racks: number, rates: LinkRates) {
    this.nicMBps = rates.nicMBps;
    this.groups = racks + 2;
    // Resources: uplinks 0 .. racks - 1, downlinks racks .. 2 racks - 1, the core at 2 racks.
    this.capacity = new Float64Array(2 * racks + 1);
    this.capacity.fill(rates.switchMBps, 0, 2 * racks);
    this.capacity[2 * racks] = rates.coreMBps;
  }

  /** Adds `flows` to the demand of rack `rack`'s group `group` for the next allocate(). */
  add(rack: number, group: number, flows: number): void {
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
  }

  private sameAsLast(): boolean {
    if (this.lastIndex.length !== this.entries) return false;
    for (let k = 0; k < this.entries; k++) if (this.index[k] !== this.lastIndex[k] || this.flows[k] !== this.lastFlows[k]) return false;
    return true;
  }
}
