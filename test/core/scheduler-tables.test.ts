/**
 * The scheduler core's decisions, one table per plugin, driven with a recording sink (decision-driver.ts: no runtime,
 * no actors). Each row is a tiny cluster state (the jobs, and the heartbeats that built it) and the steps whose
 * decisions it checks: `n<node> map <job>/<map> <locality> <duration>`, reduces with their copy and compute phases,
 * kills. Nodes n0, n1 are rack 0 and n2, n3 rack 1; maps take 10 s node-local, x1.2 rack-local, x2 off-rack (IO jobs;
 * CPU jobs feel a tenth of the slowdown); each heartbeat is 750 ms before the cluster's next.
 */
import { describe, expect, it } from 'vitest';
import { DecisionDriver, type JobRow, type Step } from './decision-driver.js';

interface Row {
  name: string;
  jobs: JobRow[];
  /** Steps that build the state; their decisions are not checked. */
  given?: Step[];
  /** The steps checked, and their decisions. */
  then: Step[];
  want: string[];
  scheduler?: Record<string, unknown>;
}

function table(scheduler: Record<string, unknown>, rows: Row[], cluster: Record<string, number> = {}): void {
  it.each(rows)('$name', (row) => {
    const d = new DecisionDriver(row.jobs, { ...scheduler, ...row.scheduler }, {}, cluster);
    d.run(row.given ?? []);
    expect(d.run(row.then)).toEqual(row.want);
  });
}

const at = (node: number, atMs: number, more: Omit<Step & { node: number }, 'node' | 'atMs'> = {}): Step => ({ node, atMs, ...more });

describe('FIFO', () => table({ policy: 'fifo', delay: { mode: 'none' } }, [
  { name: 'the head job takes the slot at any locality', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map A/0 off 20000ms'] },
  { name: 'priority before submit time', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0], priority: 'HIGH', submitMs: 0 }],
    then: [at(0, 0)], want: ['n0 map B/0 node 10000ms'] },
  { name: 'node-local first; an off-rack launch ends the heartbeat\'s maps', jobs: [{ id: 'A', blocks: [3, 3, 0] }],
    then: [at(0, 0, { maps: 3 })], want: ['n0 map A/2 node 10000ms', 'n0 map A/0 off 20000ms'] },
  { name: 'one reduce a heartbeat', jobs: [{ id: 'A', blocks: [0], reduces: 2 }], given: [at(0, 0)],
    then: [at(0, 3000, { maps: 0, reduces: 2, finished: [['A', 0]] })], want: ['n0 reduce A/r0 copy 0ms compute 1000ms maps done'] },
]));

// SPEC.md 3.4: "Delay applies to FIFO too" (the paper doubles FIFO's throughput with small jobs by it).
describe('FIFO with delay scheduling', () => table({ policy: 'fifo', delay: { mode: 'skip', maxSkips: 1 } }, [
  { name: 'the head job without a local map is skipped; the next job launches node-local', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map B/0 node 10000ms'] },
  { name: 'after maxSkips skips the head job launches where it can', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0] }], given: [at(0, 0)],
    then: [at(1, 750)], want: ['n1 map A/0 off 20000ms'] },
]));

describe('naive fair', () => table({ policy: 'fair', delay: { mode: 'none' } }, [
  { name: 'the job with the fewest running maps first', jobs: [{ id: 'A', blocks: [3, 3] }, { id: 'B', blocks: [0] }], given: [at(2, 1500)],
    then: [at(0, 3000)], want: ['n0 map B/0 node 10000ms'] },
  { name: 'ties by submit time, at any locality', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map A/0 off 20000ms'] },
  { name: 'every free slot, re-ordering after each launch', jobs: [{ id: 'A', blocks: [0, 0] }, { id: 'B', blocks: [0, 0] }],
    then: [at(0, 0, { maps: 3 })], want: ['n0 map A/0 node 10000ms', 'n0 map B/0 node 10000ms', 'n0 map A/1 node 10000ms'] },
]));

describe('delay scheduling: skip count', () => table({ policy: 'fair', delay: { mode: 'skip', maxSkips: 1 } }, [
  { name: 'a job with no local map is skipped; the next launches node-local', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map B/0 node 10000ms'] },
  { name: 'after maxSkips skips it launches where it can', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0] }], given: [at(0, 0)],
    then: [at(1, 750)], want: ['n1 map A/0 off 20000ms'] },
  { name: 'a node-local launch resets the count', jobs: [{ id: 'A', blocks: [3, 1] }, { id: 'B', blocks: [0, 0] }], given: [at(0, 0)],
    then: [at(1, 750), at(0, 3000)], want: ['n1 map A/1 node 10000ms', 'n0 map B/1 node 10000ms'] },
  { name: 'skipped once a heartbeat, however many slots', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0, 0] }],
    then: [at(0, 0, { maps: 2 })], want: ['n0 map B/0 node 10000ms', 'n0 map B/1 node 10000ms'] },
]));

