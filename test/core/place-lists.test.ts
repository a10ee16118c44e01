import { describe, expect, it } from 'vitest';
import { PlaceLists } from '../../src/core/place-lists.js';
import { makeRng } from '../../src/core/rng.js';
import { PENDING, RUNNING } from '../../src/core/task-state.js';

/** The stacks PlaceLists replaces: a Map of arrays with lazy deletion, as the job caches were. */
class Reference {
  private readonly lists = new Map<number, number[]>();
  push(place: number, m: number): void {
    const list = this.lists.get(place);
    if (list === undefined) this.lists.set(place, [m]);
    else list.push(m);
  }
  peek(place: number, state: Uint8Array): number {
    const list = this.lists.get(place);
    if (list === undefined) return -1;
    while (list.length > 0) {
      const m = list[list.length - 1];
      if (state[m] === PENDING) return m;
      list.pop();
    }
    this.lists.delete(place);
    return -1;
  }
}

describe('place lists', () => {
  it('answer every peek as a map of stacks does, through launches, kills and pushes', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rng = makeRng(seed, 'place-lists');
      const places = 1 + rng.int(50);
      const maps = 1 + rng.int(200);
      const count = maps * (1 + rng.int(3));
      const place = new Int32Array(count);
      const map = new Int32Array(count);
      const reference = new Reference();
      for (let k = 0; k < count; k++) {
        place[k] = rng.int(places);
        map[k] = rng.int(maps);
        reference.push(place[k], map[k]);
      }
      const scratch = new Int32Array(places).fill(-1);
      const lists = new PlaceLists(place, map, count, scratch);
      expect([...scratch].every((x) => x === -1)).toBe(true);
      const state = new Uint8Array(maps);
      for (let step = 0; step < 2000; step++) {
        const p = rng.int(places + 2); // some places never listed
        const m = rng.int(maps);
        const action = rng.next();
        if (action < 0.5) expect(lists.peek(p, state)).toBe(reference.peek(p, state));
        else if (action < 0.8) state[m] = RUNNING;
        else if (state[m] === RUNNING) {
          state[m] = PENDING; // a kill puts it back on top of a place's stack
          lists.push(p, m);
          reference.push(p, m);
        }
      }
    }
  });

  it('yields each place\'s last push first', () => {
    const lists = new PlaceLists(Int32Array.from([7, 3, 7, 7]), Int32Array.from([4, 9, 2, 0]), 4, new Int32Array(8).fill(-1));
    const state = new Uint8Array(10);
    expect(lists.peek(7, state)).toBe(0);
    state[0] = RUNNING;
    expect(lists.peek(7, state)).toBe(2);
    expect(lists.peek(3, state)).toBe(9);
    expect(lists.peek(5, state)).toBe(-1);
  });
});
