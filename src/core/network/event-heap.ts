/**
 * A binary min-heap of (timeMs, id) events in typed arrays, ordered by time then id (a total order: reproducible
 * runs). An event is current while its version equals the id's version: rescheduling an id bumps the version and
 * leaves the old entry to be dropped lazily when it surfaces; compaction bounds the stale entries.
 */
export class EventHeap {
  private time: Float64Array;
  private id: Int32Array;
  private ver: Int32Array;
  /** Current version of each id. */
  readonly version: Int32Array;
  size = 0;

  constructor(ids: number, capacity = 64) {
    this.time = new Float64Array(capacity);
    this.id = new Int32Array(capacity);
    this.ver = new Int32Array(capacity);
    this.version = new Int32Array(ids);
  }

  /** Schedules `id` at `timeMs`, replacing any earlier schedule of it (Infinity: cancels it). */
  schedule(id: number, timeMs: number): void {
    const v = ++this.version[id];
    if (timeMs === Infinity) return;
    if (this.size === this.time.length) this.makeRoom();
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(timeMs, id, this.time[p], this.id[p])) break;
      this.time[i] = this.time[p];
      this.id[i] = this.id[p];
      this.ver[i] = this.ver[p];
      i = p;
    }
    this.time[i] = timeMs;
    this.id[i] = id;
    this.ver[i] = v;
  }

  cancel(id: number): void {
    this.version[id]++;
  }

  /** Time of the earliest current event (Infinity when none). */
  peekTime(): number {
    this.dropStale();
    return this.size === 0 ? Infinity : this.time[0];
  }

  /** Removes the earliest current event and returns its id (call after peekTime() says there is one). */
  pop(): number {
    this.dropStale();
    const id = this.id[0];
    this.version[id]++;
    this.removeTop();
    return id;
  }

  /** Copies the heap's state into `into` (same id count), for a later restore. */
  copyTo(into: EventHeap): void {
    if (into.time.length < this.time.length) {
      into.time = new Float64Array(this.time.length);
      into.id = new Int32Array(this.time.length);
      into.ver = new Int32Array(this.time.length);
    }
    into.time.set(this.time.subarray(0, this.size));
    into.id.set(this.id.subarray(0, this.size));
    into.ver.set(this.ver.subarray(0, this.size));
    into.version.set(this.version);
    into.size = this.size;
  }

  private before(t: number, i: number, u: number, j: number): boolean {
    return t < u || (t === u && i < j);
  }

  private dropStale(): void {
    while (this.size > 0 && this.ver[0] !== this.version[this.id[0]]) this.removeTop();
  }

  private removeTop(): void {
    const n = --this.size;
    if (n === 0) return;
    this.time[0] = this.time[n];
    this.id[0] = this.id[n];
    this.ver[0] = this.ver[n];
    this.siftDown(0);
  }

  /** Drops stale entries (re-heapifying what is left); grows only if most entries are current. */
  private makeRoom(): void {
    let k = 0;
    for (let i = 0; i < this.size; i++) {
      if (this.ver[i] !== this.version[this.id[i]]) continue;
      this.time[k] = this.time[i];
      this.id[k] = this.id[i];
      this.ver[k] = this.ver[i];
      k++;
    }
    this.size = k;
    for (let i = (k >> 1) - 1; i >= 0; i--) this.siftDown(i);
    if (k * 2 > this.time.length) {
      const cap = this.time.length * 2;
      const [t, id, v] = [new Float64Array(cap), new Int32Array(cap), new Int32Array(cap)];
      t.set(this.time);
      id.set(this.id);
      v.set(this.ver);
      [this.time, this.id, this.ver] = [t, id, v];
    }
  }

  private siftDown(i: number): void {
    const n = this.size;
    const t = this.time[i];
    const id = this.id[i];
    const v = this.ver[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.before(this.time[c + 1], this.id[c + 1], this.time[c], this.id[c])) c++;
      if (!this.before(this.time[c], this.id[c], t, id)) break;
      this.time[i] = this.time[c];
      this.id[i] = this.id[c];
      this.ver[i] = this.ver[c];
      i = c;
    }
    this.time[i] = t;
    this.id[i] = id;
    this.ver[i] = v;
  }
}
