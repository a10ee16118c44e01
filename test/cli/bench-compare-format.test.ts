/**
 * bench compare given a file that is no bench report of this format says what it got and what to do: a run's result,
 * a comparison's JSON (`bench compare --json > compare.json`, then passed as the baseline), a report of another
 * format version. Each read `not a bench report: format: Invalid input: expected "hfsim-bench/1"` (a result list:
 * `(top level): Invalid input: expected object, received array`), exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';
import { hfsim, smallSweep, tmp } from './sweep-helpers.js';

describe('bench compare, a file of another format', () => {
  const base = write('format-base.json', report([benchCase('fb-macro-io.json / FIFO', 1000)]));

  it.each([
    ['a report of another format version', { ...report([benchCase('fb-macro-io.json / FIFO', 1000)]), format: 'hfsim-bench/2' },
      /: a bench report of format "hfsim-bench\/2", which this hfsim does not read \(it reads "hfsim-bench\/1"\): measure it again with this hfsim$/],
    ['bench compare --json\'s output', { format: 'hfsim-bench-compare/1', verdict: 'pass', exitCode: 0 },
      /: not a bench report but bench compare --json's output \(format "hfsim-bench-compare\/1"\): compare the bench reports themselves \(hfsim bench --json writes one\)$/],
    ['a run\'s result list', [{ scenario: 'x', summary: {}, bins: [], jobs: [] }],
      /: not a bench report but a run's result \(hfsim run --json\): hfsim bench --json writes a bench report$/],
    ['a run\'s result', { scenario: 'x', summary: {}, bins: [], jobs: [] },
      /: not a bench report but a run's result \(hfsim run --json\): hfsim bench --json writes a bench report$/],
    ['JSON with no format', { a: 1 },
      /: not a bench report \(no "format": "hfsim-bench\/1"\): hfsim bench --json writes one$/],
  ])('%s (exit 2)', (name, content, message) => {
    const other = write(`format-${name.replace(/\W+/g, '-')}.json`, content);
    for (const args of [[base, other], [other, base]]) {
      const r = compare(args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toMatch(message);
      expect(r.stderr).toContain(other);
    }
  });

  // a nightly job that swept, then compared: results.jsonl read as one JSON was "invalid JSON at line 2"
  it('a sweep\'s own files: its results, its aggregate and its manifest are named as such (exit 2)', () => {
    const out = join(tmp('compare-sweep'), 'out');
    expect(hfsim('sweep', smallSweep(), '--shard', '0/6', '--out', out, '--no-progress').code).toBe(0);
    for (const [file, kind] of [['results.jsonl', 'results'], ['aggregate.json', 'aggregate'], ['sweep.json', 'manifest']]) {
      const r = compare([base, join(out, file)]);
      expect([r.code, r.stderr]).toEqual([2, `hfsim: ${join(out, file)}: not a bench report but a sweep's ${kind} (hfsim sweep's output): hfsim bench --json writes a bench report\n`]);
    }
    // a bench report that is named sweep.json is read as one (it was refused as a sweep's manifest)
    const named = join(tmp('compare-named'), 'sweep.json');
    writeFileSync(named, readFileSync(base));
    expect(compare([base, named]).code).toBe(0);
  });
});
