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

  constructor(readonly racks: number, readonly groups: number) {
    this.heldGroups = Array.from({ length: racks }, () => []);
    this.heldMBps = Array.from({ length: racks }, () => []);
    this.changes = new Array<Float64Array | null>(racks).fill(null);
  }

  /** Takes the allocator's last allocation as what every rack now holds, noting each rack's changes. */
  update(a: CoreAllocator): void {
    const { groups } = this;
    let j = 0;
    for (let d = 0; d < this.racks; d++) {
      const end = (d + 1) * groups;
      let stop = j;
      while (stop < a.entries && a.index[stop] < end) stop++;
      const oldGroups = this.heldGroups[d];
      const oldMBps = this.heldMBps[d];
      if (oldGroups.length === 0 && stop === j) {
        this.changes[d] = null;
        continue;
      }
      const pairs: number[] = [];
      const newGroups: number[] = [];
      const newMBps: number[] = [];
      let i = 0;
      while (i < oldGroups.length || j < stop) {
        const gOld = i < oldGroups.length ? oldGroups[i] : Infinity;
        const gNew = j < stop ? a.index[j] - d * groups : Infinity;
        const g = Math.min(gOld, gNew);
        const was = gOld === g ? oldMBps[i++] : 0;
        const now = gNew === g ? a.mbps[j++] : 0;
        if (now !== was) pairs.push(g, now);
        if (now !== 0) {
          newGroups.push(g);
          newMBps.push(now);
        }
      }
      this.heldGroups[d] = newGroups;
      this.heldMBps[d] = newMBps;
      this.changes[d] = pairs.length === 0 ? null : Float64Array.from(pairs);
    }
  }

  /** Rack `rack`'s (group, MB/s) pairs from the last update, ascending; null: its links keep what they hold. */
  changesOf(rack: number): Float64Array | null {
    return this.changes[rack];
  }
}
