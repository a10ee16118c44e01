/**
 * bench compare of a baseline written before `cpuMs` and `eventsPerCpuSecond` existed (hfsim-bench/1 as 75a7d76 wrote
 * it, before ebc02a9): README says a field added later is optional, so older reports stay readable. It was refused,
 * exit 2: `not a bench report: cases[0].cpuMs: Invalid input: expected object, received undefined`.
 */
import { describe, expect, it } from 'vitest';
import { type BenchCase } from '../../src/cli/bench-schema.js';
import { benchCase, compare, report, write } from './bench-helpers.js';

/** A case as the first reports wrote it: no CPU time, no events per CPU second. */
function olderCase(name: string, wallMs: number): BenchCase {
  const { cpuMs: _cpu, eventsPerCpuSecond: _perCpu, ...older } = benchCase(name, wallMs);
  return older as BenchCase;
}

describe('bench compare, a baseline from before cpuMs', () => {
  const name = 'fb-macro-io.json / FIFO';
  const older = write('older-base.json', { ...report([benchCase(name, 1000)]), cases: [olderCase(name, 1000)] });

  it('compares it with a current report (exit 0), its CPU time not shown', () => {
    const r = compare([older, write('older-new.json', report([benchCase(name, 1010)]))]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wall ms/);
    expect(r.stdout).not.toMatch(/cpu ms/);
    expect(r.stdout).toMatch(/no regression/);
  });

  it('and still flags a slowdown against it (exit 3)', () => {
    const r = compare([older, write('older-slow.json', report([benchCase(name, 1500)]))]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/SPEED REGRESSION/);
  });
});
