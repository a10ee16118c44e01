import { describe, expect, it } from 'vitest';
import { sweepChanges } from '../../src/cli/sweep-changes.js';
import type { Manifest } from '../../src/cli/sweep-manifest.js';

const manifest = (plugins: string[], ids = ['a', 'b']): Pick<Manifest, 'points' | 'inputs'> =>
  ({ points: ids.map((id) => ({ id })), inputs: { scenarios: 's', traces: 't', plugins } }) as unknown as Pick<Manifest, 'points' | 'inputs'>;

describe('what differs between two sweeps (sweep-changes.ts)', () => {
  // One of three plugin files changed read "(3 files, not the same bytes)".
  it('counts the --plugin files of other bytes among as many', () => {
    expect(sweepChanges(manifest(['h1', 'h2', 'h3']), manifest(['h1', 'h2', 'h9']))).toBe('the --plugin files\' code (1 of 3 files not the same bytes)');
    expect(sweepChanges(manifest(['h1', 'h2', 'h3']), manifest(['h1', 'h8', 'h9']))).toBe('the --plugin files\' code (2 of 3 files not the same bytes)');
    expect(sweepChanges(manifest(['h1']), manifest(['h2']))).toBe('the --plugin files\' code (1 file, not the same bytes)');
    expect(sweepChanges(manifest(['h1', 'h2']), manifest(['h3', 'h4']))).toBe('the --plugin files\' code (2 files, not the same bytes)');
    expect(sweepChanges(manifest(['h1']), manifest(['h1', 'h2']), { then: 'then', now: 'now' })).toBe('the --plugin files\' code (2 files now, 1 then)');
  });

  it('names the points before the code, and says when nothing it keeps apart differs', () => {
    expect(sweepChanges(manifest(['h1'], ['a']), manifest(['h2'], ['a', 'b']))).toBe('the sweep\'s points (2 now, 1 then: the sweep file\'s axes or seeds) and the --plugin files\' code (1 file, not the same bytes)');
    expect(sweepChanges(manifest(['h1']), manifest(['h1']))).toBe('the sweep file, its base scenario, a file they read (a trace, an allocation file), a --plugin file or the hfsim build that runs them');
  });

  it('names the hfsim build, kept or not', () => {
    const built = (code: string | undefined): Pick<Manifest, 'points' | 'inputs'> => {
      const m = manifest(['h1']);
      return { ...m, inputs: { ...m.inputs!, build: code === undefined ? undefined : { version: '1.2.3', code } } };
    };
    const advice = 'its results may differ; finish the output with the hfsim that made it, or sweep into a new --out';
    expect(sweepChanges(built('a'.repeat(64)), built('b'.repeat(64)))).toBe(`the hfsim build that runs them (version 1.2.3, code bbbbbbbbbbbb now, version 1.2.3, code aaaaaaaaaaaa then: ${advice})`);
    expect(sweepChanges(built(undefined), built('b'.repeat(64)))).toBe(`the hfsim build that runs them (version 1.2.3, code bbbbbbbbbbbb now, an hfsim before 2026-11-29, which kept no build then: ${advice})`);
    expect(sweepChanges(built('a'.repeat(64)), built('a'.repeat(64)))).toBe('the sweep file, its base scenario, a file they read (a trace, an allocation file), a --plugin file or the hfsim build that runs them');
  });
});
