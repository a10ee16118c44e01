/**
 * The cross-rack groups a fluid rack must look at each epoch (fluid-rack.ts): a superset of those with a flow, a flow
 * started this epoch, or a slot whose next phase starts one, in the state or its saved copy. A group is listed when
 * one of those appears and dropped only once none is left in either, so an epoch's demand, its save and the master's
 * allocation cost the groups in use, not one per rack of the cluster (3,002 a rack at 3,000 racks).
 */
import { grownInts } from './grown.js';

/** Says whether a listed group still has anything (FluidRack). */
export interface GroupUse {
  inUse(g: number): boolean;
}

/** For a list that keeps every group it was given (keepSorted only sorts it). */
export const KEEP_ALL: GroupUse = { inUse: () => true };

export class LiveGroups {
  private readonly listed: Uint8Array;
  /** The listed groups, grown as needed: a rack lists few of its groups (one per rack of the cluster). */
  private ids: Int32Array;
  private count = 0;
  /** Whether the list is ascending: no group added since the last keepSorted. */
  private sorted = true;

  constructor(groups: number) {
    this.listed = new Uint8Array(groups);
    this.ids = new Int32Array(Math.min(groups, 16));
  }

  get size(): number {
    return this.count;
  }

  /** The k-th listed group (ascending after keepSorted). */
  at(k: number): number {
    return this.ids[k];
  }

  add(g: number): void {
    if (this.listed[g] === 1) return;
    this.listed[g] = 1;
    if (this.count === this.ids.length) this.ids = grownInts(this.ids, Math.min(this.listed.length, 2 * this.count));
    this.ids[this.count++] = g;
    this.sorted = false;
  }

  /** Sorts the list ascending and drops the groups not in use. */
  keepSorted(use: GroupUse): void {
    if (!this.sorted) this.ids.subarray(0, this.count).sort();
    this.sorted = true;
    let kept = 0;
    for (let k = 0; k < this.count; k++) {
      const g = this.ids[k];
      if (use.inUse(g)) this.ids[kept++] = g;
      else this.listed[g] = 0;
    }
    this.count = kept;
  }
}
