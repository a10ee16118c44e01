/**
 * A bench report broken by hand, told field by field in words. A wrong type read zod's "cases[2].wallMs: Invalid input:
 * expected object, received string"; a missing suite read 'Invalid option: expected one of ...' (not that it was
 * missing); a missing createdAt read "undefined is no time as hfsim bench writes one".
 */
import { describe, expect, it } from 'vitest';
import { benchCase, compare, report, write } from './bench-helpers.js';

const good = report([benchCase('a', 1000), benchCase('b', 1000), benchCase('c', 1000)]);
const base = write('broken-fields-base.json', good);
const ADVICE = ' (edited by hand, or cut short? hfsim bench --json <file> writes a whole report)\n';

/** The report with `edit` made to a copy of it. */
const broken = (edit: (r: Record<string, any>) => void): Record<string, unknown> => {
  const r = structuredClone(good) as Record<string, any>;
  edit(r);
  return r;
};

describe('bench compare, a report broken by hand', () => {
  it.each([
    ['a stat given as text', (r: Record<string, any>) => { r.cases[2].wallMs = 'fast'; }, 'cases[2].wallMs: must be an object, not "fast"'],
    ['a number given as text', (r: Record<string, any>) => { r.cases[2].wallMs.min = 'x'; }, 'cases[2].wallMs.min: must be a number'],
    ['a number given quoted', (r: Record<string, any>) => { r.repeat = '2'; }, 'repeat: must be a number, not the string "2": write 2, without quotes'],
    ['cases not a list', (r: Record<string, any>) => { r.cases = 'none'; }, 'cases: must be a list, not "none"'],
    ['a case that is a number', (r: Record<string, any>) => { r.cases[1] = 5; }, 'cases[1]: must be an object, not 5'],
    ['a missing suite', (r: Record<string, any>) => { delete r.suite; }, 'suite: missing (required): expected one of "smoke"|"full"|"none"'],
    ['a missing createdAt', (r: Record<string, any>) => { delete r.createdAt; }, 'createdAt: missing (required): expected a string'],
    ['a misspelt field', (r: Record<string, any>) => { r.cases[0].wallMS = r.cases[0].wallMs; delete r.cases[0].wallMs; }, 'cases[0].wallMs: missing (required): expected an object'],
  ])('%s: names the file and the field, and what to do', (_what, edit, says) => {
    const file = write(`broken-fields-${_what.replace(/\W+/g, '-')}.json`, broken(edit));
    const r = compare([base, file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`hfsim: ${file}: not a bench report: ${says}`);
    expect(r.stderr.endsWith(ADVICE)).toBe(true);
  });

  it('a misspelt field is told with the field it is likely meant as', () => {
    const file = write('broken-fields-misspelt.json', broken((r) => { r.cases[0].wallMS = r.cases[0].wallMs; delete r.cases[0].wallMs; }));
    expect(compare([base, file]).stderr).toContain('cases[0]: unknown field "wallMS" (did you mean "wallMs"?)');
  });
});
