/** YARN's capacity-scheduler.xml: read into the capacity policy's queues; the same queues by hand give one digest; bad files exit 2. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCapacityFile, readCapacityFile } from '../../src/cli/capacity-file.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { parseScenario, resolveVariant, variantsOf } from '../../src/core/scenario.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const ALLOC = join(ROOT, 'scenarios', 'allocations');
const XML = join(ALLOC, 'capacity-scheduler.xml');

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const conf = (props: Record<string, string>): string =>
  `<?xml version="1.0"?>\n<configuration>\n${Object.entries(props).map(([k, v]) => `  <property>\n    <name>${k}</name>\n    <value>${v}</value>\n  </property>`).join('\n')}\n</configuration>\n`;
const Q = 'yarn.scheduler.capacity.root';

describe('capacity-scheduler.xml', () => {
  it('reads the queues, capacities, limits and node-locality-delay of the sample', () => {
    expect(readCapacityFile(XML)).toEqual({
      queues: [
        { name: 'production', capacity: 60, minUserLimitPercent: 100, userLimitFactor: 2 },
        { name: 'adhoc', capacity: 20, minUserLimitPercent: 50, userLimitFactor: 2 },
        { name: 'research', capacity: 20, maxCapacity: 50, minUserLimitPercent: 100, userLimitFactor: 2 },
      ],
      delay: { mode: 'skip', maxSkips: 10 },
    });
  });

  // Hadoop's Configuration parser skips whatever is not an element inside <configuration> and <property>: a
  // processing instruction there was refused as "unknown element <?pi>".
  it('a processing instruction or a comment inside <configuration>, a <property> or a value is skipped, as Hadoop\'s Configuration skips it', () => {
    const c = parseCapacityFile(`<?xml version="1.0"?>
<configuration>
  <?editor fold="yes"?>
  <!-- queues -->
  <property><?pi?><!-- c --><name>${Q}.queues</name><value>a<?pi data?></value></property>
  <property><name>${Q}.a.capacity</name><?pi data?><value>100</value></property>
</configuration>`, 'c.xml');
    expect(c.queues).toEqual([{ name: 'a', capacity: 100, minUserLimitPercent: 100, userLimitFactor: 1 }]);
  });

  // Hadoop's Configuration appends a value's text and CDATA and skips comments and processing instructions.
  it('a value split by a comment, a processing instruction or a CDATA section is read joined, as Configuration reads it', () => {
    const c = parseCapacityFile(`<configuration>\n  <property><name>${Q}.queues</name><value>a,<!-- c -->b</value><description>the <!-- two --> queues</description></property>\n  <property><name>${Q}.a.capacity</name><value>4<?pi?>0</value></property>\n  <property><name>${Q}.b.capacity</name><value>6<![CDATA[0]]></value></property>\n</configuration>`, 'c.xml');
    expect(c.queues.map((q) => [q.name, q.capacity])).toEqual([['a', 40], ['b', 60]]);
    // the spaces beside a processing instruction are the value's, as Configuration appends them ("4  0": no number)
    expect(() => parseCapacityFile(`<configuration>\n  <property><name>${Q}.queues</name><value>a</value></property>\n  <property><name>${Q}.a.capacity</name><value>4 <?pi?> 0</value></property>\n</configuration>`, 'c.xml')).toThrow(/c\.xml:3:3: .*"4  0"/);
  });

  // <value>6<x/>0</value> read 60, the element unseen, where an unknown element beside <value> is refused.
  it('an element inside a property\'s name, value or final is refused at its line', () => {
    const at = (inner: string) => `<configuration>\n  <property><name>${Q}.queues</name><value>a</value></property>\n  <property><name>${Q}.a.capacity</name>${inner}</property>\n</configuration>`;
    expect(() => parseCapacityFile(at('<value>10<x/>0</value>'), 'c.xml')).toThrow(/^c\.xml:3:74: unknown element <x> in <value>: a property's value is its text alone$/);
    expect(() => parseCapacityFile(at('<value><v>100</v></value>'), 'c.xml')).toThrow(/c\.xml:3:\d+: unknown element <v> in <value>/);
    expect(() => parseCapacityFile(at('<value>100</value><final>tr<b/>ue</final>'), 'c.xml')).toThrow(/c\.xml:3:\d+: unknown element <b> in <final>/);
    expect(parseCapacityFile(at('<value>100</value><final>true</final>'), 'c.xml').queues.map((q) => q.capacity)).toEqual([100]);
  });

  it('another part of Hadoop\'s configuration in the file is ignored with a warning, as the Capacity Scheduler ignores it; a queue priority too (no effect under utilization ordering)', () => {
    const c = parseCapacityFile(conf({ [`${Q}.queues`]: 'a', [`${Q}.a.capacity`]: '100', 'yarn.resourcemanager.hostname': 'rm', [`${Q}.a.priority`]: '2' }), 'c.xml');
    expect(c.queues).toEqual([{ name: 'a', capacity: 100, minUserLimitPercent: 100, userLimitFactor: 1 }]);
    expect(c.warnings).toEqual(['c.xml:11:3: yarn.resourcemanager.hostname: not a Capacity Scheduler property (yarn.scheduler.capacity.*): ignored, as the Capacity Scheduler ignores it']);
  });

  it('10,000 queues, the limit, are read (root is not one of them); 10,001 are refused', () => {
    const many = (n: number) => conf(Object.fromEntries([[`${Q}.queues`, Array.from({ length: n }, (_, i) => `q${i}`).join(',')],
      ...Array.from({ length: n }, (_, i) => [`${Q}.q${i}.capacity`, '0.01'])]));
    expect(parseCapacityFile(many(10_000), 'c.xml').queues).toHaveLength(10_000);
    expect(() => parseCapacityFile(many(10_001), 'c.xml')).toThrow(/root\.queues: more than 10000 queues, the limit/);
  });

  it('a leaf queue\'s ACLs (any acl_*) and node labels are accepted and ignored, as on root and parent queues (hfsim\'s nodes have no labels)', () => {
    const c = parseCapacityFile(conf({
      [`${Q}.queues`]: 'a', [`${Q}.a.capacity`]: '100', [`${Q}.a.acl_administer_jobs`]: '*', [`${Q}.a.acl_submit_reservations`]: 'u',
      [`${Q}.a.accessible-node-labels`]: 'gpu', [`${Q}.a.accessible-node-labels.gpu.capacity`]: '100',
    }), 'c.xml');
    expect(c.queues).toEqual([{ name: 'a', capacity: 100, minUserLimitPercent: 100, userLimitFactor: 1 }]);
  });

  it('nested queues: a queue with .queues of its own is a parent queue, its children\'s percentages of its; leaf settings on a parent are ignored, as YARN does', () => {
    const c = parseCapacityFile(conf({
      [`${Q}.queues`]: 'prod,adhoc', [`${Q}.prod.capacity`]: '70', [`${Q}.prod.maximum-capacity`]: '90', [`${Q}.adhoc.capacity`]: '30',
      [`${Q}.prod.queues`]: 'etl,bi', [`${Q}.prod.etl.capacity`]: '60', [`${Q}.prod.bi.capacity`]: '40', [`${Q}.prod.bi.maximum-capacity`]: '50',
      [`${Q}.prod.bi.queues`]: 'daily', [`${Q}.prod.bi.daily.capacity`]: '100', [`${Q}.prod.bi.daily.ordering-policy`]: 'fair',
      [`${Q}.prod.user-limit-factor`]: '3', [`${Q}.prod.ordering-policy`]: 'utilization', [`${Q}.prod.state`]: 'RUNNING',
    }), 'c.xml');
    expect(c.parentQueues).toEqual([{ name: 'prod', capacity: 70, maxCapacity: 90 }, { name: 'bi', parent: 'prod', capacity: 40, maxCapacity: 50 }]);
    expect(c.queues).toEqual([
      { name: 'adhoc', capacity: 30, minUserLimitPercent: 100, userLimitFactor: 1 },
      { name: 'etl', capacity: 60, minUserLimitPercent: 100, userLimitFactor: 1, parent: 'prod' },
      { name: 'daily', capacity: 100, minUserLimitPercent: 100, userLimitFactor: 1, orderingPolicy: 'fair', parent: 'bi' },
    ]);
  });

  it('Hadoop\'s defaults: user-limit-factor 1, minimum-user-limit-percent 100; -1 lifts the factor and the maximum capacity', () => {
    const c = parseCapacityFile(conf({
      [`${Q}.queues`]: ' a, b ', [`${Q}.a.capacity`]: '12.5', [`${Q}.b.capacity`]: '87.5',
      [`${Q}.b.user-limit-factor`]: '-1', [`${Q}.b.maximum-capacity`]: '-1', [`${Q}.a.maximum-capacity`]: '100',
      'yarn.scheduler.capacity.node-locality-delay': '-1', 'yarn.scheduler.capacity.per-node-heartbeat.multiple-assignments-enabled': 'false',
    }), 'c.xml');
    expect(c).toEqual({
      queues: [{ name: 'a', capacity: 12.5, minUserLimitPercent: 100, userLimitFactor: 1 }, { name: 'b', capacity: 87.5, minUserLimitPercent: 100 }],
      delay: { mode: 'none' },
      assignMultiple: false,
    });
  });

  it('the file and the same queues written by hand give one digest', () => {
    const raw = JSON.parse(readFileSync(join(ALLOC, 'capacity.json'), 'utf8')) as Record<string, unknown>;
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    const results = variantsOf(raw).map((v) => {
      const s = resolveVariant(raw, v.overrides, []);
      const sched = s.scheduler as Record<string, unknown>;
      if (typeof sched.capacitySchedulerFile === 'string') sched.capacitySchedulerFile = join(ALLOC, sched.capacitySchedulerFile);
      const file = join(dir, `${v.name.replace(/\W/g, '_')}.json`);
      writeFileSync(file, JSON.stringify(s));
      const r = hfsim('run', file, '--json');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { digest: string; config: { scheduler: { queues: unknown; delay: unknown } }; summary: unknown };
    });
    expect(results).toHaveLength(2);
    expect(results[0].config.scheduler.queues).toEqual(results[1].config.scheduler.queues);
    expect(results[0].config.scheduler.delay).toEqual({ mode: 'skip', maxSkips: 10 });
    expect(results[0].digest).toBe(results[1].digest);
  });

  it('a queue the scenario lists replaces the file\'s; its other fields win too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    const raw = JSON.parse(readFileSync(join(ALLOC, 'capacity.json'), 'utf8'));
    delete raw.variants;
    raw.scheduler = { policy: 'capacity', capacitySchedulerFile: XML, delay: { mode: 'none' }, queues: [{ name: 'adhoc', capacity: 10 }] };
    raw.workload.groups = raw.workload.groups.slice(0, 1);
    raw.workload.groups[0].count = 1;
    writeFileSync(join(dir, 's.json'), JSON.stringify(raw));
    const r = hfsim('run', join(dir, 's.json'), '--json');
    expect(r.code).toBe(0);
    const { scheduler } = JSON.parse(r.stdout).config;
    expect(scheduler.delay).toEqual({ mode: 'none' });
    expect(scheduler.queues.map((q: { name: string; capacity: number }) => `${q.name} ${q.capacity}`)).toEqual(['production 60', 'research 20', 'adhoc 10']);
  });

  it('under another policy the file is refused, not read', () => {
    const r = parseScenario({ scheduler: { policy: 'hfs', capacitySchedulerFile: 'nope.xml' }, workload: { kind: 'facebook', jobs: 5 } });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.errors).toEqual([expect.stringMatching(/^scheduler\.capacitySchedulerFile: policy "hfs" ignores capacitySchedulerFile \(only "capacity" reads it\)/)]);
  });

  it('a sweep over a base that names the file reads it, relative to the base', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'x.sweep.json'), JSON.stringify({ base: join(ALLOC, 'capacity.json'), axes: { variant: ['capacity-scheduler.xml'] }, seeds: [1] }));
    const sweep = loadSweep(join(dir, 'x.sweep.json'));
    expect(sweep.points[0].scenario.scheduler.queues.map((q) => q.userLimitFactor)).toEqual([2, 2, 2]);
  });
});

describe("root's own properties, and node-locality-delay at most the cluster's nodes", () => {
  const ok = { [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50', [`${Q}.b.capacity`]: '50' };
  it('root\'s AM and application limits, node labels and the utilization ordering policy leave the queues as they are', () => {
    const root = { [`${Q}.maximum-am-resource-percent`]: '0.2', [`${Q}.maximum-applications`]: '100', [`${Q}.accessible-node-labels`]: '*',
      [`${Q}.accessible-node-labels.x.capacity`]: '100', [`${Q}.default-node-label-expression`]: '', [`${Q}.ordering-policy`]: 'utilization' };
    expect(parseCapacityFile(conf({ ...ok, ...root }), 'c.xml')).toEqual(parseCapacityFile(conf(ok), 'c.xml'));
  });

  it.each([
    ['root\'s fair ordering policy (Hadoop refuses it too)', { [`${Q}.ordering-policy`]: 'fair' }, /root\.ordering-policy: root's ordering policy: only "utilization" .* is modelled, not "fair"/],
    ['auto-created queues', { [`${Q}.auto-create-child-queue.enabled`]: 'true' }, /root\.auto-create-child-queue\.enabled: root's auto-create-child-queue\.enabled "true" is not modelled \(it creates leaf queues for users on the fly\): remove the property or set YARN's default, false/],
    ['a property of root unknown', { [`${Q}.capacityy`]: '1' }, /root\.capacityy: root's capacityy is not modelled/],
  ])('refused with root named: %s', (_, extra, message) => {
    expect(() => parseCapacityFile(conf({ ...ok, ...extra }), 'c.xml')).toThrow(message);
  });

  it('the values YARN reads with getFloat take Java\'s float suffix, as Float.parseFloat does ("50f" was refused); node-locality-delay (getInt) does not', () => {
    const parsed = parseCapacityFile(conf({ ...ok, [`${Q}.a.capacity`]: '50f', [`${Q}.b.capacity`]: ' 50.0D ', [`${Q}.a.maximum-capacity`]: '80F',
      [`${Q}.a.user-limit-factor`]: '2d', [`${Q}.b.minimum-user-limit-percent`]: '25f' }), 'c.xml');
    expect(parsed.queues.map((q) => [q.name, q.capacity, q.maxCapacity, q.userLimitFactor, q.minUserLimitPercent])).toEqual([['a', 50, 80, 2, 100], ['b', 50, undefined, 1, 25]]);
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.a.capacity`]: '50ff' }), 'c.xml')).toThrow(/root\.a\.capacity: must be a number, not "50ff"/);
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.a.capacity`]: 'f' }), 'c.xml')).toThrow(/must be a number, not "f"/);
    expect(() => parseCapacityFile(conf({ ...ok, 'yarn.scheduler.capacity.node-locality-delay': '10f' }), 'c.xml')).toThrow(/node-locality-delay: must be a number, not "10f"/);
  });

  // Configuration.getInt reads node-locality-delay and rack-locality-additional-delay with Integer.parseInt, which refuses
  // "1e1", "40.0" and anything past 2^31 - 1: YARN does not start on such a file. They ran, as 10, 40 and the cluster's nodes.
  it.each([
    ['node-locality-delay', '1e1'], ['node-locality-delay', '40.0'], ['node-locality-delay', '2147483648'], ['node-locality-delay', '99999999999999999999'],
    ['rack-locality-additional-delay', '-1.0'], ['rack-locality-additional-delay', '-1e0'],
  ])('%s "%s": refused, as YARN\'s Integer.parseInt refuses it', (key, value) => {
    expect(() => parseCapacityFile(conf({ ...ok, [`yarn.scheduler.capacity.${key}`]: value }), 'c.xml'))
      .toThrow(new RegExp(`^c\\.xml:.*yarn\\.scheduler\\.capacity\\.${key}: must be a whole number YARN reads as an int \\(Integer\\.parseInt: no fraction or exponent, -2147483648 to 2147483647; or hexadecimal after 0x\\), not "${value}"$`));
  });

  it('node-locality-delay as Integer.parseInt reads it: a sign and spaces around it are fine', () => {
    const delay = (v: string) => parseCapacityFile(conf({ ...ok, 'yarn.scheduler.capacity.node-locality-delay': v }), 'c.xml').delay;
    expect([delay('+5'), delay(' 7 '), delay('-1')]).toEqual([{ mode: 'skip', maxSkips: 5 }, { mode: 'skip', maxSkips: 7 }, { mode: 'none' }]);
  });

  // getInt reads hexadecimal after "0x" or "0X" (getHexDigits, a "-" before it): "0x0A" was refused as not a number (review)
  it('node-locality-delay in hexadecimal, as Configuration.getInt reads it', () => {
    const delay = (v: string) => parseCapacityFile(conf({ ...ok, 'yarn.scheduler.capacity.node-locality-delay': v }), 'c.xml').delay;
    expect([delay('0x0A'), delay(' 0X1f '), delay('-0x1')]).toEqual([{ mode: 'skip', maxSkips: 10 }, { mode: 'skip', maxSkips: 31 }, { mode: 'none' }]);
    for (const v of ['0x', '-0x+1', '0x100000000', '0x80000000', '0xg']) {
      expect(() => delay(v)).toThrow(/node-locality-delay: must be a whole number YARN reads as an int \(.*or hexadecimal after 0x\)/);
    }
    expect(() => delay('+0x10')).toThrow(/node-locality-delay: must be a number, not "\+0x10"/); // Integer.parseInt's, as Java reads it
  });

  // Configuration.getTrimmed and getFloat trim with Java's String.trim (characters up to U+0020): a no-break space stays,
  // and Float.parseFloat refuses the value. JavaScript's trim removed it, and "50\u00a0" ran as 50.
  it('a number around a no-break space, an em space or a line separator is refused at its line, as Java\'s trim keeps them (it was read)', () => {
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.a.capacity`]: '50\u00a0' }), 'c.xml')).toThrow(/^c\.xml:\d+:\d+: .*root\.a\.capacity: must be a number, not /);
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.a.user-limit-factor`]: '\u20032' }), 'c.xml')).toThrow(/root\.a\.user-limit-factor: must be a number, not /);
    expect(() => parseCapacityFile(conf({ ...ok, 'yarn.scheduler.capacity.node-locality-delay': '10\u2028' }), 'c.xml')).toThrow(/node-locality-delay: must be a number, not /);
    // a queue list's name with one: named by its code point (" adhoc" looked like the name with a space)
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.queues`]: 'a,\u00a0b' }), 'c.xml')).toThrow(/queue "\u00a0b" has no yarn\.scheduler\.capacity\.root\.\u00a0b\.capacity \(it begins with U\+00A0, which Java's String\.trim keeps/);
    // what Java trims still goes: spaces, tabs, newlines
    expect(parseCapacityFile(conf({ ...ok, [`${Q}.a.capacity`]: '\t50\n ', [`${Q}.b.capacity`]: ' 50 ' }), 'c.xml').queues.map((q) => q.capacity)).toEqual([50, 50]);
  });

  it('minimum-user-limit-percent 0 and above 100 are read as YARN takes them (UsersManager: 0 no floor, above 100 as 100); below 0 refused', () => {
    const limits = (a: string, b: string) => parseCapacityFile(conf({ ...ok, [`${Q}.a.minimum-user-limit-percent`]: a, [`${Q}.b.minimum-user-limit-percent`]: b }), 'c.xml').queues.map((q) => q.minUserLimitPercent);
    expect(limits('0', '250')).toEqual([0, 250]);
    expect(() => limits('-5', '100')).toThrow(/c\.xml:\d+:\d+: yarn\.scheduler\.capacity\.root\.a\.minimum-user-limit-percent: must be a percentage, 0 or more, not "-5"/);
    expect(parseScenario({ scheduler: { policy: 'capacity', queues: [{ name: 'a', capacity: 100, minUserLimitPercent: -1 }] }, workload: { kind: 'facebook', jobs: 5 } }))
      .toMatchObject({ ok: false, errors: [expect.stringMatching(/minUserLimitPercent must be 0 or more/)] });
  });

  it('properties not modelled, at YARN\'s default (which changes nothing), are read as if absent: on root, a parent, a leaf and the scheduler', () => {
    const tree = { ...ok, [`${Q}.a.queues`]: 'a1', [`${Q}.a.a1.capacity`]: '100' };
    const defaults = {
      [`${Q}.auto-create-child-queue.enabled`]: 'false', [`${Q}.a.auto-create-child-queue.enabled`]: 'False', [`${Q}.b.auto-create-child-queue.enabled`]: ' false ',
      [`${Q}.b.reservable`]: 'false', [`${Q}.a.auto-queue-creation-v2.enabled`]: 'false', [`${Q}.allow-zero-capacity-sum`]: 'false',
      [`${Q}.a.a1.default-application-priority`]: '0', [`${Q}.b.maximum-allocation-mb`]: '-1', [`${Q}.b.maximum-allocation-vcores`]: '-1.0',
      [`${Q}.b.user-settings.alice.weight`]: '1', 'yarn.scheduler.capacity.lazy-preemption-enabled': 'false',
      'yarn.scheduler.capacity.legacy-queue-mode.enabled': 'true', 'yarn.scheduler.capacity.rack-locality-full-reset': 'true',
      'yarn.scheduler.capacity.multi-node-placement-enabled': 'false', 'yarn.scheduler.capacity.reservations-continue-look-all-nodes': 'TRUE',
      'yarn.scheduler.capacity.user-metrics.enable': 'false',
    };
    expect(parseCapacityFile(conf({ ...tree, ...defaults }), 'c.xml')).toEqual(parseCapacityFile(conf(tree), 'c.xml'));
    const refused = (extra: Record<string, string>) => () => parseCapacityFile(conf({ ...tree, ...extra }), 'c.xml');
    expect(refused({ [`${Q}.b.reservable`]: 'true' })).toThrow(/c\.xml:\d+:\d+: yarn\.scheduler\.capacity\.root\.b\.reservable: "true" is not modelled \(it makes the queue a reservation system plan queue\): remove the property or set YARN's default, false, under which it changes nothing/);
    expect(refused({ [`${Q}.a.allow-zero-capacity-sum`]: 'true' })).toThrow(/root\.a\.allow-zero-capacity-sum: a parent queue's allow-zero-capacity-sum "true" is not modelled .*set YARN's default, false/);
    expect(refused({ [`${Q}.b.user-settings.alice.weight`]: '2' })).toThrow(/root\.b\.user-settings\.alice\.weight: "2" is not modelled \(it weighs the user in the user limit\).*default, 1,/);
    expect(refused({ 'yarn.scheduler.capacity.legacy-queue-mode.enabled': 'false' })).toThrow(/legacy-queue-mode\.enabled: "false" is not modelled .*default, true,/);
    expect(refused({ [`${Q}.b.default-application-priority`]: 'x' })).toThrow(/default-application-priority: "x" is not modelled/);
    // Per-user metrics schedule nothing: read and ignored at any value (true had been refused as not modelled).
    expect(parseCapacityFile(conf({ ...tree, 'yarn.scheduler.capacity.user-metrics.enable': 'true' }), 'c.xml')).toEqual(parseCapacityFile(conf(tree), 'c.xml'));
  });

  it('a queue\'s ordering policy: fifo (the default, left out) or fair; others and fair\'s size-based weight refused', () => {
    const queues = (extra: Record<string, string>) => parseCapacityFile(conf({ ...ok, ...extra }), 'c.xml').queues.map((q) => [q.name, q.orderingPolicy]);
    expect(queues({ [`${Q}.a.ordering-policy`]: 'fair', [`${Q}.b.ordering-policy`]: 'fifo', [`${Q}.a.ordering-policy.fair.enable-size-based-weight`]: 'false' }))
      .toEqual([['a', 'fair'], ['b', undefined]]);
    expect(() => queues({ [`${Q}.a.ordering-policy`]: 'priority-utilization' })).toThrow(/root\.a\.ordering-policy: only the fifo and fair ordering policies are modelled, not "priority-utilization"/);
    expect(() => queues({ [`${Q}.a.ordering-policy.fair.enable-size-based-weight`]: 'true' })).toThrow(/size-based weights of the fair ordering policy are not modelled/);
  });

  it('node-locality-delay becomes at most one skip a node of the scenario\'s cluster (YARN getActualNodeLocalityDelay)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'c.xml'), conf({ ...ok, 'yarn.scheduler.capacity.node-locality-delay': '40' }));
    const delay = (cluster: object) => {
      writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster, scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' }, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', count: 5, maps: 4, mapMs: 1000 }] } }));
      const r = hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout) as { config: { scheduler: { delay: unknown } } }).config.scheduler.delay;
    };
    expect(delay({ racks: 2, nodesPerRack: 3 })).toEqual({ mode: 'skip', maxSkips: 6 });
    expect(delay({ racks: 4, nodesPerRack: 25 })).toEqual({ mode: 'skip', maxSkips: 40 });
  });

  // hadoop-tools/hadoop-sls/src/main/sample-conf/capacity-scheduler.xml (Apache License 2.0; licence header and
  // comments left out): SLS's own sample sets no node-locality-delay, so YARN runs it with its default, 40.
  const SLS_SAMPLE = `<?xml version="1.0"?>
<configuration>
  <property>
    <name>yarn.scheduler.capacity.root.queues</name>
    <value>sls_queue_1,sls_queue_2,sls_queue_3</value>
    <description>The queues at the this level (root is the root queue).
    </description>
  </property>
  <property>
    <name>yarn.scheduler.capacity.root.sls_queue_1.capacity</name>
    <value>25</value>
  </property>
  <property>
    <name>yarn.scheduler.capacity.root.sls_queue_1.maximum-capacity</name>
    <value>100</value>
  </property>
  <property>
    <name>yarn.scheduler.capacity.root.sls_queue_2.capacity</name>
    <value>25</value>
  </property>
  <property>
    <name>yarn.scheduler.capacity.root.sls_queue_2.maximum-capacity</name>
    <value>100</value>
  </property>
  <property>
    <name>yarn.scheduler.capacity.root.sls_queue_3.capacity</name>
    <value>50</value>
  </property>
  <property>
    <name>yarn.scheduler.capacity.root.sls_queue_3.maximum-capacity</name>
    <value>100</value>
  </property>
</configuration>
`;

  it('a file without node-locality-delay runs with YARN\'s default, 40 (at most the cluster\'s nodes), as SLS\'s sample does (it ran with no delay at all); the scenario\'s own delay still wins', () => {
    expect(parseCapacityFile(SLS_SAMPLE, 'capacity-scheduler.xml').delay).toEqual({ mode: 'skip', maxSkips: 40 });
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'c.xml'), SLS_SAMPLE);
    const run = (scheduler: object) => {
      writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 2, nodesPerRack: 3 }, scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml', ...scheduler },
        workload: { kind: 'generated', groups: [{ name: 'g', pool: 'sls_queue_1', count: 5, maps: 4, mapMs: 1000 }] } }));
      const r = hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout) as { config: { scheduler: { delay: unknown } } }).config.scheduler.delay;
    };
    expect(run({})).toEqual({ mode: 'skip', maxSkips: 6 });
    expect(run({ delay: { mode: 'none' } })).toEqual({ mode: 'none' });
  });
});

describe('Hadoop Configuration\'s rules', () => {
  const prop = (name: string, value: string, extra = '') => `  <property><name>${name}</name><value>${value}</value>${extra}</property>\n`;
  it('a final property keeps its value: a later definition is ignored, with a warning (it replaced it: 25 + 40 + 75 was refused as 115%)', () => {
    const c = parseCapacityFile(`<configuration>\n${prop(`${Q}.queues`, 'a,b')}${prop(`${Q}.a.capacity`, '25', '<final>true</final>')}${prop(`${Q}.b.capacity`, '75')}${prop(`${Q}.a.capacity`, '40')}</configuration>`, 'c.xml');
    expect(c.queues.map((q) => [q.name, q.capacity])).toEqual([['a', 25], ['b', 75]]);
    expect(c.warnings).toEqual(['c.xml:5:3: yarn.scheduler.capacity.root.a.capacity: a final property is set again (first at line 3): ignored, as Hadoop\'s Configuration ignores it']);
    // the same value again: Configuration says nothing
    const same = parseCapacityFile(`<configuration>\n${prop(`${Q}.queues`, 'a')}${prop(`${Q}.a.capacity`, '100', '<final>true</final>')}${prop(`${Q}.a.capacity`, '100')}</configuration>`, 'c.xml');
    expect(same.warnings).toBeUndefined();
  });

  it('a property in Configuration\'s short form (name, value and final as attributes) is read, as Configuration reads it (it was refused: "<property> has no <name>"); a child element wins over its attribute', () => {
    const c = parseCapacityFile(`<configuration>
  <property name="${Q}.queues" value="a,b"/>
  <property value="30" name="${Q}.a.capacity" final="true" source="programmatically" tag="RESOURCEMANAGER"/>
  <property name="${Q}.b.capacity" value="10"><value>70</value><tag>YARN</tag></property>
  <property name="${Q}.a.capacity" value="40"/>
</configuration>`, 'c.xml');
    expect(c.queues.map((q) => [q.name, q.capacity])).toEqual([['a', 30], ['b', 70]]);
    expect(c.warnings).toEqual(['c.xml:5:3: yarn.scheduler.capacity.root.a.capacity: a final property is set again (first at line 3): ignored, as Hadoop\'s Configuration ignores it']);
    // an attribute Configuration does not read is passed over, as Configuration does, and told (a long-form file with
    // a description attribute ran before the short form was read); a misspelled value attribute leaves no value
    const described = parseCapacityFile(`<configuration>\n  <property description="one"><name>${Q}.queues</name><value>a</value></property>\n${prop(`${Q}.a.capacity`, '100')}</configuration>`, 'c.xml');
    expect(described.queues.map((q) => q.name)).toEqual(['a']);
    expect(described.warnings).toEqual(['c.xml:2:3: attribute "description" of <property>: ignored, as Hadoop\'s Configuration ignores it (it reads name, value, final, source and tag)']);
    expect(() => parseCapacityFile(`<configuration>\n  <property name="${Q}.queues" valeu="a"/>\n</configuration>`, 'c.xml')).toThrow(/^c\.xml:2:3: yarn\.scheduler\.capacity\.root\.queues: <property> has no <value> \(it has "valeu", an attribute Configuration does not read\)$/);
    // told once an attribute, with its lines (a file with one on every property said it on every one)
    const many = parseCapacityFile(`<configuration>\n  <property description="q"><name>${Q}.queues</name><value>a,b</value></property>\n  <property description="x"><name>${Q}.a.capacity</name><value>50</value></property>\n  <property description="y"><name>${Q}.b.capacity</name><value>50</value></property>\n</configuration>`, 'c.xml');
    expect(many.warnings).toEqual(['c.xml: lines 2, 3, 4: attribute "description" of <property>: ignored, as Hadoop\'s Configuration ignores it (it reads name, value, final, source and tag)']);
  });

  it('${name} in a value is the file\'s property of that name, as Configuration substitutes it, nested too; the property it names is not warned of (capacity "${cap}" was "not a number")', () => {
    const c = parseCapacityFile(`<configuration>\n${prop('my.queues', 'a,b')}${prop('my.half', '50')}${prop('my.cap', '${my.half}')}${prop(`${Q}.queues`, '${my.queues}')}`
      + `${prop(`${Q}.a.capacity`, '${my.cap}')}${prop(`${Q}.b.capacity`, `\${${Q}.a.capacity}`)}${prop(`${Q}.b.state`, 'RUN${my.ning}')}${prop('my.ning', 'NING')}</configuration>`, 'c.xml');
    expect(c.queues.map((q) => [q.name, q.capacity])).toEqual([['a', 50], ['b', 50]]);
    expect(c.warnings).toBeUndefined();
  });

  it.each([
    ['names no property of the file (a Java system property)', prop(`${Q}.a.capacity`, '${user.cap}'), ':3:3: yarn.scheduler.capacity.root.a.capacity: must be a number, not "${user.cap}" (${user.cap} is not substituted: it names no property of this file'],
    ['never ends', prop('x', '${y}') + prop('y', '${x}') + prop(`${Q}.a.capacity`, '${x}'), ':5:3: yarn.scheduler.capacity.root.a.capacity: must be a number, not "${x}" (${x} is not substituted'],
    ['names its own property', prop(`${Q}.a.capacity`, '${yarn.scheduler.capacity.root.a.capacity}'), 'must be a number, not "${yarn.scheduler.capacity.root.a.capacity}" (${yarn.scheduler.capacity.root.a.capacity} is not substituted'],
  ])('a ${name} that %s is refused where the value is read, saying so', (_, props, message) => {
    expect(() => parseCapacityFile(`<configuration>\n${prop(`${Q}.queues`, 'a')}${props}</configuration>`, 'c.xml')).toThrow(message);
  });

  it('an empty workflow-priority-mappings (YARN\'s stock file has one) is read; a mapping is refused', () => {
    const base = `${prop(`${Q}.queues`, 'a')}${prop(`${Q}.a.capacity`, '100')}${prop('yarn.scheduler.capacity.workflow-priority-mappings-override.enable', 'false')}`;
    expect(parseCapacityFile(`<configuration>\n${base}${prop('yarn.scheduler.capacity.workflow-priority-mappings', '')}</configuration>`, 'c.xml').queues).toHaveLength(1);
    expect(() => parseCapacityFile(`<configuration>\n${base}${prop('yarn.scheduler.capacity.workflow-priority-mappings', 'wf:a:5')}</configuration>`, 'c.xml')).toThrow('c.xml:5:3: yarn.scheduler.capacity.workflow-priority-mappings: workflow priority mappings are not modelled');
  });
});

describe('the queues jobs name, against a capacity-scheduler.xml', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
  writeFileSync(join(dir, 'c.xml'), conf({ [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50', [`${Q}.b.capacity`]: '50' }));
  const run = (pool: string) => {
    writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 1, nodesPerRack: 2 }, scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' }, workload: { kind: 'generated', groups: [{ name: 'g', pool, maps: 4, mapMs: 1000 }] } }));
    return hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
  };

  it('a queue the file does not define is refused, as YARN refuses the submission (it ran in an invented queue of 1%, faster than the right one)', () => {
    const r = run('typo_a');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('workload.groups[0].pool: files its jobs under pool "typo_a", a queue neither its capacitySchedulerFile nor scheduler.queues lists: YARN\'s Capacity Scheduler refuses a job submitted to an unknown queue');
    expect(run('root.a').stderr).toContain('unknown queue; name the queue by its short name, as hfsim reads the file ("a")');
    expect(run('a').code).toBe(0);
  });
});

describe('capacities that add up to 100 within YARN\'s tolerance (ParentQueue: 0.0005 as a fraction)', () => {
  const three = (a: string, b: string, c: string) => conf({ [`${Q}.queues`]: 'a,b,c', [`${Q}.a.capacity`]: a, [`${Q}.b.capacity`]: b, [`${Q}.c.capacity`]: c });

  it('33.3 x 3 is refused, as YARN refuses it (99.9 is 0.1 short), the sum shown as written; 33.33 x 3 and 33.3 + 33.3 + 33.4 are read', () => {
    expect(() => parseCapacityFile(three('33.3', '33.3', '33.3'), 'c.xml')).toThrow(/root\.queues: the queues' capacities add up to 99\.9%, not 100%/);
    expect(parseCapacityFile(three('33.33', '33.33', '33.33'), 'c.xml').queues.map((q) => q.capacity)).toEqual([33.33, 33.33, 33.33]);
    expect(parseCapacityFile(three('33.3', '33.3', '33.4'), 'c.xml').queues.map((q) => q.capacity)).toEqual([33.3, 33.3, 33.4]);
  });

  it('a file YARN accepts a hair above 100% (50.04 + 50) runs: the scenario\'s own check refused it, blaming scheduler.queues', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'c.xml'), conf({ [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50.04', [`${Q}.b.capacity`]: '50' }));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 1, nodesPerRack: 2 }, scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' }, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', maps: 4, mapMs: 1000 }] } }));
    const r = hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('a STOPPED queue (YARN: it refuses submissions and keeps its capacity; it was refused, file and all)', () => {
  const ok = { [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50', [`${Q}.b.capacity`]: '50' };
  const tree = { ...ok, [`${Q}.b.queues`]: 'b1,b2', [`${Q}.b.b1.capacity`]: '50', [`${Q}.b.b2.capacity`]: '50' };
  const states = (extra: Record<string, string>, base: Record<string, string> = tree) => {
    const c = parseCapacityFile(conf({ ...base, ...extra }), 'c.xml');
    return [...(c.parentQueues ?? []), ...c.queues].map((q) => `${q.name} ${q.state ?? '-'}`);
  };

  it('is read, in any case as YARN reads it, as the file sets it (the scenario passes a parent queue\'s state down; root\'s goes on its queues)', () => {
    expect(states({ [`${Q}.a.state`]: 'stopped', [`${Q}.b.state`]: 'Running' }, ok)).toEqual(['a STOPPED', 'b -']);
    expect(states({ [`${Q}.b.state`]: 'STOPPED', [`${Q}.b.b2.state`]: 'STOPPED' })).toEqual(['b STOPPED', 'a -', 'b1 -', 'b2 STOPPED']);
    expect(states({ [`${Q}.state`]: 'STOPPED' })).toEqual(['b STOPPED', 'a STOPPED', 'b1 -', 'b2 -']);
  });

  it('a queue set RUNNING under a STOPPED parent is refused, as YARN refuses it', () => {
    expect(() => states({ [`${Q}.b.state`]: 'STOPPED', [`${Q}.b.b1.state`]: 'RUNNING' })).toThrow(/:31:3: yarn\.scheduler\.capacity\.root\.b\.b1\.state: queue "b1" is RUNNING under root\.b, which is STOPPED: YARN refuses it/);
  });

  it('a job naming it is refused, as YARN refuses the submission; with none, the others run on its idle capacity', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'c.xml'), conf({ ...tree, [`${Q}.b.state`]: 'STOPPED', [`${Q}.a.user-limit-factor`]: '2' }));
    const run = (pool: string) => {
      writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 2 }, scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' },
        workload: { kind: 'generated', groups: [{ name: 'g', pool, user: 'u', maps: 8, mapMs: 10_000 }] } }));
      return hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
    };
    const refused = run('b2');
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(`hfsim: ${join(dir, 's.json')}:1:187: workload.groups[0].pool: files its jobs under pool "b2", a queue under parent queue "b", whose state is STOPPED: YARN's Capacity Scheduler refuses a job submitted to a stopped queue`);
    const r = run('a');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { config: { scheduler: { queues: Array<{ name: string; state?: string }> } }; pools: Array<{ name: string; shares: { runningMaps: number[] } }> };
    expect(out.config.scheduler.queues.map((q) => `${q.name} ${q.state ?? '-'}`)).toEqual(['a -', 'b1 -', 'b2 -']);
    // a, 50% of 4 slots (a user may hold 2 x 2), runs on all 4: b's half is idle
    expect(Math.max(...out.pools.find((p) => p.name === 'a')!.shares.runningMaps)).toBe(4);
  });
});

describe('a queue of capacity 0 (YARN accepts it: guaranteed nothing, slots only through elasticity)', () => {
  const spare = (max: string, extra: Record<string, string> = {}) => conf({ [`${Q}.queues`]: 'main,spare', [`${Q}.main.capacity`]: '100', [`${Q}.spare.capacity`]: '0',
    [`${Q}.spare.user-limit-factor`]: '10', [`${Q}.spare.maximum-capacity`]: max, ...extra });

  it('is read, with a maximum-capacity of 0 too (it was refused: "must be a percentage greater than 0")', () => {
    expect(parseCapacityFile(spare('50'), 'c.xml').queues).toEqual([
      { name: 'main', capacity: 100, minUserLimitPercent: 100, userLimitFactor: 1 },
      { name: 'spare', capacity: 0, maxCapacity: 50, minUserLimitPercent: 100, userLimitFactor: 10 },
    ]);
    expect(parseCapacityFile(spare('0'), 'c.xml').queues[1]).toEqual({ name: 'spare', capacity: 0, maxCapacity: 0, minUserLimitPercent: 100, userLimitFactor: 10 });
    expect(() => parseCapacityFile(spare('-0.5'), 'c.xml')).toThrow(/:19:3: yarn\.scheduler\.capacity\.root\.spare\.maximum-capacity: must be a percentage from 0 to 100, not "-0\.5"/);
  });

  it('a parent queue of capacity 0: its queues must be 0 too, as YARN\'s ParentQueue enforces; 0 under a parent of capacity 100 is refused as a sum of 0%', () => {
    const tree = (child: string) => conf({ [`${Q}.queues`]: 'main,p', [`${Q}.main.capacity`]: '100', [`${Q}.p.capacity`]: '0', [`${Q}.p.queues`]: 'c', [`${Q}.p.c.capacity`]: child });
    expect(parseCapacityFile(tree('0'), 'c.xml').queues[1]).toEqual({ name: 'c', capacity: 0, minUserLimitPercent: 100, userLimitFactor: 1, parent: 'p' });
    expect(() => parseCapacityFile(tree('100'), 'c.xml')).toThrow(/:15:3: yarn\.scheduler\.capacity\.root\.p\.queues: the queues' capacities add up to 100% of root\.p, whose capacity is 0: YARN refuses such a file/);
    expect(() => parseCapacityFile(conf({ [`${Q}.queues`]: 'a', [`${Q}.a.capacity`]: '0' }), 'c.xml')).toThrow(/the queues' capacities add up to 0%, not 100%/);
  });

  it('runs on what the others leave: 100/0 with the 0 queue\'s maximum 50% of 10 slots; main\'s 20 maps take both waves, spare\'s 4 start only after', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    const run = (max: string) => {
      writeFileSync(join(dir, 'c.xml'), spare(max));
      writeFileSync(join(dir, 's.json'), JSON.stringify({ cluster: { racks: 1, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 },
        scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' },
        workload: { kind: 'generated', groups: [{ name: 'm', pool: 'main', user: 'ann', maps: 20, mapMs: 10_000 }, { name: 's', pool: 'spare', user: 'ben', maps: 4, mapMs: 10_000 }] } }));
      return hfsim('run', join(dir, 's.json'), '--json', '--no-progress');
    };
    const r = run('50');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { jobs: Array<{ id: string; finishMs: number }>; pools: Array<{ name: string; shares: { tMs: number[]; runningMaps: number[] } }> };
    const [m, s] = out.jobs;
    // main holds all 10 slots through its two waves (sampled at 15 s: 10 and 0); spare's 4 maps run after, 10 s more
    expect(out.pools.map((p) => [p.name, p.shares.runningMaps[1]])).toEqual([['main', 10], ['spare', 0]]);
    expect(s.finishMs).toBeGreaterThanOrEqual(m.finishMs + 10_000);
    // a maximum of 0: its jobs could never run, and the run is refused, naming the workload field (not a stall later)
    const never = run('0');
    expect(never.code).toBe(2);
    expect(never.stderr.trim()).toBe(`hfsim: ${join(dir, 's.json')}:1:274: workload.groups[1].pool: files its jobs under pool "spare", a queue whose maxCapacity is 0: its jobs could never run (YARN keeps them pending for good), and the run would never end`);
  });
});

describe('a capacity-scheduler.xml queue tree', () => {
  it('a child\'s maximum-capacity may be below its own capacity where the absolute values hold, as YARN compares them (CSQueueUtils): 100% capped at 60% of a parent of 50, maximum 100, is 50% of the cluster capped at 60%', () => {
    const tree = (parentMax: string) => conf({ [`${Q}.queues`]: 'prod,adhoc', [`${Q}.prod.capacity`]: '50', [`${Q}.prod.maximum-capacity`]: parentMax, [`${Q}.adhoc.capacity`]: '50',
      [`${Q}.prod.queues`]: 'etl', [`${Q}.prod.etl.capacity`]: '100', [`${Q}.prod.etl.maximum-capacity`]: '60' });
    expect(parseCapacityFile(tree('100'), 'c.xml').queues[1]).toEqual({ name: 'etl', capacity: 100, maxCapacity: 60, minUserLimitPercent: 100, userLimitFactor: 1, parent: 'prod' });
    // under a parent capped at 60: 36% of the cluster, below its 50%
    expect(() => parseCapacityFile(tree('60'), 'c.xml')).toThrow('c.xml:27:3: yarn.scheduler.capacity.root.prod.etl.maximum-capacity: queue "etl": maximum-capacity 60% comes to 36% of the cluster, below its capacity\'s 50%');
  });

  it('runs: the tree read into parentQueues and queues, each a percentage of its parent\'s, jobs in the leaves', () => {
    const r = hfsim('run', 'scenarios/allocations/capacity-nested.json', '--json', '--no-progress', '--variant', 'queue tree (capacity-tree.xml)');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const tree = JSON.parse(r.stdout) as { config: { scheduler: { parentQueues: unknown[]; queues: unknown[] } }; pools: Array<{ name: string; parent?: string }> };
    expect(tree.config.scheduler.parentQueues).toEqual([{ name: 'prod', capacity: 70, maxCapacity: 90 }]);
    // The results' pools name their parent queue, as hfs's name their parent pool (they named none)
    expect(tree.pools.map((p) => [p.name, p.parent])).toEqual([['etl', 'prod'], ['bi', 'prod'], ['adhoc', undefined]]);
    expect(tree.config.scheduler.queues).toEqual([
      { name: 'adhoc', capacity: 30, minUserLimitPercent: 50, userLimitFactor: 1 },
      { name: 'etl', capacity: 60, minUserLimitPercent: 100, userLimitFactor: 1, parent: 'prod' },
      { name: 'bi', capacity: 40, maxCapacity: 50, minUserLimitPercent: 100, userLimitFactor: 1, parent: 'prod' },
    ]);
  });
});

describe('properties of queues no .queues lists: YARN never reads them (it builds its queues from root.queues down)', () => {
  const ok = { [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50', [`${Q}.b.capacity`]: '50' };
  it('a removed queue\'s leftovers, a child a parent does not list and one under a leaf queue are ignored, one warning each naming the property and its line', () => {
    const c = parseCapacityFile(conf({ ...ok, [`${Q}.a.queues`]: 'a1', [`${Q}.a.a1.capacity`]: '100',
      [`${Q}.old.capacity`]: '30', [`${Q}.old.state`]: 'DRAINING', [`${Q}.old.queues`]: 'x', [`${Q}.old.x.capacity`]: '250',
      [`${Q}.a.zz.capacity`]: '5', [`${Q}.b.zz.user-limit-factor`]: 'lots' }), 'c.xml');
    expect(c.queues).toEqual([{ name: 'b', capacity: 50, minUserLimitPercent: 100, userLimitFactor: 1 }, { name: 'a1', capacity: 100, minUserLimitPercent: 100, userLimitFactor: 1, parent: 'a' }]);
    expect(c.warnings).toEqual([
      'c.xml:23:3: yarn.scheduler.capacity.root.old.capacity: "old" is not a queue listed in yarn.scheduler.capacity.root.queues (a,b): ignored, as YARN reads only the queues listed',
      'c.xml:27:3: yarn.scheduler.capacity.root.old.state: "old" is not a queue listed in yarn.scheduler.capacity.root.queues (a,b): ignored, as YARN reads only the queues listed',
      'c.xml:31:3: yarn.scheduler.capacity.root.old.queues: "old" is not a queue listed in yarn.scheduler.capacity.root.queues (a,b): ignored, as YARN reads only the queues listed',
      'c.xml:35:3: yarn.scheduler.capacity.root.old.x.capacity: "old" is not a queue listed in yarn.scheduler.capacity.root.queues (a,b): ignored, as YARN reads only the queues listed',
      'c.xml:39:3: yarn.scheduler.capacity.root.a.zz.capacity: "zz" is not a queue listed in yarn.scheduler.capacity.root.a.queues (a1): ignored, as YARN reads only the queues listed',
      'c.xml:43:3: yarn.scheduler.capacity.root.b.zz.user-limit-factor: queue "b" has no child queues (no .queues property of its own), so "zz" is not one of its queues: ignored, as YARN reads only the queues listed',
    ]);
  });

  it('a listed queue\'s own dotted properties are still its own: auto-queue-creation-v2 and user-settings are refused, not taken for queues', () => {
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.a.auto-queue-creation-v2.enabled`]: 'true' }), 'c.xml')).toThrow(/root\.a\.auto-queue-creation-v2\.enabled: "true" is not modelled/);
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.a.user-settings.u1.weight`]: '2' }), 'c.xml')).toThrow(/root\.a\.user-settings\.u1\.weight: "2" is not modelled/);
    expect(() => parseCapacityFile(conf({ ...ok, [`${Q}.auto-queue-creation-v2.enabled`]: 'true' }), 'c.xml')).toThrow(/root\.auto-queue-creation-v2\.enabled: root's auto-queue-creation-v2\.enabled "true" is not modelled/);
  });

  it('through the CLI: the run goes on, the warning on stderr', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'c.xml'), conf({ ...ok, [`${Q}.old.capacity`]: '30' }));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' }, workload: { kind: 'generated', groups: [{ name: 'g', pool: 'a', count: 3, maps: 2, mapMs: 1000 }] } }));
    const r = hfsim('run', join(dir, 's.json'), '--no-progress');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('c.xml:15:3: yarn.scheduler.capacity.root.old.capacity: "old" is not a queue listed in yarn.scheduler.capacity.root.queues (a,b): ignored, as YARN reads only the queues listed');
  });
});

describe('bad capacity-scheduler.xml: one line naming file, line and property, exit 2', () => {
  const ok = { [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50', [`${Q}.b.capacity`]: '50' };
  const cases: Array<[string, string, RegExp]> = [
    ['malformed XML', '<configuration>\n  <property>\n    <name>x</nam>\n  </property>\n</configuration>', /c\.xml:3:12: malformed XML: /],
    ['a wrong root', '<allocations>\n</allocations>', /c\.xml:1:1: the root element must be <configuration>/],
    ['an unknown element', '<configuration>\n  <prop/>\n</configuration>', /c\.xml:2:3: unknown element <prop> in <configuration>/],
    ['a property without a value', '<configuration>\n  <property><name>a</name></property>\n</configuration>', /c\.xml:2:3: a: <property> has no <value>/],
    ['no queue list', conf({ [`${Q}.a.capacity`]: '50' }), /no yarn\.scheduler\.capacity\.root\.queues property/],
    ['a queue without a capacity', conf({ [`${Q}.queues`]: 'a,b', [`${Q}.a.capacity`]: '50' }), /c\.xml:3:3: yarn\.scheduler\.capacity\.root\.queues: queue "b" has no yarn\.scheduler\.capacity\.root\.b\.capacity/],
    ['capacities over 100%', conf({ ...ok, [`${Q}.b.capacity`]: '60' }), /root\.queues: the queues' capacities add up to 110%, not 100%: YARN refuses such a file/],
    ['capacities under 100% (YARN refuses them: "Illegal capacity sum"; they ran with the rest idle)', conf({ ...ok, [`${Q}.a.capacity`]: '20', [`${Q}.b.capacity`]: '30' }), /root\.queues: the queues' capacities add up to 50%, not 100%/],
    ['a maximum-capacity below the capacity', conf({ ...ok, [`${Q}.a.maximum-capacity`]: '30' }), /c\.xml:\d+:\d+: yarn\.scheduler\.capacity\.root\.a\.maximum-capacity: queue "a": maximum-capacity 30% is below its capacity 50%/],
    ['a parent queue\'s child without a capacity', conf({ ...ok, [`${Q}.a.queues`]: 'a1,a2', [`${Q}.a.a1.capacity`]: '50' }), /c\.xml:15:3: yarn\.scheduler\.capacity\.root\.a\.queues: queue "a2" has no yarn\.scheduler\.capacity\.root\.a\.a2\.capacity/],
    ['a parent queue\'s children over 100% of it', conf({ ...ok, [`${Q}.a.queues`]: 'a1,a2', [`${Q}.a.a1.capacity`]: '50', [`${Q}.a.a2.capacity`]: '70' }), /root\.a\.queues: the queues' capacities add up to 120% of root\.a, not 100%/],
    ['a short name twice in the tree', conf({ ...ok, [`${Q}.a.queues`]: 'x', [`${Q}.b.queues`]: 'x', [`${Q}.a.x.capacity`]: '100', [`${Q}.b.x.capacity`]: '100' }), /root\.b\.queues: queue name "x" is used twice in the tree \(root\.a\.x and root\.b\.x\)/],
    ['a parent queue\'s fifo ordering', conf({ ...ok, [`${Q}.a.queues`]: 'a1', [`${Q}.a.a1.capacity`]: '100', [`${Q}.a.ordering-policy`]: 'fifo' }), /root\.a\.ordering-policy: a parent queue's ordering policy: only "utilization"/],
    ['a weight', conf({ ...ok, [`${Q}.a.capacity`]: '2w' }), /root\.a\.capacity: absolute resources and weights \("2w"\) are not modelled/],
    ['absolute resources', conf({ ...ok, [`${Q}.a.capacity`]: '[memory=1024,vcores=1]' }), /absolute resources and weights/],
    ['a non-number', conf({ ...ok, [`${Q}.a.user-limit-factor`]: 'lots' }), /root\.a\.user-limit-factor: must be a number, not "lots"/],
    ['a state other than RUNNING or STOPPED', conf({ ...ok, [`${Q}.a.state`]: 'DRAINING' }), /root\.a\.state: must be RUNNING or STOPPED, not "DRAINING"/],
    ['an unknown queue property', conf({ ...ok, [`${Q}.a.capacityy`]: '5' }), /root\.a\.capacityy: not modelled/],
    ['an MR1 property', conf({ ...ok, 'mapred.capacity-scheduler.queue.a.capacity': '5' }), /mapred\.capacity-scheduler\.queue\.a\.capacity: Hadoop 1's capacity scheduler properties \(mapred\.capacity-scheduler\.\*\) are not read: write YARN's names \(this one is yarn\.scheduler\.capacity\.root\.a\.capacity\)/],
    // a Hadoop 1 file (its queues listed in mapred-site.xml's mapred.queue.names): it said only "no yarn.scheduler.capacity.root.queues property", with no line
    ['a Hadoop 1 capacity-scheduler.xml', conf({ 'mapred.capacity-scheduler.queue.default.capacity': '70', 'mapred.capacity-scheduler.queue.research.capacity': '30' }),
      /c\.xml:3:3: mapred\.capacity-scheduler\.queue\.default\.capacity: Hadoop 1's capacity scheduler properties \(mapred\.capacity-scheduler\.\*\) are not read: write YARN's names \(this one is yarn\.scheduler\.capacity\.root\.default\.capacity\), the queues listed in yarn\.scheduler\.capacity\.root\.queues \(Hadoop 1 lists them in mapred-site\.xml's mapred\.queue\.names\)\n?$/],
    ['a period in a queue name (it was read as a queue named "a.b", its properties those of b under a)', conf({ [`${Q}.queues`]: 'a.b', [`${Q}.a.b.capacity`]: '100' }), /c\.xml:3:3: yarn\.scheduler\.capacity\.root\.queues: queue name "a\.b" contains a period/],
    ['a control character in a queue name', conf({ [`${Q}.queues`]: 'a,b&#9;c', [`${Q}.a.capacity`]: '50' }), /root\.queues: queue name "b\\tc" holds a control character/],
    ['rack-locality-additional-delay', conf({ ...ok, 'yarn.scheduler.capacity.rack-locality-additional-delay': '5' }), /only -1 \(the default\) is modelled/],
  ];

  it.each(cases)('%s', (_, xml, message) => {
    expect(() => parseCapacityFile(xml, 'c.xml')).toThrow(message);
  });

  it.each([cases[0], cases[12], cases.find((c) => c[0] === 'a Hadoop 1 capacity-scheduler.xml')!])('through the CLI: %s', (_, xml, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-capacity-'));
    writeFileSync(join(dir, 'c.xml'), xml);
    writeFileSync(join(dir, 's.json'), JSON.stringify({ scheduler: { policy: 'capacity', capacitySchedulerFile: 'c.xml' }, workload: { kind: 'facebook', jobs: 5 } }));
    const r = hfsim('run', join(dir, 's.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});
