/**
 * Bad input of every kind the issue found running silently, ending in an internal error, hanging or running out of
 * memory: each is one line naming the file and the field path (or line), and exit code 2. Loaded in-process where the
 * loader is the whole story (fast); through the compiled CLI for flags and the exit code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/cli/errors.js';
import { loadScenario } from '../../src/cli/load-scenario.js';
import { loadSweep } from '../../src/cli/sweep-file.js';
import { busyEpochs } from '../../src/core/run-epochs.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

const dir = mkdtempSync(join(tmpdir(), 'hfsim-bad-'));
let n = 0;
function write(name: string, content: unknown): string {
  const file = join(dir, `${n++}-${name}`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const tiny = {
  name: 'tiny',
  cluster: { racks: 2, nodesPerRack: 3, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 },
  workload: { kind: 'jobs', files: [{ name: 'a', blocks: 4 }], jobs: [{ id: 'j1', input: 'a', mapMs: 5000, reduces: 1 }] },
};

/** The InputError a load throws: every line names the file. */
function inputError(load: () => unknown, file: string): string {
  try {
    load();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    const message = (err as Error).message;
    for (const line of message.split('\n')) expect(line.startsWith(file)).toBe(true);
    return message;
  }
  throw new Error('loaded without an error');
}

const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('bad scenarios: one line naming file and field, before anything runs', () => {
  it.each([
    ['variants as a string', { ...tiny, variants: 'fifo' }, 'variants: variants must be an object of named variants'],
    ['variants as null', { ...tiny, variants: null }, 'variants: variants must be an object of named variants'],
    ['a variant path into a prototype', { ...tiny, variants: { A: { 'constructor.prototype.x': 1 } } }, 'variants.A.constructor.prototype.x: "constructor.prototype.x": "constructor" is not a field'],
    ['racks 100000', { ...tiny, cluster: { racks: 100_000 } }, 'cluster.racks: racks is 100000, above the limit of 10000'],
    ['a file of 1e9 blocks', { ...tiny, workload: { ...tiny.workload, files: [{ name: 'a', blocks: 1e9 }] } }, 'workload.files[0].blocks: blocks is 1000000000, above the limit of 50000000'],
    ['pools under fair', { ...tiny, scheduler: { pools: [{ name: 'p' }] } }, 'scheduler.pools: policy "fair" ignores pools'],
    ['a variant that switches to fifo but keeps the pools', { ...tiny, scheduler: { policy: 'hfs', pools: [{ name: 'p' }] }, variants: { HFS: {}, FIFO: { 'scheduler.policy': 'fifo' } } },
      'variant "FIFO": scheduler.pools: policy "fifo" ignores pools'],
    ['a variant setting inside a base value that is not an object', { ...tiny, scheduler: 5, variants: { A: { 'scheduler.policy': 'fifo' } } },
      'variant "A": scheduler.policy: scheduler is 5, not an object, so scheduler.policy cannot be set in it'],
    // an outputs walkthrough's finding: run wrote such a name raw (variant "Boom, "bad""), sweep as JSON
    ['a variant of a name with quotes, named as JSON', { ...tiny, variants: { 'Boom, "bad"': { 'scheduler.policy': 'nope' } } },
      'variant "Boom, \\"bad\\"": scheduler.policy: policy must be one of'],
    ['an allocation file under fair (not read)', { ...tiny, scheduler: { allocationFile: 'no-such.xml' } }, 'scheduler.allocationFile: policy "fair" ignores allocationFile'],
    ['blocks over the limit in all', { ...tiny, workload: { kind: 'generated', groups: [{ name: 'g', count: 100_000, maps: 501, mapMs: 1 }] } },
      'workload.groups: 50100000 blocks (one map each) in all, above the limit of 50000000'],
    ['jobs sharing one large file, more maps in all than the limit (200 jobs over 5,000,000 blocks ran out of memory)', { ...tiny, workload: { kind: 'jobs', files: [{ name: 'f', blocks: 5_000_000 }], jobs: Array.from({ length: 11 }, (_, i) => ({ id: `j${i}`, input: 'f', mapMs: 1000 })) } },
      'workload.jobs: 55000000 maps in all (a map a block of each job\'s input), above the limit of 50000000'],
    ['one job of more maps than a job may have', { ...tiny, workload: { kind: 'generated', groups: [{ name: 'g', maps: 5_000_001, mapMs: 1 }] } },
      'workload.groups[0].maps: maps is 5000001, above the limit of 5000000'],
    // the fuzzer's finding (seed 9711, case 1730): dsbra.json's 100 arrivals 1e9 ms apart never ended
    ['arrivals past the longest simulated time', { ...tiny, workload: { kind: 'facebook', jobs: 100, meanInterarrivalMs: 1e9 } },
      'workload.meanInterarrivalMs: the last job would arrive at its 99 exponential gaps as seed 1 draws them (1000000000 ms on average) = 94208592933 ms, above the limit of 2147483647 ms (24.8 days) for any simulated time'],
    ['a group arriving past the longest simulated time', { ...tiny, workload: { kind: 'generated', groups: [{ name: 'g', count: 3, maps: 1, mapMs: 1, startMs: 1e9, intervalMs: 1e9 }] } },
      'workload.groups[0].intervalMs: the last job would arrive at startMs + (count - 1) x intervalMs = 3000000000 ms, above the limit of 2147483647 ms (24.8 days) for any simulated time'],
    // exponential gaps of 1e9 ms on average: 2e9 expected, within the limit, but seed 2 draws 2,629,953,089 ms (the run simulated to it)
    ['a group whose exponential gaps, as the seed draws them, arrive past the longest simulated time', { ...tiny, seed: 2, workload: { kind: 'generated', groups: [{ name: 'g', count: 3, maps: 1, mapMs: 1, intervalMs: 1e9, arrivals: 'exponential' }] } },
      'workload.groups[0].intervalMs: the last job would arrive at startMs + its 2 exponential gaps as seed 2 draws them (1000000000 ms on average) = 2629953089 ms, above the limit of 2147483647 ms (24.8 days) for any simulated time'],
    // two Facebook jobs 1.5e9 ms apart on average: seed 9 draws the second at 3,317,950,770 ms (the run simulated to it)
    ['Facebook arrivals, as the seed draws them, past the longest simulated time', { ...tiny, seed: 9, workload: { kind: 'facebook', jobs: 2, meanInterarrivalMs: 1.5e9 } },
      'workload.meanInterarrivalMs: the last job would arrive at its 1 exponential gap as seed 9 draws it (1500000000 ms on average) = 3317950770 ms, above the limit of 2147483647 ms (24.8 days) for any simulated time'],
    ['a replication policy (every heartbeat visited) over weeks of 100 ms heartbeats', { ...tiny, cluster: { ...tiny.cluster, heartbeatMs: 100 }, scheduler: { replication: { policy: 'static' } },
      workload: { kind: 'facebook', jobs: 100, meanInterarrivalMs: 2e7 } },
      'workload: a run under these plugins visits every heartbeat (it cannot jump the gaps between jobs): 18841959 intervals of 100 ms to the last arrival at 1884171862 ms and the longest task\'s end (24000 ms later) on 6 nodes is 113051754 heartbeats, above the limit of 100000000'],
    // a fuzzing pass's finding: one task of 1e9 ms on 10,000 nodes walked 3.3e9 heartbeats (the bound counted arrivals only)
    ['a replication policy and one task of 11.6 days on 10,000 nodes', { ...tiny, cluster: { racks: 10, nodesPerRack: 1000 }, scheduler: { replication: { policy: 'static' } },
      workload: { kind: 'jobs', files: [{ name: 'f', blocks: 1 }], jobs: [{ id: 'j', submitMs: 0, input: 'f', mapMs: 1e9, reduces: 0 }] } },
      'workload: a run under these plugins visits every heartbeat (it cannot jump the gaps between jobs): 20000 intervals of 100000 ms to the last arrival at 0 ms and the longest task\'s end (2000000000 ms later) on 10000 nodes is 200000000 heartbeats, above the limit of 100000000'],
    // the harness's long mode stalled on such a run: a 33,384-column program re-solved every second for hours
    ['Quincy on Facebook jobs of up to 4,800 maps on 100 nodes', { ...tiny, cluster: { racks: 10, nodesPerRack: 10 }, scheduler: { policy: 'quincy' }, workload: { kind: 'facebook', jobs: 2 } },
      'workload.sizes: a job of 4800 maps under policy quincy makes a decision program of up to 43411 arcs (100 nodes, up to 3 replicas a block, kills on), above the limit of 8000 arcs a decision'],
    ['Quincy on a job of 2,000 maps on 40 nodes, no kills', { ...tiny, cluster: { racks: 2, nodesPerRack: 20 }, scheduler: { policy: 'quincy', policyConfig: { kills: false } },
      workload: { kind: 'generated', groups: [{ name: 'g', maps: 2000, mapMs: 1000 }] } },
    'workload.groups[0].maps: a job of 2000 maps under policy quincy makes a decision program of up to 18083 arcs (40 nodes, up to 3 replicas a block), above the limit of 8000'],
    // a walkthrough's findings: runs of hours, accepted
    ['replication rounds every millisecond over the blocks (dsbra.json at intervalMs 1 projected 2,000 s)', { ...tiny, scheduler: { policy: 'fair', replication: { policy: 'dsbra', config: { intervalMs: 1 } } },
      workload: { kind: 'generated', groups: [{ name: 'g', count: 100, maps: 100, mapMs: 10_000, intervalMs: 10_000 }] } },
    'scheduler.replication.config: 1010000 rounds of 1 ms (the interval of replication "dsbra") to the last arrival and the longest task\'s end, each visiting the 10000 blocks, is 10100000000 block visits, above the limit of 200000000 (lengthen the interval)'],
    ['a hot set drawn for every job (periods of 1 ms; 1,000 jobs ran past two minutes)', { ...tiny, workload: { kind: 'facebook', jobs: 1000, shared: { blocks: 1_000_000, hot: { fraction: 1, periodMs: 1 } } } },
      'workload.shared.hot.periodMs: about 1000 hot sets (a period of 1 ms with a submission, to the last at about 14784620 ms) of 1000000 blocks each (fraction x blocks), 1000000000 blocks drawn, above the limit of 50000000'],
    // a fuzzing pass's finding: a newline in a name broke the text tables' rows
    ['a newline in a variant name', { ...tiny, variants: { 'A\nB': {} } }, 'variants."A\\nB": a variant name must not contain control characters (a tab, a newline...): names are printed in tables and CSV'],
    ['a tab in a job id', { ...tiny, workload: { ...tiny.workload, jobs: [{ ...tiny.workload.jobs[0], id: 'j\t1' }] } }, 'workload.jobs[0].id: a job id must not contain control characters'],
    ['an escape in a pool name', { ...tiny, scheduler: { policy: 'hfs', pools: [{ name: 'p\u001b[31m' }] } }, 'scheduler.pools[0].name: a pool name must not contain control characters'],
    ['a carriage return in the scenario name', { ...tiny, name: 'a\rb' }, 'name: the scenario name must not contain control characters'],
    // an outputs walkthrough's finding: U+2028 and U+2029 end a line for Python's str.splitlines() and many terminals, so a
    // results.jsonl line holding one read as two (JSON.stringify writes them raw)
    ['a line separator (U+2028) in a pool name', { ...tiny, scheduler: { policy: 'hfs', pools: [{ name: 'p\u2028q' }] } }, 'scheduler.pools[0].name: a pool name must not contain control characters'],
    ['a paragraph separator (U+2029) in a variant name', { ...tiny, variants: { 'A\u2029B': {} } }, 'variants."A\\u2029B": a variant name must not contain control characters'],
    // a pandas walkthrough's finding: UTF-8 cannot write a lone surrogate, so the jobs CSV, the aggregate and the tables wrote
    // variants "x\ud800" and "x\udc00" both as "x\ufffd": two variants one name there, apart only in the JSON
    ['an unpaired surrogate in a variant name', { ...tiny, variants: { 'x\ud800': {}, 'x\udc00': {} } },
      'variants."x\\ud800": a variant name must not contain an unpaired surrogate (a \\ud800 to \\udfff escape that is not half of a pair): UTF-8 cannot write it, so the CSV files and tables would write it as U+FFFD, alike for every such name'],
    ['a delay clock other than "paper" or "hadoop"', { ...tiny, scheduler: { delay: { mode: 'wait', clock: 'yarn' } } }, 'scheduler.delay.clock: clock must be "paper" or "hadoop", not "yarn"'],
    ['a preemption rounding other than "floor" or "hadoop"', { ...tiny, scheduler: { policy: 'hfs', preemption: { enabled: true, config: { rounding: 'ceil' } } } }, 'scheduler.preemption.config.rounding: rounding must be "floor" or "hadoop", not "ceil"'],
    ['an unpaired surrogate in a job id', { ...tiny, workload: { ...tiny.workload, jobs: [{ ...tiny.workload.jobs[0], id: 'j\udfff' }] } }, 'workload.jobs[0].id: a job id must not contain an unpaired surrogate'],
  ])('%s', (_, content, message) => {
    const file = write('s.json', content);
    // each at its field's column of the one line JSON.stringify writes
    const error = inputError(() => loadScenario(file), file);
    expect(error).toMatch(/^\S+\.json:1:\d+: /);
    expect(error.replace(/^(\S+\.json):1:\d+: /, '$1: ')).toContain(`${file}: ${message}`);
  });

  // a fuzzing pass's finding: 2^53 + 1 got two messages, "must be a whole number" and "above the limit"
  it('a seed past 2^53: one message, the limit', () => {
    const file = write('s.json', `${JSON.stringify(tiny).slice(0, -1)}, "seed": 9007199254740993}`);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:226: seed: seed is 9007199254740992, above the limit of 9007199254740991`);
  });

  it('names with spaces and any script load (only control characters are refused)', () => {
    const file = write('s.json', { ...tiny, name: 'Fair « délai » 公平', variants: { 'fair + delay, W=5 s': {} } });
    expect(loadScenario(file).variants.map((v) => v.name)).toEqual(['fair + delay, W=5 s']);
  });

  it('a name with a character past U+FFFF (a surrogate pair, written whole in UTF-8) loads', () => {
    const file = write('s.json', { ...tiny, variants: { 'fair \u{1F600}': {} } });
    expect(loadScenario(file).variants.map((v) => v.name)).toEqual(['fair \u{1F600}']);
  });

  it('a JSON input nested 100,000 deep', () => {
    const file = write('deep.json', `{"name": ${deep(100_000)}}`);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:73: arrays and objects nest deeper than 64 levels`);
  });

  // The message named no line: in a scenario of many lines, the user had to find the nesting alone.
  it('a JSON input nested too deep is located at the bracket that opens the 65th level', () => {
    const file = write('deep-line.json', `{\n  "workload": { "kind": "facebook" },\n  "x": ${deep(70)}\n}\n`);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:3:71: arrays and objects nest deeper than 64 levels`);
  });

  it('a JSON input nested 100,000 deep after a byte order mark (the fuzzer, seed 7 case 1125: exit 1, Maximum call stack size exceeded)', () => {
    const file = write('bom-deep.json', `\uFEFF{"name": ${deep(100_000)}}`);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:73: arrays and objects nest deeper than 64 levels`);
  });

  it('invalid JSON nested 100,000 deep is located without overflowing the stack', () => {
    const file = write('deep-invalid.json', `{"name": ${deep(100_000)},}`);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}: invalid JSON (and arrays and objects nest deeper than 64 levels)`);
  });

  // A nightly job's baseline or result that a failed copy left empty or cut short read 'invalid JSON at line 1,
  // column 1: value expected' and '... unexpected end of string', which did not say the file itself was short.
  it.each([
    ['an empty file', '', ': invalid JSON: the file is empty'],
    ['a file of white space', ' \n\n', ': invalid JSON: the file is empty but for white space'],
    ['a file cut in a string', '{\n  "name": "tin', ':2:11: invalid JSON: unexpected end of string (the file ends there, before its JSON does: is it cut short?)'],
    ['a file cut after a value', '{\n  "name": "tiny",\n  "seed": 1\n', ':4:1: invalid JSON: close brace expected (the file ends there, before its JSON does: is it cut short?)'],
  ])('%s says so', (_, text, message) => {
    const file = write('short.json', text);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}${message}`);
  });

  // A comma before the file's last brace read "is it cut short?" (it is not); elsewhere, no hint at all.
  it.each([
    ['before the last brace', '{\n  "name": "tiny",\n}\n', ':3:1: invalid JSON: property name expected (a comma before this }: JSON allows none after the last field)'],
    ['inside an object', '{\n  "cluster": { "racks": 1, },\n  "name": "tiny"\n}', ':2:28: invalid JSON: property name expected (a comma before this }: JSON allows none after the last field)'],
    ['in a list, at the end', '{"seeds": [1, 2,\n]}', ':2:1: invalid JSON: value expected (a comma before this ]: JSON allows none after the last element)'],
  ])('a trailing comma %s is told as one, not as a file cut short', (_, text, message) => {
    const file = write('comma.json', text);
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}${message}`);
  });

  it('a file with text after its JSON is not called cut short', () => {
    const file = write('after.json', `${JSON.stringify(tiny)}}`);
    expect(inputError(() => loadScenario(file), file)).toMatch(/:1:\d+: invalid JSON: end of file expected$/);
    // a word that is no JSON token after it read "invalid symbol (the file ends there ...: is it cut short?)"
    const word = write('after.json', `${JSON.stringify(tiny)}\nfoo\n`);
    expect(inputError(() => loadScenario(word), word)).toBe(`${word}:2:1: invalid JSON: invalid symbol (after the JSON value, which ends before it: delete it)`);
  });

  it('a scenario after a byte order mark loads', () => {
    const file = write('bom.json', `\uFEFF${JSON.stringify(tiny)}`);
    expect(loadScenario(file).name).toBe(tiny.name);
  });

  it('a variant clears what its base sets with null, and runs', () => {
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', pools: [{ name: 'p' }] }, variants: { HFS: {}, FIFO: { 'scheduler.policy': 'fifo', 'scheduler.pools': null } } });
    expect(loadScenario(file).variants.map((v) => v.scenario.scheduler.pools.length)).toEqual([1, 0]);
  });
});

describe('bad allocation files: file and line', () => {
  const queue = (inner: string): string => `<allocations>\n<queue name="root">\n<queue name="a">\n${inner}\n</queue>\n</queue>\n</allocations>`;
  it.each([
    ['two roots after a declaration', '<?xml version="1.0"?>\n<allocations><pool name="a"/></allocations>\n<pool name="b"/>', ':3:1: a second root element <pool>; a file has one <allocations>'],
    // The validator ends the document only at a closing tag: after a self-closing root, text ran unseen (exit 0)
    ['text after a self-closing root element', '<allocations/>\njunk', ':2:1: malformed XML: text after the root element <allocations> ("junk")'],
    ['text after a self-closing root and a comment', '<?xml version="1.0"?>\n<allocations/>\n<!-- c -->\n  tail', ':4:3: malformed XML: text after the root element <allocations> ("tail")'],
    ['a CDATA section after the root element', '<allocations></allocations>\n<![CDATA[x]]>', ':2:1: malformed XML: text after the root element <allocations> (a CDATA section)'],
    ['two root queues', '<allocations>\n<queue name="root"><queue name="a"/></queue>\n<queue name="root"><queue name="b"/></queue>\n</allocations>', ':3:1: a second root queue (the first is at line 2)'],
    // YARN's AllocationFileQueueParser: "If configuring root queue, no other queues can be placed alongside it" (hfsim read x beside root's queues)
    ['a queue beside the root queue (YARN refuses the file)', '<allocations>\n<queue name="root"><queue name="a"/></queue>\n<queue name="x"/>\n</allocations>', ':3:1: <queue name="x"> stands beside the root queue (line 2): YARN refuses such a file ("If configuring root queue, no other queues can be placed alongside it"): put it inside the root queue, or leave the root queue out'],
    ['a pool before a root queue named in another case', '<allocations>\n<pool name="x"><minMaps>1</minMaps></pool>\n<queue name="Root"><queue name="a"/></queue>\n</allocations>', ':2:1: <pool name="x"> stands beside the root queue (line 3)'],
    ['minResources negative', queue('<minResources>-2048 mb, 2 vcores</minResources>'), ':4:1: <minResources> must be "X mb, Y vcores", "memory-mb=X, vcores=Y" or a percentage ("50%", "50% memory, 60% cpu", "memory-mb=50%, vcores=60%"), not "-2048 mb, 2 vcores" ("-2048 mb" is none of them)'],
    ['minResources with a junk suffix', queue('<minResources>2048 mbxyz, 2 vcores</minResources>'), ':4:1: <minResources> must be "X mb, Y vcores"'],
    ['a queue name with a period (YARN refuses it)', queue('').replace('name="a"', 'name="a.b"'), ':3:1: queue name "a.b" contains a period: YARN refuses it'],
    ['maxRunningJobs 0 (every job would wait forever)', '<allocations>\n<pool name="a">\n<maxRunningJobs>0</maxRunningJobs>\n</pool>\n</allocations>', ':3:1: <maxRunningJobs> is 0: Hadoop accepts it and holds the pool\'s jobs for ever, but hfsim runs every job of its workload to its end, and a run holding one could never end: set 1 or more, or leave the element out (no limit)'],
    ['maxResources below one slot', queue('<maxResources>512 mb, 1 vcores</maxResources>'), ':4:1: <maxResources> "512 mb, 1 vcores" is less than one slot (1024 mb, 1 vcore): nothing of the queue could run'],
    ['an XML entity', '<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<allocations><pool name="&e;"/></allocations>', ':2:1: a DOCTYPE (and any entity it declares) is not supported'],
    ['a newline in a pool name, as a character reference', '<allocations>\n<pool name="a&#10;b"/>\n</allocations>', ':2:1: <pool> name "a\\nb" holds a control character'],
    ['a weight in hexadecimal (JavaScript read 0x10 as 16; Hadoop refuses it)', '<allocations>\n<pool name="a"><weight>0x10</weight></pool>\n</allocations>', ':2:16: <weight> must be a non-negative number, not "0x10"'],
    ['minMaps in binary', '<allocations>\n<pool name="a">\n<minMaps>0b10</minMaps></pool>\n</allocations>', ':3:1: <minMaps> must be a non-negative number, not "0b10"'],
    // XML 1.0 allows no control character but tab, newline and CR (its Char production), written or referenced:
    // Hadoop's parsers (Xerces, Woodstox) refuse the file; it was read (Java's trim dropped the U+0001: weight 1.5)
    ['a control character in a value', '<allocations>\n<pool name="a">\n<weight>1.5\u0001</weight></pool>\n</allocations>', ':3:12: malformed XML: U+0001, a character XML does not allow (only tab, newline and carriage return below U+0020): Hadoop\'s XML parser refuses the file'],
    ['a control character referenced', '<allocations>\n<pool name="a"><weight>1.5&#x1;</weight></pool>\n</allocations>', ':2:27: &#x1; is not a character XML allows'],
    ['20,000 pools', `<allocations>\n${Array.from({ length: 20_000 }, (_, i) => `<pool name="p${i}"/>`).join('\n')}\n</allocations>`, ':10002:1: more than 10000 pools, the limit'],
  ])('%s', (_, xml, message) => {
    const alloc = write('pools.xml', xml);
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc } });
    expect(inputError(() => loadScenario(file), file)).toContain(`${file}: scheduler.allocationFile: ${alloc}${message}`);
  });
});

describe('bytes that are not text in the file\'s encoding: file and line (they were read as U+FFFD, silently)', () => {
  const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
  it('a Latin-1 scenario', () => {
    const file = write('s.json', '');
    writeFileSync(file, latin1(JSON.stringify({ ...tiny, name: 'pr\u00f8d' }, null, 1)));
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:2:13: byte 0xf8 is not UTF-8 text (save the scenario file as UTF-8)`);
  });

  it('a Latin-1 trace', () => {
    const trace = write('t.tsv', '');
    writeFileSync(trace, latin1('job0\t1\t1\t1\t1\t1\njob\u00f81\t2\t1\t1\t1\t1\n'));
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    expect(inputError(() => loadScenario(file), file)).toContain(`${trace}:2:4: byte 0xf8 is not UTF-8 text (save the trace file as UTF-8)`);
  });

  // Windows PowerShell's `>` and Notepad's "Unicode" save UTF-16: it was "byte 0xff is not UTF-8 text" behind a byte
  // order mark, and without one a SWIM row's "job id "j\u0000o..." holds a control character", an SLS trace's "invalid
  // JSON: invalid symbol". Compressed files other than gzip were "byte 0x81 is not UTF-8 text".
  const utf16 = (text: string, order: 'le' | 'be', mark: boolean): Buffer => {
    const le = Buffer.from(`${mark ? '\ufeff' : ''}${text}`, 'utf16le');
    return order === 'le' ? le : le.swap16();
  };
  const row = 'job0\t1\t1\t1\t1\t1\n';
  it.each([
    ['UTF-16 behind a little-endian byte order mark', utf16(row, 'le', true), 'is UTF-16 text (little-endian, as Windows PowerShell\'s ">" and Notepad\'s "Unicode" save text): save it as UTF-8'],
    ['UTF-16 behind a big-endian byte order mark', utf16(row, 'be', true), 'is UTF-16 text (big-endian, as Windows PowerShell\'s ">" and Notepad\'s "Unicode" save text): save it as UTF-8'],
    ['UTF-16 little-endian without a byte order mark', utf16(row, 'le', false), 'is UTF-16 text (little-endian, as Windows PowerShell\'s ">" and Notepad\'s "Unicode" save text): save it as UTF-8'],
    ['UTF-16 big-endian without a byte order mark', utf16(row, 'be', false), 'is UTF-16 text (big-endian, as Windows PowerShell\'s ">" and Notepad\'s "Unicode" save text): save it as UTF-8'],
    ['bzip2', Buffer.concat([Buffer.from('BZh91AY&SY'), Buffer.from([0x81, 0x9c, 0x4e, 0xb3])]), 'is bzip2 data: hfsim reads it as text; decompress it first'],
    ['xz', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04]), 'is xz data: hfsim reads it as text; decompress it first'],
    ['zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), Buffer.from('t.tsv')]), 'is a zip archive: hfsim reads it as text; extract the trace file from it first'],
    ['zstd', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00]), 'is zstd data: hfsim reads it as text; decompress it first'],
  ])('a trace in %s is named as such', (_, bytes, message) => {
    const trace = write('t.tsv', '');
    writeFileSync(trace, bytes);
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}: workload.trace: ${trace}: the trace file ${message}`);
  });

  it('a scenario or SLS trace in UTF-16 is named as such too; a NUL later in a UTF-8 file is not taken for UTF-16', () => {
    const file = write('s.json', '');
    writeFileSync(file, utf16(JSON.stringify(tiny), 'le', true));
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}: the scenario file is UTF-16 text (little-endian, as Windows PowerShell's ">" and Notepad's "Unicode" save text): save it as UTF-8`);
    const sls = write('sls.json', '');
    writeFileSync(sls, utf16('{ "job.start.ms": 0 }\n', 'le', false));
    const withSls = write('s.json', { ...tiny, workload: { kind: 'sls', trace: sls } });
    expect(inputError(() => loadScenario(withSls), withSls)).toContain(`${sls}: the SLS trace is UTF-16 text (little-endian`);
    const trace = write('t.tsv', `${row}jo\u0000\t2\t1\t1\t1\t1\n`);
    const withTrace = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    expect(inputError(() => loadScenario(withTrace), withTrace)).toContain(`${trace}:2: job id "jo\\u0000" holds a control character`);
  });

  it('an allocation file that declares ISO-8859-1 is read in it (its pool "pr\u00f8d" became "pr\ufffdd", a pool apart from the jobs\')', () => {
    const alloc = write('pools.xml', '');
    writeFileSync(alloc, latin1('<?xml version="1.0" encoding="ISO-8859-1"?>\n<allocations>\n<pool name="pr\u00f8d"><weight>3</weight></pool>\n</allocations>\n'));
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc }, workload: { ...tiny.workload, jobs: [{ ...tiny.workload.jobs[0], pool: 'pr\u00f8d' }] } });
    expect(loadScenario(file).variants[0].scenario.scheduler.pools).toEqual([expect.objectContaining({ name: 'pr\u00f8d', weight: 3 })]);
    writeFileSync(alloc, latin1('<?xml version="1.0"?>\n<allocations>\n<pool name="pr\u00f8d"/>\n</allocations>\n'));
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}: scheduler.allocationFile: ${alloc}:3:15: byte 0xf8 is not UTF-8 text (save the allocation file as UTF-8, or declare its encoding)`);
  });

  it('a byte that is not UTF-8 in a file whose lines end in a CR alone is named at its line (it read "line 1")', () => {
    const alloc = write('pools-cr.xml', '');
    writeFileSync(alloc, latin1('<?xml version="1.0"?>\r<allocations>\r<pool name="pr\u00f8d"/>\r</allocations>\r'));
    const file = write('s-cr.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc } });
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}: scheduler.allocationFile: ${alloc}:3:15: byte 0xf8 is not UTF-8 text (save the allocation file as UTF-8, or declare its encoding)`);
  });

  it('a UTF-8 byte order mark wins over a declared encoding, and so does UTF-8 over a declared UTF-16 (both ran before)', () => {
    const alloc = write('pools.xml', '');
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc }, workload: { ...tiny.workload, jobs: [{ ...tiny.workload.jobs[0], pool: 'pr\u00f8d' }] } });
    writeFileSync(alloc, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<allocations>\n<pool name="pr\u00f8d"/>\n</allocations>\n', 'utf8')]));
    expect(loadScenario(file).variants[0].scenario.scheduler.pools).toEqual([expect.objectContaining({ name: 'pr\u00f8d' })]);
    writeFileSync(alloc, '<?xml version="1.0" encoding="UTF-16"?>\n<allocations>\n<pool name="pr\u00f8d"/>\n</allocations>\n');
    expect(loadScenario(file).variants[0].scenario.scheduler.pools).toEqual([expect.objectContaining({ name: 'pr\u00f8d' })]);
  });

  // Windows Notepad's "Unicode": UTF-16 behind its byte order mark, as XML allows (Hadoop's parser reads it). It was
  // "byte 0xff is not UTF-8 text (save the allocation file as UTF-8, or declare its encoding)", the encoding declared.
  // Without the mark, XML's Appendix F reads UTF-16 from "<?" itself: it was "Tag ' ? x m l ' is an invalid name".
  it.each([
    ['little-endian behind its byte order mark', 'utf-16le', [0xff, 0xfe]],
    ['big-endian behind its byte order mark', 'utf-16be', [0xfe, 0xff]],
    ['little-endian, no byte order mark', 'utf-16le', []],
    ['big-endian, no byte order mark', 'utf-16be', []],
  ])('an allocation or capacity file in UTF-16 %s is read in it', (_, encoding, bom) => {
    const utf16 = (text: string): Buffer => {
      const le = Buffer.from(text, 'utf16le');
      return Buffer.concat([Buffer.from(bom), encoding === 'utf-16le' ? le : le.swap16()]);
    };
    const alloc = write('pools.xml', '');
    writeFileSync(alloc, utf16('<?xml version="1.0" encoding="UTF-16"?>\n<allocations>\n<pool name="pr\u00f8d"><weight>3</weight></pool>\n</allocations>\n'));
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc }, workload: { ...tiny.workload, jobs: [{ ...tiny.workload.jobs[0], pool: 'pr\u00f8d' }] } });
    expect(loadScenario(file).variants[0].scenario.scheduler.pools).toEqual([expect.objectContaining({ name: 'pr\u00f8d', weight: 3 })]);
    const cs = write('cs.xml', '');
    writeFileSync(cs, utf16('<?xml version="1.0" encoding="UTF-16"?>\n<configuration>\n<property><name>yarn.scheduler.capacity.root.queues</name><value>pr\u00f8d</value></property>\n<property><name>yarn.scheduler.capacity.root.pr\u00f8d.capacity</name><value>100</value></property>\n</configuration>\n'));
    const capacity = write('s.json', { ...tiny, scheduler: { policy: 'capacity', capacitySchedulerFile: cs }, workload: { ...tiny.workload, jobs: [{ ...tiny.workload.jobs[0], pool: 'pr\u00f8d' }] } });
    expect(loadScenario(capacity).variants[0].scenario.scheduler.queues).toEqual([expect.objectContaining({ name: 'pr\u00f8d', capacity: 100 })]);
  });

  // Lines counted as text, not as 0x0a bytes (half of U+010A in UTF-16: it said line 5), and no advice to declare an
  // encoding that the byte order mark overrides.
  it('a UTF-16 file that does not decode is named at its line, counted in characters', () => {
    const alloc = write('pools.xml', '');
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc } });
    const text = Buffer.from('<?xml version="1.0" encoding="UTF-16"?>\n<allocations>\u010a\u010a\u010a\n<pool name="', 'utf16le');
    writeFileSync(alloc, Buffer.concat([Buffer.from([0xff, 0xfe]), text, Buffer.from([0x00, 0xd8]), Buffer.from('"/>\n</allocations>\n', 'utf16le')]));
    expect(() => loadScenario(file)).toThrow(`${alloc}:3:13: 16-bit unit 0xd800 (a surrogate without its pair) is not UTF-16LE text (save the allocation file as UTF-8)`);
    // big-endian, and a file cut to an odd number of bytes
    const be = Buffer.from(text).swap16();
    writeFileSync(alloc, Buffer.concat([Buffer.from([0xfe, 0xff]), be, Buffer.from([0xdc, 0x00])]));
    expect(() => loadScenario(file)).toThrow(`${alloc}:3:13: 16-bit unit 0xdc00 (a surrogate without its pair) is not UTF-16BE text`);
    writeFileSync(alloc, Buffer.concat([Buffer.from([0xfe, 0xff]), be, Buffer.from([0x00])]));
    expect(() => loadScenario(file)).toThrow(`${alloc}:3:13: the last byte, 0x00, alone (an odd number of bytes) is not UTF-16BE text`);
  });

  it('a multi-byte sequence cut short is named by its first byte (not the byte after it)', () => {
    const alloc = write('pools.xml', '');
    writeFileSync(alloc, Buffer.concat([Buffer.from('<allocations>\n<pool name="a'), Buffer.from([0xe2, 0x82]), Buffer.from('A"/>\n</allocations>\n')]));
    const file = write('s.json', { ...tiny, scheduler: { policy: 'hfs', allocationFile: alloc } });
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}: scheduler.allocationFile: ${alloc}:2:14: byte 0xe2 is not UTF-8 text (save the allocation file as UTF-8, or declare its encoding)`);
  });
});

describe('bad SWIM traces: file and line', () => {
  it.each([
    ['a hexadecimal byte count', 'job0\t49\t49\t0x10\t1\t1\n', ':1: column 4 (input bytes): "0x10" is not a non-negative number'],
    // a number column's text is escaped: an escape sequence in it reached the terminal raw (a review's finding)
    ['a control character in a number column', 'job0\t4\u001b]0;x\u00079\t49\t1\t1\t1\n', ':1: column 2 (submit time): "4\\u001b]0;x\\u00079" is not a non-negative number'],
    ['a submit time past the limit', 'job0\t49\t49\t1\t1\t1\njob1\t2147484\t1\t1\t1\t1\n', ':2: submit time 2147484 s is above the limit of 2147483.647 s'],
  ])('%s', (_, tsv, message) => {
    const trace = write('t.tsv', tsv);
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    expect(inputError(() => loadScenario(file), file)).toContain(`${trace}${message}`);
  });

  // the fuzzer's finding (seed 9601, case 197): one job of 11.2 M maps ran within the other limits, at 1.2 GB resident
  it('input bytes that make one job of too many maps', () => {
    // on line 2: named by the trace's file and line, as its other errors are (it said "workload.trace (job job11)")
    const trace = write('t.tsv', 'job10\t497\t497\t1\t1\t1\njob11\t609\t112\t9007199254740993\t41\t35\n');
    const file = write('s.json', { workload: { kind: 'swim', trace } }); // the default 100 nodes, as the fuzzer's case
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:36: workload.trace: ${trace}:2: job job11: a job of 11184811 maps, above the limit of 5000000 maps a job`);
  });

  // a second fuzzing pass: "replay the first n rows" of a 2-line trace with jobs 10 ran 2 jobs, silently
  it('more jobs asked for than the trace has', () => {
    const trace = write('t.tsv', 'job0\t1\t1\t1\t1\t1\njob1\t2\t1\t1\t1\t1\n');
    const content = { ...tiny, workload: { kind: 'swim', trace, jobs: 10 } };
    const file = write('s.json', content);
    const column = JSON.stringify(content).indexOf('"jobs":10') + 8; // at the value (the trace's path before it varies)
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:${column}: workload.jobs: 10 jobs asked for, but the trace ${trace} has 2 (one a line): at most 2, or leave jobs out to replay them all`);
    const fits = write('s.json', { ...tiny, workload: { kind: 'swim', trace, jobs: 2 } });
    expect(loadScenario(fits).variants[0].scenario.workload).toMatchObject({ jobs: 2 });
  });

  it('a control character in a job id', () => {
    const trace = write('t.tsv', 'job0\t1\t1\t1\t1\t1\njob\u00011\t2\t1\t1\t1\t1\n');
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    expect(inputError(() => loadScenario(file), file)).toContain(`${trace}:2: job id "job\\u00011" holds a control character`);
  });

  it('input bytes that make too many maps', () => {
    const trace = write('t.tsv', 'job0\t1\t1\t1e20\t1\t1\n');
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    expect(inputError(() => loadScenario(file), file)).toBe([`${file}:1:132: workload.trace: ${trace}:1: job job0: the rows up to this one make 7450580597 blocks (one map each), above the limit of 50000000 in all`,
      `${file}:1:132: workload.trace: ${trace}:1: job job0: a job of 7450580597 maps, above the limit of 5000000 maps a job`].join('\n'));
  });

  // It said "workload: ... reduces in all", naming neither the trace nor its field, where the blocks name workload.trace.
  it('shuffle bytes that make too many reduces', () => {
    const trace = write('t.tsv', 'job0\t1\t1\t1\t1e300\t1\n');
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace } });
    // review: "1e+289 reduces" (and, summed past a double, "Infinity reduces") said no number a user could act on
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:132: workload.trace: ${trace}:1: job job0: its shuffle and output bytes at workload.bytesPerReduce 1000000000 bytes a reduce make more than 10000000 reduces, the limit in all: set bytesPerReduce higher, or cap a job's reduces with workload.maxReducesPerJob`);
  });

  // review: 1e-300 bytes a reduce said "Infinity reduces", at the trace's row
  it('bytesPerReduce below a byte: refused at the field', () => {
    const trace = write('t.tsv', 'job0\t1\t1\t1\t1e12\t1\n');
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace, bytesPerReduce: 1e-300 } });
    expect(inputError(() => loadScenario(file), file)).toMatch(/:1:\d+: workload\.bytesPerReduce: bytesPerReduce is 1e-300, below the limit of 1$/);
  });

  // A total past its limit named no row ("workload.trace: 16000000 reduces in all"): the line where it passes, and how
  // many rows fit, are what a user replaying part of a trace needs.
  it('rows that add up to too many reduces or blocks: the line where the total passes the limit', () => {
    const rows = (n: number, row: (i: number) => string) => Array.from({ length: n }, (_, i) => `job${i}\t${i}\t${i === 0 ? 0 : 1}\t${row(i)}\n`).join('');
    const reduces = write('t.tsv', rows(4, () => '1\t4e17\t1'));
    const file = write('s.json', { ...tiny, workload: { kind: 'swim', trace: reduces } });
    expect(inputError(() => loadScenario(file), file)).toBe(`${file}:1:132: workload.trace: ${reduces}:3: job job2: the rows up to this one make 12000000 reduces, above the limit of 10000000 in all (the 4 rows replayed make 16000000; workload.jobs 2 replays the rows before this one)`);
    const blocks = write('t.tsv', rows(14, () => '5e14\t0\t0'));
    const more = write('s.json', { ...tiny, workload: { kind: 'swim', trace: blocks, tracedNodes: 6 } });
    expect(inputError(() => loadScenario(more), more)).toBe(`${more}:1:132: workload.trace: ${blocks}:14: job job13: the rows up to this one make 52154074 blocks (one map each), above the limit of 50000000 in all; workload.jobs 13 replays the rows before this one`);
    // the 13 rows before it fit the blocks' limit; their maps, years of work on the 6 nodes' 12 slots, do not fit the run's
    const fits = write('s.json', { ...tiny, workload: { kind: 'swim', trace: blocks, tracedNodes: 6, jobs: 13 } });
    expect(inputError(() => loadScenario(fits), fits)).toMatch(/:1:\d+: workload: its maps are \d+ slot-hours of work \(maps x map time\) on 12 map slots: the run ends at \d+ h of simulated time at the earliest/);
  });
});

