/**
 * A sweep's end rewrites results.jsonl in point order, which needs room for a second copy of its lines. On a full disk
 * that rewrite failed first: no aggregates were written, and each --resume failed the same way, its message (`not
 * written (no space left on device); the file there is unchanged`) saying nothing of what to do. The aggregates now go
 * first, and the rewrite's failure says the file holds every point and how to have it in point order.
 */
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finalize, readManifest, readRecords } from '../../src/cli/sweep-output.js';
import { hfsim, smallSweep, tmp } from './sweep-helpers.js';

describe('a sweep\'s end on a full disk', () => {
  it('writes the aggregates, and a point-order rewrite that fails says the file holds every point', () => {
    const out = join(tmp('finalize'), 'out');
    expect(hfsim('sweep', smallSweep(), '--out', out, '--no-progress').code).toBe(0);
    const [csv, json] = ['aggregate.csv', 'aggregate.json'].map((f) => readFileSync(join(out, f), 'utf8'));
    const manifest = readManifest(out);
    const records = readRecords(out);
    for (const f of ['aggregate.csv', 'aggregate.json', 'results.jsonl']) rmSync(join(out, f));
    symlinkSync('/dev/full', join(out, 'results.jsonl')); // every write there: no space left on device
    expect(() => finalize(out, manifest, records, undefined, true)).toThrow(/no space left on device.*: it holds every point, in the order they finished .* run the sweep again with --resume$/);
    expect([readFileSync(join(out, 'aggregate.csv'), 'utf8'), readFileSync(join(out, 'aggregate.json'), 'utf8')]).toEqual([csv, json]);
  });
});
