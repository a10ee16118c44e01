/**
 * What each rack's cross-rack group links hold: the capacities the master has sent them (0 before any), kept per rack
 * as the groups whose capacity is not 0. From each allocation (core-allocation.ts) it works out, rack by rack, the
 * (group, MB/s) pairs that differ from what the rack holds: only those travel, so a rack whose links keep their
 * capacities gets none and replays nothing, and the work is the groups in use, not racks x (racks + 2).
 */
import type { CoreAllocator } from './core-allocation.js';

export class GroupCapacities {
  /** By rack: groups with a capacity other than 0, ascending, and those capacities. */
  private readonly heldGroups: number[][];
  private readonly heldMBps: number[][];
  private readonly changes: Array<Float64Array | null>;
  /** Scratch of update(): a rack's changed pairs and the groups it will hold. */
  private readonly pairs: number[] = [];
  private readonly nextGroups: number[] = [];
  private readonly nextMBps: number[] = [];

  constructor(readonly racks: number, readonly groups: number) {
    this.heldGroups = Array.from({ length: racks }, () => []);
    this.heldMBps = Array.from({ length: racks }, () => []);
    this.changes = new Array<Float64Array | null>(racks).fill(null);
  }

  /** Takes the allocator's last allocation as what every rack now holds, noting each rack's changes. */
  update(a: CoreAllocator): void {
    const { groups, pairs, nextGroups, nextMBps } = this;
    let j = 0;
    for (let d = 0; d < this.racks; d++) {
      const end = (d + 1) * groups;
      let stop = j;
      while (stop < a.entries && a.index[stop] < end) stop++;
      const oldGroups = this.heldGroups[d];
      const oldMBps = this.heldMBps[d];
      this.changes[d] = null;
      if (oldGroups.length === 0 && stop === j) continue;
      pairs.length = nextGroups.length = nextMBps.length = 0;
      let i = 0;
      while (i < oldGroups.length || j < stop) {
        const gOld = i < oldGroups.length ? oldGroups[i] : Infinity;
        const gNew = j < stop ? a.index[j] - d * groups : Infinity;
        const g = Math.min(gOld, gNew);
        const was = gOld === g ? oldMBps[i++] : 0;
        const now = gNew === g ? a.mbps[j++] : 0;
        if (now !== was) pairs.push(g, now);
        if (now !== 0) {
          nextGroups.push(g);
          nextMBps.push(now);
        }
      }
      if (pairs.length === 0) continue; // every group holds what it held: the lists are unchanged
      this.heldGroups[d] = nextGroups.slice();
      this.heldMBps[d] = nextMBps.slice();
      this.changes[d] = Float64Array.from(pairs);
    }
  }

  /** Rack `rack`'s (group, MB/s) pairs from the last update, ascending; null: its links keep what they hold. */
  changesOf(rack: number): Float64Array | null {
    return this.changes[rack];
  }
}
