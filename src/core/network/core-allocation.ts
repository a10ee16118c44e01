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
 * The far sides of those transfers run in other racks (serves.ts, shuffle-sends.ts): a map read's send half in the
 * source's rack, a write pipeline's far side in the replicas' racks, a fetch's send halves in the racks that ran the
 * maps. Each physical link is seen by the half in whose rack it lies, and the core by neither: the near half sees it
 * through its group link, so with a bounded core the far half, left alone, ran at its own rack's pace (a source's
 * uplink series read 100% of a link the core let 10% through). So where the core is what holds a near half's group
 * (the group froze in the bottleneck round in which the core was a bottleneck), its far sides get caps of their own
 * from the allocation, private rates (a shared link of the derived capacity joined each rack's far sides, and through
 * their nodes' disks every flow of the rack, into one component that every flow start and end re-solved: fb2009-day
 * fluid with coreGbps 10 took racks 86.5 s instead of 10.2 s): the send halves of a reader group share what the
 * group gets (readMBps), a write's far side gets the rate a flow of its writer's group out gets (writeFlowMBps), and
 * a rack's nodes' sends of map outputs share what the groups in from anywhere draw over its uplink
 * (shuffleEgressMBps), where the core holds one of them. Elsewhere, and with a non-blocking core, they are Infinity: a
 * far side is then held only by its own rack's links, as the group's other bottleneck is (its source's uplink, seen
 * by the far side itself, or its reader's downlink).
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
  /** Whether the core has a capacity (else every far side's cap is Infinity). */
  readonly boundedCore: boolean;
  /** The last solve's bottleneck rounds (maxMinRates), and by entry whether the core froze it. */
  private readonly rounds = { flow: new Int32Array(0), res: new Int32Array(0) };
  private coreBound = new Uint8Array(0);
  /**
   * By source rack, from the last solve: the MB/s the groups in from anywhere draw over its uplink (each group's rate
   * times the rack's share of it; Infinity where one is unbounded), whether the core holds one of them, and the racks
   * with any (ascending after the solve), to clear at the next.
   */
  private readonly egress: Float64Array;
  private readonly held: Uint8Array;
  private readonly egressRacks: number[] = [];

  constructor(readonly racks: number, rates: LinkRates) {
    this.nicMBps = rates.nicMBps;
    this.boundedCore = rates.coreMBps !== Infinity;
    this.egress = new Float64Array(racks);
    this.held = new Uint8Array(racks);
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
    if (this.boundedCore && this.rounds.flow.length < n) this.rounds.flow = new Int32Array(n * 2);
    if (this.boundedCore && this.rounds.res.length < this.capacity.length) this.rounds.res = new Int32Array(this.capacity.length);
    maxMinRates(n, this.start, this.res, this.coef, this.capacity, this.capacity.length, this.rates, this.scratch, this.boundedCore ? this.rounds : undefined);
    // A group whose flows each get at least a NIC's rate cannot bind (each crosses a NIC): unbounded.
    for (let k = 0; k < n; k++) this.mbps[k] = this.rates[k] >= this.nicMBps ? Infinity : this.rates[k] * this.flows[k];
    if (this.boundedCore) this.farSideRates(n);
  }

  /**
   * The solve's figures for far sides: which groups the core froze (every group crosses it), and each source rack's
   * egress to groups in from anywhere.
   */
  private farSideRates(n: number): void {
    const { racks, groups, egress, held, egressRacks } = this;
    if (this.coreBound.length < n) this.coreBound = new Uint8Array(n * 2);
    const coreRound = this.rounds.res[2 * racks];
    for (let f = 0; f < n; f++) this.coreBound[f] = coreRound > 0 && this.rounds.flow[f] === coreRound && this.mbps[f] !== Infinity ? 1 : 0;
    for (const s of egressRacks) {
      egress[s] = 0;
      held[s] = 0;
    }
    egressRacks.length = 0;
    for (let f = 0; f < n; f++) {
      const d = Math.floor(this.index[f] / groups);
      if (this.index[f] - d * groups !== racks) continue;
      // In from anywhere: its entries on the sources' uplinks (0 .. racks - 1) are its flows times each one's share.
      const unbounded = this.mbps[f] === Infinity;
      for (let e = this.start[f]; e < this.start[f + 1]; e++) {
        const s = this.res[e];
        if (s >= racks) continue;
        if (egress[s] === 0 && held[s] === 0) egressRacks.push(s);
        egress[s] = unbounded ? Infinity : egress[s] + this.rates[f] * this.coef[e];
        if (this.coreBound[f] === 1) held[s] = 1;
      }
    }
    egressRacks.sort((a, b) => a - b);
  }

  /** The source racks some group in from anywhere drew on in the last solve (shuffleEgressMBps is Infinity for the rest). */
  get egressSources(): readonly number[] {
    return this.egressRacks;
  }

  /** The last allocation's entry for rack d's group g, or -1 (none: no demand). */
  private entryOf(d: number, g: number): number {
    const at = d * this.groups + g;
    let lo = 0;
    let hi = this.entries - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const x = this.index[mid];
      if (x === at) return mid;
      if (x < at) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * What the last allocation gives rack d's group in from rack s (MB/s) where the core holds it: what the send halves
   * of its reads, in rack s, share. Infinity with a non-blocking core, or where the core does not hold the group (or it
   * has no demand).
   */
  readMBps(d: number, s: number): number {
    const k = this.boundedCore ? this.entryOf(d, s) : -1;
    return k >= 0 && this.coreBound[k] === 1 ? this.mbps[k] : Infinity;
  }

  /** As readMBps, for one flow of the group (a send half that starts before its rack shares the group's among its own). */
  readFlowMBps(d: number, s: number): number {
    const k = this.boundedCore ? this.entryOf(d, s) : -1;
    return k >= 0 && this.coreBound[k] === 1 ? this.rates[k] : Infinity;
  }

  /**
   * The rate (MB/s) a flow of rack w's group "out to anywhere" gets in the last allocation, where the core holds it: the
   * cap of its writes' far sides. Infinity with a non-blocking core, where the core does not hold the group, or where
   * it has no demand (a far side outliving its writer's half is not held back).
   */
  writeFlowMBps(w: number): number {
    const k = this.boundedCore ? this.entryOf(w, this.racks + 1) : -1;
    return k >= 0 && this.coreBound[k] === 1 ? this.rates[k] : Infinity;
  }

  /**
   * The MB/s the groups in from anywhere draw over rack s's uplink in the last allocation (each group's rate times s's
   * share of its bytes: shuffle-mix.ts), which the rack's nodes' sends of map outputs to other racks share, where the
   * core holds one of those groups. Infinity with a non-blocking core, where the core holds none of them or one is
   * unbounded, or where none draws on s (a send outliving its fetch is not held back).
   */
  shuffleEgressMBps(s: number): number {
    if (!this.boundedCore || this.held[s] === 0) return Infinity;
    const x = this.egress[s];
    return x > 0 ? x : Infinity;
  }

  private sameAsLast(): boolean {
    if (this.lastIndex.length !== this.entries) return false;
    for (let k = 0; k < this.entries; k++) if (this.index[k] !== this.lastIndex[k] || this.flows[k] !== this.lastFlows[k]) return false;
    return true;
  }
}
