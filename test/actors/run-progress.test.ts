/** simulate()'s onProgress: told between epochs, read-only (same digest), the same sequence on any runtime. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import type { RunProgress } from '../../src/actors/run-progress.js';
import { ProgressTicker } from '../../src/actors/run-progress.js';
import { compiledSimulate, loadVariant } from '../helpers.js';

const simulateCompiled = await compiledSimulate();
const FLUID = loadVariant('fb-macro-io.json', 'Fair + delay', [['workload.jobs', 60], ['cluster.network.model', 'fluid']]);

describe('simulate onProgress', () => {
  it('after every epoch with progressEveryMs 0, then once at the end: monotone, ending with every job finished, digest unchanged', async () => {
    const seen: RunProgress[] = [];
    const plain = await simulate(FLUID, { timeDecisions: false });
    const watched = await simulate(FLUID, { timeDecisions: false, onProgress: (p) => seen.push(p), progressEveryMs: 0 });
    expect(watched.digest).toBe(plain.digest);
    expect(seen).toHaveLength(watched.run.epochs + 1);
    for (let k = 1; k < seen.length; k++) {
      expect(seen[k].simulatedMs).toBeGreaterThanOrEqual(seen[k - 1].simulatedMs);
      expect(seen[k].jobsFinished).toBeGreaterThanOrEqual(seen[k - 1].jobsFinished);
    }
    expect(seen.every((p) => p.jobs === 60)).toBe(true);
    expect(seen[0].jobsFinished).toBeLessThan(60);
    const last = seen[seen.length - 1];
    expect(last.jobsFinished).toBe(60);
    // The end of the last epoch: the last job finished within it.
    const lastFinish = Math.max(...watched.jobs.map((j) => j.finishMs));
    expect(last.simulatedMs).toBeGreaterThan(lastFinish);
    expect(last.simulatedMs - lastFinish).toBeLessThanOrEqual(3000);
  });

  it('tells the same sequence on rack threads as in-process', async () => {
    const here: RunProgress[] = [];
    const threads: RunProgress[] = [];
    const a = await simulateCompiled(FLUID, { timeDecisions: false, onProgress: (p) => here.push(p), progressEveryMs: 0 });
    const b = await simulateCompiled(FLUID, { timeDecisions: false, runtime: 'threads', workers: 2, onProgress: (p) => threads.push(p), progressEveryMs: 0 });
    expect(b.digest).toBe(a.digest);
    expect(threads).toEqual(here);
  });

  it('with the default interval a short run is told at least its end', async () => {
    const seen: RunProgress[] = [];
    await simulate(FLUID, { timeDecisions: false, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen[seen.length - 1].jobsFinished).toBe(60);
  });

  it('refuses a listener that is not a function and an interval out of range', async () => {
    await expect(simulate(FLUID, { onProgress: 5 as never })).rejects.toThrow(/options\.onProgress: must be a function, not/);
    await expect(simulate(FLUID, { progressEveryMs: -1 })).rejects.toThrow(/options\.progressEveryMs: must be from 0 to/);
    await expect(simulate(FLUID, { progressEveryMs: '5' as never })).rejects.toThrow(TypeError);
  });
});

describe('ProgressTicker', () => {
  const source = (n: number) => ({ progress: () => ({ simulatedMs: n * 1000, jobsFinished: n, jobs: 10 }) });

  it('calls at most once per interval, and always at the end', () => {
    const seen: number[] = [];
    const t = new ProgressTicker((p) => seen.push(p.jobsFinished), 60_000);
    for (let n = 0; n < 5; n++) t.tick(source(n));
    t.end(source(10));
    expect(seen).toEqual([10]);
  });

  it('without a listener does nothing', () => {
    const t = new ProgressTicker(undefined, 0);
    expect(() => { t.tick(source(1)); t.end(source(1)); }).not.toThrow();
  });
});
