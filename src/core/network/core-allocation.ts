/**
 * The master's share of the hardware model: at each epoch boundary it divides the core and the racks' uplinks and
 * downlinks among the racks' cross-rack traffic, from the demand the racks reported (their active cross-rack flows,
 * by group) plus the cross-rack launches it just decided. Each group of n flows is n flows in a max-min problem over
 * the uplinks, downlinks and the core: "in from rack s to rack d" crosses uplink s, the core and downlink d; "in from
 * anywhere" the core and downlink d; "out to anywhere" uplink d and the core. A group's allocation, n times its
 * flows' rate, is the capacity of its virtual link in rack d for the next epoch (Infinity when that rate is at least
 * a NIC's, which every such flow also crosses). Depends only on the reports, so
 * it is the same on any number of threads.
 */
import { MaxMinScratch, maxMinRates } from './max-min.js';
import type { LinkRates } from './rack-links.js';

export class CoreAllocator {
  /** Demand of rack d, group g at d * groups + g. */
  readonly demand: Int32Array;
  readonly groups: number;
  private readonly capacity: Float64Array;
  private readonly scratch = new MaxMinScratch();
  private start = new Int32Array(0);
  private res = new Int32Array(0);
  private coef = new Float64Array(0);
  private rates = new Float64Array(0);
  private which = new Int32Array(0);
  /** The last call's demand and result: the same demand gives the same allocation, copied instead of solved. */
  private readonly lastDemand: Int32Array;
  private readonly lastOut: Float64Array;
  private solved = false;

  private readonly nicMBps: number;

  constructor(readonly racks: number, rates: LinkRates) {
    this.nicMBps = rates.nicMBps;
    this.groups = racks + 2;
    this.demand = new Int32Array(racks * this.groups);
    this.lastDemand = new Int32Array(racks * this.groups);
    this.lastOut = new Float64Array(racks * this.groups);
    // Resources: uplinks 0 .. racks - 1, downlinks racks .. 2 racks - 1, the core at 2 racks.
    this.capacity = new Float64Array(2 * racks + 1);
    this.capacity.fill(rates.switchMBps, 0, 2 * racks);
    this.capacity[2 * racks] = rates.coreMBps;
  }

  /** Writes each rack's group capacities (MB/s) into out[d * groups + g] from the demand, then clears the demand. */
  allocate(out: Float64Array): void {
    const { racks, groups, demand } = this;
    if (this.solved && sameInts(demand, this.lastDemand)) {
      out.set(this.lastOut);
      demand.fill(0);
      return;
    }
    this.solved = true;
    this.lastDemand.set(demand);
    let n = 0;
    for (let i = 0; i < demand.length; i++) if (demand[i] > 0) n++;
    if (this.which.length < n) {
      this.which = new Int32Array(n * 2);
      this.start = new Int32Array(n * 2 + 1);
      this.res = new Int32Array(n * 6);
      this.coef = new Float64Array(n * 6);
      this.rates = new Float64Array(n * 2);
    }
    let f = 0;
    let e = 0;
    const core = 2 * racks;
    for (let d = 0; d < racks; d++) {
      for (let g = 0; g < groups; g++) {
        const count = demand[d * groups + g];
        if (count <= 0) continue;
        this.which[f] = d * groups + g;
        this.start[f] = e;
        // in from rack g: uplink g, the core, downlink d; in from anywhere: the core, downlink d; out: uplink d, the core.
        const first = g < racks ? g : g === racks ? core : d;
        const second = g === racks + 1 ? core : g < racks ? core : racks + d;
        this.res[e] = first;
        this.coef[e++] = count;
        this.res[e] = second;
        this.coef[e++] = count;
        if (g < racks) {
          this.res[e] = racks + d;
          this.coef[e++] = count;
        }
        f++;
      }
    }
    this.start[f] = e;
    maxMinRates(f, this.start, this.res, this.coef, this.capacity, this.capacity.length, this.rates, this.scratch);
    out.fill(0);
    for (let k = 0; k < f; k++) {
      const at = this.which[k];
      // A group whose flows each get at least a NIC's rate cannot bind (each crosses a NIC): unbounded.
      out[at] = this.rates[k] >= this.nicMBps ? Infinity : this.rates[k] * demand[at];
    }
    this.lastOut.set(out);
    demand.fill(0);
  }
}

function sameInts(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
