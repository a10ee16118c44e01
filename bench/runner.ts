/**
 * Runs a suite: every case `repeat` times in child processes (rounds interleave the cases, so a burst of noise
 * spreads over all of them), the sweep-scaling case once a round, and assembles the report `hfsim bench` writes
 * (src/cli/bench-schema.ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_FORMAT, type BenchCase, type BenchReport, type DataItem, type LatencyStats, type Stat } from '../src/cli/bench-schema.js';
import { CASE_RESULT, type CaseSpec, type SuiteName, type SweepScalingSpec, suite, sweepScalingSpec } from './suites.js';
import type { ScalingResult } from './sweep-scaling.js';
import { InputError } from '../src/cli/errors.js';
import { scaleExponentOf } from '../src/cli/bench-compare.js';
import { type Ended, runToEnd } from './run-to-end.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CHILD = join(ROOT, 'dist', 'bench', 'child.js');
const SWEEP = join(ROOT, 'dist', 'bench', 'sweep.js');
export const SWEEP_SCALING = 'sweep-scaling';

type Percentiles = { count: number; mean: number; p50: number; p90: number; p99: number; p999: number; max: number };
interface ChildRun {
  digest: string; jobs: number; maps: number; nodes: number; policy: string; wallMs: number; cpuMs: number; events: number; heartbeats: number;
  decisionUs: Percentiles; launchUs: Percentiles; peakRssMB: number;
  /** The policy's timer ticks (a run's tickUs); absent for a policy with no timer. */
  tickUs?: Percentiles;
}

export function stat(values: number[]): Stat {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  const r = (x: number) => Math.round(x * 1000) / 1000; // to the nanosecond for latencies in us (a p50 is 40-200 ns)
  return { median: r(median), spread: r(s[s.length - 1] - s[0]), min: r(s[0]), max: r(s[s.length - 1]), values: values.map(r) };
}

/**
 * Runs Node with `args` to its end, in the project root or `cwd`, passing on the signals that end this process
 * (run-to-end.ts).
 */
const runNode = (args: string[], cwd = ROOT): Promise<Ended> => runToEnd(process.execPath, args, cwd);

async function runChild(spec: CaseSpec): Promise<ChildRun> {
  // A user's case runs in bench's own folder, as hfsim run runs the plugin (it may read files relative to it).
  const r = await runNode(['--max-old-space-size=4096', CHILD, JSON.stringify(spec)], spec.own === undefined ? ROOT : process.cwd());
  if (r.status !== 0) throw new Error(`bench case ${spec.name} failed: ${childFailure(r.stderr) || howEnded(r)}`);
  const result = caseResult(r.stdout);
  // A plugin that ended the process itself (process.exit(0)): "Unexpected end of JSON input" named no case.
  if (result === undefined) throw new Error(`bench case ${spec.name} ended (exit 0) without its result: something in its process (a --plugin file's process.exit?) ended it before the run did`);
  return result;
}

/**
 * A case process's result, from its own line of the process's stdout (a plugin may print there too); undefined when it
 * has none. Its wall time is at least 1 ms, the resolution of a run's `wallMs`: a warm run of a tiny --scenario file
 * under 0.5 ms came back 0, and bench compare refused the report bench had written ("a run of 0 ms").
 */
export function caseResult(stdout: string): ChildRun | undefined {
  const line = stdout.split('\n').find((l) => l.startsWith(CASE_RESULT));
  if (line === undefined) return undefined;
  const run = JSON.parse(line.slice(CASE_RESULT.length)) as ChildRun;
  return { ...run, wallMs: Math.max(1, run.wallMs) };
}

/**
 * How a case's process ended that left nothing on stderr: its exit code, or the signal that killed it (it read
 * "exit null"); SIGKILL with its likely sender, as nothing else in a bench sends it.
 */
const howEnded = (r: Ended): string => (r.signal === null ? `exit ${r.status}` : `its process was killed by ${r.signal}${r.signal === 'SIGKILL'
  ? ' (the system\'s out-of-memory killer ends a process so: give the machine more memory)' : ''}`);

/**
 * A case process's failure as hfsim run shows it: its lines (the message, where a plugin threw), without the
 * scenario's warnings, which this process printed when it read the files.
 */
const childFailure = (stderr: string): string => stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('hfsim: warning: ')).join('\n');

function latency(runs: ChildRun[], key: 'decisionUs' | 'launchUs' | 'tickUs'): LatencyStats {
  const k = (p: keyof Percentiles) => stat(runs.map((r) => r[key]![p]));
  return { mean: k('mean'), p50: k('p50'), p90: k('p90'), p99: k('p99'), p999: k('p999'), max: k('max') };
}

