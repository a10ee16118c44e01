/** Allocation files: Hadoop's documented sample in MR1 and YARN form, and bad files (one line naming file and line, exit 2). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseAllocation, readAllocationFile } from '../../src/cli/allocation.js';
import { parseCapacityFile } from '../../src/cli/capacity-file.js';
import { applySchedulerFiles } from '../../src/cli/scheduler-files.js';
import { resolveScenario } from '../../src/cli/resolve-scenario.js';
import { parseScenario } from '../../src/core/scenario.js';
import { PoolSet } from '../../src/core/pools.js';
import { MAX_POOLS } from '../../src/core/limits.js';
import { simulate } from '../../src/actors/simulate.js';
import { poolCapsAudit } from '../harness/pool-caps.js';
import { traceFor } from '../../src/cli/trace.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const ALLOC = join(ROOT, 'scenarios', 'allocations');

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SAMPLE = {
  pools: [{ name: 'sample_pool', weight: 2, minMaps: 5, minReduces: 5, maxMaps: 25, maxReduces: 25, schedulingMode: 'fifo', minSharePreemptionTimeoutMs: 300_000 }],
  users: [{ name: 'sample_user', maxRunningJobs: 6 }],
  userMaxJobsDefault: 3,
  fairSharePreemptionTimeoutMs: 600_000,
};

describe('the pools jobs name under a YARN queue tree', () => {
  it('a path from the root (root.prod.etl) is refused, naming the pool hfsim reads (it made a second pool, at the root, beside prod.etl)', () => {
    const scheduler = { policy: 'hfs', ...parseAllocation('<allocations><queue name="root"><queue name="prod"><queue name="etl"/></queue></queue></allocations>', 'a.xml') };
    const parsed = parseScenario({ scheduler, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'root.prod.etl', maps: 1, mapMs: 1 }] } });
    expect(parsed).toMatchObject({ ok: false, errors: ['workload.groups[0].pool: files its jobs under pool "root.prod.etl", a path from the root: hfsim names a YARN queue by its path without "root." ("prod.etl"), as it reads an allocation file'] });
    expect(parseScenario({ scheduler, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'prod.etl', maps: 1, mapMs: 1 }] } }).ok).toBe(true);
    // a flat YARN file too (no parent queue: it was not checked), and a pool listed as root.x is the scenario's own
    const flat = { policy: 'hfs', ...parseAllocation('<allocations><queue name="root"><queue name="a"><weight>2</weight></queue><queue name="b"/></queue></allocations>', 'a.xml') };
    expect(parseScenario({ scheduler: flat, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'root.a', maps: 1, mapMs: 1 }] } }).ok).toBe(false);
    const own = { policy: 'hfs', parentPools: [{ name: 'p' }], pools: [{ name: 'root.x', weight: 2 }, { name: 'y', parent: 'p' }] };
    expect(parseScenario({ scheduler: own, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'root.x', maps: 1, mapMs: 1 }] } }).ok).toBe(true);
  });

  it('parseScenario, which reads no file, checks no queue against a capacitySchedulerFile it has not read (it refused every one)', () => {
    const parsed = parseScenario({ scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' }, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 1, mapMs: 1 }] } });
    expect(parsed.ok).toBe(true);
  });

  it('a queue named root inside the root queue is refused at its line: it was read as the root again, its weight dropped and its queues put under the root', () => {
    const xml = '<allocations>\n  <queue name="root">\n    <queue name="root">\n      <weight>3</weight>\n      <queue name="x"/>\n    </queue>\n    <queue name="a"/>\n  </queue>\n</allocations>';
    expect(() => parseAllocation(xml, 'a.xml')).toThrow(/^a\.xml:3:5: a queue named "root" inside the root queue/);
    // a top-level queue named root is the root; one named root deeper than its children is p.root, a name of its own
    expect(parseAllocation('<allocations><queue name="p"><queue name="root"/></queue></allocations>', 'a.xml').pools.map((p) => p.name)).toEqual(['p.root']);
  });

  it('two users with no limit (a second element that sets nothing) are read, as Hadoop reads them; with limits, refused at the line', () => {
    expect(parseAllocation('<allocations><user name="bob"/><user name="bob"/></allocations>', 'a.xml').users).toEqual([]);
  });
});

describe('XML as XML reads it', () => {
  it('a file whose lines end in a carriage return alone (classic Mac OS) is counted by its lines, as XML reads such a line end (every error was at line 1)', () => {
    expect(() => parseAllocation('<allocations>\r  <queue name="a"/>\r  <queue name="a"/>\r</allocations>', 'a.xml')).toThrow(/^a\.xml:3:3: pool or queue "a" is defined twice \(first at line 2\)$/);
    expect(() => parseAllocation('<allocations>\r  <queue name="a">\r    <weight>1</weight>\r</allocations>', 'a.xml')).toThrow(/^a\.xml:4:1: malformed XML: Expected closing tag 'queue' \(opened in line 2/);
    // CR LF, as Windows writes it, is one line end, as before
    expect(() => parseAllocation('<allocations>\r\n  <queue name="a"/>\r\n  <queue name="a"/>\r\n</allocations>', 'a.xml')).toThrow(/^a\.xml:3:3: .* \(first at line 2\)$/);
  });

  it('a CDATA section is text as written: an & in it is no reference (it was refused), and &#51; stays &#51; (it read as 3)', () => {
    const a = parseAllocation(`<allocations>
  <pool name="a"><aclSubmitApps><![CDATA[alice,bob R&D]]></aclSubmitApps><weight><![CDATA[2]]></weight></pool>
</allocations>`, 'a.xml');
    expect(a.pools).toEqual([{ name: 'a', weight: 2, minMaps: 0, minReduces: 0 }]);
    expect(() => parseAllocation('<allocations>\n  <pool name="a"><weight><![CDATA[&#51;]]></weight></pool>\n</allocations>', 'a.xml')).toThrow(/a\.xml:2:18: <weight> .*&#51;/);
  });

  // Hadoop's loaders (AllocationFileLoaderService, MR1's PoolManager) skip every child node that is not an Element:
  // a processing instruction inside <allocations> or a queue was refused as "unknown element <?pi>".
  it('a processing instruction or a comment inside <allocations>, a queue, a pool or a value is skipped, as Hadoop skips any node that is not an element', () => {
    const yarn = parseAllocation(`<?xml version="1.0"?>
<allocations>
  <?editor fold="yes"?>
  <!-- queues -->
  <queue name="p"><?pi?><!-- c --><weight>2<?pi data?></weight>
    <queue name="a"><?pi data?><maxRunningApps>3</maxRunningApps></queue>
  </queue>
  <queuePlacementPolicy><?pi?><!-- c --><rule name="specified"/></queuePlacementPolicy>
</allocations>`, 'a.xml');
    expect(yarn).toEqual({ pools: [{ name: 'p.a', parent: 'p', weight: 1, minMaps: 0, minReduces: 0, maxRunningJobs: 3 }], parentPools: [{ name: 'p', weight: 2, minMaps: 0, minReduces: 0 }], users: [] });
    const mr1 = parseAllocation('<allocations><?pi?><pool name="a"><?pi data?><!-- c --><maxMaps>4</maxMaps></pool><user name="u"><?pi?><maxRunningJobs>2</maxRunningJobs></user></allocations>', 'a.xml');
    expect(mr1).toEqual({ pools: [{ name: 'a', weight: 1, minMaps: 0, minReduces: 0, maxMaps: 4 }], users: [{ name: 'u', maxRunningJobs: 2 }] });
  });

  // `<weight>2<?pi?>0</weight>` read 20, where Hadoop's AllocationFileLoaderService reads the first text node, 2. A
  // comment splits nothing: Hadoop's readers set setIgnoringComments(true), and Xerces joins the text around it.
  it('a value split in pieces by a processing instruction or a CDATA section is refused at its line; a comment joins, as Hadoop reads it', () => {
    const pool = (weight: string) => `<allocations>\n  <pool name="a">\n    <weight>${weight}</weight>\n  </pool>\n</allocations>`;
    expect(() => parseAllocation(pool('2<?pi?>0'), 'a.xml')).toThrow(/^a\.xml:3:5: <weight>'s value is split in 2 pieces \("2", "0"\) by a processing instruction or CDATA section: Hadoop's allocation file reader takes the first piece alone, the XML's text is them joined; write the value in one piece$/);
    expect(() => parseAllocation(pool('1<![CDATA[2]]>'), 'a.xml')).toThrow(/a\.xml:3:5: <weight>'s value is split in 2 pieces \("1", "2"\)/);
    expect(parseAllocation(pool('2<!-- c -->0'), 'a.xml').pools[0].weight).toBe(20);
    expect(parseAllocation(pool('\n      <!-- two, not one -->\n      2\n    '), 'a.xml').pools[0].weight).toBe(2);
    expect(parseAllocation(pool('2<?pi?>'), 'a.xml').pools[0].weight).toBe(2);
  });

  // `<weight>2<note/>5</weight>` read 25 (the text around the element joined, the element unseen), where Hadoop's
  // readers take the first text node (2), and fail on a value whose first child is an element.
  it('an element inside a value is refused at its line, in a pool, a queue, a user and at the top; an attribute on <allocations> is told', () => {
    const pool = (weight: string) => `<allocations>\n  <pool name="a">\n    <weight>${weight}</weight>\n  </pool>\n</allocations>`;
    const told = (inner: string, outer: string) => new RegExp(`: unknown element <${inner}> in <${outer}>: a value is its text alone \\(Hadoop's allocation file readers take the text before the first element inside it, and fail where an element comes first\\)$`);
    expect(() => parseAllocation(pool('2<note/>5'), 'a.xml')).toThrow(/^a\.xml:3:14: unknown element <note> in <weight>/);
    expect(() => parseAllocation(pool('2<note/>'), 'a.xml')).toThrow(told('note', 'weight'));
    expect(() => parseAllocation(pool('<foo>3</foo>'), 'a.xml')).toThrow(told('foo', 'weight'));
    expect(() => parseAllocation('<allocations><queue name="q"><maxRunningApps>1<x/>0</maxRunningApps></queue></allocations>', 'a.xml')).toThrow(told('x', 'maxRunningApps'));
    expect(() => parseAllocation('<allocations><user name="u"><maxRunningJobs>1<x>junk</x>0</maxRunningJobs></user></allocations>', 'a.xml')).toThrow(told('x', 'maxRunningJobs'));
    expect(() => parseAllocation('<allocations><userMaxJobsDefault>1<x/>0</userMaxJobsDefault></allocations>', 'a.xml')).toThrow(told('x', 'userMaxJobsDefault'));
    // what holds elements of its own still does: queues in queues, the placement policy's rules, an ignored element
    const nested = parseAllocation('<allocations foo="bar"><queue name="p"><queue name="x"/></queue><queuePlacementPolicy><rule name="specified"/><rule name="default"/></queuePlacementPolicy><queue name="q"><reservation><x/></reservation></queue></allocations>', 'a.xml');
    expect(nested.pools.map((p) => p.name)).toEqual(['p.x', 'q']);
    expect(nested.warnings).toContainEqual('a.xml:1:1: <allocations>: attribute "foo" is ignored, as Hadoop ignores it (it reads no attribute there)');
  });

  it('an XML declaration inside an element is refused at its line, as Hadoop\'s parser refuses it (the target "xml" is reserved)', () => {
    expect(() => parseAllocation('<?xml version="1.0"?>\n<allocations>\n  <pool name="a"><?xml version="1.0"?></pool>\n</allocations>', 'a.xml')).toThrow(/a\.xml:3:18: <\?xml \.\.\.\?> inside an element/);
    expect(() => parseAllocation('<allocations>\n<?XML x?>\n</allocations>', 'a.xml')).toThrow(/a\.xml:2:1: <\?XML/);
  });

  it('a DOCTYPE inside a comment or a CDATA section is text (it was refused); one outside is refused at its line', () => {
    const a = parseAllocation('<!-- never add a <!DOCTYPE> to this file -->\n<allocations>\n  <pool name="a"><aclSubmitApps><![CDATA[<!DOCTYPE x>]]></aclSubmitApps></pool>\n</allocations>', 'a.xml');
    expect(a.pools.map((p) => p.name)).toEqual(['a']);
    expect(() => parseAllocation('<!--ab-->\n<!DOCTYPE allocations>\n<allocations/>', 'a.xml')).toThrow('a.xml:2:1: a DOCTYPE (and any entity it declares) is not supported');
  });

  it('a file that ends with several elements open names them, at its end (it was "line 1: Invalid \'[    "allocations",    "pool"]\' found.", 800 KB of it for 100,000)', () => {
    expect(() => parseAllocation('<allocations>\n  <pool name="a">\n    <weight>2</weight>\n', 'a.xml')).toThrow(/^a\.xml:3:22: malformed XML: the file ends with 2 elements not closed: <allocations>, <pool>$/);
    expect(() => parseAllocation(`<allocations>\n${'<a>'.repeat(10)}\n`, 'a.xml')).toThrow(/^a\.xml:2:30: malformed XML: the file ends with 11 elements not closed: <allocations>, 7 more, then <a>, <a>, <a>$/);
    // one element open: the parser's own message, at the element's line
    expect(() => parseAllocation('\n<allocations>\n  <pool name="a"/>\n', 'a.xml')).toThrow("a.xml:2:1: malformed XML: Unclosed tag 'allocations'.");
  });

  it('elements nested past 64 levels are refused at the line of the 65th, before the XML is checked (past 100 it was "malformed XML: Maximum nested tags exceeded", no line; 25 M unclosed took 46 s and 4 GB)', () => {
    const nested = (n: number, close: boolean) => `<allocations>\n${'<a>\n'.repeat(n)}${close ? '</a>'.repeat(n) : ''}\n${close ? '</allocations>' : ''}`;
    expect(() => parseAllocation(nested(80, true), 'a.xml')).toThrow(/^a\.xml:65:1: elements nest deeper than 64 levels$/);
    expect(() => parseAllocation(nested(200, true), 'a.xml')).toThrow(/^a\.xml:65:1: elements nest deeper than 64 levels$/);
    expect(() => parseAllocation(nested(1_000_000, false), 'a.xml')).toThrow(/^a\.xml:65:1: elements nest deeper than 64 levels$/);
    // what is not an element does not nest: comments, CDATA, processing instructions, self-closing elements, quoted ">"
    const flat = `<allocations>\n${'<pool name="a>b"/><!-- <a> --><![CDATA[<a>]]><?pi <a>?>'.repeat(100)}\n</allocations>`;
    expect(() => parseAllocation(flat, 'a.xml')).toThrow(/a\.xml:2:56: pool or queue "a>b" is defined twice/);
    expect(() => parseAllocation(`<allocations>\n${'<queue name="q">'.repeat(63)}${'</queue>'.repeat(63)}\n</allocations>`, 'a.xml')).not.toThrow();
    // a '<' with 20 MB and no '>' after it: the count's regular expression overflowed V8's stack ("Maximum call stack size
    // exceeded"); then the validator took it a character at a time: refused now as a tag past the limit on one (xml-runs.test.ts)
    expect(() => parseAllocation(`<allocations>\n<pool name="${'x'.repeat(20_000_000)}`, 'a.xml')).toThrow(/^a\.xml:2:1: a tag of more than 1000000 characters /);
  });

  it('an element or attribute named as a JavaScript property is read by its name (fast-xml-parser refused "constructor" as "malformed XML: [SECURITY] ...", with no line, and renamed "hasOwnProperty" "__hasOwnProperty")', () => {
    for (const name of ['constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString']) {
      expect(() => parseAllocation(`<allocations>\n  <pool name="a">\n    <${name}>1</${name}>\n  </pool>\n</allocations>`, 'a.xml')).toThrow(`a.xml:3:5: unknown element <${name}> in <pool>`);
    }
    // attributes other than name and type are not read, as in Hadoop
    expect(parseAllocation('<allocations>\n  <pool name="a" __proto__="x" constructor="y"/>\n</allocations>', 'a.xml').pools.map((p) => p.name)).toEqual(['a']);
    expect(() => parseCapacityFile('<configuration>\n  <constructor/>\n</configuration>', 'cs.xml')).toThrow(/^cs\.xml:2:3: .*<constructor>/);
  });
});

describe('values as Hadoop reads them, refused at their line', () => {
  const refused: Array<[string, string, string | RegExp]> = [
    ['a slot count past the scenario\'s limit (it was blamed on the scenario file)', '<allocations>\n  <pool name="a"><maxMaps>20000000</maxMaps></pool>\n</allocations>', 'a.xml:2:18: <maxMaps> is 20000000, above the limit of 10000000'],
    ['a min share past the limit', '<allocations>\n  <pool name="a">\n    <minMaps>2147483647</minMaps></pool>\n</allocations>', 'a.xml:3:5: <minMaps> is 2147483647, above the limit of 10000000'],
    ['a whole number written as a decimal (Integer.parseInt refuses it)', '<allocations>\n  <pool name="a"><minMaps>2.0</minMaps></pool>\n</allocations>', 'a.xml:2:18: <minMaps> must be a whole number written as digits alone (Hadoop reads it with parseInt), not "2.0"'],
    ['an exponent', '<allocations>\n  <pool name="a"><maxRunningJobs>1e1</maxRunningJobs></pool>\n</allocations>', /a\.xml:2:18: <maxRunningJobs> must be a whole number written as digits alone/],
    ['fractional seconds (Long.parseLong refuses them)', '<allocations>\n  <pool name="a"><minSharePreemptionTimeout>1.5</minSharePreemptionTimeout></pool>\n</allocations>', 'a.xml:2:18: <minSharePreemptionTimeout> must be a whole number, not "1.5"'],
    ['a pool defined twice', '<allocations>\n  <pool name="a"/>\n  <pool name="a"/>\n</allocations>', 'a.xml:3:3: pool or queue "a" is defined twice (first at line 2)'],
    ['a queue path defined twice', '<allocations>\n  <queue name="p"><queue name="c"/></queue>\n  <queue name="p"><queue name="d"/></queue>\n</allocations>', 'a.xml:3:3: pool or queue "p" is defined twice (first at line 2)'],
    ['a user defined twice (it was blamed on the scenario\'s users[1])', '<allocations>\n  <user name="u"><maxRunningJobs>1</maxRunningJobs></user>\n  <user name="u"><maxRunningJobs>2</maxRunningJobs></user>\n</allocations>', 'a.xml:3:3: user "u" is defined twice (first at line 2)'],
    ['a fifo default queue policy (YARN refuses it)', '<allocations>\n  <queue name="a"/>\n  <defaultQueueSchedulingPolicy>fifo</defaultQueueSchedulingPolicy>\n</allocations>', /a\.xml:3:3: <defaultQueueSchedulingPolicy> is fifo: YARN refuses it/],
    ['a threshold that is no number', '<allocations>\n  <queue name="a"><fairSharePreemptionThreshold>half</fairSharePreemptionThreshold></queue>\n</allocations>', 'a.xml:2:19: <fairSharePreemptionThreshold> must be a number from 0 to 1, not "half"'],
  ];
  it.each(refused)('%s', (_, xml, message) => {
    expect(() => parseAllocation(xml, 'a.xml')).toThrow(message);
  });

  it('an MR1 pool whose min passes its max runs, its min treated as its max, as Hadoop 1 warns and runs it (it was refused)', () => {
    const a = parseAllocation('<allocations>\n  <pool name="a">\n    <minMaps>10</minMaps><maxMaps>5</maxMaps><minReduces>3</minReduces><maxReduces>4</maxReduces>\n  </pool>\n  <pool name="b"><minMaps>2</minMaps><minReduces>9</minReduces><maxReduces>1</maxReduces></pool>\n</allocations>', 'a.xml');
    expect(a.pools).toEqual([
      { name: 'a', weight: 1, minMaps: 5, maxMaps: 5, minReduces: 3, maxReduces: 4 },
      { name: 'b', weight: 1, minMaps: 2, minReduces: 1, maxReduces: 1 },
    ]);
    expect(a.minShareWarnings).toEqual([
      'a.xml:2:3: pool "a" has max maps 5 less than min maps 10: run, as Hadoop runs it, with its minMaps treated as equal to maxMaps (5)',
      'a.xml:5:3: pool "b" has max reduces 1 less than min reduces 9: run, as Hadoop runs it, with its minReduces treated as equal to maxReduces (1)',
    ]);
  });

  it('what Hadoop accepts but hfsim cannot run, a weight of 0 or a limit of 0, is refused saying why and what to write instead (it said only "at least 1" or "greater than 0")', () => {
    const refusal = (xml: string): string => {
      try {
        parseAllocation(xml, 'a.xml');
      } catch (err) {
        return (err as Error).message;
      }
      return 'read';
    };
    expect(refusal('<allocations>\n  <queue name="a"><weight>0.0</weight></queue>\n</allocations>')).toBe('a.xml:2:19: <weight> is 0.0: Hadoop accepts it (YARN gives a queue of weight 0 no share past its min share and serves it after every queue of positive weight), but hfsim shares and orders pools by weight and does not model 0: write 0.001 or more (0.001 is the nearest it runs, not the same: a thousandth of a weight-1 pool\'s share)');
    const held = (what: string): string => `Hadoop accepts it and holds ${what} for ever, but hfsim runs every job of its workload to its end, and a run holding one could never end: set 1 or more, or leave the element out (no limit)`;
    expect(refusal('<allocations>\n  <queue name="a"><maxRunningApps>0</maxRunningApps></queue>\n</allocations>')).toBe(`a.xml:2:19: <maxRunningApps> is 0: ${held('the queue\'s jobs')}`);
    expect(refusal('<allocations>\n  <user name="u"><maxRunningApps>0</maxRunningApps></user>\n</allocations>')).toBe(`a.xml:2:18: <maxRunningApps> is 0: ${held('the user\'s jobs')}`);
    expect(refusal('<allocations>\n  <userMaxAppsDefault>0</userMaxAppsDefault>\n</allocations>')).toBe(`a.xml:2:3: <userMaxAppsDefault> is 0: ${held('the jobs of every user that sets no limit')}`);
    expect(refusal('<allocations>\n  <queueMaxAppsDefault>0</queueMaxAppsDefault>\n</allocations>')).toBe(`a.xml:2:3: <queueMaxAppsDefault> is 0: ${held('the jobs of every queue that sets no limit')}`);
    expect(refusal('<allocations>\n  <pool name="a"><maxMaps>0</maxMaps></pool>\n</allocations>')).toBe(`a.xml:2:18: <maxMaps> is 0: ${held('the pool\'s map tasks')}`);
  });

  it('an MR1 pool\'s own <fairSharePreemptionTimeout> is ignored, told, as Hadoop 1\'s PoolManager reads that timeout only at the top level (it was the pool\'s own: preemption Hadoop 1 never does)', () => {
    const a = parseAllocation(`<allocations>
  <pool name="adhoc">
    <maxMaps>30</maxMaps>
    <fairSharePreemptionTimeout>120</fairSharePreemptionTimeout>
  </pool>
  <fairSharePreemptionTimeout>600</fairSharePreemptionTimeout>
</allocations>`, 'a.xml');
    expect(a.pools).toEqual([{ name: 'adhoc', weight: 1, minMaps: 0, minReduces: 0, maxMaps: 30 }]);
    expect(a.fairSharePreemptionTimeoutMs).toBe(600_000);
    expect(a.warnings).toEqual(['a.xml:4:5: pool "adhoc": <fairSharePreemptionTimeout> in an MR1 <pool> is ignored, as Hadoop 1 ignores it (its PoolManager reads fairSharePreemptionTimeout only under <allocations>, for every pool): set it there, or write the pool as a YARN <queue>, which reads its own']);
    // a <pool> holding no MR1 element reads as YARN's alias of <queue> would: the timeout is its own, as before
    const yarn = parseAllocation('<allocations><pool name="q"><weight>2</weight><fairSharePreemptionTimeout>120</fairSharePreemptionTimeout></pool></allocations>', 'a.xml');
    expect(yarn.pools).toEqual([{ name: 'q', weight: 2, minMaps: 0, minReduces: 0, fairSharePreemptionTimeoutMs: 120_000 }]);
    expect(yarn.warnings).toBeUndefined();
  });

  it('defaultFairSharePreemptionTimeout wins over the top-level fairSharePreemptionTimeout wherever each stands, as YARN\'s AllocationFileParser reads them (the later one won)', () => {
    const a = parseAllocation('<allocations>\n  <defaultFairSharePreemptionTimeout>60</defaultFairSharePreemptionTimeout>\n  <fairSharePreemptionTimeout>600</fairSharePreemptionTimeout>\n</allocations>', 'a.xml');
    expect(a.fairSharePreemptionTimeoutMs).toBe(60_000);
    expect(a.warnings).toEqual(['a.xml:3:3: <fairSharePreemptionTimeout> is ignored, as YARN ignores it beside <defaultFairSharePreemptionTimeout> (line 2), which it replaces']);
    const b = parseAllocation('<allocations>\n  <fairSharePreemptionTimeout>600</fairSharePreemptionTimeout>\n  <defaultFairSharePreemptionTimeout>60</defaultFairSharePreemptionTimeout>\n</allocations>', 'a.xml');
    expect(b.fairSharePreemptionTimeoutMs).toBe(60_000);
    expect(parseAllocation('<allocations><fairSharePreemptionTimeout>600</fairSharePreemptionTimeout></allocations>', 'a.xml').fairSharePreemptionTimeoutMs).toBe(600_000);
  });

  it('a file of MR1 pools alone has no root queue: a pool named Root or ROOT is a pool (it was refused as standing beside the root queue)', () => {
    for (const name of ['Root', 'ROOT']) {
      const a = parseAllocation(`<allocations><pool name="${name}"><minMaps>1</minMaps></pool><pool name="a"><minMaps>2</minMaps></pool></allocations>`, 'a.xml');
      expect(a.pools.map((p) => [p.name, p.minMaps])).toEqual([[name, 1], ['a', 2]]);
    }
  });

  it('a YARN queue named Root before one named root is refused as YARN refuses it (it ran Root as one more queue)', () => {
    expect(() => parseAllocation('<allocations>\n<queue name="Root"><weight>1</weight></queue>\n<queue name="root"><queue name="b"/></queue>\n</allocations>', 'a.xml'))
      .toThrow(/^a\.xml:2:1: <queue name="Root"> stands beside the root queue \(line 3\): YARN refuses such a file/);
  });

  it('a timeout that is ignored is not read: a bad value there is no error, as Hadoop never parses it (it was refused)', () => {
    const top = parseAllocation('<allocations>\n<defaultFairSharePreemptionTimeout>60</defaultFairSharePreemptionTimeout>\n<fairSharePreemptionTimeout>abc</fairSharePreemptionTimeout>\n</allocations>', 'a.xml');
    expect(top.fairSharePreemptionTimeoutMs).toBe(60_000);
    expect(top.warnings).toEqual([expect.stringMatching(/^a\.xml:3:1: <fairSharePreemptionTimeout> is ignored/)]);
    const pool = parseAllocation('<allocations>\n<pool name="p"><minMaps>1</minMaps>\n<fairSharePreemptionTimeout>-3</fairSharePreemptionTimeout></pool>\n</allocations>', 'a.xml');
    expect(pool.pools).toEqual([{ name: 'p', weight: 1, minMaps: 1, minReduces: 0 }]);
    expect(pool.warnings).toEqual([expect.stringMatching(/^a\.xml:3:1: pool "p": <fairSharePreemptionTimeout> in an MR1 <pool> is ignored/)]);
  });

  it('MR1\'s defaultPoolSchedulingMode may still be fifo', () => {
    expect(parseAllocation('<allocations><defaultPoolSchedulingMode>fifo</defaultPoolSchedulingMode></allocations>', 'a.xml').defaultSchedulingMode).toBe('fifo');
  });

  it('fairSharePreemptionThreshold: a queue\'s own, inherited by the queues under it, the file\'s default; one outside 0 to 1 clamped as YARN clamps it, told', () => {
    const a = parseAllocation(`<allocations>
  <defaultFairSharePreemptionThreshold>0.25</defaultFairSharePreemptionThreshold>
  <queue name="p"><fairSharePreemptionThreshold>0.8</fairSharePreemptionThreshold>
    <queue name="c"/>
    <queue name="d"><fairSharePreemptionThreshold>1.5</fairSharePreemptionThreshold></queue>
  </queue>
  <queue name="e"/>
</allocations>`, 'a.xml');
    expect(a.fairSharePreemptionThreshold).toBe(0.25);
    expect(a.pools.map((p) => [p.name, p.fairSharePreemptionThreshold])).toEqual([['p.c', 0.8], ['p.d', 1], ['e', undefined]]);
    expect(a.warnings).toEqual(['a.xml:5:21: <fairSharePreemptionThreshold> is 1.5: run, as YARN runs it, with 1']);
  });

  it('a min share of less than one slot\'s memory gives none, told (it was 0 without a word)', () => {
    const a = parseAllocation('<allocations>\n  <queue name="a"><minResources>1023 mb, 1 vcores</minResources></queue>\n</allocations>', 'a.xml');
    expect(a.pools[0].minMaps).toBe(0);
    expect(a.warnings).toEqual(['a.xml:2:19: queue "a": minResources "1023 mb, 1 vcores" is less than one slot (1024 mb): it gives the queue no min share']);
    expect(parseAllocation('<allocations><queue name="a"><minResources>0 mb, 0 vcores</minResources></queue></allocations>', 'a.xml').warnings).toBeUndefined();
  });
});

describe("YARN allocation elements as YARN's AllocationFileParser reads them", () => {
  it('schedulingMode is schedulingPolicy, defaultQueueSchedulingMode defaultQueueSchedulingPolicy; reservation settings are read and ignored', () => {
    const a = parseAllocation(`<allocations>
  <reservation-agent>x</reservation-agent><reservation-policy>y</reservation-policy><reservation-planner>z</reservation-planner>
  <queue name="a"><schedulingMode>fifo</schedulingMode><aclSubmitReservations>u</aclSubmitReservations>
    <aclListReservations>u</aclListReservations><aclAdministerReservations>u</aclAdministerReservations></queue>
  <defaultQueueSchedulingMode>fair</defaultQueueSchedulingMode>
</allocations>`, 'a.xml');
    expect(a).toEqual({ pools: [{ name: 'a', weight: 1, minMaps: 0, minReduces: 0, schedulingMode: 'fifo' }], users: [], defaultSchedulingMode: 'fair' });
  });

  it('a policy given as its class name, as SchedulingPolicy.parse reads it, is that policy (it was refused at its line); drf is refused either way', () => {
    const PKG = 'org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.';
    const a = parseAllocation(`<allocations>
  <queue name="a"><schedulingPolicy>${PKG}FifoPolicy</schedulingPolicy></queue>
  <queue name="b"><schedulingPolicy>${PKG}FairSharePolicy</schedulingPolicy></queue>
  <pool name="c"><schedulingMode>${PKG}FifoPolicy</schedulingMode></pool>
  <queue name="d"><schedulingPolicy>FIFO</schedulingPolicy></queue>
  <defaultQueueSchedulingPolicy>${PKG}FairSharePolicy</defaultQueueSchedulingPolicy>
</allocations>`, 'a.xml');
    expect(a.pools.map((p) => [p.name, p.schedulingMode])).toEqual([['a', 'fifo'], ['b', 'fair'], ['c', 'fifo'], ['d', 'fifo']]);
    expect(a.defaultSchedulingMode).toBe('fair');
    expect(a.warnings).toBeUndefined();
    const drf = (policy: string) => () => parseAllocation(`<allocations>\n  <queue name="a"><schedulingPolicy>${policy}</schedulingPolicy></queue>\n</allocations>`, 'a.xml');
    expect(drf(`${PKG}DominantResourceFairnessPolicy`)).toThrow(`a.xml:2:19: <schedulingPolicy> must be fair or fifo, not "${PKG}DominantResourceFairnessPolicy": drf (DominantResourceFairnessPolicy) divides memory and vcores`);
    expect(drf('DRF')).toThrow(/:2:19: <schedulingPolicy> must be fair or fifo, not "DRF": drf/);
    // Class.forName reads a class name in its exact case; a custom policy is code hfsim cannot run
    expect(drf(`${PKG}fifopolicy`)).toThrow(/:2:19: <schedulingPolicy> must be fair or fifo .* \(YARN has no such policy class; a class name is read in its exact case\)/);
    expect(drf('com.acme.SlaPolicy')).toThrow(/not "com\.acme\.SlaPolicy" \(a custom SchedulingPolicy class is code hfsim cannot run\)/);
  });

  it('defaultQueueSchedulingPolicy: the name fifo is refused, as YARN refuses it; FifoPolicy\'s class name passes YARN\'s check and runs fifo in the leaf queues, told', () => {
    const a = parseAllocation(`<allocations>
  <queue name="p"><queue name="x"/><queue name="y"><schedulingPolicy>fair</schedulingPolicy></queue></queue>
  <defaultQueueSchedulingPolicy>org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.FifoPolicy</defaultQueueSchedulingPolicy>
</allocations>`, 'a.xml');
    expect(a.defaultSchedulingMode).toBe('fifo');
    expect(a.pools.map((p) => [p.name, p.schedulingMode])).toEqual([['p.x', undefined], ['p.y', 'fair']]);
    expect(a.warnings).toEqual([expect.stringMatching(/^a\.xml:3:3: <defaultQueueSchedulingPolicy> is FifoPolicy's class name, .*fifo in each leaf queue that sets no policy, fair in the parent queues/)]);
    expect(() => parseAllocation('<allocations>\n  <defaultQueueSchedulingMode>FIFO</defaultQueueSchedulingMode>\n</allocations>', 'a.xml')).toThrow(/a\.xml:2:3: <defaultQueueSchedulingMode> is fifo: YARN refuses it/);
  });

  it('queueMaxResourcesDefault caps every leaf queue that sets no maxResources (YARN getMaxResources), wherever it comes in the file', () => {
    const a = parseAllocation(`<allocations>
  <queue name="a"/>
  <queue name="b"><maxResources>2048 mb, 2 vcores</maxResources></queue>
  <queueMaxResourcesDefault>memory-mb=5120, vcores=8</queueMaxResourcesDefault>
</allocations>`, 'a.xml');
    expect(a.pools.map((p) => [p.name, p.maxMaps, p.maxReduces])).toEqual([['a', 5, 5], ['b', 2, 2]]);
    // A parent queue without its own maxResources is capped by the default too, as a whole: its parent pool's cap.
    const nested = parseAllocation(`<allocations>
  <queueMaxResourcesDefault>5120 mb, 5 vcores</queueMaxResourcesDefault>
  <queue name="p">
    <queue name="c"/>
  </queue>
</allocations>`, 'a.xml');
    expect(nested.parentPools).toEqual([{ name: 'p', weight: 1, minMaps: 0, minReduces: 0, maxMaps: 5, maxReduces: 5 }]);
    expect(nested.pools).toEqual([{ name: 'p.c', parent: 'p', weight: 1, minMaps: 0, minReduces: 0, maxMaps: 5, maxReduces: 5 }]);
  });

  // A job naming a queue the file lacks ran in a pool made at run time with no cap at all, silently, while the file's
  // queueMaxAppsDefault (poolMaxJobsDefault) did hold it: YARN's getMaxResources gives a queue it creates the default
  // too. The scheduler carries the default (poolMaxMapsDefault, poolMaxReducesDefault) and the pool set gives it to a
  // pool it makes at the job's arrival: no pool is listed for the jobs up front.
  it('queueMaxResourcesDefault caps the queues jobs name that the file does not list, as YARN caps a queue it creates, under the parent it names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-max-default-'));
    const file = join(dir, 's.json');
    const resolved = (xml: string) => {
      writeFileSync(join(dir, 'a.xml'), xml);
      const raw = { name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'hfs', allocationFile: 'a.xml' },
        workload: { kind: 'generated', groups: [{ name: 'a', count: 2, maps: 8, mapMs: 1000 }, { name: 'b', count: 2, maps: 8, mapMs: 1000 }, { name: 'n', pool: 'p.new', maps: 8, mapMs: 1000 }] } };
      const r = resolveScenario(raw, file);
      if (!r.ok) throw new Error(r.errors.join('\n'));
      return r.value;
    };
    const caps = (pools: ReadonlyArray<{ name: string; parent?: string; maxMaps?: number; maxReduces?: number }>) => pools.map((p) => [p.name, p.parent, p.maxMaps, p.maxReduces]);
    const unlisted = resolved('<allocations><queueMaxResourcesDefault>2048 mb, 2 vcores</queueMaxResourcesDefault><queue name="a"/><queue name="p" type="parent"/></allocations>');
    // the file's pools alone are listed (its own queues with the default), and the scheduler carries the default
    expect(caps(unlisted.scheduler.pools)).toEqual([['a', undefined, 2, 2]]);
    expect([unlisted.scheduler.poolMaxMapsDefault, unlisted.scheduler.poolMaxReducesDefault]).toEqual([2, 2]);
    const audit = poolCapsAudit(unlisted);
    const r = await simulate(unlisted, { observer: audit.observer, timeDecisions: false });
    expect(audit.failures(r.jobs)).toEqual([]);
    expect(r.pools!.map((p) => [p.name, p.parent, p.jobs])).toEqual([['a', undefined, 2], ['b', undefined, 2], ['p.new', 'p', 1]]);
    // the same runs as a file listing every queue (each with the default)
    const listed = resolved('<allocations><queueMaxResourcesDefault>2048 mb, 2 vcores</queueMaxResourcesDefault><queue name="a"/><queue name="b"/><queue name="p"><queue name="new"/></queue></allocations>');
    expect(caps(listed.scheduler.pools)).toEqual([['a', undefined, 2, 2], ['b', undefined, 2, 2], ['p.new', 'p', 2, 2]]);
    expect((await simulate(listed, { timeDecisions: false })).jobs.map((j) => j.responseMs)).toEqual(r.jobs.map((j) => j.responseMs));
    // without the default, nothing is capped
    const none = resolved('<allocations><queue name="a"/></allocations>');
    expect(caps(none.scheduler.pools)).toEqual([['a', undefined, undefined, undefined]]);
    expect([none.scheduler.poolMaxMapsDefault, none.scheduler.poolMaxReducesDefault]).toEqual([undefined, undefined]);
  });

  // The default was given by listing up front, with the default's cap, every pool the workload could name that no list
  // held: a SWIM workload's pools "bin" had bin1..bin9 listed, the empty ones reported with 0 jobs (the digest moved
  // where the cap never bound).
  it('queueMaxResourcesDefault on a SWIM workload (pools "bin"): the results list the pools jobs ran in, as without the default, and the cap holds in each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-max-default-'));
    const file = join(dir, 's.json');
    writeFileSync(join(dir, 'capped.xml'), '<allocations><queueMaxResourcesDefault>2048 mb, 2 vcores</queueMaxResourcesDefault></allocations>');
    writeFileSync(join(dir, 'free.xml'), '<allocations><queueMaxAppsDefault>50</queueMaxAppsDefault></allocations>');
    const resolved = (xml: string) => {
      const raw = { name: 's', seed: 1, cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 4, reduceSlotsPerNode: 2 }, scheduler: { policy: 'hfs', allocationFile: xml },
        workload: { kind: 'swim', trace: join(ROOT, 'data', 'traces', 'FB-2009_samples_24_times_1hr_0_first50jobs.tsv'), tracedNodes: 4 } };
      const r = resolveScenario(raw, file);
      if (!r.ok) throw new Error(r.errors.join('\n'));
      return r.value;
    };
    const capped = resolved('capped.xml');
    const free = resolved('free.xml');
    expect(capped.scheduler.pools).toEqual([]);
    const audit = poolCapsAudit(capped);
    const withCap = await simulate(capped, { observer: audit.observer, timeDecisions: false, trace: traceFor(file, capped) });
    const freeAudit = poolCapsAudit(capped); // the uncapped run, audited against the default's caps
    const without = await simulate(free, { observer: freeAudit.observer, timeDecisions: false, trace: traceFor(file, free) });
    const pools = (r: typeof withCap) => r.pools!.map((p) => [p.name, p.jobs]);
    expect(pools(withCap)).toEqual(pools(without));
    expect(withCap.pools!.every((p) => p.jobs > 0)).toBe(true);
    expect(audit.failures(withCap.jobs)).toEqual([]);
    // the cap binds: without it a pool made at a job's arrival runs more than 2 maps
    expect(freeAudit.failures(without.jobs)[0]).toMatch(/^pool bin\d runs 3 maps, over its cap of 2$/);
  });

  it('queueMaxResourcesDefault lists no pool for the jobs: 10,001 jobs each naming a pool of its own resolve (they were refused: "scheduler.pools lists 10002 entries, above the limit of 10000")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-max-default-'));
    const file = join(dir, 's.json');
    writeFileSync(join(dir, 'a.xml'), '<allocations><queueMaxResourcesDefault>1024 mb, 1 vcores</queueMaxResourcesDefault><queue name="a"/></allocations>');
    const n = MAX_POOLS + 1;
    const raw = { name: 's', cluster: { racks: 1, nodesPerRack: 4 }, scheduler: { policy: 'hfs', allocationFile: 'a.xml' },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: Array.from({ length: n }, (_, i) => ({ id: `j${i}`, pool: `u${i}`, submitMs: i * 10, input: 'f', mapMs: 5 })) } };
    const r = resolveScenario(raw, file);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    // the file's pool alone: the jobs' pools are made as they arrive (a run of 10,001 pools takes minutes: the pools
    // made at arrival are run in the tests above)
    expect(r.value.scheduler.pools.map((p) => p.name)).toEqual(['a']);
    expect([r.value.scheduler.poolMaxMapsDefault, r.value.scheduler.poolMaxReducesDefault]).toEqual([1, 1]);
  });

  // A pool the scenario lists (its own, or replacing the file's of that name) ran uncapped when it set no cap, while
  // YARN gives every queue that sets no maxResources the default; the scenario's pool is such a queue. The pool keeps
  // its own fields; the pool set gives it the default, and lowers a min share above it, which the CLI tells.
  it('queueMaxResourcesDefault caps each pool and parent pool the scenario lists with no cap of its own, kind by kind; a min above it is lowered, told', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-max-default-'));
    const file = join(dir, 's.json');
    writeFileSync(join(dir, 'a.xml'), '<allocations><queueMaxResourcesDefault>2048 mb, 2 vcores</queueMaxResourcesDefault><queue name="a"><maxResources>4096 mb, 4 vcores</maxResources></queue><queue name="b"/></allocations>');
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { lines.push(String(chunk)); return true; });
    const resolved = (scheduler: object) => {
      const raw = { name: 's', cluster: { racks: 1, nodesPerRack: 4 }, scheduler: { policy: 'hfs', allocationFile: 'a.xml', ...scheduler },
        workload: { kind: 'generated', groups: [{ name: 'b', maps: 8, mapMs: 1000 }] } };
      const r = resolveScenario(raw, file);
      if (!r.ok) throw new Error(r.errors.join('\n'));
      return r.value.scheduler;
    };
    const caps = (nodes: ReadonlyArray<{ name: string; config: { minMaps: number; maxMaps: number; maxReduces: number } }>) => nodes.map((p) => [p.name, p.config.minMaps, p.config.maxMaps, p.config.maxReduces]);
    try {
      const s = resolved({
        // a: replaces the file's a (its maxResources 4 with it); c: the scenario's alone; d caps its maps alone; e's min share passes the default
        pools: [{ name: 'a', weight: 3 }, { name: 'c' }, { name: 'd', maxMaps: 3 }, { name: 'e', minMaps: 5 }, { name: 'q.x', parent: 'q' }],
        parentPools: [{ name: 'q' }],
      });
      // as written: the scenario's pools are not rewritten
      expect(s.pools.find((p) => p.name === 'e')).toEqual({ name: 'e', weight: 1, minMaps: 5, minReduces: 0 });
      const set = new PoolSet(s, 16, 8);
      expect(caps(set.pools)).toEqual([['b', 0, 2, 2], ['a', 0, 2, 2], ['c', 0, 2, 2], ['d', 0, 3, 2], ['e', 2, 2, 2], ['q.x', 0, 2, 2]]);
      expect(caps(set.parentPools)).toEqual([['q', 0, 2, 2]]);
      expect(lines).toEqual([`hfsim: warning: ${file}: scheduler.pools[3].minMaps 5 is above ${join(dir, 'a.xml')}'s queueMaxResourcesDefault (2 maps), its maxMaps, as the pool sets none: run, as YARN runs it, with its min share lowered to 2\n`]);
    } finally {
      write.mockRestore();
    }
  });

  // The default was given to the scenario's pools and the pools made for jobs, not to an MR1 <pool> of the same file.
  it('queueMaxResourcesDefault caps a file\'s MR1 pools that set no cap too (a min above it lowered, told); the scenario\'s own poolMaxMapsDefault wins; capacity reads none of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-max-default-'));
    const file = join(dir, 's.json');
    const xml = join(dir, 'a.xml');
    writeFileSync(xml, '<allocations><queueMaxResourcesDefault>2048 mb, 2 vcores</queueMaxResourcesDefault><pool name="m"><minMaps>4</minMaps></pool><pool name="k"><maxMaps>6</maxMaps></pool><queue name="y"/></allocations>');
    const lines: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { lines.push(String(chunk)); return true; });
    const resolved = (scheduler: object) => {
      const raw = { name: 's', cluster: { racks: 1, nodesPerRack: 4 }, scheduler: { allocationFile: 'a.xml', ...scheduler },
        workload: { kind: 'generated', groups: [{ name: 'g', pool: 'm', maps: 8, mapMs: 1000 }] } };
      const r = resolveScenario(raw, file);
      if (!r.ok) throw new Error(r.errors.join('\n'));
      return r.value.scheduler;
    };
    const caps = (s: ReturnType<typeof resolved>) => new PoolSet(s, 16, 8).pools.map((p) => [p.name, p.config.minMaps, p.config.maxMaps, p.config.maxReduces]);
    try {
      const hfs = resolved({ policy: 'hfs' });
      expect(caps(hfs)).toEqual([['m', 2, 2, 2], ['k', 0, 6, 2], ['y', 0, 2, 2]]);
      expect(lines).toEqual([`hfsim: warning: ${xml}: pool "m": minMaps 4 is above ${xml}'s queueMaxResourcesDefault (2 maps), its maxMaps, as the pool sets none: run, as YARN runs it, with its min share lowered to 2\n`]);
      lines.length = 0;
      // the scenario's own default replaces the file's
      const own = resolved({ policy: 'hfs', poolMaxMapsDefault: 3 });
      expect(caps(own)).toEqual([['m', 3, 3, 2], ['k', 0, 6, 2], ['y', 0, 2, 2]]);
      expect(lines).toEqual([`hfsim: warning: ${xml}: pool "m": minMaps 4 is above scheduler.poolMaxMapsDefault (3), its maxMaps, as the pool sets none: run, as YARN runs it, with its min share lowered to 3\n`]);
      // capacity: the default is dropped, not refused (its queues' maxCapacity caps them)
      const capacity = resolved({ policy: 'capacity', queues: [{ name: 'm', capacity: 100 }] });
      expect([capacity.poolMaxMapsDefault, capacity.poolMaxReducesDefault]).toEqual([undefined, undefined]);
    } finally {
      write.mockRestore();
    }
  });

  it('YARN\'s own rules: a min share weighs memory alone; queueMaxAppsDefault limits parent queues too; type="parent" makes a parent queue with no children yet', () => {
    const a = parseAllocation(`<allocations>
  <queue name="p"><minResources>8192 mb, 2 vcores</minResources><maxResources>8192 mb, 2 vcores</maxResources>
    <queue name="c"/>
  </queue>
  <queue name="q" type="parent"/>
  <queue name="r"><maxRunningApps>9</maxRunningApps><queue name="c"/></queue>
  <queueMaxAppsDefault>3</queueMaxAppsDefault>
</allocations>`, 'a.xml');
    // min 8 (8 GB, memory alone) over max 2 (vcores cap a max): lowered to the max, with a warning.
    expect(a.parentPools).toEqual([
      { name: 'p', weight: 1, minMaps: 2, minReduces: 2, maxMaps: 2, maxReduces: 2, maxRunningJobs: 3 },
      { name: 'q', weight: 1, minMaps: 0, minReduces: 0, maxRunningJobs: 3 },
      { name: 'r', weight: 1, minMaps: 0, minReduces: 0, maxRunningJobs: 9 },
    ]);
    expect(a.minShareWarnings).toEqual(['a.xml:2:19: queue "p": minResources (8 slots) is above maxResources (2 slots): run, as YARN runs it, with its min share lowered to 2']);
    expect(parseAllocation('<allocations>\n  <queue name="a"><minResources>20480 mb, 2 vcores</minResources></queue>\n</allocations>', 'a.xml').pools[0].minMaps).toBe(20);
  });

  it('a queue whose min passes its max runs, as in YARN, and says so once on stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    writeFileSync(join(dir, 'q.xml'), '<allocations>\n  <queue name="a">\n    <minResources>8192 mb, 8 vcores</minResources><maxResources>2048 mb, 2 vcores</maxResources>\n  </queue>\n</allocations>');
    writeFileSync(join(dir, 's.json'), JSON.stringify({ scheduler: { policy: 'hfs', allocationFile: 'q.xml' }, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 4, mapMs: 1000 }] },
      variants: { one: {}, two: { seed: 2 } } }));
    const r = hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`hfsim: warning: ${join(dir, 'q.xml')}:3:5: queue "a": minResources (8 slots) is above maxResources (2 slots): run, as YARN runs it, with its min share lowered to 2\n`);
    expect(JSON.parse(r.stdout)[0].config.scheduler.pools[0]).toMatchObject({ name: 'a', minMaps: 2, maxMaps: 2 });
    // Under capacity, which reads no min share or cap, the file's are told as ignored, and no min "lowered" beside it
    const s = JSON.parse(readFileSync(join(dir, 's.json'), 'utf8'));
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...s, scheduler: { policy: 'capacity', allocationFile: 'q.xml' } }));
    const c = hfsim('run', join(dir, 'c.json'), '--json', '--no-progress');
    expect(c.code, c.stderr).toBe(0);
    expect(c.stderr).not.toMatch(/lowered/);
    expect(c.stderr).toMatch(/q\.xml: pool "a": policy "capacity" ignores minMaps, minReduces, maxMaps and maxReduces/);
  });

  it('a <user> that sets no running-job limit is as one not listed: the default applies (PoolManager, AllocationFileParser)', () => {
    expect(parseAllocation('<allocations>\n  <user name="u"/>\n  <user name="v"><maxRunningApps>2</maxRunningApps></user>\n  <userMaxAppsDefault>5</userMaxAppsDefault>\n</allocations>', 'a.xml'))
      .toEqual({ pools: [], users: [{ name: 'v', maxRunningJobs: 2 }], userMaxJobsDefault: 5 });
  });

  it('allowPreemptionFrom false makes the queue and those under it not preemptable; true leaves them as they are', () => {
    const a = parseAllocation(`<allocations>
  <queue name="p"><allowPreemptionFrom>false</allowPreemptionFrom>
    <queue name="c"/>
    <queue name="d"/>
  </queue>
  <queue name="e"><allowPreemptionFrom>true</allowPreemptionFrom></queue>
</allocations>`, 'a.xml');
    expect(a.pools.map((p) => [p.name, p.preemptable])).toEqual([['p.c', false], ['p.d', false], ['e', undefined]]);
    expect(() => parseAllocation('<allocations>\n  <queue name="e"><allowPreemptionFrom>maybe</allowPreemptionFrom></queue>\n</allocations>', 'a.xml'))
      .toThrow(/a\.xml:2:19: <allowPreemptionFrom> must be true or false, not "maybe"/);
  });
});

describe('allocation files', () => {
  it('Hadoop\'s sample fair-scheduler.xml loads into pools, users and defaults', () => {
    expect(readAllocationFile(join(ALLOC, 'fair-scheduler.xml'))).toEqual(SAMPLE);
  });

  it('the equivalent YARN allocation file (5120 mb, 5 vcores = 5 slots) loads into the same settings', () => {
    expect(readAllocationFile(join(ALLOC, 'yarn-allocation.xml'))).toEqual(SAMPLE);
  });

  it('YARN queues nest: leaves become pools and parent queues parent pools, named by their path; a child inherits neither its parent\'s policy nor its weight', () => {
    const a = parseAllocation(`<allocations>
  <queue name="root">
    <queue name="prod"><weight>3</weight><schedulingPolicy>fifo</schedulingPolicy><minResources>10240 mb, 10 vcores</minResources>
      <maxResources>20480 mb, 20 vcores</maxResources><maxRunningApps>5</maxRunningApps>
      <queue name="etl"><minResources>memory-mb=8192, vcores=4</minResources></queue>
      <queue name="bi"><weight>2</weight><maxRunningApps>2</maxRunningApps>
        <queue name="daily"/>
      </queue>
    </queue>
    <queue name="adhoc"><minResources>2048 mb, 0vcores</minResources></queue>
  </queue>
  <queueMaxAppsDefault>7</queueMaxAppsDefault>
</allocations>`, 'x.xml');
    expect(a.parentPools).toEqual([
      { name: 'prod', weight: 3, minMaps: 10, minReduces: 10, maxMaps: 20, maxReduces: 20, maxRunningJobs: 5 },
      { name: 'prod.bi', parent: 'prod', weight: 2, minMaps: 0, minReduces: 0, maxRunningJobs: 2 },
    ]);
    expect(a.pools).toEqual([
      { name: 'prod.etl', parent: 'prod', weight: 1, minMaps: 8, minReduces: 8 },
      { name: 'prod.bi.daily', parent: 'prod.bi', weight: 1, minMaps: 0, minReduces: 0 },
      { name: 'adhoc', weight: 1, minMaps: 2, minReduces: 2 },
    ]);
    expect(a.poolMaxJobsDefault).toBe(7);
  });

  it('maxChildResources and a placement policy hfsim does not follow are told by name, not ignored unseen', () => {
    // YARN's documented example: a type="parent" queue whose children (created for jobs that name them) YARN caps.
    const a = parseAllocation(`<allocations>
  <queue name="secondary_group_queue" type="parent">
    <weight>3.0</weight>
    <maxChildResources>4096 mb,4vcores</maxChildResources>
  </queue>
  <queuePlacementPolicy>
    <rule name="primaryGroup" create="false" />
    <rule name="specified" />
  </queuePlacementPolicy>
</allocations>`, 'x.xml');
    expect(a.warnings).toEqual([
      'x.xml:4:5: queue "secondary_group_queue": <maxChildResources> is not modelled: a pool hfsim creates under it for a job naming one runs without that cap',
      'x.xml:6:3: <queuePlacementPolicy> starts with rule "primaryGroup" create="false": placement rules are not modelled; each job runs in the queue its pool names (as a first rule "specified" would place it)',
    ]);
    // a first rule "specified" places jobs as hfsim does: nothing to say
    expect(parseAllocation('<allocations><queuePlacementPolicy><rule name="specified"/><rule name="default" queue="a"/></queuePlacementPolicy></allocations>', 'x.xml').warnings).toBeUndefined();
    expect(parseAllocation('<allocations><queuePlacementPolicy><rule name="specified" create="false"/></queuePlacementPolicy></allocations>', 'x.xml').warnings?.[0]).toContain('starts with rule "specified" create="false"');
    // a bad maxChildResources is still an error at its line
    expect(() => parseAllocation('<allocations><queue name="p">\n<maxChildResources>4 GB</maxChildResources></queue></allocations>', 'x.xml')).toThrow(/^x\.xml:2:1: <maxChildResources> must be "X mb, Y vcores"/);
  });

  it('fifo on a parent queue is not passed to the queues under it (YARN: a queue\'s own policy or the default; fifo on a parent is warned of and run fair)', () => {
    // Before: prod.etl and prod.bi ran fifo, as inherited, with no word; YARN runs them fair.
    const a = parseAllocation(`<allocations>
  <queue name="root">
    <schedulingPolicy>fifo</schedulingPolicy>
    <queue name="prod">
      <schedulingMode>fifo</schedulingMode>
      <queue name="etl"/>
      <queue name="bi"><schedulingPolicy>fifo</schedulingPolicy></queue>
    </queue>
    <queue name="adhoc"/>
  </queue>
</allocations>`, 'x.xml');
    expect(a.pools).toEqual([
      { name: 'prod.etl', parent: 'prod', weight: 1, minMaps: 0, minReduces: 0 },
      { name: 'prod.bi', parent: 'prod', weight: 1, minMaps: 0, minReduces: 0, schedulingMode: 'fifo' },
      { name: 'adhoc', weight: 1, minMaps: 0, minReduces: 0 },
    ]);
    expect(a.warnings).toEqual([
      'x.xml:3:5: queue "root": <schedulingPolicy> fifo applies to leaf queues only: run, as YARN runs it, fair, the queues under it with their own policy or the default',
      'x.xml:5:7: queue "prod": <schedulingMode> fifo applies to leaf queues only: run, as YARN runs it, fair, the queues under it with their own policy or the default',
    ]);
    // fair on a parent says nothing
    expect(parseAllocation('<allocations><queue name="p"><schedulingPolicy>fair</schedulingPolicy><queue name="a"/></queue></allocations>', 'x.xml').warnings).toBeUndefined();
  });

  it('YARN\'s <pool> alias of <queue>: the YARN sample with every <queue> a <pool> loads into the same settings', () => {
    const yarn = readFileSync(join(ALLOC, 'yarn-allocation.xml'), 'utf8');
    const aliased = yarn.replace(/<(\/?)queue\b/g, '<$1pool');
    expect(aliased).not.toMatch(/<queue\b/);
    expect(parseAllocation(aliased, 'aliased.xml')).toEqual(SAMPLE);
    // a <pool> holding YARN elements at the top level, and <pool> and <queue> mixed in one tree
    const mixed = parseAllocation(`<allocations>
  <pool name="adhoc"><minResources>2048 mb, 2 vcores</minResources></pool>
  <queue name="prod"><weight>3</weight><pool name="etl"><maxRunningApps>2</maxRunningApps></pool></queue>
  <pool name="mr1"><minMaps>4</minMaps></pool>
</allocations>`, 'x.xml');
    expect(mixed.pools).toEqual([
      { name: 'adhoc', weight: 1, minMaps: 2, minReduces: 2 },
      { name: 'prod.etl', parent: 'prod', weight: 1, minMaps: 0, minReduces: 0, maxRunningJobs: 2 },
      { name: 'mr1', weight: 1, minMaps: 4, minReduces: 0 },
    ]);
    expect(mixed.parentPools).toEqual([{ name: 'prod', weight: 3, minMaps: 0, minReduces: 0 }]);
  });

  it('a YARN queue tree runs as YARN shares it: prod (weight 3) wins three quarters, which etl and bi split; flat leaves get a third each', () => {
    const r = hfsim('run', 'scenarios/allocations/nested.json', '--json', '--no-progress');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [tree, flat] = JSON.parse(r.stdout) as Array<{ config: { scheduler: { parentPools: unknown[] } }; pools: Array<{ name: string; parent?: string; shares: { fairMaps: number[]; runningMaps: number[] } }> }>;
    expect(tree.config.scheduler.parentPools).toEqual([{ name: 'prod', weight: 3, minMaps: 0, minReduces: 0, maxRunningJobs: 6 }]);
    expect(tree.pools.map((p) => [p.name, p.parent])).toEqual([['prod.etl', 'prod'], ['prod.bi', 'prod'], ['adhoc', undefined]]);
    // The first check at which every pool runs tasks: the 40 map slots as the fair shares divide them.
    const busy = (v: typeof tree) => v.pools[0].shares.runningMaps.findIndex((_, k) => v.pools.every((p) => p.shares.runningMaps[k] > 0));
    const at = (v: typeof tree, k: number) => v.pools.map((p) => [p.shares.fairMaps[k], p.shares.runningMaps[k]]);
    expect(at(tree, busy(tree))).toEqual([[expect.closeTo(15, 2), 15], [expect.closeTo(15, 2), 15], [expect.closeTo(10, 2), 10]]);
    expect(at(flat, busy(flat)).map(([fair]) => fair)).toEqual([40 / 3, 40 / 3, 40 / 3].map((x) => expect.closeTo(x, 2)));
  });

  it('a pool the scenario lists replaces the file\'s, keeping its place in the tree unless it names a parent itself', () => {
    const file = join(ALLOC, 'nested.json');
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const pools = (scenarioPools: object[]) => {
      const merged = applySchedulerFiles({ ...raw, scheduler: { policy: 'hfs', allocationFile: 'nested-queues.xml', pools: scenarioPools } }, file) as { scheduler: { pools: Array<{ name: string; parent?: string; weight?: number }> } };
      return merged.scheduler.pools.map((p) => [p.name, p.parent, p.weight]);
    };
    expect(pools([{ name: 'prod.etl', weight: 2 }])).toEqual([['prod.bi', 'prod', 1], ['adhoc', undefined, 1], ['prod.etl', 'prod', 2]]);
    expect(pools([{ name: 'prod.etl', weight: 2, parent: 'prod' }, { name: 'new' }])).toEqual([['prod.bi', 'prod', 1], ['adhoc', undefined, 1], ['prod.etl', 'prod', 2], ['new', undefined, undefined]]);
  });

  it('a scenario runs with either file and gets the same outcome', () => {
    const r = hfsim('run', 'scenarios/allocations/sample.json', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [mr1, yarn] = JSON.parse(r.stdout);
    expect(mr1.config.scheduler.pools[0]).toMatchObject(SAMPLE.pools[0]);
    expect(yarn.summary).toEqual(mr1.summary);
    expect(yarn.pools).toEqual(mr1.pools);
    expect(mr1.pools.map((p: { name: string }) => p.name)).toEqual(['sample_pool', 'default']);
  });
});

describe('maxResources as a percentage of the cluster (Hadoop 3: "50%", "50% memory, 60% cpu", "vcores=50%, memory-mb=60%"), refused at its line before', () => {
  // 100 nodes x 4 map slots and x 2 reduce slots: 400 map slots (409,600 MB, 400 vcores) and 200 reduce slots.
  const CLUSTER = { maps: 400, reduces: 200 };
  const max = (value: string, cluster: typeof CLUSTER | undefined = CLUSTER) =>
    parseAllocation(`<allocations>\n  <queue name="a"><maxResources>${value}</maxResources></queue>\n</allocations>`, 'a.xml', cluster).pools[0];

  it('a share of each kind\'s slots: 25% of 400 map slots is 100, of 200 reduce slots 50', () => {
    expect(max('25%')).toMatchObject({ maxMaps: 100, maxReduces: 50 });
    // memory 40% (160 map, 80 reduce slots by size), cpu 60% (240, 120 vcores): the fewer, as a 1 GB, 1-vcore slot needs both.
    expect(max('40% memory, 60% cpu')).toMatchObject({ maxMaps: 160, maxReduces: 80 });
    expect(max('60% cpu, 10% memory')).toMatchObject({ maxMaps: 40, maxReduces: 20 });
    expect(max('vcores=50%, memory-mb=60%')).toMatchObject({ maxMaps: 200, maxReduces: 100 });
    // a resource the new form leaves out is 100%: memory alone binds
    expect(max('memory-mb=10%')).toMatchObject({ maxMaps: 40, maxReduces: 20 });
  });

  it('rounded down as YARN rounds it: 29% of 100 slots is 28 (0.29 x 100 is 28.999... in doubles, truncated)', () => {
    expect(max('29%', { maps: 100, reduces: 100 })).toMatchObject({ maxMaps: 28, maxReduces: 28 });
    expect(max('0.5%')).toMatchObject({ maxMaps: 2, maxReduces: 1 });
  });

  it('past 100% binds no more than the cluster (Hadoop sets no bound on a share)', () => {
    expect(max('250%')).toMatchObject({ maxMaps: 400, maxReduces: 200 });
  });

  it('less than one slot of a kind is refused as any max of less than one slot is, naming the kind', () => {
    expect(() => max('0.4%')).toThrow('a.xml:2:19: <maxResources> "0.4%" is less than one slot (1024 mb, 1 vcore) of the cluster\'s 200 reduce slots: nothing of the queue could run');
  });

  it('queueMaxResourcesDefault and maxChildResources take percentages too; a min below a percentage max is lowered per kind', () => {
    const a = parseAllocation(`<allocations>
  <queueMaxResourcesDefault>10%</queueMaxResourcesDefault>
  <queue name="a"><minResources>30720 mb, 30 vcores</minResources></queue>
  <queue name="p" type="parent"><maxChildResources>vcores=5%</maxChildResources></queue>
</allocations>`, 'a.xml', CLUSTER);
    // 10%: 40 map and 20 reduce slots; the min of 30 slots fits the maps, not the reduces.
    expect(a.pools[0]).toMatchObject({ name: 'a', minMaps: 30, minReduces: 20, maxMaps: 40, maxReduces: 20 });
    expect(a.parentPools?.[0]).toMatchObject({ name: 'p', maxMaps: 40, maxReduces: 20 });
    expect(a.minShareWarnings?.[0]).toBe('a.xml:3:19: queue "a": minResources (30 slots) is above maxResources (40 map, 20 reduce slots): run, as YARN runs it, with its min share lowered to 30 map, 20 reduce');
  });

  it('a percentage minResources is no min share in YARN (it keeps a min in mb and vcores alone): run so, told', () => {
    const a = parseAllocation('<allocations>\n  <queue name="a"><minResources>50%</minResources></queue>\n</allocations>', 'a.xml', CLUSTER);
    expect(a.pools[0]).toMatchObject({ minMaps: 0, minReduces: 0 });
    expect(a.warnings).toEqual([expect.stringMatching(/^a\.xml:2:19: queue "a": minResources "50%" is a percentage, which YARN reads as no min share/)]);
  });

  it('without a valid cluster a percentage cannot be read: refused at its line, saying why', () => {
    expect(() => parseAllocation('<allocations>\n  <queue name="a"><maxResources>25%</maxResources></queue>\n</allocations>', 'a.xml')).toThrow('a.xml:2:19: <maxResources> "25%" is a share of the cluster\'s slots, and the scenario\'s cluster is not valid: correct it first');
  });

  it('with a scenario whose cluster is not valid, the refusal names the cluster\'s problem (it said only "correct it first", and the CLI showed nothing else)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    writeFileSync(join(dir, 'q.xml'), '<allocations>\n  <queue name="a"><maxResources>25%</maxResources></queue>\n</allocations>');
    writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 2, nodesPerRack: 8 }, scheduler: { policy: 'hfs', allocationFile: 'q.xml' },
      workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 8, mapMs: 1000 }] } }));
    const r = hfsim('run', join(dir, 's.json'), '--set', 'cluster.racks=0', '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('q.xml:2:19: <maxResources> "25%" is a share of the cluster\'s slots, and the scenario\'s cluster is not valid (cluster.racks: racks must be at least 1): correct it first');
  });

  it('a scenario\'s own cluster (variant and --set applied) is what the share is of', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    writeFileSync(join(dir, 'q.xml'), '<allocations>\n  <queue name="a"><maxResources>25%</maxResources></queue>\n</allocations>');
    writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 1, nodesPerRack: 8, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'hfs', allocationFile: 'q.xml' },
      workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 8, mapMs: 1000 }] }, variants: { small: {}, big: { cluster: { racks: 2, nodesPerRack: 8, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 } } } }));
    const r = hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // 8 nodes: 16 map slots, 8 reduce slots -> 4 and 2; 16 nodes -> 8 and 4.
    expect(JSON.parse(r.stdout).map((v: { config: { scheduler: { pools: Array<{ maxMaps: number; maxReduces: number }> } } }) => [v.config.scheduler.pools[0].maxMaps, v.config.scheduler.pools[0].maxReduces])).toEqual([[4, 2], [8, 4]]);
  });
});

describe('0 vcores, as in Hadoop\'s documented example ("90000 mb,0vcores")', () => {
  it('in a max it binds in YARN (its usage is checked against every resource: one container at a time): refused, saying so (it was read as 87 slots of each kind)', () => {
    const max = (value: string) => () => parseAllocation(`<allocations>\n  <queue name="a">\n    <maxResources>${value}</maxResources>\n  </queue>\n</allocations>`, 'a.xml');
    expect(max('90000 mb,0vcores')).toThrow('a.xml:3:5: <maxResources> "90000 mb,0vcores" gives 0 vcores: YARN checks a queue\'s usage against every resource of its max (FSQueue.assignContainerPreCheck, Resources.fitsIn), so it gives the queue a container only while it holds none, one at a time, which hfsim\'s separate map and reduce slots cannot run; for a cap by memory alone write "memory-mb=90000" (a resource that form leaves out is unbounded), else give the vcores (one a slot)');
    expect(max('memory-mb=90000, vcores=0')).toThrow(/gives 0 vcores: .* write "memory-mb=90000"/);
    // 0% cpu too (it was refused as "less than one slot": nothing of the queue could run, which is not what YARN does)
    expect(() => parseAllocation('<allocations>\n  <queue name="a"><maxResources>40% memory, 0% cpu</maxResources></queue>\n</allocations>', 'a.xml', { maps: 400, reduces: 200 }))
      .toThrow('a.xml:2:19: <maxResources> "40% memory, 0% cpu" gives 0 vcores: YARN checks a queue\'s usage against every resource of its max (FSQueue.assignContainerPreCheck, Resources.fitsIn), so it gives the queue a container only while it holds none, one at a time, which hfsim\'s separate map and reduce slots cannot run; for a cap by memory alone write "memory-mb=40%" (a resource that form leaves out is 100%), else give the vcores (one a slot)');
    expect(() => parseAllocation('<allocations>\n  <queueMaxResourcesDefault>4096 mb, 0 vcores</queueMaxResourcesDefault>\n</allocations>', 'a.xml')).toThrow(/a\.xml:2:3: <queueMaxResourcesDefault> "4096 mb, 0 vcores" gives 0 vcores/);
    // what it suggests caps by memory alone: 87 slots (90,000 MB)
    expect(parseAllocation('<allocations><queue name="a"><maxResources>memory-mb=90000</maxResources></queue></allocations>', 'a.xml').pools[0]).toMatchObject({ maxMaps: 87, maxReduces: 87 });
  });

  it('with memory below one slot as well, it is not told to cap by that memory alone, which is refused in turn ("0 mb, 0 vcores" was told to write "memory-mb=0")', () => {
    const max = (value: string) => () => parseAllocation(`<allocations>\n  <queue name="a"><maxResources>${value}</maxResources></queue>\n</allocations>`, 'a.xml', { maps: 400, reduces: 200 });
    for (const value of ['0 mb, 0 vcores', 'memory-mb=512, vcores=0', '0%', '0.1% memory, 0% cpu']) {
      expect(max(value)).toThrow(`a.xml:2:19: <maxResources> "${value}" gives 0 vcores: YARN checks a queue's usage against every resource of its max (FSQueue.assignContainerPreCheck, Resources.fitsIn), so it gives the queue a container only while it holds none, one at a time, which hfsim's separate map and reduce slots cannot run; give it at least one slot's memory and vcores (1024 mb, 1 vcore) of each kind`);
      expect(max(value)).not.toThrow(/write "memory-mb=/);
    }
    // the memory-only form it does suggest is a cap hfsim runs
    expect(max('1024 mb, 0 vcores')).toThrow(/for a cap by memory alone write "memory-mb=1024"/);
    expect(max('1% memory, 0% cpu')).toThrow(/for a cap by memory alone write "memory-mb=1%"/);
    expect(parseAllocation('<allocations><queue name="a"><maxResources>memory-mb=1%</maxResources></queue></allocations>', 'a.xml', { maps: 400, reduces: 200 }).pools[0]).toMatchObject({ maxMaps: 4, maxReduces: 2 });
  });

  it('in a min it changes nothing: YARN\'s fair and fifo policies weigh memory alone against a min share', () => {
    expect(parseAllocation('<allocations><queue name="a"><minResources>10000 mb,0vcores</minResources></queue></allocations>', 'a.xml').pools[0]).toMatchObject({ minMaps: 9, minReduces: 9 });
  });
});

describe('XML references', () => {
  it('character references and the predefined entities are decoded in values and names (&#50; was refused as a weight)', () => {
    const a = parseAllocation('<allocations>\n  <pool name="a&#50;&amp;b&amp;c;&#x41;">\n    <weight>&#50;.5</weight>\n  </pool>\n</allocations>\n', 'p.xml');
    expect(a.pools).toEqual([{ name: 'a2&b&c;A', weight: 2.5, minMaps: 0, minReduces: 0 }]);
  });
});

describe('bad allocation files: one line with file and line, exit 2', () => {
  const scenarioWith = (xml: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    writeFileSync(join(dir, 'pools.xml'), xml);
    const s = JSON.parse(readFileSync(join(ALLOC, 'sample.json'), 'utf8'));
    delete s.variants;
    s.scheduler.allocationFile = 'pools.xml';
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify(s));
    return join(dir, 'scenario.json');
  };
  const cases: Array<[string, string, RegExp]> = [
    ['malformed XML', '<allocations>\n  <pool name="a">\n    <minMaps>3</minMap>\n  </pool>\n</allocations>', /pools\.xml:3:15: malformed XML: /],
    ['an unknown element', '<allocations>\n  <pool name="a">\n    <minMap>3</minMap>\n  </pool>\n</allocations>', /pools\.xml:3:5: unknown element <minMap> in <pool>/],
    // an MR1 pool holding a YARN element (a nested pool here) is read as a YARN queue: its MR1 elements were refused
    // "in <queue>", an element the file does not have
    ['an MR1 element in a <pool> read as a YARN queue', '<allocations>\n  <pool name="a">\n    <minMaps>3</minMaps>\n    <pool name="b"/>\n  </pool>\n</allocations>',
      /pools\.xml:3:5: unknown element <minMaps> in <pool> \(read as a YARN queue: it holds <pool>\)\n/],
    ['an MR1 element in a <pool> inside a YARN queue', '<allocations>\n  <queue name="a">\n    <pool name="b">\n      <maxMaps>3</maxMaps>\n    </pool>\n  </queue>\n</allocations>',
      /pools\.xml:4:7: unknown element <maxMaps> in <pool> \(read as a YARN queue: it is inside <queue name="a">, a queue\)\n/],
    // in a file with no <queue>: a pool inside a pool (the outer one read as a queue: it holds a <pool>) said it was "inside a queue"
    ['an MR1 element in a <pool> inside a <pool>', '<allocations>\n  <pool name="a">\n    <pool name="b">\n      <maxMaps>3</maxMaps>\n    </pool>\n  </pool>\n</allocations>',
      /pools\.xml:4:7: unknown element <maxMaps> in <pool> \(read as a YARN queue: it is inside <pool name="a">, a queue\)\n/],
    ['a bad value', '<allocations>\n  <pool name="a">\n    <weight>heavy</weight>\n  </pool>\n</allocations>', /pools\.xml:3:5: <weight> must be a non-negative number, not "heavy"/],
    ['a fractional job limit', '<allocations>\n\n  <userMaxJobsDefault>2.5</userMaxJobsDefault>\n</allocations>', /pools\.xml:3:3: <userMaxJobsDefault> must be a whole number/],
    ['a pool without a name', '<allocations>\n  <pool>\n  </pool>\n</allocations>', /pools\.xml:2:3: <pool> needs a name attribute/],
    ['a wrong root', '<pools>\n</pools>', /pools\.xml:1:1: the root element must be <allocations>/],
    ['a limit on the root queue (a cluster-wide limit, not modelled, so refused rather than dropped)', '<allocations>\n  <queue name="root">\n    <maxRunningApps>10</maxRunningApps>\n    <queue name="etl"/>\n  </queue>\n</allocations>', /pools\.xml:3:5: <maxRunningApps> on the root queue: a limit on the whole cluster is not modelled; set it on the queues under root/],

    ['a weight past the fair-share search\'s range', '<allocations>\n  <pool name="a">\n    <weight>1e9</weight>\n  </pool>\n</allocations>', /pools\.xml:3:5: <weight> is 1e9, outside 0\.001 to 1000/],
    ['an entity no DOCTYPE defines (it was kept as text)', '<allocations>\n  <pool name="a&foo;">\n  </pool>\n</allocations>', /pools\.xml:2:16: unknown entity &foo; \(XML defines only/],
    ['a bad scheduling policy', '<allocations>\n  <queue name="q">\n    <schedulingPolicy>drf</schedulingPolicy>\n  </queue>\n</allocations>', /pools\.xml:3:5: <schedulingPolicy> must be fair or fifo, not "drf": drf \(DominantResourceFairnessPolicy\) divides memory and vcores/],
  ];
  it.each(cases)('%s', (_, xml, message) => {
    const r = hfsim('run', scenarioWith(xml));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('a missing allocation file', () => {
    const s = JSON.parse(readFileSync(join(ALLOC, 'sample.json'), 'utf8'));
    delete s.variants;
    s.scheduler.allocationFile = 'nope.xml';
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    const r = hfsim('run', join(dir, 's.json'));
    expect(r.code).toBe(2);
    // named after the scenario and its field, as a missing trace is (it said only "<dir>/nope.xml: cannot read ...")
    expect(r.stderr).toBe(`hfsim: ${join(dir, 's.json')}: scheduler.allocationFile: ${join(dir, 'nope.xml')}: cannot read allocation file (no such file)\n`);
  });

  it('a missing allocation file a --set or a variant named is named by them, as their fields\' other errors are (it blamed the scenario file, which names none)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    const s = { cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, scheduler: { policy: 'hfs' }, workload: { kind: 'facebook', jobs: 2 }, variants: { H: { 'scheduler.allocationFile': 'none.xml' }, F: {} } };
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    const bySet = hfsim('run', join(dir, 's.json'), '--variant', 'F', '--set', 'scheduler.allocationFile=gone.xml', '--dry-run');
    expect(bySet.code).toBe(2);
    expect(bySet.stderr).toBe(`hfsim: --set scheduler.allocationFile=gone.xml: scheduler.allocationFile: ${join(dir, 'gone.xml')}: cannot read allocation file (no such file)\n`);
    const byVariant = hfsim('run', join(dir, 's.json'), '--dry-run');
    expect(byVariant.code).toBe(2);
    expect(byVariant.stderr).toBe(`hfsim: ${join(dir, 's.json')}: variant "H": scheduler.allocationFile: ${join(dir, 'none.xml')}: cannot read allocation file (no such file)\n`);
  });

  it('a missing capacity-scheduler.xml, named after the scenario and its field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-'));
    const s = { cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, scheduler: { policy: 'capacity', capacitySchedulerFile: 'none.xml' }, workload: { kind: 'facebook', jobs: 2 } };
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    const r = hfsim('run', join(dir, 's.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hfsim: ${join(dir, 's.json')}: scheduler.capacitySchedulerFile: ${join(dir, 'none.xml')}: cannot read capacity scheduler file (no such file)\n`);
  });
});

describe('a scheduler file of the other kind, named where an allocation file or a capacity-scheduler.xml goes', () => {
  // hadoop-tools/hadoop-sls/src/main/sample-conf/fair-scheduler.xml (Apache License 2.0; licence header and comments
  // left out): SLS's "fair-scheduler.xml" is a Hadoop configuration file that names the allocation file. Given as
  // scheduler.allocationFile it was refused as "the root element must be <allocations>", saying nothing of what to give.
  const SLS_FAIR = `<?xml version="1.0"?>
<configuration>
  <property>
    <description>Absolute path to allocation file.</description>
    <name>yarn.scheduler.fair.allocation.file</name>
    <value>fair-scheduler-allocation.xml</value>
  </property>
  <property>
    <name>yarn.scheduler.fair.preemption</name>
    <value>true</value>
  </property>
</configuration>
`;
  it('a Hadoop configuration file naming an allocation file is refused, naming the allocation file to give instead', () => {
    expect(() => parseAllocation(SLS_FAIR, 'fair-scheduler.xml')).toThrow('fair-scheduler.xml:2:1: the root element must be <allocations>: this is a Hadoop configuration file (<configuration> of <property>), and its yarn.scheduler.fair.allocation.file (line 3) names the allocation file, "fair-scheduler-allocation.xml": give that as scheduler.allocationFile');
  });

  it('a capacity-scheduler.xml given as an allocation file, and an allocation file as a capacity-scheduler.xml, are refused, naming the field each goes in', () => {
    const cs = '<configuration>\n  <property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>\n</configuration>\n';
    expect(() => parseAllocation(cs, 'cs.xml')).toThrow('cs.xml:1:1: the root element must be <allocations>: this is a Hadoop configuration file (<configuration> of <property>) of the Capacity Scheduler: give it as scheduler.capacitySchedulerFile, under policy "capacity"');
    expect(() => parseAllocation('<configuration/>', 'x.xml')).toThrow('x.xml:1:1: the root element must be <allocations>: this is a Hadoop configuration file (<configuration> of <property>), not a Fair Scheduler allocation file');
    // in Configuration's short form (<property name="..." value="..."/>), which capacity-scheduler.xml reads too: it was "not a Fair Scheduler allocation file"
    expect(() => parseAllocation('<configuration>\n  <property name="yarn.scheduler.capacity.root.queues" value="a"/>\n</configuration>\n', 'cs.xml')).toThrow('cs.xml:1:1: the root element must be <allocations>: this is a Hadoop configuration file (<configuration> of <property>) of the Capacity Scheduler: give it as scheduler.capacitySchedulerFile, under policy "capacity"');
    expect(() => parseAllocation('<configuration>\n  <property name="yarn.scheduler.fair.allocation.file" value="fs.xml"/>\n</configuration>\n', 'y.xml')).toThrow('y.xml:1:1: the root element must be <allocations>: this is a Hadoop configuration file (<configuration> of <property>), and its yarn.scheduler.fair.allocation.file (line 2) names the allocation file, "fs.xml": give that as scheduler.allocationFile');
    expect(() => parseCapacityFile('<allocations>\n  <queue name="a"/>\n</allocations>', 'a.xml')).toThrow('a.xml:1:1: the root element must be <configuration>: this is a Fair Scheduler allocation file: give it as scheduler.allocationFile');
  });
});

/**
 * The errors of a scenario whose `scheduler` names q.xml (YARN queues prod > etl (+ `moreUnderProd`), adhoc; user u)
 * or cs.xml (capacity queues a, b at 50%), written beside it; its one group's jobs in adhoc (under capacity, a).
 */
