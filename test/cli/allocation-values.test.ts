/**
 * Allocation file values as Hadoop reads them: PoolManager.reloadAllocs (0.20/1.x) and YARN's allocation file loader
 * read a weight with Double.parseDouble and a threshold with Float.parseFloat (Java's "1.5f" and "2d" are numbers
 * there), put each field into a map by name (of one given twice the last holds, unsaid), and read resources with
 * Long.parseLong (a number past Long.MAX_VALUE refuses the file).
 */
import { describe, expect, it } from 'vitest';
import { parseAllocation } from '../../src/cli/allocation.js';
import { parseSwimTrace } from '../../src/cli/trace.js';

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
    expect(() => parseAllocation(mr1('<weight>1.5ff</weight>'), 'f.xml')).toThrow(/^f\.xml:3:5: <weight> must be a non-negative number, not "1\.5ff"/);
    expect(() => parseAllocation(mr1('<weight>f</weight>'), 'f.xml')).toThrow(/^f\.xml:3:5: <weight> must be/);
  });
});

describe('a field given twice in one pool, queue or user', () => {
  it.each([
    ['MR1 pool', mr1('<weight>2</weight>\n<weight>3</weight>'), 'pool "a": <weight> repeats <weight> (line 3)'],
    ['YARN queue', yarn('<weight>2</weight>\n<weight>3</weight>'), 'queue "a": <weight> repeats <weight> (line 3)'],
  ])('%s: the last holds, as in Hadoop, and it is told (it was unsaid)', (_, xml, said) => {
    const a = parseAllocation(xml, 'f.xml');
    expect(a.pools[0].weight).toBe(3);
    expect(a.warnings).toEqual([`f.xml:4:5: ${said}: Hadoop reads each in turn, the last holding, and says nothing; so does hfsim, with "3"`]);
  });

  it('a queue\'s schedulingPolicy then schedulingMode (one field), a user\'s limit twice, a top-level default twice', () => {
    const q = parseAllocation(yarn('<schedulingPolicy>fair</schedulingPolicy>\n<schedulingMode>fifo</schedulingMode>'), 'f.xml');
    expect(q.pools[0].schedulingMode).toBe('fifo');
    expect(q.warnings).toEqual(['f.xml:4:5: queue "a": <schedulingMode> repeats <schedulingPolicy> (line 3): Hadoop reads each in turn, the last holding, and says nothing; so does hfsim, with "fifo"']);
    const u = parseAllocation('<allocations>\n<user name="bob">\n<maxRunningJobs>1</maxRunningJobs>\n<maxRunningJobs>2</maxRunningJobs>\n</user>\n</allocations>', 'f.xml');
    expect(u.users).toEqual([{ name: 'bob', maxRunningJobs: 2 }]);
    expect(u.warnings).toEqual(['f.xml:4:1: user "bob": <maxRunningJobs> repeats <maxRunningJobs> (line 3): Hadoop reads each in turn, the last holding, and says nothing; so does hfsim, with "2"']);
    const top = parseAllocation('<allocations>\n<userMaxJobsDefault>1</userMaxJobsDefault>\n<userMaxJobsDefault>4</userMaxJobsDefault>\n</allocations>', 'f.xml');
    expect(top.userMaxJobsDefault).toBe(4);
    expect(top.warnings).toEqual(['f.xml:3:1: <allocations>: <userMaxJobsDefault> repeats <userMaxJobsDefault> (line 2): Hadoop reads each in turn, the last holding, and says nothing; so does hfsim, with "4"']);
  });

  it('pools, queues and users side by side are no repeats, nor child queues', () => {
    const a = parseAllocation('<allocations><queue name="p"><queue name="a"/><queue name="b"/></queue><user name="x"><maxRunningApps>1</maxRunningApps></user><user name="y"><maxRunningApps>1</maxRunningApps></user></allocations>', 'f.xml');
    expect(a.warnings).toBeUndefined();
  });
});

describe('a resource past what YARN reads (Long.parseLong)', () => {
  it.each([
    ['9223372036854775808 mb, 10 vcores', '9223372036854775808'],
    ['1000000000000000000000000 mb, 10 vcores', '1000000000000000000000000'],
    ['10240 mb, 100000000000000000000000 vcores', '100000000000000000000000'],
    ['memory-mb=1000000000000000000000000, vcores=10', '1000000000000000000000000'],
  ])('maxResources "%s" is refused at its line, as YARN refuses it (it ran, capped by the other resource)', (value, big) => {
    expect(() => parseAllocation(yarn(`<maxResources>${value}</maxResources>`), 'f.xml')).toThrow(`f.xml:3:5: <maxResources> must be`);
    expect(() => parseAllocation(yarn(`<maxResources>${value}</maxResources>`), 'f.xml')).toThrow(`${big} is past the largest number YARN reads (Long.MAX_VALUE, 9223372036854775807): YARN refuses the file ("Error reading resource config")`);
  });

  it('Long.MAX_VALUE itself, and leading zeros, are read', () => {
    expect(parseAllocation(yarn('<maxResources>9223372036854775807 mb, 10 vcores</maxResources>'), 'f.xml').pools[0].maxMaps).toBe(10);
    expect(parseAllocation(yarn('<maxResources>000000000000000000000010240 mb, 10 vcores</maxResources>'), 'f.xml').pools[0].maxMaps).toBe(10);
  });
});