function git(args: string[], cwd = ROOT): string | undefined {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * hfsim's commit, `-dirty` when its tree has changes, or "unknown": only when `root` (the package folder) is its git
 * repository's top level. An hfsim installed in node_modules of the user's own repository had git walk up to that
 * repository, and the report named the user's commit (and their tree's changes) as hfsim's.
 */
export function hfsimCommit(root: string): string {
  const top = git(['rev-parse', '--show-toplevel'], root);
  if (top === undefined || realpathSync(top) !== realpathSync(root)) return 'unknown';
  const commit = git(['rev-parse', 'HEAD'], root);
  const dirty = git(['status', '--porcelain', '--untracked-files=no'], root);
  return commit === undefined ? 'unknown' : `${commit}${dirty ? '-dirty' : ''}`;
}

export interface RunSuiteOptions {
  /** A built-in suite, or 'none': only `cases`. */
  suite: SuiteName | 'none';
  /** Cases run after the suite's: a user's --scenario files' (bench/scenario-cases.ts). */
  cases?: CaseSpec[];
  repeat: number;
  only?: string;
  progress?: (line: string) => void;
}

export async function runSuite(options: RunSuiteOptions): Promise<BenchReport> {
  const all = [...(options.suite === 'none' ? [] : suite(options.suite)), ...(options.cases ?? [])];
  const names = [...all.map((c) => c.name), ...(options.suite === 'none' ? [] : [SWEEP_SCALING])].join('; ');
  // Every name contains the empty text: a nightly script's unset variable (--only "$CASE") ran the whole suite.
  if (options.only !== undefined && options.only.trim() === '') {
    throw new InputError(`--only ${JSON.stringify(options.only)}: an empty text is part of every case's name, so it picks none out: give part of a case's name (names: ${names}), or leave --only out to run the whole suite`);
  }
  const specs = all.filter((s) => options.only === undefined || s.name.includes(options.only));
  const runs = new Map<string, ChildRun[]>(specs.map((s) => [s.name, []]));
  const cores = Math.max(1, availableParallelism());
  const scaling = options.suite !== 'none' && (options.only === undefined || SWEEP_SCALING.includes(options.only)) ? sweepScalingSpec(options.suite, cores) : undefined;
  if (specs.length === 0 && scaling === undefined) {
    // It ran nothing and wrote an empty report, which bench compare then took for a suite with no cases.
    const of = [...(options.suite === 'none' ? [] : [`the ${options.suite} suite`]), ...(options.cases?.length ? ['the --scenario files'] : [])].join(' or ');
    throw new InputError(`--only ${options.only}: matches no case of ${of} (names: ${names})`);
  }
  const scalingRuns: ScalingResult[] = [];
  for (let round = 0; round < options.repeat; round++) {
    for (const spec of specs) {
      const r = await runChild(spec);
      runs.get(spec.name)!.push(r);
      options.progress?.(`[${round + 1}/${options.repeat}] ${spec.name}: ${r.wallMs} ms, ${r.peakRssMB} MB`);
    }
    if (scaling) {
      const r = await runScaling(scaling);
      scalingRuns.push(r);
      options.progress?.(`[${round + 1}/${options.repeat}] ${SWEEP_SCALING} (${r.points} points): ${r.runs.map((x) => `${x.workers} worker${x.workers > 1 ? 's' : ''} ${x.wallMs[0]} ms`).join(', ')}`);
    }
  }
  const cases: BenchCase[] = specs.map((spec) => {
    const rs = runs.get(spec.name)!;
    const digests = new Set(rs.map((r) => r.digest));
    if (digests.size !== 1) throw new Error(`bench case ${spec.name}: repeated runs gave ${digests.size} different digests (the run is not deterministic)`);
    const first = rs[0];
    return {
      name: spec.name,
      group: spec.group,
      canonical: spec.file !== undefined && spec.own === undefined, // a user's scenario is no outcome of hfsim's to keep
      policy: first.policy,
      nodes: first.nodes,
      jobs: first.jobs,
      maps: first.maps,
      digest: first.digest,
      runs: rs.length,
      wallMs: stat(rs.map((r) => r.wallMs)),
      cpuMs: stat(rs.map((r) => r.cpuMs)),
      peakRssMB: stat(rs.map((r) => r.peakRssMB)),
      events: first.events,
      heartbeats: first.heartbeats,
      launches: first.launchUs.count,
      ...(first.tickUs === undefined ? {} : { ticks: first.tickUs.count }),
      eventsPerSecond: stat(rs.map((r) => Math.round(r.events / r.wallMs * 1000))),
      heartbeatsPerSecond: stat(rs.map((r) => Math.round(r.heartbeats / r.wallMs * 1000))),
      eventsPerCpuSecond: stat(rs.map((r) => Math.round(r.events / Math.max(r.cpuMs, 1) * 1000))),
      decisionUs: {
        heartbeat: latency(rs, 'decisionUs'),
        launch: latency(rs, 'launchUs'),
        // A timer is the policy's (deterministic): every run has ticks, or none has.
        ...(rs.every((r) => r.tickUs !== undefined) ? { tick: latency(rs, 'tickUs') } : {}),
      },
      ...(spec.own === undefined || spec.own.plugins.length === 0 ? {} : { plugins: spec.own.plugins.map(({ file, sha256 }) => ({ file, sha256 })) }),
    };
  });
  const scaleCases = cases.filter((c) => c.group === 'scale').sort((a, b) => a.nodes - b.nodes);
  const base = scaleCases[0];
  // The best run of each size, as bench compare judges: noise on a shared machine only ever adds time. Each run was
  // warmed up (suites.ts); the marginal cost (the time the heartbeats added since the next smaller size took, each)
  // also leaves out what fixed cost remains, and the exponent sums the curve up in one number a nightly job can track.
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const scale = scaleCases.map((c, i) => {
    const prev = scaleCases[i - 1];
    return {
      nodes: c.nodes,
      wallMs: c.wallMs.min,
      usPerNodeHeartbeat: r3(c.wallMs.min * 1000 / c.heartbeats),
      relativeCostPerNode: Math.round(((c.wallMs.min / c.nodes) / (base.wallMs.min / base.nodes)) * 100) / 100,
      ...(prev === undefined ? {} : { marginalUsPerHeartbeat: r3((c.wallMs.min - prev.wallMs.min) * 1000 / (c.heartbeats - prev.heartbeats)) }),
    };
  });
  const scaleExponent = scaleExponentOf(scale);
  const dataItems: DataItem[] = cases.flatMap((c) => ([['heartbeat', c.decisionUs.heartbeat], ['launch', c.decisionUs.launch], ['tick', c.decisionUs.tick]] as const).flatMap(([metric, l]) => (l === undefined ? [] : [{
    data: { Average: l.mean.median, Perc50: l.p50.median, Perc90: l.p90.median, Perc99: l.p99.median },
    unit: 'us',
    labels: { Metric: `decision_latency_per_${metric}`, Case: c.name, Policy: c.policy, Nodes: String(c.nodes) },
  }])));
  const cpu = cpus();
  return {
    format: BENCH_FORMAT,
    suite: options.suite,
    createdAt: new Date().toISOString(),
    machine: { cpu: cpu[0]?.model ?? 'unknown', cores: Math.max(1, cpu.length), memoryMB: Math.round(totalmem() / 2 ** 20), platform: process.platform, arch: process.arch },
    node: process.version,
    commit: hfsimCommit(ROOT),
    repeat: options.repeat,
    ...(options.only === undefined ? {} : { only: options.only }),
    cases,
    scale,
    ...(scaleExponent === undefined ? {} : { scaleExponent }),
    ...(scaling === undefined ? {} : { sweepScaling: scalingReport(scaling, scalingRuns) }),
    perfdash: { version: 'v1', dataItems },
  };
}