function beside(scheduler: Record<string, unknown>, moreUnderProd: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-beside-files-'));
  writeFileSync(join(dir, 'q.xml'), `<allocations><queue name="root"><queue name="prod"><queue name="etl"/>${moreUnderProd}</queue><queue name="adhoc"/></queue><user name="u"><maxRunningApps>2</maxRunningApps></user></allocations>`);
  writeFileSync(join(dir, 'cs.xml'), '<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>'
    + '<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>50</value></property>'
    + '<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property></configuration>');
  const raw = { name: 's', cluster: { racks: 1, nodesPerRack: 4 }, scheduler, workload: { kind: 'generated', groups: [{ name: 'g', pool: scheduler.policy === 'capacity' ? 'a' : 'adhoc', maps: 1, mapMs: 1 }] } };
  const r = resolveScenario(raw, join(dir, 's.json'));
  return r.ok ? [] : r.errors;
}

// The file's entries come first in the merged lists, the scenario's after them: an error in the scenario's pools[0]
// named scheduler.pools[3] (behind nested-queues.xml's three leaves), a field the user never wrote.
describe("an error in a pool, user or queue the scenario lists beside a scheduler file names the scenario's own index", () => {
  it.each([
    [{ policy: 'hfs', allocationFile: 'q.xml', pools: [{ name: 'x', parent: 'nope' }] }, 'scheduler.pools[0].parent: "nope" is not a parent pool (scheduler.parentPools: "prod")'],
    [{ policy: 'hfs', allocationFile: 'q.xml', pools: [{ name: 'prod.etl', weight: 0 }] }, 'scheduler.pools[0].weight: weight must be greater than 0'],
    [{ policy: 'hfs', allocationFile: 'q.xml', pools: [{ name: 'a' }, { name: 'x', minMaps: 5, maxMaps: 2 }] }, 'scheduler.pools[1].minMaps: minMaps 5 is above maxMaps 2: the pool could never reach its min share'],
    [{ policy: 'hfs', allocationFile: 'q.xml', parentPools: [{ name: 'p2', weight: 0 }] }, 'scheduler.parentPools[0].weight: weight must be greater than 0'],
    [{ policy: 'hfs', allocationFile: 'q.xml', users: [{ name: 'v', maxRunningJobs: 0 }] }, 'scheduler.users[0].maxRunningJobs: maxRunningJobs must be at least 1 (0 lets nothing run, and the run would stall)'],
    [{ policy: 'capacity', capacitySchedulerFile: 'cs.xml', queues: [{ name: 'a', capacity: 50, maxCapacity: 40 }] }, 'scheduler.queues[0].maxCapacity: maxCapacity (40) is below capacity (50)'],
  ])('%j', (scheduler, message) => {
    expect(beside(scheduler, '<queue name="bi"/>')).toEqual([message]);
  });
});

