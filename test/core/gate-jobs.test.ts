/**
 * The built-in gates a plugin may build on (README's plugins: `new TwoLevelWaitGate(nodeMs, rackMs, context.jobs)`):
 * one made for fewer jobs than the run has read no state for the rest, so they ran as another gate would, silently
 * (TwoLevelWaitGate(5000, 5000, 2) on 15 jobs gave another digest than the built-in wait, exit 0).
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/core/job.js';
import { SkipCountGate, TwoLevelWaitGate } from '../../src/core/locality.js';
import { NODE_LOCAL } from '../../src/core/locality-level.js';

const job = (index: number): Job => ({ index, spec: { id: `j${index + 1}` } }) as unknown as Job;

describe('a built-in gate made for fewer jobs than the run has', () => {
  it('refuses a job past them, naming the gate and what to give it', () => {
    const wait = new TwoLevelWaitGate(5000, 5000, 2);
    expect(wait.allowed(job(1))).toBe(NODE_LOCAL);
    expect(() => wait.allowed(job(2))).toThrow(new RangeError("TwoLevelWaitGate: job j3 (index 2) asked of a gate made for 2 jobs: make it with the run's job count (create()'s context.jobs)"));
    const skip = new SkipCountGate(3, 1);
    expect(skip.allowed(job(0))).toBe(NODE_LOCAL);
    expect(() => skip.allowed(job(1))).toThrow(new RangeError("SkipCountGate: job j2 (index 1) asked of a gate made for 1 job: make it with the run's job count (create()'s context.jobs)"));
  });

  it('refuses it at a skip or a launch too (a typed array drops a write past its end: the skip was lost, silently)', () => {
    const wait = new TwoLevelWaitGate(5000, 5000, 2);
    expect(() => wait.skipped(job(2), 100)).toThrow(/^TwoLevelWaitGate: job j3 \(index 2\) asked of a gate made for 2 jobs/);
    expect(() => wait.launched(job(2), NODE_LOCAL)).toThrow(/^TwoLevelWaitGate: job j3 \(index 2\)/);
    const skip = new SkipCountGate(3, 1);
    expect(() => skip.skipped(job(1))).toThrow(/^SkipCountGate: job j2 \(index 1\) asked of a gate made for 1 job/);
    expect(() => skip.launched(job(1), NODE_LOCAL)).toThrow(/^SkipCountGate: job j2 \(index 1\)/);
    wait.skipped(job(1), 100);
    expect(wait.waitedMs(job(1))).toBe(100);
  });
});
