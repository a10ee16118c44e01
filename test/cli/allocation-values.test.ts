/**
 * Allocation file values as Hadoop reads them: PoolManager.reloadAllocs (0.20/1.x) and YARN's allocation file loader
 * read a weight with Double.parseDouble and a threshold with Float.parseFloat (Java's "1.5f" and "2d" are numbers
 * there), put each field into a map by name (of one given twice the last holds, unsaid), and read resources with
 * Long.parseLong (a number past Long.MAX_VALUE refuses the file).
 */
import { describe, expect, it } from 'vitest';
import { parseAllocation } from '../../src/cli/allocation.js';

const mr1 = (fields: string): string => `<allocations>\n  <pool name="a">\n    ${fields.split('\n').join('\n    ')}\n  </pool>\n</allocations>`;
const yarn = (fields: string): string => `<allocations>\n  <queue name="a">\n    ${fields.split('\n').join('\n    ')}\n  </queue>\n</allocations>`;

describe('a weight or threshold with Java\'s type suffix', () => {
  it.each([
    ['MR1 pool, 1.5f', mr1('<weight>1.5f</weight>'), 1.5],
    ['YARN queue, 2d', yarn('<weight>2d</weight>'), 2],
    ['YARN queue, 3F', yarn('<weight>3F</weight>'), 3],
  ])('%s is read as Hadoop reads it (it was refused: "must be a non-negative number")', (_, xml, weight) => {
    const a = parseAllocation(xml, 'f.xml');
    expect(a.pools[0].weight).toBe(weight);
    expect(a.warnings).toBeUndefined();
  });

  it('a threshold 0.5f, a queue\'s and the default, is 0.5', () => {
    expect(parseAllocation(yarn('<fairSharePreemptionThreshold>0.5f</fairSharePreemptionThreshold>'), 'f.xml').pools[0].fairSharePreemptionThreshold).toBe(0.5);
    expect(parseAllocation('<allocations><defaultFairSharePreemptionThreshold>0.25F</defaultFairSharePreemptionThreshold></allocations>', 'f.xml').fairSharePreemptionThreshold).toBe(0.25);
  });

  it('what Java does not read is still refused, at its line', () => {
    expect(() => parseAllocation(mr1('<weight>1.5ff</weight>'), 'f.xml')).toThrow(/^f\.xml: line 3: <weight> must be a non-negative number, not "1\.5ff"/);
    expect(() => parseAllocation(mr1('<weight>f</weight>'), 'f.xml')).toThrow(/^f\.xml: line 3: <weight> must be/);
  });
});
