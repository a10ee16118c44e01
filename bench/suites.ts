/**
 * The benchmark suites. `smoke` (CI, well under a minute): small cases of every kind. `full` (nightly): the
 * canonical scenarios including the FB-2009 and FB-2010 days, decision latency by policy at 600 nodes with about
 * 100 running jobs, hfs and capacity with 1,000 .. 8,000 one-job pools (queues), and a scale curve at 600 .. 10,000
 * nodes at constant load per node.
 */
import { type Scenario, parseScenario } from '../src/core/scenario.js';

export type SuiteName = 'smoke' | 'full';

export interface CaseSpec {
  name: string;
  /** `own`: a user's --scenario file's (bench/scenario-cases.ts), measured warm as a latency case is. */
  group: 'scenario' | 'latency' | 'scale' | 'own';
  /** A scenario file (relative to the project root, or absolute: a user's) and variant, or an inline raw scenario. */
  file?: string;
  variant?: string;
  /** Overrides of a scenario file's fields, as `hfsim run --set` gives them. */
  sets?: Array<[string, unknown]>;
  raw?: Record<string, unknown>;
  /**
   * Unmeasured runs in the case's process before the measured one, of an inline scenario or (without `raw`) of the
   * case itself: V8 spends a process's first second or so compiling and optimizing, a fixed cost that would make
   * the smaller cases look dearer than they are.
   */
  warmup?: { runs: number; raw?: Record<string, unknown> };
  /**
   * `raw`'s workload is one generated group, written out this many times when the case's scenario is made
   * (caseScenario), each a job of its own pool (p0, p1, ...): 8,000 groups written in `raw` would pass the 128 KB one
   * process argument holds (the case's process gets the case on its command line).
   */
  onePoolPerJob?: number;
  /**
   * A case of a user's scenario file (`hfsim bench --scenario`, bench/scenario-cases.ts), not canonical: its process
   * imports the --plugin files first (`path` absolute; `file` as given and `sha256` of its bytes go in the report).
   */
  own?: { plugins: Array<{ file: string; sha256: string }> };
}

const POLICIES: Array<[string, Record<string, unknown>]> = [
  ['fifo', { policy: 'fifo', delay: { mode: 'none' } }],
  ['fair', { policy: 'fair', delay: { mode: 'none' } }],
  ['fair+wait', { policy: 'fair', delay: { mode: 'wait', nodeMs: 9000, rackMs: 9000 } }],
  ['fair+skip', { policy: 'fair', delay: { mode: 'skip', maxSkips: 40 } }],
];

/**
 * What begins the line of a case process's result on its stdout (bench/child.ts): a --plugin file may print there too
 * (console.log), before the result or with no newline of its own, and the bench failed on "is not valid JSON".
 */
export const CASE_RESULT = 'hfsim-bench-case ';

/** A latency case's unmeasured runs of itself before the measured one (and a --scenario case's): V8's warm-up. */
export const WARM_RUNS = 2;

/** 600 nodes (3,000 map slots); 100 jobs submitted together keep about 100 jobs running under fair sharing. */
function latencyCase(policy: string, scheduler: Record<string, unknown>, mapsPerJob: number): CaseSpec {
  return {
    name: `latency-600 ${policy}`,
    group: 'latency',
    // fair + skip at 600 nodes: p99 22 and 24 us in a process's first two runs, 8 to 10 us after.
    warmup: { runs: WARM_RUNS },
    raw: {
      name: `latency-600-${policy}`,
      cluster: { racks: 20, nodesPerRack: 30, mapSlotsPerNode: 5, reduceSlotsPerNode: 3 },
      tasks: { durationJitter: 0.3 },
      scheduler,
      workload: { kind: 'generated', groups: [{ name: 'steady', count: 100, maps: mapsPerJob, mapMs: 20_000, reduces: 5, reduceMs: 30_000 }] },
    },
  };
}

/**
 * Constant load per node: 40-node racks, 3 s heartbeats at every size, jobs and arrival rate proportional to
 * nodes (600 Facebook-mix jobs 6 s apart per 600 nodes: about an hour).
 */
