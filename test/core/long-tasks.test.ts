/** Long-task balancing (SPEC.md 3.8, src/core/long-tasks.ts): the rule, the belief that jobs are long, and whole runs. */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../src/actors/inprocess.js';
import { MasterActor } from '../../src/actors/master-actor.js';
import { simulate } from '../../src/actors/simulate.js';
import type { Job } from '../../src/core/job.js';
import { nodeId as N } from '../../src/core/ids.js';
import { LongTaskBalancer } from '../../src/core/long-tasks.js';
import { parseScenario } from '../../src/core/scenario.js';
import { jobsScenario, loadVariant } from '../helpers.js';

/** The fields the balancer reads of a job. */
const job = (index: number, maps = 4): Job => ({ index, maps, runningMaps: 0, pendingMaps: maps }) as unknown as Job;

/** A balancer over `nodes` nodes with `counts[n]` long tasks on node n, launched by jobs 10, 11, ... one map each. */
function withCounts(counts: number[]): LongTaskBalancer {
  const b = new LongTaskBalancer({ shortTaskMs: 60_000 }, 100, counts.length);
  let j = 10;
  counts.forEach((c, node) => {
    for (let i = 0; i < c; i++) b.mapLaunched(job(j++, 1), 0, N(node), 0);
  });
  return b;
}

describe('the rule: no long task on a node running more long tasks than the average', () => {
  it.each([
    // counts per node, node asked, admits a long job?
    { counts: [0, 0, 0, 0], node: 0, admits: true }, // nothing runs: average 0, node 0
    { counts: [1, 0, 0, 0], node: 0, admits: false }, // 1 > 0.25
    { counts: [1, 0, 0, 0], node: 1, admits: true },
    { counts: [1, 1, 1, 1], node: 2, admits: true }, // at the average: not more than it
    { counts: [2, 1, 1, 0], node: 0, admits: false }, // 2 > 1
    { counts: [2, 1, 1, 0], node: 1, admits: true },
    { counts: [3, 3, 0, 0], node: 1, admits: false }, // 3 > 1.5
    { counts: [3, 3, 3, 2], node: 3, admits: true },
    { counts: [3, 3, 3, 2], node: 0, admits: false }, // 3 > 2.75
  ])('$counts, node $node: $admits', ({ counts, node, admits }) => {
    const b = withCounts(counts);
    expect(b.longTasks).toBe(counts.reduce((a, c) => a + c, 0));
    expect(b.admits(job(0), N(node))).toBe(admits);
  });

  it('a job proven short is admitted anywhere', () => {
    const b = withCounts([5, 0, 0, 0]);
    const j = job(0, 2);
    b.mapLaunched(j, 0, N(1), 0);
    expect(b.admits(j, N(0))).toBe(false);
    b.mapFinished(j, 0, N(1), 30_000);
    expect(b.isLong(j)).toBe(false);
    expect(b.admits(j, N(0))).toBe(true);
  });
});

describe('jobs are long until their tasks prove short', () => {
  it.each([
    // a map of the job finishes `afterMs` after its launch: short when within shortTaskMs (60 s)
    { afterMs: 1, long: false },
    { afterMs: 60_000, long: false },
    { afterMs: 60_001, long: true },
    { afterMs: 600_000, long: true },
  ])('a map done after $afterMs ms: long $long', ({ afterMs, long }) => {
    const b = new LongTaskBalancer({ shortTaskMs: 60_000 }, 4, 3);
    const j = job(0, 3);
    expect(b.isLong(j)).toBe(true); // new
    b.mapLaunched(j, 0, N(0), 1000);
    b.mapLaunched(j, 1, N(1), 1000);
    b.mapLaunched(j, 2, N(1), 2000);
    expect([...b.longOn]).toEqual([1, 2, 0]);
    b.mapFinished(j, 0, N(0), 1000 + afterMs);
    expect(b.isLong(j)).toBe(long);
    // proven short: its running maps stop counting; still long: only the finished one stops
    expect([...b.longOn]).toEqual(long ? [0, 2, 0] : [0, 0, 0]);
    expect(b.longTasks).toBe(long ? 2 : 0);
  });

  it('a killed map stops counting; a short job launches without counting', () => {
    const b = new LongTaskBalancer({ shortTaskMs: 1000 }, 4, 2);
    const a = job(0, 2);
    b.mapLaunched(a, 0, N(0), 0);
    b.mapLaunched(a, 1, N(1), 0);
    b.mapKilled(a, 1);
    expect([...b.longOn]).toEqual([1, 0]);
    b.mapFinished(a, 0, N(0), 500); // short now
    b.mapLaunched(a, 1, N(1), 600);
    expect([...b.longOn]).toEqual([0, 0]);
  });
});

describe('whole runs', () => {
  /** Launches of long-believed jobs on a node already above the average, over a run of long-tasks.json. */
  function aboveAverageLaunches(variant: string): { launches: number; above: number } {
    const s = loadVariant('long-tasks.json', variant);
    let launches = 0;
    let above = 0;
    const nodes = s.cluster.racks * s.cluster.nodesPerRack;
    // An independent count beside the run (the run's own balancer exists only with balancing on).
    const shadow = new LongTaskBalancer({ shortTaskMs: 60_000 }, 1000, nodes);
    const master: MasterActor = new MasterActor(s, {
      timeDecisions: false,
      observer: {
        launched(now, node, j, task) {
          if (task < 0) return;
          const jobObj = master.scheduler.jobs[j]!;
          if (shadow.isLong(jobObj)) {
            launches++;
            if (!shadow.admits(jobObj, N(node))) above++;
          }
          shadow.mapLaunched(jobObj, task, N(node), now);
        },
        finished(now, node, j, task) {
          if (task >= 0) shadow.mapFinished(master.scheduler.jobs[j]!, task, N(node), now);
        },
      },
    });
    runInProcess(master);
    return { launches, above };
  }

  it('with balancing no long-believed job launches on a node above the average; without, many do', () => {
    const on = aboveAverageLaunches('HFS + delay + long-task balancing');
    const off = aboveAverageLaunches('HFS + delay');
    expect(on.launches).toBeGreaterThan(100);
    expect(on.above).toBe(0);
    expect(off.above).toBeGreaterThan(50);
  });

  it('long-tasks.json: balancing raises node locality (the queries gain, the long jobs lose)', async () => {
    const off = await simulate(loadVariant('long-tasks.json', 'HFS + delay'), { timeDecisions: false });
    const on = await simulate(loadVariant('long-tasks.json', 'HFS + delay + long-task balancing'), { timeDecisions: false });
    expect(on.summary.locality.node).toBeGreaterThan(off.summary.locality.node + 0.15);
    const queries = (r: typeof on) => r.pools!.find((p) => p.name === 'queries')!;
    expect(queries(on).meanResponseMs!).toBeLessThan(queries(off).meanResponseMs!);
  });

  it('off by default: a scenario without scheduler.longTasks has no balancer', () => {
    const parsed = parseScenario(jobsScenario());
    expect(parsed.ok && parsed.value.scheduler.longTasks).toBe(undefined);
  });

  it.each([
    [{ shortTaskMs: 0 }, 'scheduler.longTasks.shortTaskMs'],
    [{ shortTaskMs: 'x' }, 'scheduler.longTasks.shortTaskMs'],
    [{ shortMs: 5 }, 'scheduler.longTasks'],
    [true, 'scheduler.longTasks'],
  ])('bad config %j is named: %s', (longTasks, field) => {
    const parsed = parseScenario(jobsScenario({ scheduler: { longTasks } }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toContain(field);
  });
});
