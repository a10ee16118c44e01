/** Where a reduce output's replicas go: HDFS 0.20's default placement, with a topology script and without one. */
import { describe, expect, it } from 'vitest';
import { ReplicaTargets } from '../../../src/core/network/replica-targets.js';

const RACKS = 4;
const PER_RACK = 25;
const rackOf = (node: number): number => Math.floor(node / PER_RACK);

/** The targets of 20,000 reduces' writes by writers 0 .. 99 in turn (jobs, tasks and launch times all differing). */
function draws(targets: ReplicaTargets): Array<[number, number, number]> {
  const out = new Int32Array(2);
  const got: Array<[number, number, number]> = [];
  for (let k = 0; k < 20_000; k++) {
    const writer = k % (RACKS * PER_RACK);
    expect(targets.choose(writer, k % 37, -1 - (k % 11), k * 1500.25, out)).toBe(true);
    got.push([writer, out[0], out[1]]);
  }
  return got;
}

describe('replica targets', () => {
  it('rack-aware: the second in another rack, the third beside it', () => {
    for (const [writer, second, third] of draws(new ReplicaTargets(1, RACKS, PER_RACK, 3))) {
      expect(rackOf(second)).not.toBe(rackOf(writer));
      expect(rackOf(third)).toBe(rackOf(second));
      expect(third).not.toBe(second);
    }
  });

  it('without a topology script: second and third anywhere but the writer and each other, uniformly (so 24 in 99 seconds share the writer\'s rack)', () => {
    const got = draws(new ReplicaTargets(1, RACKS, PER_RACK, 3, false));
    const hits = new Int32Array(RACKS * PER_RACK);
    let besideWriter = 0;
    let thirdBesideSecond = 0;
    for (const [writer, second, third] of got) {
      expect(second).not.toBe(writer);
      expect([writer, second]).not.toContain(third);
      for (const node of [second, third]) expect(node >= 0 && node < RACKS * PER_RACK).toBe(true);
      hits[second]++;
      if (rackOf(second) === rackOf(writer)) besideWriter++;
      if (rackOf(third) === rackOf(second)) thirdBesideSecond++;
    }
    expect(besideWriter / got.length).toBeCloseTo(24 / 99, 1);
    expect(thirdBesideSecond / got.length).toBeCloseTo(24 / 98, 1);
    // The README's figures: the writes whose pipeline leaves the writer's rack, and the far sides per write (a
    // pipeline entering two other racks has two).
    let leaving = 0;
    let farSides = 0;
    for (const [writer, second, third] of got) {
      const [w, a, c] = [writer, second, third].map(rackOf);
      const sides = a !== w ? (c === a ? 1 : 2) : c !== w ? 1 : 0;
      if (sides > 0) leaving++;
      farSides += sides;
    }
    expect(leaving / got.length).toBeCloseTo(0.943, 2); // 1 - 24/99 x 23/98 = 0.943
    expect(farSides / got.length).toBeCloseTo(1.51, 1); // 75/99 x (1 + 74/98) + 24/99 x 75/98 = 1.515
    for (const h of hits) expect(h).toBeGreaterThan(100); // 200 expected each
  });

  // HDFS 0.20's chooseLocalRack, finding no other node in the second's rack nor in the writer's, chooses from the
  // whole cluster: the third was left out (-1), a reduce's output losing its third replica.
  it('rack-aware on racks of one node: the third on a third rack, uniformly; none with two racks', () => {
    const out = new Int32Array(2);
    const seen = new Int32Array(6);
    for (let k = 0; k < 6000; k++) {
      const writer = k % 6;
      expect(new ReplicaTargets(1, 6, 1, 3).choose(writer, k % 37, -1, k * 1500.25, out)).toBe(true);
      expect(out[0]).not.toBe(writer);
      expect([writer, out[0]]).not.toContain(out[1]);
      expect(out[1] >= 0 && out[1] < 6).toBe(true);
      seen[out[1]]++;
    }
    for (const n of seen) expect(n).toBeGreaterThan(800); // 1,000 expected each
    expect(new ReplicaTargets(1, 2, 1, 3).choose(0, 0, -1, 10, out)).toBe(true);
    expect([out[0], out[1]]).toEqual([1, -1]);
  });

  it('replication 2 has no third; one rack or replication 1 no pipeline past the writer\'s NIC', () => {
    const out = new Int32Array(2);
    expect(new ReplicaTargets(1, RACKS, PER_RACK, 2, false).choose(7, 0, -1, 10, out)).toBe(true);
    expect(out[1]).toBe(-1);
    expect(new ReplicaTargets(1, 1, PER_RACK, 3, false).choose(7, 0, -1, 10, out)).toBe(false);
    expect(new ReplicaTargets(1, RACKS, PER_RACK, 1, false).choose(7, 0, -1, 10, out)).toBe(false);
    // Two nodes in all, replication 3: the second is the other node, and there is no third.
    expect(new ReplicaTargets(1, 2, 1, 3, false).choose(1, 0, -1, 10, out)).toBe(true);
    expect([out[0], out[1]]).toEqual([0, -1]);
  });

  it('a reduce\'s targets depend on its writer, job, task and launch time alone (not on when its write starts)', () => {
    const a = new Int32Array(2);
    const b = new Int32Array(2);
    const targets = new ReplicaTargets(5, RACKS, PER_RACK, 3, false);
    targets.choose(12, 3, -2, 45_000, a);
    new ReplicaTargets(5, RACKS, PER_RACK, 3, false).choose(12, 3, -2, 45_000, b);
    expect(Array.from(b)).toEqual(Array.from(a));
    const differ = (writer: number, job: number, task: number, launchMs: number): boolean => {
      targets.choose(writer, job, task, launchMs, b);
      return b[0] !== a[0] || b[1] !== a[1];
    };
    // Each part of the key moves the draw (most of the time: 1 - 1/99 x 1/98 of moving neither).
    expect([differ(13, 3, -2, 45_000), differ(12, 4, -2, 45_000), differ(12, 3, -3, 45_000), differ(12, 3, -2, 45_001)]).toEqual([true, true, true, true]);
  });
});