// mergeByName took a list the scenario writes as something else for none, and the file's entries ran alone: a
// `--set scheduler.pools.0.minMaps=3` beside an allocation file (the scenario writes no pools, so the --set made an
// object { "0": ... }) ran with the file's min share, exit 0, and so did `"pools": { "name": "a", ... }`.
describe('a pool, user or queue list the scenario writes as no list, beside a scheduler file, is refused, not dropped', () => {
  it.each([
    [{ policy: 'hfs', allocationFile: 'q.xml', pools: { name: 'adhoc', minMaps: 3 } }, 'scheduler.pools: Invalid input: expected array, received object'],
    [{ policy: 'hfs', allocationFile: 'q.xml', pools: { 0: { minMaps: 3 } } }, 'scheduler.pools: Invalid input: expected array, received object'],
    [{ policy: 'hfs', allocationFile: 'q.xml', users: 'u' }, 'scheduler.users: Invalid input: expected array, received string'],
    [{ policy: 'hfs', allocationFile: 'q.xml', parentPools: { name: 'prod' } }, 'scheduler.parentPools: Invalid input: expected array, received object'],
    [{ policy: 'capacity', capacitySchedulerFile: 'cs.xml', queues: { name: 'a', capacity: 50 } }, 'scheduler.queues: Invalid input: expected array, received object'],
  ])('%j', (scheduler, message) => {
    expect(beside(scheduler, '')).toEqual([message]);
  });

  it('--set scheduler.pools.0.minMaps=3 where only the allocation file lists pools exits 2, saying to give the list whole (it ran, exit 0, with the file\'s min share)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-not-a-list-'));
    writeFileSync(join(dir, 'a.xml'), '<allocations><pool name="a"><minMaps>1</minMaps></pool></allocations>');
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 2 }, scheduler: { policy: 'hfs', allocationFile: 'a.xml' },
      workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 2, mapMs: 1000, reduces: 0 }] } }));
    const r = hfsim('run', join(dir, 's.json'), '--set', 'scheduler.pools.0.minMaps=3');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("--set scheduler.pools.0.minMaps=3: scheduler.pools: Invalid input: expected array, received object (an index reaches into a list the scenario itself writes, and it writes no scheduler.pools: give the list whole, --set 'scheduler.pools=[...]')");
  });
});

