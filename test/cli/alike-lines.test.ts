/**
 * The same mistake in many elements of a list is printed three times, then counted (src/cli/alike-lines.ts); only the
 * lines printed are placed at their line and column: placing a 100,000-job file's errors to print three took 1.3 s.
 */
import { describe, expect, it } from 'vitest';
import { shownAlike } from '../../src/cli/alike-lines.js';
import { loadScenarioFlags } from '../../src/cli/load-scenario.js';
import { hfsim, tmp, writeJson } from './sweep-helpers.js';

const dir = tmp('alike');
const MAPS = 'unknown field "maps" (a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field)';

/** A scenario of `n` listed jobs, one a line from line 9 (column 7), each with `extra` after its fields. */
function listed(name: string, n: number, extra: string): string {
  const files = Array.from({ length: n }, (_, i) => `      {"name": "f-${i}", "blocks": 1}`).join(',\n');
  const jobs = Array.from({ length: n }, (_, i) => `      {"id": "j-${i}", "input": "f-${i}", "mapMs": 1000${extra}}`).join(',\n');
  return writeJson(dir, name, `{
  "name": "alike",
  "cluster": {"racks": 2, "nodesPerRack": 2},
  "workload": {
    "kind": "jobs",
    "files": [
${files}
    ],
    "jobs": [
${jobs}
    ]
  }
}`);
}

/** The line of job `i` in a scenario of `n` (listed). */
const jobLine = (n: number, i: number): number => 9 + n + i;

describe('alike errors: three printed, each at its line and column, then counted', () => {
  const n = 2000;
  const file = listed('maps.json', n, ', "maps": 1');
  /** Where job i's "maps" key stands. */
  const at = (i: number): string => `${file}:${jobLine(n, i)}:${50 + 2 * String(i).length}`;

  it('hfsim run --dry-run: the output\'s shape, byte for byte', () => {
    const r = hfsim('run', file, '--dry-run');
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe([
      ...[0, 1, 2].map((i) => `hfsim: ${at(i)}: workload.jobs[${i}]: ${MAPS}`),
      `hfsim: ... and ${n - 3} more like it: ${file}: workload.jobs[*]: ${MAPS}`,
      '',
    ].join('\n'));
  });

  it('the message holds every error; those past the three printed name the file alone, unplaced', () => {
    let message = '';
    try {
      loadScenarioFlags(file);
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split('\n');
    expect(lines).toHaveLength(n);
    expect(lines.slice(0, 4)).toEqual([
      ...[0, 1, 2].map((i) => `${at(i)}: workload.jobs[${i}]: ${MAPS}`),
      `${file}: workload.jobs[3]: ${MAPS}`,
    ]);
    expect(lines[n - 1]).toBe(`${file}: workload.jobs[${n - 1}]: ${MAPS}`);
  });

  it('a sweep point\'s alike errors of its base, the same way', () => {
    const sweep = writeJson(dir, 'maps.sweep.json', '{ "base": "maps.json", "axes": { "cluster.racks": [1, 2] } }');
    const r = hfsim('sweep', sweep, '--dry-run');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe([
      ...[0, 1, 2].map((i) => `hfsim: ${sweep}: base maps.json:${jobLine(n, i)}:${50 + 2 * String(i).length} at cluster.racks=1: workload.jobs[${i}]: ${MAPS}`),
      `hfsim: ... and ${n - 3} more like it: ${sweep}: base maps.json at cluster.racks=1: workload.jobs[*]: ${MAPS}`,
      '',
    ].join('\n'));
  });

  // Told alike after the cut, lines at lines 9 and 10, or jobs [9] and [10], were cut at other characters and counted
  // apart (12 such jobs printed 9 lines).
  it('lines past 1,000 characters are told alike before they are cut, whatever their places\' digits', () => {
    const long = listed('long.json', 12, `, "${'x'.repeat(1200)}": 1`);
    const lines = hfsim('run', long, '--dry-run').stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^hfsim: \.\.\. and 9 more like it: \S+long\.json: workload\.jobs\[\*\]: unknown field "x+ \.\.\. \(\d+ characters left out\) \.\.\. x+"/);
  });
});

describe('shownAlike', () => {
  it.each([
    [['a[0]: x', 'a[1]: x', 'a[2]: x'], [true, true, true]],
    [['a[0]: x', 'a[1]: x', 'a[2]: x', 'a[3]: x'], [true, true, true, true]],
    [['f:1:2: a[0]: x', 'f: a[1]: x', 'f:3:4: a[2]: x', 'b: y', 'f: a[3]: x', 'f:9:9: a[4]: x'], [true, true, true, true, false, false]],
  ])('%j', (lines, shown) => {
    expect(shownAlike(lines)).toEqual(shown);
  });
});
