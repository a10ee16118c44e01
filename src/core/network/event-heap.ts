/**
 * An indexed 4-ary min-heap of (timeMs, id) events in typed arrays, ordered by time then id (a total order: any
 * correct heap pops the same sequence, so runs are reproducible). Each id has at most one event; rescheduling it
 * moves its entry in place (pos[] tracks where each id sits), so the heap never holds more entries than ids with
 * an event, and a save or restore (copyTo) costs the number of events, not the number of ids.
 */
export class EventHeap {
  /** Entry i: its time and id. */
  private time: Float64Array;
  private id: Int32Array;
  /** Where each id's entry sits, or -1 when it has no event. */
  private readonly pos: Int32Array;
  size = 0;

  constructor(ids: number) {
    this.time = new Float64Array(ids);
    this.id = new Int32Array(ids);
    this.pos = new Int32Array(ids).fill(-1);
  }

  /** Schedules `id` at `timeMs`, replacing any earlier schedule of it (Infinity: cancels it). */
  schedule(id: number, timeMs: number): void {
    if (timeMs === Infinity) {
      this.cancel(id);
      return;
    }
    const i = this.pos[id];
    if (i < 0) {
      this.siftUp(this.size++, timeMs, id);
      return;
    }
    const was = this.time[i];
    if (timeMs < was) this.siftUp(i, timeMs, id);
    else if (timeMs > was) this.siftDown(i, timeMs, id);
  }

  cancel(id: number): void {
    const i = this.pos[id];
    if (i >= 0) this.removeAt(i);
  }

  /** Time of id's event (Infinity when it has none). */
  timeOf(id: number): number {
    const i = this.pos[id];
    return i < 0 ? Infinity : this.time[i];
  }

  /** Time of the earliest event (Infinity when none). */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.time[0];
  }

  /**
   * Removes the earliest event and returns its id (call after peekTime() says there is one). Floyd's way: the hole
   * at the root moves down to a leaf along the earliest children, and the last entry, usually late, sifts up from
   * there (a level or two), instead of sifting it down from the root. The heap pops the same sequence either way
   * (a total order).
   */
  pop(): number {
    const { time, id, pos } = this;
    const top = id[0];
    pos[top] = -1;
    const n = --this.size;
    if (n === 0) return top;
    let i = 0;
    for (let c = 1; c < n; c = ARITY * i + 1) {
      // The earliest of entry i's children moves up into the hole.
      c = this.earliestChild(c, n);
      const bi = id[c];
      time[i] = time[c];
      id[i] = bi;
      pos[bi] = i;
      i = c;
    }
    this.siftUp(i, time[n], id[n]);
    return top;
  }

  /** Copies the heap's state into `into` (same id count), for a later restore. */
  copyTo(into: EventHeap): void {
    for (let i = 0; i < into.size; i++) into.pos[into.id[i]] = -1;
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const id = this.id[i];
      into.id[i] = id;
      into.time[i] = this.time[i];
      into.pos[id] = i;
    }
    into.size = n;
  }

  private removeAt(i: number): void {
    this.pos[this.id[i]] = -1;
    const n = --this.size;
    if (i === n) return;
    const t = this.time[n];
    const id = this.id[n];
    if (i > 0) {
      const p = (i - 1) >> 2; // the parent: (i - 1) / ARITY
      const pt = this.time[p];
      if (t < pt || (t === pt && id < this.id[p])) {
        this.siftUp(i, t, id);
        return;
      }
    }
    this.siftDown(i, t, id);
  }

  /** Places (t, id) at entry i or above it, moving later parents down. */
  private siftUp(i: number, t: number, id: number): void {
    const { time, id: ids, pos } = this;
    while (i > 0) {
      const p = (i - 1) >> 2; // the parent: (i - 1) / ARITY
      const pt = time[p];
      const pi = ids[p];
      if (!(t < pt || (t === pt && id < pi))) break;
      time[i] = pt;
      ids[i] = pi;
      pos[pi] = i;
      i = p;
    }
    time[i] = t;
    ids[i] = id;
    pos[id] = i;
  }

  /** The entry of the earliest of the children first .. first + ARITY - 1 that are below n (first < n). */
  private earliestChild(first: number, n: number): number {
    const { time, id } = this;
    let c = first;
    let bt = time[first];
    let bi = id[first];
    const end = first + ARITY < n ? first + ARITY : n;
    for (let k = first + 1; k < end; k++) {
      const t = time[k];
      const j = id[k];
      if (t < bt || (t === bt && j < bi)) {
        bt = t;
        bi = j;
        c = k;
      }
    }
    return c;
  }

  /** Places (t, id) at entry i or below it, moving earlier children up. */
  private siftDown(i: number, t: number, id: number): void {
    const { time, id: ids, pos } = this;
    const n = this.size;
    for (;;) {
      if (ARITY * i + 1 >= n) break;
      const c = this.earliestChild(ARITY * i + 1, n);
      const bt = time[c];
      const bi = ids[c];
      if (!(bt < t || (bt === t && bi < id))) break;
      time[i] = bt;
      ids[i] = bi;
      pos[bi] = i;
      i = c;
    }
    time[i] = t;
    ids[i] = id;
    pos[id] = i;
  }
}

/** Children an entry has: 4 halves the levels of a binary heap (a rack's heap holds about 100 events at a pop). */
const ARITY = 4;