describe('an allocation file beside a capacity-scheduler.xml', () => {
  // The capacity file names queues by their short names ("a"), an allocation file its YARN queues by their path
  // ("p.a"): a pool no listed queue matches took no job, its limits told to hold, silently.
  const run = (alloc: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-alloc-cs-'));
    const prop = (name: string, value: string) => `<property><name>yarn.scheduler.capacity.root.${name}</name><value>${value}</value></property>`;
    writeFileSync(join(dir, 'cs.xml'), `<configuration>${prop('queues', 'a,b')}${prop('a.capacity', '50')}${prop('b.capacity', '50')}</configuration>`);
    writeFileSync(join(dir, 'fs.xml'), alloc);
    writeFileSync(join(dir, 's.json'), JSON.stringify({
      cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 },
      scheduler: { policy: 'capacity', capacitySchedulerFile: 'cs.xml', allocationFile: 'fs.xml' },
      workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', count: 2, maps: 4, mapMs: 1000, intervalMs: 1000 }] },
    }));
    return hfsim('run', join(dir, 's.json'), '--no-progress');
  };

  it('a pool that is no queue of the capacity file is told: its limits apply to no job', () => {
    // (and only so: its weight was also told as ignored, "its job limits ... hold")
    const r = run('<allocations>\n  <queue name="p">\n    <queue name="a"><maxRunningApps>1</maxRunningApps><weight>2</weight></queue>\n  </queue>\n  <queue name="b"><maxRunningApps>1</maxRunningApps></queue>\n</allocations>');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: fs.xml: pool "p.a" is no queue of capacity-scheduler.xml\'s (cs.xml lists a and b; an allocation file\'s queue is named by its path without "root."): its job limits and preemption settings apply to no job\n');
  });

  it('a parent pool above no queue of the capacity file is told so too, not that its limits hold (the review: all jobs of "a" started at once)', () => {
    const r = run('<allocations>\n  <queue name="p"><weight>2</weight><maxRunningApps>1</maxRunningApps>\n    <queue name="a"/>\n  </queue>\n  <queue name="b"/>\n</allocations>');
    expect(r.code, r.stderr).toBe(0);
    const tail = ' of capacity-scheduler.xml\'s (cs.xml lists a and b; an allocation file\'s queue is named by its path without "root."): its job limits and preemption settings apply to no job\n';
    expect(r.stderr).toBe(`hfsim: warning: fs.xml: pool "p.a" is no queue${tail}hfsim: warning: fs.xml: parent pool "p" is above no queue${tail.replace('its job limits and preemption settings apply', 'its settings apply')}`);
  });

  it('pools named as the queues are not told', () => {
    const r = run('<allocations>\n  <queue name="a"><maxRunningApps>1</maxRunningApps></queue>\n  <user name="u"><maxRunningApps>1</maxRunningApps></user>\n</allocations>');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});

