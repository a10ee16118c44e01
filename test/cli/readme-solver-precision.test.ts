/**
 * README's Results table states each solver field's precision: the solver's total time in whole ms, the per-solve
 * times in 0.01 ms steps, the mean columns a whole arc. A Quincy run's `run.solver` has them so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/actors/simulate.js';
import { loadScenario } from '../../src/cli/load-scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const row = (field: string): string => README.split('\n').find((l) => l.startsWith(`| \`${field}\` |`)) ?? '';
const steps = (x: number, step: number): boolean => Math.abs(Math.round(x / step) * step - x) < 1e-9;

describe('README: run.solver\'s precision', () => {
  it('is the one a Quincy run writes', async () => {
    const [v] = loadScenario(join(ROOT, 'scenarios', 'quincy.json'), [], undefined, 'Quincy').variants;
    const s = (await simulate(v.scenario, { variant: v.name, timeDecisions: false })).run.solver!;
    expect(s.solves).toBeGreaterThan(0);
    expect(row('run.solver.{totalMs,meanMs,p50Ms,p99Ms,maxMs}')).toMatch(/in all \(whole ms\), and per solve \([^)]*0\.01 ms steps\)/);
    expect(Number.isInteger(s.totalMs)).toBe(true);
    for (const x of [s.meanMs, s.p50Ms, s.p99Ms, s.maxMs]) expect(steps(x, 0.01)).toBe(true);
    expect(row('run.solver.{meanColumns,maxColumns}')).toContain('mean (to a whole arc)');
    expect(Number.isInteger(s.meanColumns)).toBe(true);
  });
});
