/** A binary heap: `before(a, b)` when a comes out first. */
export class Heap<T> {
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
    h.push(item);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.before(h[i], h[p])) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }

  pop(): T | undefined {
    const h = this.items;
    const first = h[0];
    const last = h.pop();
    if (h.length === 0) return first;
    h[0] = last!;
    for (let i = 0; ;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let m = i;
      if (l < h.length && this.before(h[l], h[m])) m = l;
      if (r < h.length && this.before(h[r], h[m])) m = r;
      if (m === i) break;
      [h[m], h[i]] = [h[i], h[m]];
      i = m;
    }
    return first;
  }
}
