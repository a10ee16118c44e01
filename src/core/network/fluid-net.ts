/**
 * A flow-level (fluid) network: flows of megabytes over capacitated resources (disks, NICs, links), sharing them
 * max-min fairly (max-min.ts). Rates change only when a flow starts or ends or a capacity changes, and then only in
 * the connected component of flows and resources the change touches (component-rates.ts). Each flow's finish is an
 * event in the owner's EventHeap under id idBase + flow. The flows' state, and its save and restore (the rack's
 * predicted and committed passes), are flow-table.ts's.
 *
 * With unit coefficients, a flow that starts or ends where it constrains nobody is rated without solving its
 * component: a map's read beside a few others on a disk they do not fill, each held to its own stream. The rule
 * (roomAt in component-rates.ts): the flow crosses a resource alone (its private cap), and each resource it
 * shares carries only flows running at their own private caps, with room to spare. Then the component's solve would
 * give the others the rates they have, bit for bit, and the new flow its private cap (a bottleneck round's share at
 * a resource crossed alone is its capacity, exactly), so the shortcut is the solve's answer, not an estimate.
 * A removal takes it for every resource of the flow's path or for none (leftAlone). Checked against a network that
 * solves on every change (test/core/network/fluid-net.test.ts), and, at scenario level, by every run with
 * solveEveryChange (simulate's everyHeartbeat) giving the same digest.
 *
 * Also with unit coefficients: a shared link (`sharedFrom` on: a rack's uplink, downlink and group links) that its
 * flows' own NICs and disks keep from binding, before and after a flow starts or ends, is left out of that change's
 * walk (slack() in component-rates.ts), so a shuffle into one node no longer re-rates every cross-rack flow of the
 * rack through their group link. The rates are the whole component's, bit for bit (same argument); checked against
 * a network that solves every component whole (test/core/network/fluid-net.test.ts), and by the digests above.
 */
import type { EventHeap } from './event-heap.js';
import { ComponentRates } from './component-rates.js';
import { MAX_PATH } from './flow-table.js';

export class FluidNet extends ComponentRates {
  /** Whether a flow that constrains nobody is rated without a solve (unit coefficients, unless solveEveryChange). */
  private readonly shortcut: boolean;
  /** Scratch of setCapacities: the resources whose capacity it changed. */
  private readonly changedScratch: number[] = [];

  /**
   * `unitCoefficients`: every flow crosses its resources with coefficient 1 (add() then ignores `coef`).
   * `solveEveryChange`: every flow start and end solves its component (tests prove the shortcut against it).
   * `sharedFrom`: resources from this index on are shared links a change's walk may leave out when slack (not with
   * solveEveryChange).
   */
  constructor(capacity: ArrayLike<number>, maxFlows: number, heap: EventHeap, idBase = 0, unitCoefficients = false, solveEveryChange = false, sharedFrom = Infinity) {
    super(capacity, maxFlows, heap, idBase, unitCoefficients);
    this.shortcut = unitCoefficients && !solveEveryChange;
    if (this.shortcut) this.sharedFrom = sharedFrom;
  }

  /**
   * Starts a flow of `mb` over res[0 .. len) (coefficients coef, or 1) at `nowMs`, owned by `owner` (FlowTable.owner);
   * returns its id. A path lists a resource once (a rack's paths do; with unit coefficients, the direct answers in
   * component-rates.ts assume it).
   */
  add(res: ArrayLike<number>, coef: ArrayLike<number> | undefined, len: number, mb: number, nowMs: number, owner = -1): number {
    if (this.freeTop === 0) throw new Error(`fluid network: more than ${this.maxFlows} flows at once`);
    if (len > MAX_PATH) throw new Error(`fluid network: a path of ${len} resources (at most ${MAX_PATH})`);
    const f = this.freeIds[--this.freeTop];
    if (this.freeTop < this.freeMin) this.freeMin = this.freeTop;
    this.touch(f);
    if (f >= this.highWater) this.highWater = f + 1;
    for (let k = 0; k < len; k++) {
      this.pathRes[f * MAX_PATH + k] = res[k];
      if (!this.unitCoefficients) this.pathCoef[f * MAX_PATH + k] = coef === undefined ? 1 : coef[k];
      this.lists.append(res[k], f * MAX_PATH + k);
    }
    this.pathLen[f] = len;
    this.owner[f] = owner;
    this.remainingMB[f] = mb;
    this.rateMBps[f] = -1; // no rate yet: whatever the solve gives it is a change, and schedules its finish
    this.updatedMs[f] = nowMs;
    this.active[f] = 1;
    const cap = this.shortcut ? this.privateCap(f) : Infinity;
    this.eliding = -1;
    if (cap !== Infinity && this.sharesLeftAlone(f, cap)) {
      this.shortcuts++;
      this.rerate(f, cap, nowMs);
    } else this.recompute(f, -1, nowMs);
    this.eliding = -2;
    return f;
  }