describe('delay scheduling: two-level wait', () => table({ policy: 'fair', delay: { mode: 'wait', nodeMs: 1500, rackMs: 1500 } }, [
  { name: 'node-local only until it has waited nodeMs, then rack-local', jobs: [{ id: 'A', blocks: [1] }, { id: 'B', blocks: [0, 0, 0] }],
    then: [at(0, 0), at(0, 3000), at(0, 6000)], want: ['n0 map B/0 node 10000ms', 'n0 map B/1 node 10000ms', 'n0 map A/0 rack 12000ms'] },
  { name: 'then rackMs more before any locality', jobs: [{ id: 'A', blocks: [3] }, { id: 'B', blocks: [0, 0, 0, 0] }],
    then: [at(0, 0), at(0, 3000), at(0, 6000), at(0, 9000), at(0, 12_000)],
    want: ['n0 map B/0 node 10000ms', 'n0 map B/1 node 10000ms', 'n0 map B/2 node 10000ms', 'n0 map B/3 node 10000ms', 'n0 map A/0 off 20000ms'] },
  { name: 'the wait grows only while skipped: a job with nothing to skip for stays at node level',
    jobs: [{ id: 'A', blocks: [1, 3] }, { id: 'B', blocks: [0] }], given: [at(1, 750)],
    then: [at(0, 3000), at(0, 6000)], want: ['n0 map B/0 node 10000ms'] },
]));

describe('DSFS: the job-type rule', () => table({ policy: 'fair', delay: { mode: 'wait', nodeMs: 1500 }, jobTypeRule: true }, [
  { name: 'a CPU-bound job goes rack-local at once', jobs: [{ id: 'A', blocks: [1], type: 'cpu' }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map A/0 rack 10200ms'] },
  { name: 'an IO-bound job waits', jobs: [{ id: 'A', blocks: [1], type: 'io' }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map B/0 node 10000ms'] },
  { name: 'a CPU-bound job still waits to go off-rack', jobs: [{ id: 'A', blocks: [3], type: 'cpu' }, { id: 'B', blocks: [0] }],
    then: [at(0, 0)], want: ['n0 map B/0 node 10000ms'] },
]));

describe('HFS: pools, min shares, preemption', () => table({ policy: 'hfs', delay: { mode: 'none' }, pools: [{ name: 'p', minMaps: 2 }, { name: 'q' }] }, [
  { name: 'a pool below its min share first', jobs: [{ id: 'A', blocks: [0], pool: 'q' }, { id: 'B', blocks: [3], pool: 'p' }],
    then: [at(0, 0)], want: ['n0 map B/0 off 20000ms'] },
  { name: 'pools tied on running / weight go by name, not by their jobs\' submit times (a pool\'s start time is 0, as in Hadoop)',
    scheduler: { pools: [{ name: 'p' }, { name: 'q' }] },
    jobs: [{ id: 'A', blocks: [3], pool: 'q' }, { id: 'B', blocks: [2], pool: 'p', submitMs: 100 }],
    then: [at(0, 750)], want: ['n0 map B/0 off 20000ms'] },
  { name: 'at its min share, pools share by running tasks', jobs: [{ id: 'A', blocks: [0, 1, 2], pool: 'q' }, { id: 'B', blocks: [0, 1, 2], pool: 'p' }],
    given: [at(0, 0), at(1, 750)], then: [at(2, 1500)], want: ['n2 map A/2 node 10000ms'] },
  { name: 'a pool starved past its min-share timeout takes its min share back from the newest tasks of a pool over its share',
    scheduler: { minSharePreemptionTimeoutMs: 3000, preemption: { enabled: true, intervalMs: 3000 } },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'q' }, { id: 'B', blocks: [0, 1], pool: 'p', submitMs: 2500 }],
    given: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250), { tickTo: 3000 }], then: [{ tickTo: 6000 }], want: ['n3 kill A/3', 'n2 kill A/2'] },
  { name: 'not before the timeout', scheduler: { minSharePreemptionTimeoutMs: 3000, preemption: { enabled: true, intervalMs: 3000 } },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'q' }, { id: 'B', blocks: [0, 1], pool: 'p', submitMs: 2500 }],
    given: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250)], then: [{ tickTo: 3000 }], want: [] },
]));

