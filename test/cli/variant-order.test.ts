/** Variants keep the order the file wrote them in, names like "123" too (JSON.parse lists array-index keys first). */
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../src/cli/load-scenario.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { keysAsWritten } from '../../src/core/key-order.js';
import { base, hfsim, tmp, writeJson } from './sweep-helpers.js';

const variants = { Fair: { 'scheduler.policy': 'fair' }, 2010: { 'scheduler.delay': { mode: 'skip', maxSkips: 5 } }, 7: {}, 'a b': {} };
// Written as text, in this order: JSON.stringify would reorder the keys as the parser does.
const scenarioText = JSON.stringify({ ...base, variants: 'VARIANTS' }).replace(
  '"VARIANTS"',
  `{ "Fair": ${JSON.stringify(variants.Fair)}, "2010": ${JSON.stringify(variants[2010])}, "7": {}, "a b": {} }`,
);
const written = ['Fair', '2010', '7', 'a b'];

describe('variants in the order written', () => {
  it('JavaScript would list "7" and "2010" first', () => {
    expect(Object.keys(JSON.parse(scenarioText).variants)).toEqual(['7', '2010', 'Fair', 'a b']);
  });

  it('loadScenario and `hfsim run`: the variants, the table and --variant keep the written order', () => {
    const file = writeJson(tmp('order'), 's.json', scenarioText);
    expect(loadScenario(file).variants.map((v) => v.name)).toEqual(written);
    expect(loadScenario(file, [], undefined, ['a b', '7', 'Fair']).variants.map((v) => v.name)).toEqual(['Fair', '7', 'a b']);
    const r = hfsim('run', file, '--json', '--no-progress', '--no-time-decisions');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ variant: string }>).map((v) => v.variant)).toEqual(written);
    expect(hfsim('run', file, '--no-progress', '--no-time-decisions').stdout).toContain('in brackets, speedup over Fair');
  });

  it('a sweep\'s variant axis, from a base file or inline', () => {
    const dir = tmp('order-sweep');
    writeJson(dir, 'base.json', scenarioText);
    const fromFile = loadSweep(writeJson(dir, 'f.sweep.json', { name: 'f', base: 'base.json', axes: {}, seeds: [1] }));
    expect(fromFile.points.map((p) => p.variant)).toEqual(written);
    const inline = loadSweep(writeJson(dir, 'i.sweep.json', `{ "name": "i", "base": ${scenarioText}, "axes": {}, "seeds": [1] }`));
    expect(inline.points.map((p) => p.variant)).toEqual(written);
  });

  it('objects without array-index keys are listed as JavaScript lists them; the variants\' overrides apply', () => {
    expect(keysAsWritten({ b: 1, a: 2 })).toEqual(['b', 'a']);
    const v = loadScenario(writeJson(tmp('order-overrides'), 's.json', scenarioText)).variants;
    expect(v[1].scenario.scheduler.delay).toEqual({ mode: 'skip', maxSkips: 5 });
    expect(v[0].scenario.scheduler.policy).toBe('fair');
  });
});
