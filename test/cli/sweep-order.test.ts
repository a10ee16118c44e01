/** The order a sweep hands out its points: each unknown group once (largest first), then known groups dearest first. */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';
import { PointQueue, workloadSize } from '../../src/cli/sweep-order.js';

function scenario(nodesPerRack: number, jobs: number) {
  const parsed = parseScenario({ cluster: { racks: 2, nodesPerRack }, workload: { kind: 'facebook', jobs } });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.value;
}

/** Points of groups a (small), b (large), c (middle), two seeds each, in index order. */
const points = ['a', 'b', 'c'].flatMap((group, g) => [0, 1].map((seed) => ({
  group, index: 2 * g + seed, name: `${group}${seed}`, scenario: scenario([5, 20, 10][g], 100), trace: undefined,
})));
const names = (q: PointQueue<(typeof points)[number]>, n: number): string[] => Array.from({ length: n }, () => q.next()?.name ?? '-');

describe('PointQueue', () => {
  it('sizes a workload as nodes x jobs', () => {
    expect(workloadSize(scenario(10, 300))).toBe(20 * 300);
  });

  it('with nothing known: one point of each group, largest first, then the rest of the started groups', () => {
    expect(names(new PointQueue(points), 7)).toEqual(['b0', 'c0', 'a0', 'b1', 'c1', 'a1', '-']);
  });

  it('puts known groups dearest first, after the groups still unknown', () => {
    const q = new PointQueue(points, [{ group: 'a', run: { wallMs: 900 } }, { group: 'b', run: { wallMs: 100 } }]);
    expect(names(q, 2)).toEqual(['c0', 'a0']); // c is unknown: learned first; then a, the dearest known
    q.learn('c', 5000);
    expect(names(q, 4)).toEqual(['c1', 'a1', 'b0', 'b1']);
  });

  it('averages what it learns of a group', () => {
    const q = new PointQueue(points.filter((p) => p.group !== 'c'));
    q.learn('a', 100);
    q.learn('a', 700); // mean 400
    q.learn('b', 500);
    expect(names(q, 4)).toEqual(['b0', 'b1', 'a0', 'a1']);
  });
});