describe('HFS: a fair-mode pool\'s jobs by running / weight', () => table({ policy: 'hfs', delay: { mode: 'none' }, pools: [{ name: 'p', schedulingMode: 'fair' }] }, [
  { name: 'size-based weights: a job whose maps are done (demand 0, weight log2(1) = 0) does not tie with the others: C (0 running) before A (1 of 4)',
    scheduler: { sizeBasedWeight: true },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'p' }, { id: 'B', blocks: [1], submitMs: 100, reduces: 1, pool: 'p' }, { id: 'C', blocks: [0, 1, 2, 3], submitMs: 200, pool: 'p' }],
    given: [at(0, 0), at(1, 750)], then: [at(1, 3750, { finished: [['B', 0]] })], want: ['n1 map C/1 node 10000ms'] },
  { name: 'size-based weights: 1 running of demand 7 (weight 3) before 1 of demand 3 (weight 2)',
    scheduler: { sizeBasedWeight: true },
    jobs: [{ id: 'A', blocks: [0, 1, 2], pool: 'p' }, { id: 'B', blocks: [1, 0, 1, 2, 3, 0, 1], submitMs: 100, pool: 'p' }],
    given: [at(0, 0), at(1, 750)], then: [at(2, 1500)], want: ['n2 map B/3 node 10000ms'] },
]));

describe('HFS: no locality wait for a pool starved past its preemption timeout', () => table({ policy: 'hfs', delay: { mode: 'wait', nodeMs: 100_000 }, pools: [{ name: 'p', minMaps: 1 }, { name: 'q' }], minSharePreemptionTimeoutMs: 3000 }, [
  { name: 'p, below its min share since 0, waits at 3 s (not past a 3 s timeout) and launches off-rack at 6 s; preemption itself is off',
    jobs: [{ id: 'A', blocks: [0, 0, 0], pool: 'q' }, { id: 'B', blocks: [3], pool: 'p' }],
    then: [at(0, 0), { tickTo: 3000 }, at(0, 3000), { tickTo: 6000 }, at(0, 6000)],
    want: ['n0 map A/0 node 10000ms', 'n0 map A/1 node 10000ms', 'n0 map B/0 off 20000ms'] },
  { name: 'p, below half its fair share (0 of 2) since 0, launches off-rack once past its fair-share timeout (6 s), not at 3 s',
    scheduler: { pools: [{ name: 'p' }, { name: 'q' }], fairSharePreemptionTimeoutMs: 3000 },
    jobs: [{ id: 'A', blocks: [0, 0, 0], pool: 'q' }, { id: 'B', blocks: [3, 3], pool: 'p' }],
    then: [at(0, 0), { tickTo: 3000 }, at(0, 3000), { tickTo: 6000 }, at(0, 6000)],
    want: ['n0 map A/0 node 10000ms', 'n0 map A/1 node 10000ms', 'n0 map B/0 off 20000ms'] },
  { name: 'a pool at its min share keeps waiting', scheduler: { pools: [{ name: 'p', minMaps: 0 }, { name: 'q' }] },
    jobs: [{ id: 'A', blocks: [0, 0, 0], pool: 'q' }, { id: 'B', blocks: [3], pool: 'p' }],
    then: [at(0, 0), { tickTo: 3000 }, at(0, 3000), { tickTo: 6000 }, at(0, 6000)],
    want: ['n0 map A/0 node 10000ms', 'n0 map A/1 node 10000ms', 'n0 map A/2 node 10000ms'] },
]));