function scaleCase(nodes: number, jobsPer600: number): CaseSpec {
  const f = nodes / 600;
  return {
    name: `scale-${nodes}`,
    group: 'scale',
    raw: {
      name: `scale-${nodes}`,
      cluster: { racks: nodes / 40, nodesPerRack: 40, mapSlotsPerNode: 5, reduceSlotsPerNode: 3, heartbeatMs: 3000 },
      tasks: { durationJitter: 0.3 },
      scheduler: { policy: 'fair', delay: { mode: 'wait', nodeMs: 4500, rackMs: 4500 } },
      workload: { kind: 'facebook', jobs: Math.round(jobsPer600 * f), sizes: 'distribution', meanInterarrivalMs: 6000 / f, type: 'mixed' },
    },
  };
}

/**
 * 100 nodes (400 map slots), `pools` jobs of 4 maps and a reduce submitted together, each in a pool (a queue, under
 * capacity) of its own, under `policy`.
 */
function poolsRaw(pools: number, policy: PoolPolicy): Record<string, unknown> {
  return {
    name: `pools-${pools}`,
    cluster: { racks: 4, nodesPerRack: 25, mapSlotsPerNode: 4, reduceSlotsPerNode: 2, heartbeatMs: 3000 },
    scheduler: { policy, delay: { mode: 'wait' } },
    workload: { kind: 'generated', groups: [{ name: 'p', count: 1, maps: 4, mapMs: 20_000, reduces: 1, reduceMs: 10_000 }] },
  };
}

/** `raw` with its workload's one group written out `pools` times, each a job of its own pool. */
function poolsWrittenOut(raw: Record<string, unknown>, pools: number): Record<string, unknown> {
  const workload = raw.workload as { groups: Array<Record<string, unknown>> };
  const group = workload.groups[0];
  return { ...raw, workload: { ...workload, groups: Array.from({ length: pools }, (_, i) => ({ ...group, name: `p${i}` })) } };
}

/** The policies whose pool order the pools cases measure. */
type PoolPolicy = 'hfs' | 'capacity';

/**
 * The pool order's cost as the pools grow: hfs offers each slot to pools sorted by the FairShareComparator, capacity
 * to queues sorted by running / capacity, and with a pool a job, every launch reorders among all of them (re-sorting
 * them all at every launch took 1,000 / 2,000 / 4,000 pools 4.3 / 9.3 / 35 s under hfs on the 2-core VM, and 3.3 /
 * 9.4 / 29.9 s under capacity; hfs-order.ts and capacity-order.ts keep the order instead). The run's length grows with
 * the pools too (the cluster is fixed), and so does the pool clock's work each interval (every pool's fair share).
 * Warmed up by 2 runs of 200 pools.
 */
function poolsCase(pools: number, policy: PoolPolicy): CaseSpec {
  return { name: `pools-${pools} ${policy}`, group: 'latency', raw: poolsRaw(pools, policy), onePoolPerJob: pools, warmup: { runs: 2, raw: poolsWrittenOut(poolsRaw(200, policy), 200) } };
}

const scenario = (file: string, variant = ''): CaseSpec => ({ name: `${file}${variant ? ` / ${variant}` : ''}`, group: 'scenario', file: `scenarios/${file}`, variant });

/**
 * A scenario file with overrides, named by `label`: the fluid network model's cost beside the flat model's (issue
 * 16: at most 2x in-process), on fb2009-day, fb2010-day's first 2,000 jobs and the whole of fb2010-day (about 150 s
 * fluid on the 16-core device: `--only fb2010-day.json --repeat 1` times the day flat and fluid in about 3 minutes).
 */
const overridden = (file: string, label: string, sets: Array<[string, unknown]>): CaseSpec => ({ ...scenario(file), name: `${file} / ${label}`, sets });
const FLUID: [string, unknown] = ['cluster.network.model', 'fluid'];
const FB2010_SHORT: [string, unknown] = ['workload.jobs', 2000];

