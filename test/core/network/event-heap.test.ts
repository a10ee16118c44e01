/** The fluid racks' event heap against a plain reference: the same events pop in the same (time, id) order. */
import { describe, expect, it } from 'vitest';
import { EventHeap } from '../../../src/core/network/event-heap.js';
import { makeRng } from '../../../src/core/rng.js';

/** The earliest (time, id) of a reference map of id -> time. */
function earliest(ref: Map<number, number>): [number, number] | undefined {
  let best: [number, number] | undefined;
  for (const [id, t] of ref) if (best === undefined || t < best[1] || (t === best[1] && id < best[0])) best = [id, t];
  return best;
}

describe('EventHeap', () => {
  it.each([[1, 40], [2, 40], [3, 40], [4, 700], [5, 3000]])('random schedules, reschedules, cancels, pops and save/restore match a reference (seed %i, %i ids)', (seed, ids) => {
    const rng = makeRng(seed);
    let heap = new EventHeap(ids);
    let saved = new EventHeap(ids);
    let ref = new Map<number, number>();
    let savedRef = new Map<number, number>();
    let pops = 0;
    for (let step = 0; step < 20_000; step++) {
      const op = rng.int(10);
      const id = rng.int(ids);
      if (op < 4) {
        const t = rng.int(ids < 100 ? 30 : 4 * ids); // few distinct times: many ties, broken by id
        heap.schedule(id, t);
        ref.set(id, t);
      } else if (op === 4) {
        heap.schedule(id, Infinity);
        ref.delete(id);
      } else if (op === 5) {
        heap.cancel(id);
        ref.delete(id);
      } else if (op === 6) {
        heap.copyTo(saved);
        savedRef = new Map(ref);
      } else if (op === 7 && rng.int(4) === 0) {
        [heap, saved] = [saved, heap]; // restore: the saved copy becomes current
        [ref, savedRef] = [savedRef, ref];
        heap.copyTo(saved);
        savedRef = new Map(ref);
      } else {
        const want = earliest(ref);
        expect(heap.peekTime()).toBe(want === undefined ? Infinity : want[1]);
        if (want === undefined) continue;
        expect(heap.pop()).toBe(want[0]);
        ref.delete(want[0]);
        pops++;
      }
      expect(heap.size).toBe(ref.size);
    }
    expect(pops).toBeGreaterThan(1000);
  });
});
