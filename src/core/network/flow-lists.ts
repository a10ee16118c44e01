/**
 * The flows crossing each resource of a FluidNet, as intrusive doubly linked lists over path entries in typed
 * arrays: entry e = f x maxPath + k is flow f's k-th resource. Appending keeps insertion order and unlinking keeps
 * the others' order, as arrays with push and splice would, at O(1) and with no allocation; empty(r) clears one list.
 * Walk resource r's flows with: for (let e = lists.head[r]; e >= 0; e = lists.next[e]) f = lists.flowOf(e).
 */
import { grownInts } from './grown.js';

export class FlowLists {
  head: Int32Array;
  readonly next: Int32Array;
  /** Flows on each resource. */
  count: Int32Array;
  private tail: Int32Array;
  private readonly prev: Int32Array;

  constructor(resources: number, entries: number, private readonly maxPath: number) {
    this.head = new Int32Array(resources).fill(-1);
    this.tail = new Int32Array(resources).fill(-1);
    this.count = new Int32Array(resources);
    this.next = new Int32Array(entries);
    this.prev = new Int32Array(entries);
  }

  flowOf(e: number): number {
    return (e / this.maxPath) | 0;
  }

  /** Appends entry e to resource r's list. */
  append(r: number, e: number): void {
    const t = this.tail[r];
    this.prev[e] = t;
    this.next[e] = -1;
    if (t < 0) this.head[r] = e;
    else this.next[t] = e;
    this.tail[r] = e;
    this.count[r]++;
  }

  /** Unlinks entry e from resource r's list. */
  unlink(r: number, e: number): void {
    const p = this.prev[e];
    const n = this.next[e];
    if (p < 0) this.head[r] = n;
    else this.next[p] = n;
    if (n < 0) this.tail[r] = p;
    else this.prev[n] = p;
    this.count[r]--;
  }

  /** Grows the resources to n (n > their count), each new one's list empty. */
  grow(n: number): void {
    this.head = grownInts(this.head, n, -1);
    this.tail = grownInts(this.tail, n, -1);
    this.count = grownInts(this.count, n);
  }

  /** Empties resource r's list (its entries' links are left as they are: nothing reads them). */
  empty(r: number): void {
    this.head[r] = -1;
    this.tail[r] = -1;
    this.count[r] = 0;
  }
}
