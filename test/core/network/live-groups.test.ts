/** The groups a fluid rack looks at each epoch, listed by slot and ordered by group (live-groups.ts). */
import { describe, expect, it } from 'vitest';
import { KEEP_ALL, LiveGroups } from '../../../src/core/network/live-groups.js';

describe('LiveGroups', () => {
  // Slots bound in the order a rack first used its groups: slot k is group GROUP_OF[k].
  const GROUP_OF = [7, 2, 9_001, 0, 5];
  const groupOf = (k: number): number => GROUP_OF[k];

  it('lists each slot once and sorts by group, not by slot', () => {
    const live = new LiveGroups(2, groupOf);
    live.grow(GROUP_OF.length);
    for (const k of [0, 2, 1, 0, 4, 3, 2]) live.add(k);
    live.keepSorted(KEEP_ALL);
    const listed = Array.from({ length: live.size }, (_, j) => live.at(j));
    expect(listed).toEqual([3, 1, 4, 0, 2]);
    expect(listed.map(groupOf)).toEqual([0, 2, 5, 7, 9_001]);
  });

  it('drops the slots no longer in use, which can be listed again', () => {
    const live = new LiveGroups(GROUP_OF.length, groupOf);
    for (let k = 0; k < GROUP_OF.length; k++) live.add(k);
    live.keepSorted({ inUse: (k) => k % 2 === 0 });
    expect(Array.from({ length: live.size }, (_, j) => live.at(j))).toEqual([0, 4, 2].sort((a, b) => groupOf(a) - groupOf(b)));
    live.add(1);
    live.add(0); // listed already
    live.keepSorted(KEEP_ALL);
    expect(Array.from({ length: live.size }, (_, j) => live.at(j)).map(groupOf)).toEqual([2, 5, 7, 9_001]);
  });
});