/*
 * Fair-share preemption and the victims' count, on 2 map slots a node (8 in all). A (pool q) fills them, 2 a heartbeat
 * at 0, 0.75, 1.5, 2.25 s; B (pool p) arrives at 2.5 s wanting 8: fair shares 4 and 4, B's half is 2. Checks every 3 s.
 */
const fill = [at(0, 0, { maps: 2 }), at(1, 750, { maps: 2 }), at(2, 1500, { maps: 2 }), at(3, 2250, { maps: 2 })];
const A8: JobRow = { id: 'A', blocks: [0, 0, 1, 1, 2, 2, 3, 3], pool: 'q' };
const B8: JobRow = { id: 'B', blocks: [0, 0, 0, 0, 0, 0, 0, 0], pool: 'p', submitMs: 2500 };
const fairAfter = (ms: number) => ({ fairSharePreemptionTimeoutMs: ms, preemption: { enabled: true, intervalMs: 3000 } });
describe('HFS preemption: fair-share timeout, how many, never below the fair share', () => table({ policy: 'hfs', delay: { mode: 'none' }, pools: [{ name: 'p' }, { name: 'q' }] }, [
  { name: 'starved below half its fair share past the timeout, a pool takes back min(fair share, demand) - running, newest first',
    scheduler: fairAfter(3000), jobs: [A8, B8], given: [...fill, { tickTo: 3000 }], then: [{ tickTo: 6000 }],
    want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5', 'n2 kill A/4'] },
  { name: 'the timeout counts from the arrival that starved the pool (2.5 s), not the tick before it: starved 3.5 s at 6 s is not past 3.5 s',
    scheduler: fairAfter(3500), jobs: [A8, B8], given: fill, then: [{ tickTo: 6000 }], want: [] },
  { name: '... and is past 3.499 s',
    scheduler: fairAfter(3499), jobs: [A8, B8], given: fill, then: [{ tickTo: 6000 }], want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5', 'n2 kill A/4'] },
  { name: 'a demand of 3 caps what it takes back at 3', scheduler: fairAfter(3000), jobs: [A8, { ...B8, blocks: [0, 0, 0] }], given: fill, then: [{ tickTo: 6000 }],
    want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5'] },
  { name: 'at half its fair share (2 of 4) a pool is not starved: nothing is killed however long',
    scheduler: fairAfter(3000), jobs: [{ ...A8, blocks: [0, 0, 1, 1, 2, 2, 3, 3] }, { ...B8, submitMs: 2000 }],
    given: [at(0, 0, { maps: 2 }), at(1, 750, { maps: 2 }), at(2, 1500, { maps: 2 }), at(3, 2250, { maps: 2 })], then: [{ tickTo: 15_000 }], want: [] },
  { name: 'below half (1 of 4) it wants 3 back, but A running 6 over a share of 4 gives only 2',
    scheduler: fairAfter(3000), jobs: [A8, { ...B8, submitMs: 2000 }],
    given: [at(0, 0, { maps: 2 }), at(1, 750, { maps: 2 }), at(2, 1500, { maps: 2 }), at(3, 2250, { maps: 1 })], then: [{ tickTo: 6000 }],
    want: ['n2 kill A/5', 'n2 kill A/4'] },
  { name: 'starved for min share (3) and fair share (4) at once: the larger, not the sum',
    scheduler: { ...fairAfter(3000), minSharePreemptionTimeoutMs: 3000, pools: [{ name: 'p', minMaps: 3 }, { name: 'q' }] }, jobs: [A8, B8], given: fill, then: [{ tickTo: 6000 }],
    want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5', 'n2 kill A/4'] },
  { name: 'the min-share timeout counts from the arrival that starved the pool (2.5 s): starved 3.5 s at 6 s is not past 3.5 s',
    scheduler: { minSharePreemptionTimeoutMs: 3500, preemption: { enabled: true, intervalMs: 3000 }, pools: [{ name: 'p', minMaps: 2 }, { name: 'q' }] },
    jobs: [A8, B8], given: fill, then: [{ tickTo: 6000 }], want: [] },
  { name: '... and is past 3.499 s: min(minShare, demand) - running = 2 go',
    scheduler: { minSharePreemptionTimeoutMs: 3499, preemption: { enabled: true, intervalMs: 3000 }, pools: [{ name: 'p', minMaps: 2 }, { name: 'q' }] },
    jobs: [A8, B8], given: fill, then: [{ tickTo: 6000 }], want: ['n3 kill A/7', 'n3 kill A/6'] },
  // A third pool s (fair share 2.5, never past its fair-share timeout) leaves q running 5 over its share of 2.5, so what
  // p takes back is p's own due, not what q has over its share.
  { name: 'min share capped by demand: p (min 5, demand 3) takes back min(minShare, demand) - running = 3, not 5',
    scheduler: { minSharePreemptionTimeoutMs: 3000, preemption: { enabled: true, intervalMs: 3000 },
      pools: [{ name: 'p', minMaps: 5 }, { name: 'q' }, { name: 's', fairSharePreemptionTimeoutMs: 1_000_000 }] },
    jobs: [A8, { ...B8, blocks: [0, 0, 0] }, { ...B8, id: 'C', pool: 's' }], given: fill, then: [{ tickTo: 6000 }],
    want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5'] },
  { name: 'starved for min share (3) and fair share (3) at once, with victims to spare: the larger, 3, not the sum',
    scheduler: { ...fairAfter(3000), minSharePreemptionTimeoutMs: 3000,
      pools: [{ name: 'p', minMaps: 3 }, { name: 'q' }, { name: 's', fairSharePreemptionTimeoutMs: 1_000_000 }] },
    jobs: [A8, B8, { ...B8, id: 'C', pool: 's' }], given: fill, then: [{ tickTo: 6000 }],
    want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5'] },
  { name: 'min shares over the cluster (5 + 5 of 8) leave q a share of 0 (3e-8 from the bisection): all 8 of its maps go, not 7',
    scheduler: { minSharePreemptionTimeoutMs: 3000, preemption: { enabled: true, intervalMs: 3000 }, pools: [{ name: 'p', minMaps: 5 }, { name: 'r', minMaps: 5 }] },
    jobs: [A8, B8, { ...B8, id: 'C', pool: 'r' }], given: fill, then: [{ tickTo: 6000 }],
    want: ['n3 kill A/7', 'n3 kill A/6', 'n2 kill A/5', 'n2 kill A/4', 'n1 kill A/3', 'n1 kill A/2', 'n0 kill A/1', 'n0 kill A/0'] },
], { mapSlotsPerNode: 2 }));

describe('capacity', () => table({ policy: 'capacity', delay: { mode: 'none' }, queues: [{ name: 'a', capacity: 75 }, { name: 'b', capacity: 25 }] }, [
  { name: 'the queue with the lowest running / capacity first', jobs: [{ id: 'A', blocks: [0, 0], pool: 'a' }, { id: 'B', blocks: [1], pool: 'b' }],
    given: [at(0, 0)], then: [at(1, 750)], want: ['n1 map B/0 node 10000ms'] },
  { name: 'running / capacity, not running: a (2 running of 3 slots) before b (1 of 1)', jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'a' }, { id: 'B', blocks: [0, 1, 2, 3], pool: 'b' }],
    given: [at(0, 0), at(1, 750), at(2, 1500)], then: [at(3, 2250)], want: ['n3 map A/3 node 10000ms'] },
  { name: 'within a queue, jobs in FIFO order', jobs: [{ id: 'A', blocks: [0, 1], pool: 'a' }, { id: 'C', blocks: [1], pool: 'a' }],
    given: [at(0, 0)], then: [at(1, 750)], want: ['n1 map A/1 node 10000ms'] },
  { name: 'minimum-user-limit-percent 50: two users with maps to launch get 2 slots of 4 each, FIFO first',
    scheduler: { queues: [{ name: 'a', capacity: 100, minUserLimitPercent: 50 }] },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'a', user: 'u1' }, { id: 'B', blocks: [0, 1, 2, 3], submitMs: 100, pool: 'a', user: 'u2' }],
    then: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250)], want: ['n0 map A/0 node 10000ms', 'n1 map A/1 node 10000ms', 'n2 map B/2 node 10000ms', 'n3 map B/3 node 10000ms'] },
  { name: 'three active users of a 4-slot queue: ceil(4 / 3) = 2 slots each (Hadoop\'s getUserLimit rounds up), so the fourth slot is not left idle',
    scheduler: { queues: [{ name: 'a', capacity: 100, minUserLimitPercent: 0 }] },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'a', user: 'u1' }, { id: 'B', blocks: [0, 1, 2, 3], submitMs: 100, pool: 'a', user: 'u2' },
      { id: 'C', blocks: [0, 1, 2, 3], submitMs: 200, pool: 'a', user: 'u3' }],
    then: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250)], want: ['n0 map A/0 node 10000ms', 'n1 map A/1 node 10000ms', 'n2 map B/2 node 10000ms', 'n3 map B/3 node 10000ms'] },
  { name: 'minimum-user-limit-percent 0 (YARN takes it): no floor, C / active users alone: max(ceil(4 / 2), ceil(4 x 0 / 100)) = 2 slots each',
    scheduler: { queues: [{ name: 'a', capacity: 100, minUserLimitPercent: 0 }] },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'a', user: 'u1' }, { id: 'B', blocks: [0, 1, 2, 3], submitMs: 100, pool: 'a', user: 'u2' }],
    then: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250)], want: ['n0 map A/0 node 10000ms', 'n1 map A/1 node 10000ms', 'n2 map B/2 node 10000ms', 'n3 map B/3 node 10000ms'] },
  { name: 'minimum-user-limit-percent 200 (YARN takes it) acts as 100: max(ceil(4 / 2), ceil(4 x 200 / 100)) = 8, so the first user takes all 4 slots',
    scheduler: { queues: [{ name: 'a', capacity: 100, minUserLimitPercent: 200 }] },
    jobs: [{ id: 'A', blocks: [0, 1, 2, 3], pool: 'a', user: 'u1' }, { id: 'B', blocks: [0, 1, 2, 3], submitMs: 100, pool: 'a', user: 'u2' }],
    then: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250)], want: ['n0 map A/0 node 10000ms', 'n1 map A/1 node 10000ms', 'n2 map A/2 node 10000ms', 'n3 map A/3 node 10000ms'] },
  { name: '... a user with nothing left to launch is not an active user: the other may take the queue (it was held to 2 of 4, a slot left idle)',
    scheduler: { queues: [{ name: 'a', capacity: 100, minUserLimitPercent: 50 }] },
    jobs: [{ id: 'A', blocks: [0], pool: 'a', user: 'u1' }, { id: 'B', blocks: [1, 2, 3, 0], submitMs: 100, pool: 'a', user: 'u2' }],
    then: [at(0, 0), at(1, 750), at(2, 1500), at(3, 2250)], want: ['n0 map A/0 node 10000ms', 'n1 map B/0 node 10000ms', 'n2 map B/1 node 10000ms', 'n3 map B/2 node 10000ms'] },
]));