describe('sizes beyond what can run', () => {
  it('a task of a million heartbeats on 10,000 racks (each within its limit: about 94 minutes by its progress)', () => {
    const file = write('s.json', { ...tiny, cluster: { racks: 10_000, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 100 },
      workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'j1', input: 'a', mapMs: 49_500_000 }] } }); // x 2, the off-rack slowdown
    expect(inputError(() => loadScenario(file), file)).toContain('spans 990000 heartbeats of 100 ms on 10000 racks, 9900000000 rack epochs, above the limit of 200000000');
  });

  // A fluid rack epoch costs about 4 flat ones (limits.ts FLUID_RACK_EPOCH_COST): a review's 497,500 ms map on 10,000
  // racks, within the flat count, took 166 s.
  it('under the fluid model a rack epoch counts 4', () => {
    const one = { ...tiny, cluster: { racks: 10_000, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 100 },
      workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'j1', input: 'a', mapMs: 1_000_000 }] } };
    expect(() => loadScenario(write('s.json', one))).not.toThrow(); // flat: 10,000 heartbeats x 10,000 racks x 2 (off-rack)
    const file = write('s.json', { ...one, cluster: { ...one.cluster, network: { model: 'fluid' } } });
    expect(inputError(() => loadScenario(file), file)).toMatch(/: workload\.jobs\[0\]\.mapMs: a task of \d+ ms spans \d+ heartbeats of 100 ms on 10000 racks under the fluid model \(a rack epoch counts 4\), \d+ rack epochs, above the limit of 200000000/);
  });

  // Each task within its own limits, the runs went on for days (a review's: 5 jobs a second of a million; 66 hours).
  it.each([
    ['a million one-map jobs 2 s apart on 10,000 racks', { kind: 'generated', groups: [{ name: 'g', count: 1_000_000, maps: 1, mapMs: 1, intervalMs: 2147 }] }, 1_000_000],
    ['a thousand 950 s maps 2,000 s apart on 10,000 racks', { kind: 'generated', groups: [{ name: 'g', count: 1000, maps: 1, mapMs: 950_000, intervalMs: 2_000_000 }] }, 9_500_000],
  ])('%s: the whole run\'s rack epochs, at the least it visits', (_, workload, busy) => {
    const file = write('s.json', { ...tiny, cluster: { racks: 10_000, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 100 }, workload });
    expect(inputError(() => loadScenario(file), file)).toMatch(new RegExp(`: workload: its jobs keep the cluster busy for at least ${busy} heartbeat intervals of 100 ms \\(each job from its submission to its first map's end, overlaps counted once, and no fewer than its maps' work over the map slots\\) on 10000 racks: ${busy * 10_000} rack epochs, above the limit of 1000000000 for a run`));
    // the same jobs on 100 racks of 100 nodes: a hundredth of the rack epochs, within the limit
    const fewer = write('s.json', { ...tiny, cluster: { racks: 100, nodesPerRack: 100, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 100 }, workload });
    expect(() => loadScenario(fewer)).not.toThrow();
  });
});

