/**
 * A binary heap of any items under a comparator: `before(a, b)` when a comes out first. Quincy's replay of the jobs
 * waiting at once (quincy/waiting-jobs.ts) and a sweep's queue of points (cli/sweep-order.ts) keep theirs in one.
 * The fluid model's events have their own, network/event-heap.ts: numeric (time, id) keys in typed arrays, 4-ary,
 * indexed for rescheduling in place, for its hot path.
 *
 * An item sifts through a hole (moved entries are written once, never swapped), comparing as a swap-based heap does:
 * the same items in the same places after each push and pop, so ties (a comparator that is no total order) come out
 * in the same order as they did.
 */
export class BinaryHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  top(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const h = this.items;
    let i = h.length;
    h.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(item, h[p])) break;
      h[i] = h[p];
      i = p;
    }
    h[i] = item;
  }

  pop(): T | undefined {
    const h = this.items;
    const first = h[0];
    const last = h.pop() as T;
    const n = h.length;
    if (n === 0) return first;
    // `last` sifts down from the root: into the hole goes the earlier of it and the hole's children (the left child on a tie).
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      let m = -1;
      let mItem = last;
      if (l < n && this.before(h[l], mItem)) {
        m = l;
        mItem = h[l];
      }
      if (l + 1 < n && this.before(h[l + 1], mItem)) {
        m = l + 1;
        mItem = h[l + 1];
      }
      if (m < 0) break;
      h[i] = mItem;
      i = m;
    }
    h[i] = last;
    return first;
  }
}