describe('copy-compute splitting', () => {
  const jobs: JobRow[] = [{ id: 'A', blocks: [0, 1], reduces: 1, reduceMs: 1000, copyMs: 5000 }];
  const slowStart = [at(0, 0), at(1, 750)];
  table({ policy: 'fair', delay: { mode: 'none' } }, [
    { name: 'without it, a reduce holds its slot from slow start for its copy phase', jobs, given: slowStart,
      then: [at(0, 3000, { maps: 0, reduces: 1, finished: [['A', 0]] })], want: ['n0 reduce A/r0 copy 5000ms compute 1000ms'] },
    { name: 'with it, no reduce before the job\'s last map', scheduler: { copyComputeSplit: true }, jobs, given: slowStart,
      then: [at(0, 3000, { maps: 0, reduces: 1, finished: [['A', 0]] })], want: [] },
    { name: 'then the reduce holds its slot for what is left of its copy phase since slow start', scheduler: { copyComputeSplit: true }, jobs,
      given: [...slowStart, at(0, 3000, { maps: 0, reduces: 1, finished: [['A', 0]] })],
      then: [at(1, 3750, { maps: 0, reduces: 1, finished: [['A', 1]] })], want: ['n1 reduce A/r0 copy 4250ms compute 1000ms maps done'] },
  ]);
});