describe('block replicas', () => {
  // MAX_BLOCKS was measured at replication 3; 50 M maps at 16 took 14.1 GB (a review's run), about 5x.
  const cluster = { racks: 10, nodesPerRack: 40, mapSlotsPerNode: 4, reduceSlotsPerNode: 1, heartbeatMs: 3000 };
  const workload = { kind: 'generated', groups: [{ name: 'g', count: 4, maps: 2_500_000, mapMs: 1000, intervalMs: 1000 }] };

  it('blocks x hdfs.replication, or with a policy that adds replicas the room each block keeps (hdfs.maxReplicas)', () => {
    const file = write('s.json', { ...tiny, cluster, hdfs: { replication: 16 }, workload });
    expect(inputError(() => loadScenario(file), file)).toMatch(/:\d+:\d+: hdfs\.replication: 10000000 blocks x 16 replicas each is 160000000 block replicas, above the limit of 150000000 \(about 13 bytes each: 9375000 blocks at 16\): fewer blocks, or fewer replicas$/);
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, hdfs: { replication: 15 }, workload }))).not.toThrow();
    const policy = { policy: 'fair', delay: { mode: 'wait', nodeMs: 5000, rackMs: 5000 }, replication: { policy: 'dsbra' } };
    const room = write('s.json', { ...tiny, cluster, hdfs: { replication: 3 }, scheduler: policy, workload });
    expect(inputError(() => loadScenario(room), room)).toMatch(/: hdfs\.maxReplicas \(omitted: 16, at most the nodes, with scheduler\.replication "dsbra"\): 10000000 blocks x 16 replicas each/);
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, hdfs: { replication: 3, maxReplicas: 15 }, scheduler: policy, workload }))).not.toThrow();
  });

  it('the blocks stored, not the maps that read them again (jobs sharing a file; a Facebook mix\'s shared dataset)', () => {
    const shared = { kind: 'jobs', files: [{ name: 'a', blocks: 10_000 }], jobs: Array.from({ length: 1000 }, (_, i) => ({ id: `j${i}`, input: 'a', mapMs: 1000, submitMs: 100_000 * i })) };
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, hdfs: { replication: 16 }, workload: shared }))).not.toThrow(); // 10 M maps of 10,000 blocks
    const policy = { policy: 'fair', delay: { mode: 'wait', nodeMs: 5000, rackMs: 5000 }, replication: { policy: 'dsbra' } };
    const mix = { kind: 'facebook', jobs: 40_000, shared: { blocks: 1600 } };
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, scheduler: policy, workload: mix }))).not.toThrow(); // 10.6 M maps of 1,600 blocks
  });
});