  /** Ends flow `f` at `nowMs` (finished or cancelled); the flows that shared its resources are re-rated. */
  remove(f: number, nowMs: number): void {
    if (this.active[f] === 0) throw new Error(`fluid network: flow ${f} is not active`);
    this.settle(f, nowMs);
    this.touch(f);
    this.active[f] = 0;
    this.heap.cancel(this.idBase + f);
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) this.lists.unlink(this.pathRes[at + k], at + k);
    this.freeIds[this.freeTop++] = f;
    this.eliding = f;
    if (this.shortcut && this.leftAlone(at, this.pathLen[f], f)) {
      this.shortcuts++;
      this.eliding = -2;
      return;
    }
    const before = this.stamp; // a resource marked after this was re-rated (or found slack) by this removal already
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      if (this.lists.count[r] > 0 && this.resMark[r] <= before && this.capacity[r] !== Infinity) this.recompute(-1, r, nowMs);
    }
    this.eliding = -2;
  }

  /**
   * Whether the removal of a flow whose path was pathRes[at .. at + len) leaves every flow on its bounded resources as
   * it is. All or nothing: if one resource needs its component solved, every one is re-rated as without the shortcut,
   * in path order, so that the flows whose rates change are settled in the same order (their carried MB sums too).
   */
  private leftAlone(at: number, len: number, f: number): boolean {
    for (let k = 0; k < len; k++) {
      const r = this.pathRes[at + k];
      if (this.lists.count[r] > 0 && this.capacity[r] !== Infinity && !this.roomAt(r, -1, 0) && !(r >= this.sharedFrom && this.slack(r, f))) return false;
    }
    return true;
  }

  /** Whether new flow f, at private cap `cap`, leaves the flows on every bounded resource it shares as they are. */
  private sharesLeftAlone(f: number, cap: number): boolean {
    const at = f * MAX_PATH;
    for (let k = 0; k < this.pathLen[f]; k++) {
      const r = this.pathRes[at + k];
      if (this.lists.count[r] > 1 && this.capacity[r] !== Infinity && !this.roomAt(r, f, cap) && !(r >= this.sharedFrom && this.slack(r, -1))) return false;
    }
    return true;
  }

  /** Sets a resource's capacity at `nowMs`, re-rating the flows that cross it. */
  setCapacity(r: number, mbps: number, nowMs: number): void {
    if (this.capacity[r] === mbps) return;
    this.touchResource(r);
    this.capacity[r] = mbps;
    if (this.lists.count[r] > 0) this.recomputeFrom(r, nowMs);
  }

  /**
   * Sets resources res[0 .. n) to capacities mbps[0 .. n) at `nowMs`, then re-rates each component they touch once (as
   * many setCapacity calls would, each re-rating its component: the rates are the last solve's either way, and only
   * the flows whose rate changes are settled, all at `nowMs`).
   */
  setCapacities(res: ArrayLike<number>, mbps: ArrayLike<number>, n: number, nowMs: number): void {
    const changed = this.changedScratch;
    changed.length = 0;
    for (let k = 0; k < n; k++) {
      const r = res[k];
      if (this.capacity[r] === mbps[k]) continue;
      this.touchResource(r);
      this.capacity[r] = mbps[k];
      changed.push(r);
    }
    const before = this.stamp; // a resource marked after this was re-rated with its component already
    for (const r of changed) if (this.lists.count[r] > 0 && this.resMark[r] <= before) this.recomputeFrom(r, nowMs);
  }
}