export const SCALE_NODES = [600, 1200, 2400, 4800, 10_000];
/** The full suite's pool counts (poolsCase), for each policy. */
export const POOL_COUNTS = [1000, 2000, 4000, 8000];

/** An inline case's scenario (the suites' own, so an error here is a bug in this file, not bad input). */
export function inlineScenario(name: string, raw: unknown): Scenario {
  const parsed = parseScenario(raw);
  if (!parsed.ok) throw new Error(`${name}: ${parsed.errors.join('; ')}`);
  return parsed.value;
}

/** A case's inline scenario, its one-job pools written out (CaseSpec.onePoolPerJob). */
export function caseScenario(spec: CaseSpec): Scenario {
  if (spec.raw === undefined) throw new Error(`${spec.name}: a scenario file's case, not an inline one`);
  return inlineScenario(spec.name, spec.onePoolPerJob === undefined ? spec.raw : poolsWrittenOut(spec.raw, spec.onePoolPerJob));
}

/**
 * A scale curve, each size warmed up by 3 runs of the smallest (V8 optimizes code, not data: 600 nodes took 629, 496,
 * 421, 411 and 393 ns per heartbeat in runs 1 to 5 of one process), so the curve shows the cost that grows with the
 * cluster rather than a fixed warm-up that flattens it.
 */
function scaleCurve(nodes: number[], jobsPer600: number): CaseSpec[] {
  const cases = nodes.map((n) => scaleCase(n, jobsPer600));
  return cases.map((c) => ({ ...c, warmup: { runs: 3, raw: cases[0].raw } }));
}

export function suite(name: SuiteName): CaseSpec[] {
  if (name === 'smoke') {
    return [
      scenario('fb-macro-io.json', 'FIFO'),
      scenario('fb-macro-io.json', 'Fair + delay'),
      scenario('swim-first50.json', 'Fair + delay'),
      ...POLICIES.slice(1, 3).map(([p, s]) => latencyCase(p, s, 60)),
      poolsCase(500, 'hfs'),
      ...scaleCurve([600, 1200], 40),
    ];
  }
  return [
    scenario('fb-macro-io.json', 'FIFO'),
    scenario('fb-macro-io.json', 'Naive fair'),
    scenario('fb-macro-io.json', 'Fair + delay'),
    scenario('swim-first50.json', 'Fair + delay'),
    scenario('facebook-day-600.json'),
    scenario('fb2009-day.json'),
    overridden('fb2009-day.json', 'fluid', [FLUID]),
    scenario('fb2010-day.json'),
    overridden('fb2010-day.json', 'fluid', [FLUID]),
    overridden('fb2010-day.json', 'first 2,000 jobs', [FB2010_SHORT]),
    overridden('fb2010-day.json', 'first 2,000 jobs, fluid', [FB2010_SHORT, FLUID]),
    ...POLICIES.map(([p, s]) => latencyCase(p, s, 1500)),
    ...POOL_COUNTS.map((n) => poolsCase(n, 'hfs')),
    ...POOL_COUNTS.map((n) => poolsCase(n, 'capacity')),
    ...scaleCurve(SCALE_NODES, 600),
  ];
}

/** The sweep-scaling case (bench/sweep-scaling.ts) of a suite, on 1 worker and on all `cores`. */
export interface SweepScalingSpec {
  jobs: number;
  w1: number;
  seeds: number;
  workers: number[];
}

/**
 * smoke: one point a core of fb-macro-io with 300 jobs (~0.15 s each: a check that it runs, its time mostly
 * start-up); full: 8 values of W1 x cores / 2 seeds of
 * 1,000 jobs (~0.5 s each), which on 16 cores is the 64-point sweep of issue 19.
 */
export function sweepScalingSpec(name: SuiteName, cores: number): SweepScalingSpec {
  const workers = cores > 1 ? [1, cores] : [1];
  return name === 'smoke' ? { jobs: 300, w1: 1, seeds: cores, workers } : { jobs: 1000, w1: 8, seeds: Math.max(1, cores >> 1), workers };
}