describe('a pool-aware policy\'s pools in the run\'s length', () => {
  // Each interval walks every pool, busy or not (fair shares, preemption clocks): 10,000 pools on one job of 10 maps of
  // 10,000 s at 100 ms heartbeats (100,000 intervals) would have run about 6 minutes, a day of them days.
  const cluster = { racks: 1, nodesPerRack: 10, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 100 };
  const workload = { kind: 'generated', groups: [{ name: 'p0', count: 1, maps: 10, mapMs: 10_000_000 }] };
  const pools = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}` }));

  it('hfs: each pool counts as a rack; the same run under fair (no pools) or with fewer pools is within', () => {
    const file = write('s.json', { ...tiny, cluster, scheduler: { policy: 'hfs', pools: pools(10_000) }, workload });
    expect(inputError(() => loadScenario(file), file)).toMatch(/: workload: its jobs keep the cluster busy for at least 100000 heartbeat intervals of 100 ms \(.*\) on 1 rack and 10000 pools: 1000100000 rack epochs and pool walks, above the limit of 1000000000 for a run \(every epoch runs every rack, about 0\.6 us each, and hfs walks every pool, about as long: about 10 minutes of run at the least\): fewer jobs, racks \(larger racks: cluster\.nodesPerRack\) or pools \(10000: scheduler\.pools and parentPools\), or a longer cluster\.heartbeatMs$/);
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, scheduler: { policy: 'fair' }, workload }))).not.toThrow();
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, scheduler: { policy: 'hfs', pools: pools(9_000) }, workload }))).not.toThrow();
  });

  it('one pool on many racks: counted, and not offered as the remedy', () => {
    const file = write('s.json', { ...tiny, cluster: { racks: 10_000, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 100 }, scheduler: { policy: 'hfs' },
      workload: { kind: 'generated', groups: [{ name: 'g', count: 1_000_000, maps: 1, mapMs: 1, intervalMs: 2147 }] } });
    expect(inputError(() => loadScenario(file), file)).toMatch(/ on 10000 racks and 1 pool: 10001000000 rack epochs and pool walks, .*: about 100 minutes of run at the least\): fewer jobs or racks \(larger racks: cluster\.nodesPerRack\), or a longer cluster\.heartbeatMs$/);
  });

  it('the pools the jobs name count too, and capacity\'s queues', () => {
    const named = { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: Array.from({ length: 10_000 }, (_, i) => ({ id: `j${i}`, input: 'a', mapMs: 1000, pool: `u${i}` })) };
    const long = { ...named, jobs: [...named.jobs, { id: 'long', input: 'a', mapMs: 10_000_000, pool: 'u0' }] };
    const file = write('s.json', { ...tiny, cluster, scheduler: { policy: 'hfs', pools: pools(2) }, workload: long });
    expect(inputError(() => loadScenario(file), file)).toMatch(/on 1 rack and 10002 pools: \d+ rack epochs and pool walks, .* or pools \(10002: 2 configured \(scheduler\.pools and parentPools\), 10000 named by the workload's jobs\)/);
    const queues = write('s.json', { ...tiny, cluster, scheduler: { policy: 'capacity', queues: Array.from({ length: 10_000 }, (_, i) => ({ name: `p${i}`, capacity: 0.01 })) }, workload });
    expect(inputError(() => loadScenario(queues), queues)).toMatch(/on 1 rack and 10000 pools: 1000100000 rack epochs and pool walks, .*and capacity walks every pool/);
  });
});

describe('the run\'s end at the earliest: its maps\' work over the map slots', () => {
  // 1,000 jobs of 30,000 maps of 20 s on 100 map slots: 69 simulated days of maps, run on (a fuzzing pass's case,
  // head-of-line.json mutated), where every job and task was within its limits.
  it('a workload whose maps cannot end within the simulated-time limit on the cluster\'s slots is refused before it runs', () => {
    const workload = { kind: 'generated', groups: [{ name: 'g', count: 1000, maps: 30_000, mapMs: 20_000, intervalMs: 7000 }] };
    const file = write('s.json', { ...tiny, cluster: { racks: 10, nodesPerRack: 10, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 }, workload });
    expect(inputError(() => loadScenario(file), file)).toMatch(/: workload: its maps are 166667 slot-hours of work \(maps x map time\) on 100 map slots: the run ends at 1667 h of simulated time at the earliest, past the limit of 2147483647 ms \(24\.8 days\) for any simulated time: fewer or shorter maps, or more map slots$/);
    const wider = write('s.json', { ...tiny, cluster: { racks: 10, nodesPerRack: 10, mapSlotsPerNode: 4, reduceSlotsPerNode: 1 }, workload });
    expect(() => loadScenario(wider)).not.toThrow(); // 417 h on 400 slots: within
  });

  // Only the maps' work was counted: a million reduces of 1,000 s on 1,000 reduce slots passed --dry-run and ran for
  // hours (1e10 rack epochs), as did maps that all read one node's blocks at a slowdown of 100 (231 simulated days).
  it('counts the reduces\' work over the reduce slots', () => {
    const cluster = { racks: 1000, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 100 };
    const group = { name: 'g', count: 1, maps: 1, mapMs: 1000, reduces: 1_000_000, reduceMs: 1_000_000 };
    const file = write('s.json', { ...tiny, cluster, workload: { kind: 'generated', groups: [group] } });
    expect(inputError(() => loadScenario(file), file)).toMatch(/: workload: its jobs keep the cluster busy for at least 10000000 heartbeat intervals of 100 ms \(each job from its submission to its first map's end, overlaps counted once, and no fewer than its reduces' work over the reduce slots\) on 1000 racks: 10000000000 rack epochs, above the limit of 1000000000/);
    const past = write('s.json', { ...tiny, cluster, workload: { kind: 'generated', groups: [{ ...group, reduceMs: 2_500_000 }] } });
    expect(inputError(() => loadScenario(past), past)).toMatch(/: workload: its reduces are 694444 slot-hours of work \(reduces x reduceMs\) on 1000 reduce slots: the run ends at 694 h of simulated time at the earliest, past the limit of 2147483647 ms \(24\.8 days\) for any simulated time: fewer or shorter reduces, or more reduce slots$/);
    const fewer = write('s.json', { ...tiny, cluster, workload: { kind: 'generated', groups: [{ ...group, reduces: 10 }] } });
    expect(() => loadScenario(fewer)).not.toThrow();
  });

  // The fluid model took every slot at full speed: 10,000 maps of one node's blocks simulated 3,000 s of its disk's
  // reads (15 s of run), which the bound did not see.
  it('the fluid model on one rack: the maps\' reads over the disks of the nodes holding their blocks', () => {
    const cluster = { racks: 1, nodesPerRack: 100, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000, network: { model: 'fluid', diskReadMBps: 0.001 } };
    const onNode0 = (blocks: number) => ({ kind: 'jobs', files: [{ name: 'a', blocks, replicas: Array.from({ length: blocks }, () => [0]) }], jobs: [{ id: 'j', input: 'a', mapMs: 1000 }] });
    const file = write('s.json', { ...tiny, cluster, hdfs: { replication: 1, blockMB: 128 }, workload: onNode0(20) });
    expect(inputError(() => loadScenario(file), file)).toMatch(/: workload: its maps read 2560 MB \(maps x hdfs\.blockMB\) from the 1 node holding their blocks, each at most cluster\.network\.diskReadMBps 0\.001 MB\/s: the run ends at 711 h of simulated time at the earliest, past the limit of 2147483647 ms \(24\.8 days\) for any simulated time: fewer maps, or more nodes holding the blocks \(the files' replicas\)$/);
    expect(() => loadScenario(write('s.json', { ...tiny, cluster, hdfs: { replication: 1, blockMB: 128 }, workload: onNode0(10) }))).not.toThrow(); // 356 h
    // on two racks a map in the other reads at its own rates (its send half runs apart on node 0's disk): no bound
    expect(() => loadScenario(write('s.json', { ...tiny, cluster: { ...cluster, racks: 2, nodesPerRack: 50 }, hdfs: { replication: 1, blockMB: 128 }, workload: onNode0(20) }))).not.toThrow();
  });

  it('counts a map slot on a node that holds none of the blocks at its least slowdown (flat model, placed replicas)', () => {
    const blocks = 100_000;
    const cluster = { racks: 1000, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 };
    const onNode0 = { name: 'f', blocks, replicas: Array.from({ length: blocks }, () => [0]) };
    const over = { ...tiny, cluster, hdfs: { replication: 1, blockMB: 64 }, tasks: { rackLocalSlowdown: 100, offRackSlowdown: 100 },
      workload: { kind: 'jobs', files: [onNode0], jobs: [{ id: 'a', input: 'f', mapMs: 2_000_000 }] } };
    const file = write('s.json', over);
    expect(inputError(() => loadScenario(file), file)).toMatch(/: workload: its maps are 55556 slot-hours of work \(maps x map time\) on 1000 map slots, of which at most 1 is on nodes holding a replica of a block the maps read \(the others run a map at least 100x slower: tasks\.rackLocalSlowdown and offRackSlowdown\): the run ends at 5055 h/);
    // every node may hold a block (placed by HDFS), or no slowdown applies (the fluid model times reads by bandwidth)
    const placed = write('s.json', { ...over, workload: { ...over.workload, files: [{ name: 'f', blocks }] } });
    expect(() => loadScenario(placed)).not.toThrow();
    const fluid = write('s.json', { ...over, cluster: { ...cluster, network: { model: 'fluid' } } });
    expect(() => loadScenario(fluid)).not.toThrow();
  });
});

describe('the least heartbeat intervals a run visits (run-epochs.ts)', () => {
  const arrivals = (jobs: Array<[number, number]>) => ({ submitMs: Float64Array.from(jobs, ([s]) => s), mapMs: Float64Array.from(jobs, ([, m]) => m), maps: new Float64Array(jobs.length), reduces: new Float64Array(jobs.length), reduceMs: new Float64Array(jobs.length), field: () => '' });
  it('counts the intervals some job\'s first map runs in, overlaps once', () => {
    expect(busyEpochs(arrivals([]), 1000)).toBe(0);
    expect(busyEpochs(arrivals([[0, 1]]), 1000)).toBe(1);
    expect(busyEpochs(arrivals([[0, 2500], [1000, 500], [2000, 2000]]), 1000)).toBe(4); // [0, 3) and [2, 4): 0 to 4
    expect(busyEpochs(arrivals([[0, 1000], [5000, 1000], [5500, 100]]), 1000)).toBe(2);
    expect(busyEpochs(arrivals([[1500, 0]]), 1000)).toBe(1); // a map of 0 ms inside an interval: that interval
  });
});

describe('sizes that fit', () => {
  it('weeks of 100 ms heartbeats load under plain fair sharing, which jumps the idle gaps (refused with a replication policy above)', () => {
    const file = write('s.json', { ...tiny, cluster: { ...tiny.cluster, heartbeatMs: 100 }, workload: { kind: 'facebook', jobs: 100, meanInterarrivalMs: 2e7 } });
    expect(loadScenario(file).variants[0].scenario.workload).toMatchObject({ meanInterarrivalMs: 2e7 });
  });
});

describe('bad sweeps', () => {
  const base = write('base.json', tiny);
  it.each([
    ['an axis on seed', { base, axes: { seed: [1, 2] } }, 'axes.seed: "seed" cannot be an axis: list the seeds in "seeds"'],
    ['set on a prototype', { base, set: { '__proto__.polluted': 1 } }, 'set.__proto__.polluted: "__proto__.polluted": "__proto__" is not a field'],
    ['a chart metric that does not exist', { base, axes: { 'cluster.racks': [1, 2] }, charts: [{ metric: 'locality.nod' }] }, 'charts[0].metric: "locality.nod" is not a metric'],
    ['a per-run metric by bin', { base, axes: { 'cluster.racks': [1, 2] }, charts: [{ metric: 'jobsPerHour', by: 'bin' }] }, 'charts[0].metric: "jobsPerHour" is not a per-bin metric'],
    ['a name that leaves results/', { name: '../escaped', base }, 'name: name names the output folder results/<name>'],
    ['a name of 300 bytes (mkdir failed with ENAMETOOLONG, exit 1)', { name: 'x'.repeat(300), base }, 'name: name names the output folder results/<name>: it is 300 bytes, above the limit of 200'],
    ['a name with an unpaired surrogate (written as U+FFFD: "x\\ud800" and "x\\udc00" shared a folder)', { name: 'x\ud800', base }, 'name: name names the output folder results/<name>: it may not contain a control character or an unpaired surrogate'],
    ['a name with a newline', { name: 'a\nb', base }, 'name: name names the output folder results/<name>: it may not contain a control character'],
    ['a 1000 x 1000 sweep', { base, axes: { 'cluster.racks': Array.from({ length: 1000 }, (_, i) => i + 1), 'hdfs.replication': Array.from({ length: 1000 }, (_, i) => i + 1) } },
      'axes: 1000 (cluster.racks) x 1000 (hdfs.replication) x 1 seed is 1000000 points, above the limit of 50000'],
    // 2^110 points: the line listed every axis, and the CLI cut it at 1,000 characters before its count and the limit
    ['110 axes of 2 values', { base, axes: Object.fromEntries(Array.from({ length: 110 }, (_, i) => [`workload.x${i}`, [1, 2]])) },
      'axes: 2 (workload.x0) x 2 (workload.x1) x 2 (workload.x2) x ... (104 axes more) ... x 2 (workload.x107) x 2 (workload.x108) x 2 (workload.x109) x 1 seed is 1.298074214633707e+33 points, above the limit of 50000'],
    // a product past a double's range was said as "Infinity points"
    ['110 axes of 1,000 values', { base, axes: Object.fromEntries(Array.from({ length: 110 }, (_, i) => [`workload.x${i}`, Array.from({ length: 1000 }, (_, v) => v)])) },
      'axes: 1000 (workload.x0) x 1000 (workload.x1) x 1000 (workload.x2) x ... (104 axes more) ... x 1000 (workload.x107) x 1000 (workload.x108) x 1000 (workload.x109) x 1 seed is more than 1.7976931348623157e+308 points, above the limit of 50000'],
    ['an axis inside a number', { base, axes: { 'cluster.racks.x': [1] } }, `base ${base} at cluster.racks.x=1: cluster.racks.x: cluster.racks is 2, not an object, so cluster.racks.x cannot be set in it`],
    ['one value twice, its keys in another order (it ran twice, aggregated twice)', { base, axes: { 'scheduler.delay': [{ mode: 'skip', maxSkips: 1 }, { maxSkips: 1, mode: 'skip' }] } },
      'axes.scheduler.delay: value {"maxSkips":1,"mode":"skip"} appears twice'],
    ['a value nested 100,000 deep', `{"base": ${JSON.stringify(base)}, "set": {"description": ${deep(100_000)}}}`,
      `:1:${`{"base": ${JSON.stringify(base)}, "set": {"description": `.length + 63}: arrays and objects nest deeper than 64 levels`],
  ])('%s', (_, content, message) => {
    const file = write('x.sweep.json', content);
    // a field's error at its column of the one line JSON.stringify writes, unless the case says the column (`:1:C: ...`)
    const error = inputError(() => loadSweep(file), file);
    const placed = message.startsWith(':');
    expect(placed ? error : error.replace(/^(\S+\.json):1:\d+: /, '$1: ')).toContain(`${file}${placed ? '' : ': '}${message}`);
  });
});

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the command line: exit 2 and one line, never an internal message', () => {
  const scenario = write('cli.json', tiny);
  it('a zero written so, or a subnormal number, is no number below a double\'s least: it runs', () => {
    for (const set of ['seed=0e-400', 'seed=-0.0', 'tasks.durationJitter=1e-320']) expect(hfsim('run', scenario, '--dry-run', '--set', set).code, set).toBe(0);
  });
  it.each([
    [['run', scenario, '--set', '__proto__.x=1'], `hfsim: --set __proto__.x=1: "__proto__.x": "__proto__" is not a field`],
    [['run', scenario, '--seed', ''], `--seed must be a whole number >= 0, not ""`],
    [['run', scenario, '--set', 'cluster={"racks":3,"racks":4}'], 'hfsim: --set cluster: column 12: "racks" is given twice in one object'],
    // JSON.parse reads 1e400 as Infinity: the field said "must be a number" and the message showed the value as null
    [['run', scenario, '--set', 'cluster.network.coreGbps=1e400'], 'hfsim: --set cluster.network.coreGbps=1e400: 1e400 is beyond the range of a number (it would read as Infinity)\n'],
    [['run', scenario, '--set', 'cluster={"racks":-1e400}'], 'hfsim: --set cluster: column 10: -1e400 is beyond the range of a number (it would read as -Infinity)\n'],
    // and 1e-400 as 0: a seed of 1e-400 ran seed 0, a durationJitter of 1e-400 no jitter (a review's finding)
    [['run', scenario, '--set', 'tasks.durationJitter=1e-400'], 'hfsim: --set tasks.durationJitter=1e-400: 1e-400 is below the least number above 0 a double holds (about 5e-324: it would read as 0)\n'],
    [['run', scenario, '--seed', '1e-400'], "option '--seed <n>' argument '1e-400' is invalid. 1e-400 is below the least number above 0 a double holds"],
    [['run', scenario, '--set', 'seed=-1e-400'], 'hfsim: --set seed=-1e-400: -1e-400 is above the greatest number below 0 a double holds (about -5e-324: it would read as -0)\n'],
    [['run', scenario, '--workers', '100000'], '--workers is 100000, above the limit of 256'],
    // the limit as it is: 2147483.5 is taken, and the message had said "above the limit of 2147483"
    [['sweep', 'scenarios/skip-count.sweep.json', '--point-timeout', '2147483.7', '--dry-run'], '--point-timeout is 2147483.7 seconds, above the limit of 2147483.647 (2^31 - 1 ms, 24.8 days)'],
    // digits past 2^53 were told to be "a whole number >= 1"
    [['run', scenario, '--workers', '99999999999999999999'], '--workers is 99999999999999999999, above the limit of 256'],
    // a value --set gave is the --set's, not the file's or a variant's (it said `cli.json: variant "FIFO": seed: ...`)
    [['run', scenario, '--set', 'seed=-3'], 'hfsim: --set seed=-3: seed: seed must not be negative\n'],
    [['run', scenario, '--set', 'cluster={"racks":0}'], 'hfsim: --set cluster={"racks":0}: cluster.racks: racks must be at least 1\n'],
    // capacity shares the slots by its queues' capacities: a pool weight the scenario writes ran and changed nothing
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","pools":[{"name":"q","weight":3}]}'], 'scheduler.pools[0].weight: policy "capacity" ignores weight (it shares the slots by the queues\' capacities; "hfs" reads weights): remove it, or set the queue\'s capacity\n'],
    // the capacity scheduler has no min shares: one starved its queue for good past its capacity share (its jobs skipped the locality wait)
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","pools":[{"name":"q","minMaps":3}]}'], 'scheduler.pools[0].minMaps: policy "capacity" ignores minMaps (a queue\'s capacity is its guarantee; "hfs" reads min shares): remove it, or set the queue\'s capacity\n'],
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","parentPools":[{"name":"r","minReduces":2}]}'], 'scheduler.parentPools[0].minReduces: policy "capacity" ignores minReduces (a queue\'s capacity is its guarantee; "hfs" reads min shares): remove it, or set the queue\'s capacity\n'],
    // ... and so were a pool's maxMaps (a queue of maxMaps 1 ran 4 maps at once) and scheduling mode (the queue's orderingPolicy rules)
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","pools":[{"name":"q","maxMaps":1}]}'], 'scheduler.pools[0].maxMaps: policy "capacity" ignores maxMaps (a queue\'s maxCapacity caps it; "hfs" reads maxMaps): remove it\n'],
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","parentPools":[{"name":"r","maxReduces":1}]}'], 'scheduler.parentPools[0].maxReduces: policy "capacity" ignores maxReduces (a queue\'s maxCapacity caps it; "hfs" reads maxReduces): remove it\n'],
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","pools":[{"name":"q","schedulingMode":"fifo"}]}'], 'scheduler.pools[0].schedulingMode: policy "capacity" ignores schedulingMode (a queue\'s orderingPolicy orders its jobs; "hfs" reads schedulingMode): remove it\n'],
    [['run', scenario, '--set', 'scheduler={"policy":"capacity","defaultSchedulingMode":"fifo"}'], 'scheduler.defaultSchedulingMode: policy "capacity" ignores defaultSchedulingMode (a queue\'s orderingPolicy orders its jobs; "hfs" reads it): remove it, or set the queues\' orderingPolicy\n'],
    [['run', scenario, '--set', 'scheduler.delay={"mode":"wait","clock":"Hadoop"}'], 'scheduler.delay.clock: clock must be "paper" or "hadoop", not "Hadoop" (did you mean "hadoop"?)\n'],
    [['run', scenario, '--set', 'scheduler={"policy":"hfs","preemption":{"enabled":true,"config":{"rounding":"Hadoop"}}}'], 'scheduler.preemption.config.rounding: rounding must be "floor" or "hadoop", not "Hadoop" (did you mean "hadoop"?)\n'],
    // a petabit NIC at most: at 1e15 Gbps the fluid model's carried MB were lost to rounding (crossRackMB 0, exit 0)
    [['run', scenario, '--set', 'cluster.network.nicGbps=1e15'], 'cluster.network.nicGbps: nicGbps is 1000000000000000, above the limit of 1000000\n'],
    [['run', scenario, '--set', 'cluster.network.diskReadMBps=2e6'], 'cluster.network.diskReadMBps: diskReadMBps is 2000000, above the limit of 1000000\n'],
    // each command points to its own help (bench, bench compare and sweep merge pointed nowhere; run to hfsim --help)
    [['run', scenario, '--sed', '1'], '(Did you mean one of --seed, --set?)\n(run hfsim run --help for usage)\n'],
    [['bench', '--jsn', 'x'], '(run hfsim bench --help for usage)\n'],
    [['bench', 'compare', 'a.json', 'b.json', '--jsn'], '(run hfsim bench compare --help for usage)\n'],
    [['sweep', 'merge', 'a', '--out', 'b', '--ot', 'c'], '(run hfsim sweep merge --help for usage)\n'],
    // a misspelt required option is named as one (it read "required option '--html <file>' not specified", no suggestion)
    [['report', 'r.json', '--htm', 'r.html'], "error: unknown option '--htm'\n(Did you mean --html?)\n(run hfsim report --help for usage)\n"],
    [['sweep', 'merge', 'a', '--ot', 'b'], "error: unknown option '--ot'\n(Did you mean --out?)\n(run hfsim sweep merge --help for usage)\n"],
    [['report', 'r.json'], "error: required option '--html <file>' not specified\n(run hfsim report --help for usage)\n"],
    [['sweep', 'merge', 'a'], "error: required option '--out <dir>' not specified\n(run hfsim sweep merge --help for usage)\n"],
    [['sweep', write('p.sweep.json', { base: scenario }), '--parallel', '100000'], '--parallel is 100000, above the limit of 256'],
    // run's --workers on a sweep: "unknown option '--workers'" with no word of --parallel
    [['sweep', write('w.sweep.json', { base: scenario }), '--workers', '4'], "a sweep's points run on --parallel n workers (--workers is hfsim run's, for its rack threads): give --parallel 4"],
    // a library audit's finding: "--threads" read "unknown option '--threads'", with no word of --runtime threads
    [['run', scenario, '--threads', '2'], 'hfsim has no --threads: racks run on n worker threads with --runtime threads --workers 2 (README "Threads")'],
    // with no value, at the end or before another flag, it read commander's "argument missing" or "took --dry-run as its value"
    [['run', scenario, '--threads'], 'error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers n (README "Threads")'],
    [['run', scenario, '--threads='], 'error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers n (README "Threads")'],
    [['run', scenario, '--threads', '--dry-run'], 'error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers n (README "Threads")'],
    [['run', scenario, '--threads=', '--dry-run'], 'error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers n (README "Threads")'],
    [['run', '--threads', scenario, '--dry-run'], 'error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers n (README "Threads")'],
    [['run', scenario, '--threads=3', '--dry-run'], 'error: hfsim has no --threads: racks run on n worker threads with --runtime threads --workers 3 (README "Threads")'],
    [['sweep', write('q.sweep.json', { base: scenario }), '--shard', '0/100000000000000000000000'], '--shard 0/100000000000000000000000: expected i/n with 0 <= i < n'],
    [['run', write('fb.json', { workload: { kind: 'facebook', jobs: 1e9 } })], 'workload.jobs: jobs is 1000000000, above the limit of 1000000'],
    // two outputs on one stdout were written one after the other, exit 0: a CSV then a JSON, neither one's format
    [['run', scenario, '--json', '--jobs-csv', '/dev/stdout'], 'hfsim: --jobs-csv /dev/stdout: --json prints on stdout too, and the two together are neither JSON nor CSV: give one of them a file\n'],
    [['run', scenario, '--out', '/dev/stdout', '--html', '/dev/fd/1', '--dry-run'], 'hfsim: --html /dev/fd/1: --out /dev/stdout writes on stdout too, and the two together are neither JSON nor HTML: give one of them a file\n'],
    // a fuzzing pass's finding: the chart replaced the document after every experiment had run
    [['experiments', '--quick', '--only', 'analytic-skip', '--out', join(dir, 'analytic-skip.svg'), '--svg-dir', dir], `--svg-dir's chart ${join(dir, 'analytic-skip.svg')}: the same file as --out ${join(dir, 'analytic-skip.svg')}`],
  ])('hfsim %j', (args, message) => {
    const r = hfsim(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/ failed: |    at |Cannot read|Maximum call stack/);
  });

  it('an output that is the file stdout is redirected to counts as stdout: --json --jobs-csv r.txt > r.txt lost the JSON, exit 0', () => {
    const out = join(dir, 'same.txt');
    const sh = (args: string) => spawnSync('bash', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${args}`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    const r = sh(`run ${JSON.stringify(scenario)} --json --jobs-csv same.txt --no-progress > same.txt`);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('hfsim: --jobs-csv same.txt (the file stdout goes to): --json prints on stdout too, and the two together are neither JSON nor CSV: give one of them a file\n');
    // /dev/null takes any number of outputs
    expect(sh(`run ${JSON.stringify(scenario)} --json --jobs-csv /dev/null --no-progress > /dev/null`).status).toBe(0);
    // one output beside the table: the table goes where it went (the command's stdout), the CSV to its file
    expect(sh(`run ${JSON.stringify(scenario)} --jobs-csv other.txt --no-progress > ${JSON.stringify(out)}`).status).toBe(0);
    // an output into the file stdout goes to: the table goes aside, to stderr (it went to the file the output replaced, lost)
    const aside = sh(`run ${JSON.stringify(scenario)} --jobs-csv same.txt --no-progress > same.txt`);
    expect(aside.status).toBe(0);
    expect(readFileSync(join(dir, 'same.txt'), 'utf8').startsWith('variant,')).toBe(true);
    expect(aside.stderr).toMatch(/^tiny: 1 job \(4 maps\)/m);
  });

  it('capacity lets a pool\'s schedulingMode "fair" pass, as it lets defaultSchedulingMode "fair" (hfs\'s default; "fifo" is refused)', () => {
    for (const set of ['scheduler={"policy":"capacity","pools":[{"name":"q","schedulingMode":"fair"}]}', 'scheduler={"policy":"capacity","defaultSchedulingMode":"fair"}']) {
      const r = hfsim('run', scenario, '--set', set, '--no-progress');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
  });

  it('an input larger than V8\'s longest string is refused by its size at once, and a device that never ends too (4.8 GB and 49 s, then a wrong "not UTF-8 text"; /dev/zero: no end)', () => {
    const big = write('big.tsv', '');
    truncateSync(big, 600 * 2 ** 20); // sparse: no 600 MB written
    // a device has no size: it said "the trace file is larger, above the limit of ..."
    for (const [trace, said] of [[big, 'is 629145600 bytes, above the limit of 536870888 bytes for an input file'], ['/dev/zero', 'gave more than 536870888 bytes, the limit for an input file']]) {
      const started = Date.now();
      const file = write('big.json', { ...tiny, workload: { kind: 'swim', trace } });
      const r = hfsim('run', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`hfsim: ${file}: workload.trace: ${trace}: the trace file ${said} (V8's longest string)\n`);
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  });

  it('a scenario read from a pipe (a process substitution) runs: the parallel pre-start no longer reads it first and leaves nothing', () => {
    const r = spawnSync('bash', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} run <(cat ${JSON.stringify(scenario)}) --json --no-progress`], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).summary.jobs).toBeGreaterThan(0);
  });

  it('an allocation file\'s pool weights, min shares, caps and modes under capacity are told, not refused: the file may serve an hfs variant too, and its pools\' other settings hold', () => {
    const r = hfsim('run', join(ROOT, 'scenarios', 'allocations', 'sample.json'), '--variant', 'MR1 fair-scheduler.xml', '--set', 'scheduler.policy=capacity', '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    // its maxMaps 25 and schedulingMode fifo were said to hold: capacity reads neither (a queue of maxMaps 1 ran 4 maps)
    expect(r.stderr).toBe('hfsim: warning: fair-scheduler.xml: pool "sample_pool": policy "capacity" ignores weight, minMaps, minReduces, maxMaps, maxReduces and schedulingMode (the queues\' capacities, maxCapacity and orderingPolicy take their place; "hfs" reads them); its job limits and fair-share preemption settings hold\n' +
      // its minSharePreemptionTimeout: capacity has no min shares, so it never fires
      'hfsim: warning: fair-scheduler.xml: pool "sample_pool"\'s <minSharePreemptionTimeout>: changes nothing under policy "capacity": it has no min shares (a queue\'s capacity is its guarantee), so only fair-share preemption acts\n');
    const own = hfsim('run', join(ROOT, 'scenarios', 'capacity.json'), '--variant', 'Capacity 60/20/20', '--set', 'scheduler.minSharePreemptionTimeoutMs=5000', '--set', 'scheduler.preemption={"enabled":true}', '--no-progress');
    expect(own.code, own.stderr).toBe(0);
    expect(own.stderr).toBe(`hfsim: warning: ${join(ROOT, 'scenarios', 'capacity.json')}: scheduler.preemption.enabled: no pool has a fair-share preemption timeout (scheduler.fairSharePreemptionTimeoutMs, or a pool's own; it defaults to never, and under capacity, which has no min shares, no other timeout fires), so nothing is ever preempted\n` +
      `hfsim: warning: ${join(ROOT, 'scenarios', 'capacity.json')}: scheduler.minSharePreemptionTimeoutMs: changes nothing under policy "capacity": it has no min shares (a queue's capacity is its guarantee), so only fair-share preemption acts\n`);
    // a pool the scenario writes: named in the scenario's words
    const pool = hfsim('run', join(ROOT, 'scenarios', 'capacity.json'), '--variant', 'Capacity 60/20/20', '--set', 'scheduler.pools=[{"name":"adhoc","minSharePreemptionTimeoutMs":1000},{"name":"research","minSharePreemptionTimeoutMs":1000}]', '--no-progress');
    expect(pool.code, pool.stderr).toBe(0);
    expect(pool.stderr).toBe(`hfsim: warning: ${join(ROOT, 'scenarios', 'capacity.json')}: pool "adhoc"'s minSharePreemptionTimeoutMs, pool "research"'s minSharePreemptionTimeoutMs: change nothing under policy "capacity": it has no min shares (a queue's capacity is its guarantee), so only fair-share preemption acts\n`);
  });

  it('a message quoting a value of 200,000 characters cuts it (a 5 MB trace column was one line of stderr)', () => {
    const trace = write('t.tsv', `job0\t1\t1\t${'1'.repeat(200_000)}x\t1\t1\n`);
    const r = hfsim('run', write('s.json', { ...tiny, workload: { kind: 'swim', trace } }));
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(1200);
    // the middle is cut, not the end, which says what is wrong (it was lost: '"111... (199090 characters more)')
    expect(r.stderr).toMatch(/^hfsim: .*t\.tsv:1: column 4 \(input bytes\): "1+ \.\.\. \(\d+ characters left out\) \.\.\. 1+x" is not a non-negative number\n$/);
  });

  it('an output path of 4,000 characters is cut in the middle: the message still ends saying what is wrong with it', () => {
    const long = Array.from({ length: 21 }, () => 'c'.repeat(200)).join('/');
    const r = hfsim('run', write('s.json', tiny), '--out', `${long}/r.json`);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(1200);
    expect(r.stderr).toMatch(/^hfsim: --out c+\/.* \.\.\. \(\d+ characters left out\) \.\.\. [c/]+ does not exist\n$/); // (the folder, of 4,200 characters)
  });

  it('a map of 2e9 ms reports its response whole (a 2^31 ms duration wrapped to 3.7 s on the wire)', () => {
    const file = write('long.json', { ...tiny, cluster: { ...tiny.cluster, heartbeatMs: 60_000 }, tasks: { rackLocalSlowdown: 1.07, offRackSlowdown: 1.07 },
      workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'j1', input: 'a', mapMs: 2e9 }] } });
    const r = hfsim('run', file, '--json');
    expect(r.code).toBe(0);
    const response = JSON.parse(r.stdout).jobs[0].responseMs as number;
    expect(response).toBeGreaterThanOrEqual(2e9);
    expect(response).toBeLessThan(2e9 * 1.07 + 120_000);
  });
});

