/**
 * The output formats' JSON Schemas (schema/result.schema.json, sweep-result.schema.json, sweep-aggregate.schema.json,
 * from src/cli/result-format.ts): what `run --json` and a sweep write fits them, timed and untimed, in-process and on
 * threads; and they refuse what a result must not hold. (test/golden.test.ts checks every canonical variant's result.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR } from '../../src/cli/json-schema.js';
import { ROOT, hfsim, lines, smallSweep, tmp, writeJson } from './sweep-helpers.js';

const ajv = new Ajv({ allErrors: true });
const compile = (file: string) => ajv.compile(JSON.parse(readFileSync(join(ROOT, SCHEMA_DIR, file), 'utf8')) as object);
const validResult = compile('result.schema.json');
const validLine = compile('sweep-result.schema.json');
const validAggregate = compile('sweep-aggregate.schema.json');

const fits = (valid: typeof validResult, value: unknown): string => (valid(value) ? '' : ajv.errorsText(valid.errors));

/** A small fluid scenario with pools and two variants: a run takes well under a second. */
const scenario = {
  name: 'formats',
  cluster: { racks: 2, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, network: { model: 'fluid' } },
  scheduler: { policy: 'hfs', pools: [{ name: 'a', weight: 2, minMaps: 2, minSharePreemptionTimeoutMs: 10000 }, { name: 'b' }], preemption: { enabled: true } },
  workload: { kind: 'generated', groups: [
    { name: 'big', count: 2, maps: 30, mapMs: 15000, reduces: 2, intervalMs: 5000, pool: 'a' },
    { name: 'small', count: 8, maps: 2, mapMs: 8000, intervalMs: 3000, pool: 'b' },
  ] },
  variants: { 'HFS': {}, 'HFS + delay': { 'scheduler.delay': { mode: 'wait', nodeMs: 5000, rackMs: 5000 } } },
};

describe('result formats (schema/)', () => {
  it.each([
    ['in-process, timed', []],
    ['in-process, untimed', ['--no-time-decisions']],
    ['on 2 rack threads', ['--runtime', 'threads', '--workers', '2']],
    ['with a bounded core (the core\'s utilisation series)', ['--set', 'cluster.network.coreGbps=0.5']],
  ])('run --json fits result.schema.json: %s', (_name, flags) => {
    const file = writeJson(tmp('formats'), 'formats.json', scenario);
    const r = hfsim('run', file, '--json', '--no-progress', ...flags);
    expect(r.stderr).toBe('');
    const results = JSON.parse(r.stdout) as Array<Record<string, any>>;
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(fits(validResult, result)).toBe('');
      expect(result.pools).toHaveLength(2);
      expect(result.network.model).toBe('fluid');
      expect('decisionUs' in result.run).toBe(!flags.includes('--no-time-decisions'));
      expect('core' in result.network.utilization).toBe(flags.includes('cluster.network.coreGbps=0.5'));
      // README's order, and the heartbeat interval the run used (the scenario leaves it out: Hadoop's 3 s for 8 nodes)
      expect(Object.keys(result).slice(0, 7)).toEqual(['scenario', 'variant', 'seed', 'config', 'summary', 'bins', 'jobs']);
      expect(Object.keys(result).slice(-2)).toEqual(['run', 'digest']);
      expect(result.config.cluster.heartbeatMs).toBe(3000);
    }
  });

  it.each([
    ['{"mode":"wait"}', { mode: 'wait', nodeMs: 4500, rackMs: 4500, clock: 'paper' }], // Hadoop's min(15 s, 1.5 x 3 s)
    ['{"mode":"wait","nodeMs":2000,"clock":"hadoop"}', { mode: 'wait', nodeMs: 2000, rackMs: 2000, clock: 'hadoop' }],
    ['{"mode":"skip","maxSkips":3}', { mode: 'skip', maxSkips: 3 }],
  ])('config echoes scheduler.delay=%s with the waits the run used (a wait left out was echoed left out), and run again it gives the same digest', (delay, echoed) => {
    const dir = tmp('formats-delay');
    const file = writeJson(dir, 'formats.json', { ...scenario, variants: undefined });
    const first = JSON.parse(hfsim('run', file, '--json', '--no-progress', '--set', `scheduler.delay=${delay}`).stdout) as Record<string, any>;
    expect(first.config.scheduler.delay).toEqual(echoed);
    const again = JSON.parse(hfsim('run', writeJson(dir, 'echoed.json', first.config), '--json', '--no-progress').stdout) as Record<string, any>;
    expect(again.config).toEqual(first.config);
    expect(again.digest).toBe(first.digest);
  });

  it("a sweep's results.jsonl lines and aggregate.json fit theirs", () => {
    const out = join(tmp('formats-sweep'), 'out');
    expect(hfsim('sweep', smallSweep(), '--out', out).code).toBe(0);
    const records = lines(out);
    expect(records).toHaveLength(12);
    for (const line of records) expect(fits(validLine, line)).toBe('');
    const rows = JSON.parse(readFileSync(join(out, 'aggregate.json'), 'utf8')) as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    expect(fits(validAggregate, rows)).toBe('');
  });

  it('refuses a field the format lacks, a NaN written as null, a missing digest, a bin past 9', () => {
    const file = writeJson(tmp('formats'), 'formats.json', { ...scenario, variants: undefined });
    const good = JSON.parse(hfsim('run', file, '--json', '--no-progress').stdout) as Record<string, any>;
    expect(fits(validResult, good)).toBe('');
    const broken: Array<(r: Record<string, any>) => void> = [
      (r) => (r.summary.meanResponseMS = 1),
      (r) => (r.summary.locality.node = null),
      (r) => delete r.digest,
      (r) => (r.bins[0].bin = 10),
      (r) => (r.jobs[0].maps = -1),
      (r) => (r.run.runtime = 'gpu'),
      (r) => (r.network.utilization.up[0][0] = 1.5),
    ];
    for (const change of broken) {
      const r = structuredClone(good);
      change(r);
      expect(validResult(r), String(change)).toBe(false);
    }
    const line: Record<string, any> = { id: 'x', index: 0, group: 'g', values: {}, ...good };
    delete line.config;
    expect(fits(validLine, line)).toBe('');
    expect(validLine({ ...line, config: good.config })).toBe(false);
  });
});
