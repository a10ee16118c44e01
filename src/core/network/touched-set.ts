/**
 * The ids (flows, resources, slots, serves) written since a state and its saved copy were last made equal, so that
 * a save or a restore copies those alone (fluid-rack.ts's predicted and committed passes). Marking is O(1) and
 * clearing is a counter bump: no fill, no allocation.
 */
import { grownInts } from './grown.js';

export class TouchedSet {
  private markedAt: Int32Array;
  private ids: Int32Array;
  private count = 0;
  private sync = 1;

  constructor(ids: number) {
    this.markedAt = new Int32Array(ids);
    this.ids = new Int32Array(ids);
  }

  get size(): number {
    return this.count;
  }

  /** The k-th id marked (in marking order). */
  at(k: number): number {
    return this.ids[k];
  }

  /** Grows the ids to 0 .. n - 1 (n > their count), keeping the marks. */
  grow(n: number): void {
    this.markedAt = grownInts(this.markedAt, n);
    this.ids = grownInts(this.ids, n);
  }

  mark(id: number): void {
    if (this.markedAt[id] === this.sync) return;
    this.markedAt[id] = this.sync;
    this.ids[this.count++] = id;
  }

  /** Forgets every mark (the state and its copy are equal again). */
  clear(): void {
    this.count = 0;
    this.sync++;
  }
}