describe('large runs print without spreading every job into one call', () => {
  it('compare() over a bin of 300,000 jobs (Math.min(...sizes) overflowed the stack: "run failed: Maximum call stack size exceeded")', async () => {
    const { compare } = await import('../../src/cli/format.js');
    const jobs = Array.from({ length: 300_000 }, (_, i) => ({ id: `j${i}`, pool: 'p', type: 'io', bin: 1, maps: 1, reduces: 0, submitMs: i, finishMs: i + 1, responseMs: 1, nodeLocalMaps: 1, rackLocalMaps: 0, offRackMaps: 0 }));
    const locality = { node: 1, rack: 0, off: 0 };
    const result = {
      variant: 'fair', seed: 1, digest: 'd', jobs, bins: [{ bin: 1, jobs: jobs.length, maps: jobs.length, meanResponseMs: 1, medianResponseMs: 1, locality }],
      summary: { jobs: jobs.length, tasks: jobs.length, maps: jobs.length, reduces: 0, makespanMs: 1, meanResponseMs: 1, medianResponseMs: 1, locality, utilization: 1, reduceUtilization: 0, jobsPerHour: 1 },
      run: { decisionUs: { p99: 1 }, wallMs: 1 },
      config: { cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1 } },
    };
    expect(compare('big', [result as never])).toContain('digest fair: d');
  });
});