// Hadoop's allocation file readers read a queue's name and type, a pool's and a user's name, and pass over any other
// attribute: a typo (`typ="parent"`, `type="parnet"`) ran a leaf queue unseen, where capacity-scheduler.xml tells an
// attribute Configuration passes over.
describe('attributes Hadoop does not read', () => {
  const warningsOf = (xml: string): string[] | undefined => parseAllocation(`<?xml version="1.0"?>\n<allocations>\n${xml}\n</allocations>\n`, 'a.xml').warnings;
  it.each([
    ['a queue\'s misspelled type', '<queue name="p" typ="parent"/>', /^a\.xml:3:1: <queue name="p">: attribute "typ" is ignored, as Hadoop ignores it \(it reads a queue's name and type\)$/],
    ['a queue\'s type that is not "parent"', '<queue name="p" type="parnet"/>', /^a\.xml:3:1: <queue name="p">: type "parnet" is not "parent": read as a leaf queue, as YARN reads it$/],
    ['an MR1 pool\'s attribute', '<pool name="p" weight="2"><minMaps>1</minMaps></pool>', /^a\.xml:3:1: <pool name="p">: attribute "weight" is ignored, as Hadoop ignores it \(it reads a pool's name\)$/],
    ['a user\'s attribute', '<user name="u" maxRunningJobs="2"/>', /^a\.xml:3:1: <user name="u">: attribute "maxRunningJobs" is ignored, as Hadoop ignores it \(it reads a user's name\)$/],
  ])('%s: told, and run as Hadoop runs it', (_, xml, message) => {
    expect(warningsOf(xml)).toEqual([expect.stringMatching(message)]);
  });

  // review: the type was trimmed, so a childless type=" parent " made a parent pool (its jobs refused), a leaf in YARN
  it('type=" parent " (padded) is told and read as a leaf queue, as YARN compares it untrimmed', () => {
    const xml = '<?xml version="1.0"?>\n<allocations>\n<queue name="p" type=" parent "/>\n</allocations>\n';
    expect(parseAllocation(xml, 'a.xml').warnings).toEqual([expect.stringMatching(/^a\.xml:3:1: <queue name="p">: type " parent " is not "parent": read as a leaf queue/)]);
    expect(parseAllocation(xml, 'a.xml').parentPools ?? []).toEqual([]);
  });

  it('a queue\'s name and type "parent" or "leaf", a pool\'s and a user\'s name: nothing told', () => {
    expect(warningsOf('<queue name="p" type="parent"/><queue name="q" type="leaf"/><pool name="m"><minMaps>1</minMaps></pool><user name="u"/>')).toBeUndefined();
  });
});

// "1e400" is past a double's range (Java's parseDouble reads it as Infinity): it was told "must be a non-negative number".
it.each([
  ['<queue name="a"><weight>1e400</weight></queue>', '<weight> is 1e400, beyond the range of a number (about 1.8e308: Java reads it as Infinity)', 30],
  ['<pool name="a"><weight>9e999f</weight></pool>', '<weight> is 9e999f, beyond the range of a number (about 1.8e308: Java reads it as Infinity)', 29],
])('a weight past the range of a number is said so: %s', (xml, message, column) => {
  expect(() => parseAllocation(`<allocations>${xml}</allocations>`, 'a.xml')).toThrow(new RegExp(`^a\\.xml:1:${column}: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});
