import { describe, expect, it } from 'vitest';
import { BinaryHeap } from '../../src/core/binary-heap.js';
import { lcg } from '../lcg.js';

/** The swap-based heap Quincy's replay kept before (src/core/quincy/heap.ts): where ties come out is its order. */
class SwapHeap<T> {
  private readonly h: T[] = [];
  constructor(private readonly before: (a: T, b: T) => boolean) {}
  push(item: T): void {
    const h = this.h;
    h.push(item);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.before(h[i], h[p])) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }
  pop(): T | undefined {
    const h = this.h;
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

interface Item { at: number; id: number }

describe('binary heap', () => {
  it('pops in the comparator order, through pushes and pops mixed', () => {
    const rand = lcg(7);
    const heap = new BinaryHeap<number>((a, b) => a < b);
    const held: number[] = [];
    for (let step = 0; step < 5000; step++) {
      if (held.length === 0 || rand(3) > 0) {
        const v = rand(1000);
        heap.push(v);
        held.push(v);
      } else {
        held.sort((a, b) => a - b);
        expect(heap.top()).toBe(held[0]);
        expect(heap.pop()).toBe(held.shift());
      }
      expect(heap.size).toBe(held.length);
    }
    expect(new BinaryHeap<number>((a, b) => a < b).pop()).toBeUndefined();
  });

  it('gives ties (a comparator of the time alone) out in the order the swap-based heap did', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rand = lcg(seed);
      const before = (a: Item, b: Item): boolean => a.at < b.at;
      const heap = new BinaryHeap<Item>(before);
      const swap = new SwapHeap<Item>(before);
      const popped: number[] = [];
      const expected: number[] = [];
      for (let id = 0; id < 400; id++) {
        const item = { at: rand(10), id };
        heap.push(item);
        swap.push(item);
        if (rand(2) === 0) {
          popped.push(heap.pop()!.id);
          expected.push(swap.pop()!.id);
        }
      }
      for (let n = heap.size; n > 0; n--) {
        popped.push(heap.pop()!.id);
        expected.push(swap.pop()!.id);
      }
      expect(popped).toEqual(expected);
    }
  });
});
