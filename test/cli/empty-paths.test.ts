/**
 * A file or folder named on the command line by an empty or blank word (a script's unset variable, `hfsim run "$S"`):
 * a usage error naming the argument, exit 2, before anything is read. It was read as a file named '', and the message
 * named nothing: `hfsim: : cannot read scenario file (no such file)`.
 */
import { describe, expect, it } from 'vitest';
import { hfsim } from './sweep-helpers.js';

describe('an empty path as an argument', () => {
  it.each([
    [['run', ''], 'argument \'scenario.json\''],
    [['run', '  ', '--dry-run'], 'argument \'scenario.json\''],
    [['sweep', ''], 'argument \'sweep.json\''],
    [['sweep', 'merge', 'results/a', '', '--out', 'merged'], 'argument \'dir\''],
    [['report', '', '--html', 'r.html'], 'argument \'result.json | sweep dir\''],
    [['bench', 'compare', '', 'new.json'], 'argument \'base.json\''],
    [['bench', 'compare', 'base.json', ' '], 'argument \'new.json\''],
    [['bench', '--scenario', '', '--repeat', '1'], 'argument \'\' is invalid'],
  ])('hfsim %j', (args, named) => {
    const r = hfsim(...args);
    expect(r.stderr).toContain(named);
    expect(r.stderr).toMatch(/^error: .*an empty path names no file or folder: give its path\n/);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});
