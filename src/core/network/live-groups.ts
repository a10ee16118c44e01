/**
 * The cross-rack groups a fluid rack must look at each epoch (fluid-rack.ts): a superset of those with a flow, a flow
 * started this epoch, or a slot whose next phase starts one, in the state or its saved copy. A group is listed when
 * one of those appears and dropped only once none is left in either, so an epoch's demand, its save and the master's
 * allocation cost the groups in use, not one per rack of the cluster (3,002 a rack at 3,000 racks).
 *
 * Groups are listed by their slot in the rack's links (rack-links.ts: the bound ones, in the order bound), so the
 * list's flags grow with the groups the rack uses; keepSorted orders them by group.
 */
import { grownInts } from './grown.js';

/** Says whether a listed group (by slot) still has anything (FluidRack). */
export interface GroupUse {
  inUse(k: number): boolean;
}

/** For a list that keeps every group it was given (keepSorted only sorts it). */
export const KEEP_ALL: GroupUse = { inUse: () => true };

export class LiveGroups {
  private listed: Uint8Array;
  /** The listed slots, grown as needed. */
  private ids: Int32Array;
  private count = 0;
  /** Whether the list is in group order: no slot added since the last keepSorted. */
  private sorted = true;

  /** `groupOf`: the group of each slot (ascending groups give the list's order). */
  constructor(slots: number, private readonly groupOf: (k: number) => number) {
    this.listed = new Uint8Array(slots);
    this.ids = new Int32Array(Math.max(1, Math.min(slots, 16)));
  }

  get size(): number {
    return this.count;
  }

  /** The k-th listed slot (in group order after keepSorted). */
  at(k: number): number {
    return this.ids[k];
  }

  /** Room for slots 0 .. n - 1 (n above the room it had), keeping the list. */
  grow(n: number): void {
    const listed = new Uint8Array(n);
    listed.set(this.listed);
    this.listed = listed;
  }

  add(k: number): void {
    if (this.listed[k] === 1) return;
    this.listed[k] = 1;
    if (this.count === this.ids.length) this.ids = grownInts(this.ids, 2 * this.count);
    this.ids[this.count++] = k;
    this.sorted = false;
  }

  /** Sorts the list by group and drops the slots not in use. */
  keepSorted(use: GroupUse): void {
    if (!this.sorted) {
      const groupOf = this.groupOf;
      this.ids.subarray(0, this.count).sort((a, b) => groupOf(a) - groupOf(b));
    }
    this.sorted = true;
    let kept = 0;
    for (let k = 0; k < this.count; k++) {
      const slot = this.ids[k];
      if (use.inUse(slot)) this.ids[kept++] = slot;
      else this.listed[slot] = 0;
    }
    this.count = kept;
  }
}
