/**
 * A job's pending maps by place (node or rack): Hadoop's JobInProgress.nonRunningMapCache. Each place's maps form a
 * stack with lazy deletion: peek returns the top map still pending and pops the ones that are not.
 *
 * The stacks are built once, at the job's arrival, into one Int32Array (compressed rows: the places sorted, then
 * each place's maps in push order, its top last), where a Map of small arrays per job made garbage that lived as
 * long as the job: at 10,000 nodes it survived young-generation collections and cost most of their time. A map a
 * kill puts back goes on top of its places' stacks, in a Map made only when that happens.
 *
 * Layout of `rows`, D places and P entries: places [0, D), start [D, 2D + 1), top [2D + 1, 3D + 1), maps after.
 */
import { PENDING } from './task-state.js';

export class PlaceLists {
  private readonly places: number;
  private readonly rows: Int32Array;
  /** Stacks pushed after arrival (maps put back by a kill), above each place's built stack. */
  private pushed: Map<number, number[]> | undefined;

  /**
   * Lists `count` (place, map) pairs, pushed in the given order. `scratch` is a reusable Int32Array indexed by
   * place id, all -1, and is left so. `indexOfPair`, when given, receives each pair's place index (placeAt).
   */
  constructor(place: Int32Array, map: Int32Array, count: number, scratch: Int32Array, indexOfPair?: Int32Array) {
    // Distinct places, sorted.
    let d = 0;
    const seen: number[] = DISTINCT;
    for (let k = 0; k < count; k++) {
      if (scratch[place[k]] === -1) {
        scratch[place[k]] = 0;
        seen[d++] = place[k];
      }
    }
    const rows = new Int32Array(3 * d + 1 + count);
    if (d * DENSE > scratch.length) {
      // Many places of few (a large job's replicas on a fraction of the nodes): read them off in order, O(places),
      // where a sort cost O(d log d) (7,600 places of 10,000: 33 us against 316).
      for (let p = 0, i = 0; i < d; p++) if (scratch[p] !== -1) rows[i++] = p;
    } else {
      for (let i = 0; i < d; i++) rows[i] = seen[i];
      rows.subarray(0, d).sort();
    }
    for (let i = 0; i < d; i++) scratch[rows[i]] = i;
    // Counts into start, then prefix sums: start[i] = first entry of place i (entries are numbered from 0).
    const start = d;
    const top = 2 * d + 1;
    const maps = 3 * d + 1;
    for (let k = 0; k < count; k++) rows[start + scratch[place[k]] + 1]++;
    for (let i = 0; i < d; i++) {
      rows[start + i + 1] += rows[start + i];
      rows[top + i] = rows[start + i];
    }
    for (let k = 0; k < count; k++) rows[maps + rows[top + scratch[place[k]]]++] = map[k];
    if (indexOfPair !== undefined) for (let k = 0; k < count; k++) indexOfPair[k] = scratch[place[k]];
    for (let i = 0; i < d; i++) {
      rows[top + i]--; // the last entry pushed
      scratch[rows[i]] = -1;
    }
    this.places = d;
    this.rows = rows;
  }

  /** The top pending map of `place`'s stack, popping maps that are no longer pending; -1 when none is left. */
  peek(place: number, state: Uint8Array): number {
    const pushed = this.pushed?.get(place);
    if (pushed !== undefined) {
      while (pushed.length > 0) {
        const m = pushed[pushed.length - 1];
        if (state[m] === PENDING) return m;
        pushed.pop();
      }
      this.pushed!.delete(place);
    }
    const i = this.find(place);
    if (i < 0) return -1;
    const rows = this.rows;
    const d = this.places;
    const first = rows[d + i];
    const maps = 3 * d + 1;
    let t = rows[2 * d + 1 + i];
    while (t >= first && state[rows[maps + t]] !== PENDING) t--;
    rows[2 * d + 1 + i] = t;
    return t >= first ? rows[maps + t] : -1;
  }

  /** Pushes `map` on top of `place`'s stack (a killed map pending again). */
  push(place: number, map: number): void {
    this.pushed ??= new Map();
    const list = this.pushed.get(place);
    if (list === undefined) this.pushed.set(place, [map]);
    else list.push(map);
  }

  /** Places listed at construction; they have indexes 0 .. size - 1. */
  get size(): number {
    return this.places;
  }

  /** The place with index `i`. */
  placeAt(i: number): number {
    return this.rows[i];
  }

  private find(place: number): number {
    const rows = this.rows;
    let lo = 0;
    let hi = this.places - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const p = rows[mid];
      if (p === place) return mid;
      if (p < place) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** A job whose places are more than 1 in DENSE of all places lists them by a scan of the places, not a sort. */
const DENSE = 16;

/** Scratch for the distinct places of the job being built (one job at a time: the core is single-threaded). */
const DISTINCT: number[] = [];
