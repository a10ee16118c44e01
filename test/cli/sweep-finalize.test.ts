/**
 * A sweep's end rewrites results.jsonl in point order, which needs room for a second copy of its lines. On a full disk
 * that rewrite failed first: no aggregates were written, and each --resume failed the same way, its message (`not
 * written (no space left on device); the file there is unchanged`) saying nothing of what to do. The aggregates now go
 * first, and the rewrite's failure says the file holds every point and how to have it in point order. (Isolated: it
 * mocks output.js's writeOutputs to refuse that one rewrite, as a full disk would.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { runSweep } from '../../src/cli/sweep-run.js';
import { lines, smallSweep, tmp } from './sweep-helpers.js';

/** The file whose write fails, as on a full disk. */
const refused = vi.hoisted(() => ({ file: 'results.jsonl', other: false }));

vi.mock('../../src/cli/output.js', async (original) => {
  const real = await original<typeof import('../../src/cli/output.js')>();
  return {
    ...real,
    writeOutputs: (outputs: Parameters<typeof real.writeOutputs>[0]) => {
      const refuse = outputs.find(([file]) => file.endsWith(refused.file));
      // as writeOutput refuses a results.jsonl that exists: the file there is unchanged
      if (refuse !== undefined && refused.other) throw new Error('an aggregate that could not be made');
      if (refuse !== undefined) throw new real.OutputNotWritten(refuse[0], `not written (no space left on device); ${refuse[0].endsWith('results.jsonl') ? 'the file there is unchanged' : 'no file was made'}`);
      real.writeOutputs(outputs);
    },
  };
});

describe('a sweep\'s end on a disk with no room for the point-order rewrite', () => {
  it('writes the aggregates, and says the file holds every point and what to do', async () => {
    const out = join(tmp('finalize'), 'out');
    const run = runSweep(loadSweep(smallSweep()), { out, parallel: 1, progress: false });
    await expect(run).rejects.toThrow(/results\.jsonl: not written \(no space left on device\); the file there is unchanged: it holds every point of the sweep, in the order they were written .* run the sweep again with --resume$/);
    expect(new Set(lines(out).map((l) => l.id)).size).toBe(12); // all 12 points, as appended
    const rows = JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as Array<{ seeds: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.seeds === '1 2 3')).toBe(true);
  });

  it('aggregates the disk cannot take: says every point is kept and that --resume writes them (it named the file alone)', async () => {
    refused.file = 'aggregate.json';
    const out = join(tmp('finalize'), 'out');
    const run = runSweep(loadSweep(smallSweep()), { out, parallel: 1, progress: false });
    await expect(run).rejects.toThrow(/aggregate\.json: not written \(no space left on device\); no file was made; the points run are kept in .*results\.jsonl; free room and run the sweep again with --resume to write the aggregates$/);
    expect(new Set(lines(out).map((l) => l.id)).size).toBe(12);
  });

  it('an error that is no disk\'s, in making the aggregates, is told as it is (it was told to free room and --resume)', async () => {
    Object.assign(refused, { file: 'aggregate.json', other: true });
    const run = runSweep(loadSweep(smallSweep()), { out: join(tmp('finalize'), 'out'), parallel: 1, progress: false });
    await expect(run).rejects.toThrow(/^an aggregate that could not be made$/);
  });
});
