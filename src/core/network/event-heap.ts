/**
 * An indexed binary min-heap of (timeMs, id) events in typed arrays, ordered by time then id (a total order: any
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
    let i = this.pos[id];
    if (i < 0) {
      i = this.size++;
      this.id[i] = id;
      this.time[i] = timeMs;
      this.pos[id] = i;
      this.siftUp(i);
      return;
    }
    const was = this.time[i];
    this.time[i] = timeMs;
    if (timeMs < was) this.siftUp(i);
    else if (timeMs > was) this.siftDown(i);
  }

  cancel(id: number): void {
    const i = this.pos[id];
    if (i >= 0) this.removeAt(i);
  }

  /** Time of the earliest event (Infinity when none). */
  peekTime(): number {
    return this.size === 0 ? Infinity : this.time[0];
  }

  /**
   * Removes the earliest event and returns its id (call after peekTime() says there is one). Floyd's way: the hole
   * at the root moves down to a leaf along the earlier children (one comparison a level), and the last entry,
   * usually late, sifts up from there (a level or two), instead of sifting it down from the root (two a level). The
   * heap pops the same sequence either way (a total order).
   */
  pop(): number {
    const { time, id } = this;
    const top = id[0];
    this.pos[top] = -1;
    const n = --this.size;
    if (n === 0) return top;
    let i = 0;
    for (let c = 1; c < n; c = 2 * i + 1) {
      if (c + 1 < n && before(time[c + 1], id[c + 1], time[c], id[c])) c++;
      this.place(i, time[c], id[c]);
      i = c;
    }
    const t = time[n];
    const last = id[n];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(t, last, time[p], id[p])) break;
      this.place(i, time[p], id[p]);
      i = p;
    }
    this.place(i, t, last);
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
    this.time[i] = t;
    this.id[i] = id;
    this.pos[id] = i;
    if (i > 0 && before(t, id, this.time[(i - 1) >> 1], this.id[(i - 1) >> 1])) this.siftUp(i);
    else this.siftDown(i);
  }

  private siftUp(i: number): void {
    const t = this.time[i];
    const id = this.id[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(t, id, this.time[p], this.id[p])) break;
      this.place(i, this.time[p], this.id[p]);
      i = p;
    }
    this.place(i, t, id);
  }

  private siftDown(i: number): void {
    const n = this.size;
    const t = this.time[i];
    const id = this.id[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && before(this.time[c + 1], this.id[c + 1], this.time[c], this.id[c])) c++;
      if (!before(this.time[c], this.id[c], t, id)) break;
      this.place(i, this.time[c], this.id[c]);
      i = c;
    }
    this.place(i, t, id);
  }

  private place(i: number, t: number, id: number): void {
    this.time[i] = t;
    this.id[i] = id;
    this.pos[id] = i;
  }
}

function before(t: number, i: number, u: number, j: number): boolean {
  return t < u || (t === u && i < j);
}
