/** FlowLists against arrays with push and splice: the same flows in the same order on every resource. */
import { describe, expect, it } from 'vitest';
import { FlowLists } from '../../../src/core/network/flow-lists.js';
import { makeRng } from '../../../src/core/rng.js';

const walk = (lists: FlowLists, r: number): number[] => {
  const out: number[] = [];
  for (let e = lists.head[r]; e >= 0; e = lists.next[e]) out.push(e);
  return out;
};

describe('FlowLists', () => {
  it.each([1, 2])('appends and unlinks like push and splice (seed %i)', (seed) => {
    const rng = makeRng(seed, 'flow-lists');
    const [R, E] = [5, 60];
    const lists = new FlowLists(R, E, 3);
    const ref: number[][] = Array.from({ length: R }, () => []);
    const on = new Int32Array(E).fill(-1); // entry -> its resource, or -1
    for (let step = 0; step < 5000; step++) {
      const e = rng.int(E);
      if (on[e] < 0) {
        const r = rng.int(R);
        lists.append(r, e);
        ref[r].push(e);
        on[e] = r;
      } else {
        lists.unlink(on[e], e);
        ref[on[e]].splice(ref[on[e]].indexOf(e), 1);
        on[e] = -1;
      }
      if (step % 97 === 0) {
        for (let r = 0; r < R; r++) lists.empty(r);
        for (const list of ref) list.length = 0;
        on.fill(-1);
      }
      for (let r = 0; r < R; r++) {
        expect(walk(lists, r)).toEqual(ref[r]);
        expect(lists.count[r]).toBe(ref[r].length);
      }
    }
    expect(lists.flowOf(7)).toBe(2);
  });
});