async function runScaling(spec: SweepScalingSpec): Promise<ScalingResult> {
  const args = ['--json', '--repeat', '1', '--jobs', String(spec.jobs), '--w1', String(spec.w1), '--seeds', String(spec.seeds), '--workers', spec.workers.join(',')];
  const r = await runNode([SWEEP, ...args]);
  if (r.status !== 0) throw new Error(`bench case ${SWEEP_SCALING} failed: ${r.stderr.trim() || howEnded(r)}`);
  return JSON.parse(r.stdout) as ScalingResult;
}

function scalingReport(spec: SweepScalingSpec, rounds: ScalingResult[]): NonNullable<BenchReport['sweepScaling']> {
  if (new Set(rounds.map((r) => r.digests)).size !== 1) throw new Error(`bench case ${SWEEP_SCALING}: rounds gave different digests (the sweep is not deterministic)`);
  const workers = spec.workers.map((w) => {
    const mine = rounds.map((r) => r.runs.find((x) => x.workers === w)!);
    return { workers: w, wallMs: stat(mine.flatMap((x) => x.wallMs)), pointMs: stat(mine.flatMap((x) => x.pointMs)) };
  });
  return {
    jobs: spec.jobs,
    points: rounds[0].points,
    pool: rounds[0].runs[0].pool,
    digest: createHash('sha256').update(rounds[0].digests).digest('hex'),
    workers,
    speedup: Math.round((workers[0].wallMs.median / workers[workers.length - 1].wallMs.median) * 100) / 100,
  };
}
