/** The long mode's time limit on a scenario (time-limit.ts) and on shrinking (property.ts's shrinkLimitMs). */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/scenario.js';
import { runHarness } from './property.js';
import { TIMED_OUT, timedChecker } from './time-limit.js';

const named = (name: string) => ({ name }) as unknown as Scenario;

describe('a time limit per scenario', () => {
  it('a check that spins is a failure at the limit, and the next check runs on a new thread', { timeout: 30_000 }, async () => {
    // 2 s: the first check also starts the thread, slow on a loaded machine
    const timed = timedChecker(2000, new URL('./fixtures/hang-worker.mjs', import.meta.url));
    try {
      expect((await timed.check(named('a'), {})).digest).toBe('digest of a');
      const t0 = performance.now();
      const hung = await timed.check(named('hang'), {});
      expect(performance.now() - t0).toBeLessThan(10_000);
      expect(hung.failures).toHaveLength(1);
      expect(hung.failures[0]).toContain(`${TIMED_OUT} 2 s`);
      expect((await timed.check(named('b'), {})).digest).toBe('digest of b');
    } finally {
      await timed.close();
    }
  });
});

describe('a time limit on shrinking', () => {
  const slowFailure = async () => {
    await new Promise((r) => setTimeout(r, 5));
    return { digest: '', failures: ['always'], kills: 0 };
  };

  it.each([[0, true], [undefined, false]])('shrinkLimitMs %s: shrinking stopped %s', async (shrinkLimitMs, stopped) => {
    const report = await runHarness({ seed: 3, runs: 5, threadsEvery: 0, check: slowFailure, shrinkLimitMs });
    expect(report.failure!.failures).toEqual(['always']);
    expect(report.failure!.shrinkStopped).toBe(stopped);
    if (stopped) expect(report.failure!.shrinks).toBe(0);
  });
});