describe('a name holding a line separator, refused', () => {
  it('is quoted escaped in the message, which stays one line (JSON.stringify wrote U+2028 raw: the error broke its own line)', () => {
    const xml = '<allocations>\n  <pool name="p\u2028q"/>\n</allocations>';
    expect(() => parseAllocation(xml, 'f.xml')).toThrow('f.xml:2:3: <pool> name "p\\u2028q" holds a control character');
    expect(() => parseSwimTrace('j\u2029x\t1\t1\t1000\t0\t0\n', 't.tsv')).toThrow('job id "j\\u2029x" holds a control character');
  });
});

/**
 * Hadoop's readers trim a value with Java's String.trim, which removes the characters up to U+0020 alone
 * (getTrimmedTextData, PoolManager's getData().trim(), and Double.parseDouble and Integer.parseInt themselves); a
 * no-break space, an em space or a line separator stays, and the number is refused (NumberFormatException). They were
 * trimmed with JavaScript's trim, which removes them too: `<weight>1.5\u00a0</weight>` ran as 1.5.
 */
describe('values around spaces as Java\'s String.trim trims them', () => {
  it.each([
    ['a weight ending in a no-break space', mr1('<weight>1.5\u00a0</weight>'), /^f\.xml:3:5: <weight> must be a non-negative number, not "1\.5\u00a0" \(it ends in U\+00A0, which Java's String\.trim keeps, as Hadoop reads it: delete it\)$/],
    ['a limit after an em space', yarn('<maxRunningApps>\u20035</maxRunningApps>'), /^f\.xml:3:5: <maxRunningApps> must be a non-negative number, not /],
    ['a count ending in a byte order mark', mr1('<minMaps>2\ufeff</minMaps>'), /^f\.xml:3:5: <minMaps> must be a non-negative number, not /],
    ['a threshold ending in a line separator', yarn('<fairSharePreemptionThreshold>0.5\u2028</fairSharePreemptionThreshold>'), /^f\.xml:3:5: <fairSharePreemptionThreshold> must be a number from 0 to 1/],
    ['a scheduling policy ending in a no-break space', yarn('<schedulingPolicy>fair\u00a0</schedulingPolicy>'), /^f\.xml:3:5: <schedulingPolicy> must be fair or fifo/],
    ['a boolean ending in a no-break space (Boolean.parseBoolean reads "true\u00a0" as false)', yarn('<allowPreemptionFrom>true\u00a0</allowPreemptionFrom>'), /^f\.xml:3:5: <allowPreemptionFrom> must be true or false, not "true\u00a0" \(it ends in U\+00A0, which/],
    // characters that print as nothing: named too (they printed as not "1.5")
    ['a weight ending in U+0085', mr1('<weight>1.5\u0085</weight>'), /not "1\.5\u0085" \(it ends in U\+0085, which Java's String\.trim keeps/],
    ['a weight ending in U+E0001 (a format character past U+FFFF)', mr1('<weight>1.5\u{E0001}</weight>'), /\(it ends in U\+E0001, which Java's String\.trim keeps/u],
    ['a weight ending in U+007F', mr1('<weight>1.5\u007f</weight>'), /not "1\.5\u007f" \(it ends in U\+007F, which Java's String\.trim keeps/],
    ['a weight after an em space and before a no-break space', mr1('<weight>\u20031.5\u00a0</weight>'), /\(it begins with U\+2003 and ends in U\+00A0, which Java's String\.trim keeps, as Hadoop reads it: delete them\)$/],
  ])('%s is refused at its line, as Hadoop refuses it (it was read)', (_, xml, message) => {
    expect(() => parseAllocation(xml, 'f.xml')).toThrow(message);
  });

  it('what Java trims (spaces, tabs, newlines) is still trimmed', () => {
    expect(parseAllocation(mr1('<weight>\t 1.5\r\n </weight>'), 'f.xml').pools[0].weight).toBe(1.5);
    expect(parseAllocation(mr1('<minMaps>\n  2 \t</minMaps>'), 'f.xml').pools[0].minMaps).toBe(2);
  });
});