describe('the same mistake in every element of a list is shown three times, then counted (a 1,000-job file printed 1,000 lines)', () => {
  const withJobs = (n: number): string => write(`jobs${n}.json`, { ...tiny, workload: { ...tiny.workload, jobs: Array.from({ length: n }, (_, i) => ({ id: `j${i}`, input: 'a', mapMs: 5000, maps: 2 })) } });
  it('six alike: three shown, then "... and 3 more like it" with the indices as [*]; other errors kept in their place', () => {
    const file = withJobs(6);
    const r = hfsim('run', file, '--set', 'cluster.racks=0');
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.filter((l) => l.includes('unknown field "maps"'))).toEqual([
      `hfsim: ${file}:1:202: workload.jobs[0]: unknown field "maps" (a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field)`,
      `hfsim: ${file}:1:248: workload.jobs[1]: unknown field "maps" (a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field)`,
      `hfsim: ${file}:1:294: workload.jobs[2]: unknown field "maps" (a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field)`,
      `hfsim: ... and 3 more like it: ${file}: workload.jobs[*]: unknown field "maps" (a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field)`,
    ]);
    expect(lines.some((l) => l.includes('cluster.racks'))).toBe(true);
  });

  it('four alike are all shown: a count would take the fourth line\'s place', () => {
    const file = withJobs(4);
    const lines = hfsim('run', file).stderr.trimEnd().split('\n');
    expect(lines).toEqual([0, 1, 2, 3].map((i) => `hfsim: ${file}:1:${202 + 46 * i}: workload.jobs[${i}]: unknown field "maps" (a listed job\'s maps are its input file\'s blocks, workload.files[].blocks; "maps" is a generated group\'s field)`));
  });
});
