/**
 * `hfsim report --html /dev/stdout > r.html`: the report is the whole of stdout. The line "wrote /dev/stdout (6 charts,
 * 67 KiB)" followed </html> in it, as `hfsim run --out /dev/stdout` once put its table after the JSON; it goes to
 * stderr now, as run's table does.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { base, hfsim, tmp, writeJson } from '../cli/sweep-helpers.js';

let results: string;

beforeAll(() => {
  const dir = tmp('report-stdout');
  results = join(dir, 'r.json');
  const run = hfsim('run', writeJson(dir, 'base.json', base), '--out', results);
  expect(run.code, run.stderr).toBe(0);
});

describe('hfsim report --html /dev/stdout', () => {
  it('writes the report alone on stdout, its summary line on stderr', () => {
    const r = hfsim('report', results, '--html', '/dev/stdout');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('<!doctype html>')).toBe(true);
    expect(r.stdout.endsWith('</html>\n')).toBe(true);
    expect(r.stderr).toMatch(/^wrote \/dev\/stdout \(\d+ charts, \d+ KiB\)\n$/);
  });

  it('to a file, the summary line stays on stdout', () => {
    const html = join(tmp('report-stdout'), 'r.html');
    const r = hfsim('report', results, '--html', html);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*r\.html \(\d+ charts, \d+ KiB\)\n$/);
    expect(r.stderr).toBe('');
  });
});
