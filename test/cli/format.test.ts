/** The plain-text tables the CLI prints: one line a row, whatever a cell holds. */
import { describe, expect, it } from 'vitest';
import { compare, table } from '../../src/cli/format.js';
import { simulate } from '../../src/actors/simulate.js';
import { jobsScenario, loadVariant } from '../helpers.js';
import { parseScenario } from '../../src/core/scenario.js';

describe('table', () => {
  it('aligns columns: the first to the left, the rest to the right', () => {
    expect(table(['name', 'n'], [['a', '1'], ['long name', '22']])).toBe('name        n\na           1\nlong name  22');
  });

  it('aligns by terminal columns: a name in CJK takes two a character, an accented one one (padding by length misaligned them)', () => {
    const text = table(['variant', 'ms'], [['公平调度', '1'], ['FIFO', '22'], ['Fair é', '333']]);
    expect(text).toBe('variant    ms\n公平调度    1\nFIFO       22\nFair é    333');
    // every line ends in the same column: 8 columns of names, 2 between, 3 of numbers
    expect(text.split('\n').map((l) => l.replace(/[\u4e00-\u9fff]/g, 'xx').length)).toEqual([13, 13, 13, 13]);
  });

  it('keeps a row on one line when a cell holds a newline or another control character (a sweep axis\'s text split its row)', () => {
    const text = table(['description', 'n'], [['line one\nline two', '1'], ['tab\there\u007f', '2']]);
    expect(text.split('\n')).toHaveLength(3);
    expect(text).toContain('line one\\nline two');
    expect(text).toContain('tab\\there\\u007f');
  });
});

describe('the comparison\'s title', () => {
  it('shows a description\'s newline or terminal escape escaped (it printed a raw escape into the header)', async () => {
    const parsed = parseScenario(jobsScenario({}));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const text = compare('s (a\nb\u001b[31m)', [await simulate(parsed.value, { timeDecisions: false })]);
    expect(text.split('\n')[0]).toMatch(/^s \(a\\nb\\u001b\[31m\): /);
  });

  it('counts in the singular where there is one (dsbra.json\'s one rack read "20 nodes in 1 racks"), with thousands grouped', async () => {
    const one = parseScenario(jobsScenario({
      cluster: { racks: 1, nodesPerRack: 1, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      workload: { kind: 'jobs', files: [{ name: 'a', blocks: 1 }], jobs: [{ id: 'j', submitMs: 0, input: 'a', mapMs: 1000, reduces: 0 }] },
    }));
    if (!one.ok) throw new Error(one.errors.join('\n'));
    expect(compare('one', [await simulate(one.value, { timeDecisions: false })]).split('\n')[0])
      .toBe('one: 1 job (1 map), 1 node in 1 rack, 1 map + 1 reduce slots, seed 1');
    const many = parseScenario(jobsScenario({
      cluster: { racks: 2, nodesPerRack: 600, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      workload: { kind: 'generated', groups: [{ name: 'g', count: 1001, maps: 1, mapMs: 1000, intervalMs: 100 }] },
    }));
    if (!many.ok) throw new Error(many.errors.join('\n'));
    expect(compare('many', [await simulate(many.value, { timeDecisions: false })]).split('\n')[0])
      .toBe('many: 1,001 jobs (1,001 maps), 1,200 nodes in 2 racks, 1,200 map + 1,200 reduce slots, seed 1');
  });
});

describe('the comparison\'s description of variants', () => {
  const jobs = (n: number) => ({
    cluster: { racks: 1, nodesPerRack: 2, mapSlotsPerNode: 1, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
    workload: { kind: 'generated', groups: [{ name: 'g', count: n, maps: 1, mapMs: 1000, intervalMs: 100 }] },
  });
  const run = async (variant: string, n: number) => {
    const parsed = parseScenario(jobsScenario(jobs(n)));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    return { ...(await simulate(parsed.value, { timeDecisions: false })), variant };
  };

  it('is one line when every variant ran the same cluster, workload and seed', async () => {
    const text = compare('same', [await run('a', 2), await run('b', 2)]);
    expect(text.split('\n')[0]).toBe('same: 2 jobs (2 maps), 2 nodes in 1 rack, 2 map + 2 reduce slots, seed 1');
  });

  it('is a line a variant when they differ: the first\'s alone ("2 jobs") was read as every variant\'s', async () => {
    const text = compare('differ', [await run('a', 2), await run('b', 5)]);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'differ:',
      '  a: 2 jobs (2 maps), 2 nodes in 1 rack, 2 map + 2 reduce slots, seed 1',
      '  b: 5 jobs (5 maps), 2 nodes in 1 rack, 2 map + 2 reduce slots, seed 1',
    ]);
  });
});

describe('the kills table', () => {
  it('is printed for a policy that kills without pools (Quincy: its slot time lost was in the result and the report only)', async () => {
    const r = await simulate(loadVariant('quincy.json', 'Quincy'), { variant: 'Quincy', timeDecisions: false });
    expect(r.summary.killedTasks).toBeGreaterThan(0);
    expect(r.pools).toBeUndefined();
    const lines = compare('quincy', [r]).split('\n');
    const at = lines.indexOf('Preemption: tasks killed and slot time lost (s)');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2].split(/ +/)).toEqual(['Quincy', String(r.summary.killedTasks), r.summary.lostSlotSeconds!.toFixed(1)]);
  });
});

describe('the by-bin tables of variants whose workloads differ', () => {
  // A variant may change the workload: its bins were listed only where the first variant had jobs, so a bin of its own
  // (here B's one-map jobs, bin 1) was left out of both tables, silently.
  it('list every variant\'s bins, with the maps and jobs of the first variant that has the bin; a bin the first variant lacks has no speedup', async () => {
    const run = async (groups: object[], variant: string) => {
      const parsed = parseScenario(jobsScenario({ workload: { kind: 'generated', groups } }));
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      return simulate(parsed.value, { variant, timeDecisions: false });
    };
    const a = await run([{ name: 'g', count: 3, maps: 2, mapMs: 1000 }], 'A');
    const b = await run([{ name: 'h', count: 2, maps: 1, mapMs: 1000 }, { name: 'g', count: 1, maps: 2, mapMs: 1000 }], 'B');
    expect(a.bins.map((x) => x.bin)).toEqual([2]);
    expect(b.bins.map((x) => x.bin)).toEqual([1, 2]);
    const lines = compare('two', [a, b]).split('\n');
    const rows = (title: string) => lines.slice(lines.findIndex((l) => l.startsWith(title)) + 2).slice(0, 2).map((l) => l.split(/ {2,}/));
    const mean = (r: typeof a, bin: number) => (r.bins.find((x) => x.bin === bin)!.meanResponseMs / 1000).toFixed(1);
    expect(rows('Mean response time by job size bin')).toEqual([
      ['1', '1', '2', '-', mean(b, 1)],
      ['2', '2', '3', mean(a, 2), `${mean(b, 2)} (${(a.bins[0].meanResponseMs / b.bins[1].meanResponseMs).toFixed(2)}x)`],
    ]);
    expect(rows('Node locality by bin').map((r) => r[0])).toEqual(['1', '2']);
  });
});
