/** Runs one resolved scenario on a runtime and assembles the result: outcome, run statistics and digest. */
import { digestOf } from './digest.js';
import type { Outcome } from '../core/results.js';
import { type Scenario, parsedScenarioErrors } from '../core/scenario.js';
import type { ScanMode, SchedulerObserver } from '../core/scheduler.js';
import type { SwimTrace } from '../core/swim.js';
import { type RackInspector, runInProcess, runInProcessYielding } from './inprocess.js';
import { type InjectedFault, runThreads } from './threads.js';
import type { Worker } from 'node:worker_threads';
import { MasterActor } from './master-actor.js';
import { buildWorkloadOnThreads } from './place-threads.js';
import { makeRng } from '../core/rng.js';
import { resolvedDelay } from '../core/locality.js';
import { type Topology, makeTopology, schedulerView } from '../core/topology.js';
import { type SolverReport, loadSolver } from './highs-solver.js';
import { policies } from '../core/framework/builtins.js';
import { workloadLimitErrors } from '../core/workload-limits.js';
import { keptMix, processLastSubmits } from './last-submits.js';
import { MAX_WORKERS } from '../core/limits.js';
import { valueKind } from '../core/shown-value.js';
import { type BuildListener, type ProgressListener, ProgressTicker, buildTicker } from './run-progress.js';

export type RuntimeName = 'inprocess' | 'threads';

/** Percentiles of a wall time, in microseconds. */
export interface Latency {
  /** The times measured: heartbeats processed (decisionUs), tasks launched (launchUs), ticks run (tickUs). */
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

export interface RunInfo {
  runtime: RuntimeName;
  workers: number;
  wallMs: number;
  epochs: number;
  events: number;
  heartbeats: number;
  eventsPerSecond: number;
  bytesPerEpoch: number;
  /** Wall time in the master's epoch handling, and waiting for the racks' batches (their work plus transport). */
  masterMs: number;
  racksMs: number;
  /** Wall time of each heartbeat's decision; absent when the run did not time them (timeDecisions false, --no-time-decisions). */
  decisionUs?: Latency;
  /** Decision time per task launched (a heartbeat's time over the tasks it launched); absent like decisionUs. */
  launchUs?: Latency;
  /**
   * Wall time of each timer tick the master ran between epochs: a pool-aware policy's shares, starvation and
   * preemption checks, Quincy's min-cost-flow solve (its decision, which a heartbeat only reads). Absent like
   * decisionUs, and when no tick ran (the policy has none).
   */
  tickUs?: Latency;
  /** A policy that solves linear programs (Quincy): the solver's wall time per decision and the programs' sizes. */
  solver?: SolverReport;
}

export interface Result extends Outcome {
  scenario: string;
  variant: string;
  seed: number;
  config: Omit<Scenario, 'variants'>;
  run: RunInfo;
  digest: string;
}

/** Each option may be given as undefined, as if omitted (`{ trace: variant.trace }`, under exactOptionalPropertyTypes too). */
export interface SimulateOptions {
  variant?: string | undefined;
  runtime?: RuntimeName | undefined;
  /** In-process only: pass messages through the msgpack codec. */
  codec?: boolean | undefined;
  /** In-process only, tests: sees the racks' heartbeat batches and, at the end, the rack actors. */
  inspect?: RackInspector | undefined;
  /** Threads runtime: worker threads (default: available cores). */
  workers?: number | undefined;
  /** Threads runtime, tests only: make a rack throw, or reach the workers. */
  fault?: InjectedFault | undefined;
  onWorkers?: ((workers: readonly Worker[]) => void) | undefined;
  observer?: SchedulerObserver | undefined;
  /** Time each heartbeat's decision (default true): false leaves run.decisionUs and run.launchUs out, and saves two clock reads a heartbeat. */
  timeDecisions?: boolean | undefined;
  /**
   * Process every heartbeat, and solve the fluid network on every flow start and end (no exact shortcuts); for tests
   * and for measuring what the shortcuts save.
   */
  everyHeartbeat?: boolean | undefined;
  /**
   * 'walk' turns off the O(1) answer to map scans that can launch nothing (see src/core/pass-all.ts), and the pools'
   * counts kept between refreshes (src/core/kept-counts.ts): each refresh counts every job.
   */
  scan?: ScanMode | undefined;
  /** The rows of a swim workload's trace (src/cli/load-scenario.ts loads them beside the scenario). */
  trace?: SwimTrace | undefined;
  /** Threads that place the workload's blocks (src/actors/place-threads.ts; used from a million blocks); default 1. Same digest for any. */
  buildThreads?: number | undefined;
  /**
   * Told of the run's progress (simulated time, jobs finished) between epochs, at most every `progressEveryMs` of wall
   * time, and once at the end. Reads only: the result is the same with or without it.
   */
  onProgress?: ProgressListener | undefined;
  /** Wall ms between onProgress calls (default 250; 0: after every epoch), and between onBuildProgress calls. */
  progressEveryMs?: number | undefined;
  /**
   * Told of the workload's build before the run (its input blocks placed, of all: seconds for tens of millions), at
   * most every `progressEveryMs` of wall time, and once when every block is placed, before the first onProgress. The
   * workload is the same with or without it.
   */
  onBuildProgress?: BuildListener | undefined;
}

/** A problem with one option: `type` when its value is of the wrong kind (a TypeError), else out of range (a RangeError). */
type OptionProblem = { type: boolean; message: string } | undefined;

const ofKind = (kind: 'string' | 'boolean' | 'object' | 'function') => (v: unknown): OptionProblem =>
  (kind === 'object' ? typeof v === 'object' && v !== null : typeof v === kind) ? undefined : { type: true, message: `must be ${kind === 'object' ? 'an object' : `a ${kind}`}, not ${valueKind(v)}` };

const oneOf = (names: readonly string[]) => (v: unknown): OptionProblem => {
  if (typeof v !== 'string') return { type: true, message: `must be a string (${names.map((n) => `"${n}"`).join(' or ')}), not ${valueKind(v)}` };
  return names.includes(v) ? undefined : { type: false, message: `must be ${names.map((n) => `"${n}"`).join(' or ')}, not ${valueKind(v)}` };
};

/** A count of threads: 1 to MAX_WORKERS, as the CLI's --workers. */
const threadCount = (v: unknown): OptionProblem => {
  if (typeof v !== 'number') return { type: true, message: `must be a number, not ${valueKind(v)}` };
  return Number.isInteger(v) && v >= 1 && v <= MAX_WORKERS ? undefined : { type: false, message: `must be a whole number from 1 to ${MAX_WORKERS}, not ${v}` };
};

/**
 * A swim trace's rows as loadScenario reads them (src/cli/trace.ts): an object of equal-length columns. An empty
 * object or a list failed in the engine's words ("Cannot read properties of undefined (reading 'length')").
 */
const swimTrace = (v: unknown): OptionProblem => {
  const needs = 'must be the trace loadScenario gives (its variant\'s trace): { file, ids, submitS, inputBytes, shuffleBytes, outputBytes }';
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { type: true, message: `${needs}, not ${valueKind(v)}` };
  const t = v as Partial<Record<keyof SwimTrace, unknown>>;
  if (typeof t.file !== 'string') return { type: true, message: `${needs}; its file is ${valueKind(t.file)}, not a string` };
  if (!Array.isArray(t.ids) || !t.ids.every((id) => typeof id === 'string')) return { type: true, message: `${needs}; its ids is ${valueKind(t.ids)}, not a list of strings` };
  const rows = t.ids.length;
  for (const column of ['submitS', 'inputBytes', 'shuffleBytes', 'outputBytes'] as const) {
    const c = t[column];
    if (!(c instanceof Float64Array)) return { type: true, message: `${needs}; its ${column} is ${valueKind(c)}, not a Float64Array` };
    if (c.length !== rows) return { type: false, message: `${needs}; its ${column} has ${c.length} rows, its ids ${rows}` };
    const bad = c.findIndex((x) => !(Number.isFinite(x) && x >= 0));
    if (bad >= 0) return { type: false, message: `${needs}; its ${column}[${bad}] is ${c[bad]}, not a non-negative number` };
  }
  if (t.inputPaths !== undefined && !(Array.isArray(t.inputPaths) && t.inputPaths.length === rows && t.inputPaths.every((p) => typeof p === 'string'))) {
    return { type: true, message: `${needs}; its inputPaths is ${valueKind(t.inputPaths)}, not a list of ${rows} strings` };
  }
  return undefined;
};

/** Each option's check (undefined is always allowed: the default). */
const OPTION_CHECKS = {
  variant: ofKind('string'),
  runtime: oneOf(['inprocess', 'threads'] satisfies RuntimeName[]),
  codec: ofKind('boolean'),
  inspect: ofKind('object'),
  workers: threadCount,
  fault: ofKind('object'),
  onWorkers: ofKind('function'),
  observer: ofKind('object'),
  timeDecisions: ofKind('boolean'),
  everyHeartbeat: ofKind('boolean'),
  scan: oneOf(['shortcut', 'walk'] satisfies ScanMode[]),
  trace: swimTrace,
  buildThreads: threadCount,
  onProgress: ofKind('function'),
  onBuildProgress: ofKind('function'),
  progressEveryMs: (v: unknown): OptionProblem => {
    if (typeof v !== 'number') return { type: true, message: `must be a number, not ${valueKind(v)}` };
    return v >= 0 && v <= 2 ** 31 - 1 ? undefined : { type: false, message: `must be from 0 to ${2 ** 31 - 1} ms, not ${v}` };
  },
} satisfies Record<keyof SimulateOptions, (v: unknown) => OptionProblem>;

/** simulate()'s options checked: a TypeError or RangeError naming each bad one, one line each. */
function checkOptions(options: unknown, scenario: Scenario): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError(`simulate: options must be an object, not ${valueKind(options)}`);
  const problems: Array<NonNullable<OptionProblem> & { key: string }> = [];
  for (const [key, value] of Object.entries(options)) {
    const check = Object.hasOwn(OPTION_CHECKS, key) ? OPTION_CHECKS[key as keyof SimulateOptions] : undefined;
    const problem = check === undefined ? { type: true, message: `is not an option (options: ${Object.keys(OPTION_CHECKS).join(', ')})` } : value === undefined ? undefined : check(value);
    if (problem !== undefined) problems.push({ key, ...problem });
  }
  // Only a swim workload reads a trace: one given with another workload was run without it, without a word.
  const trace = (options as SimulateOptions).trace;
  if (trace !== undefined && !problems.some((p) => p.key === 'trace') && scenario.workload.kind !== 'swim') {
    problems.push({ key: 'trace', type: true, message: `the scenario's workload is "${scenario.workload.kind}", which reads no trace (only "swim" does): give none` });
  }
  // A swim workload without its rows failed in the engine (a plain Error), past these checks.
  if (trace === undefined && scenario.workload.kind === 'swim') {
    problems.push({ key: 'trace', type: true, message: `the scenario's workload is "swim", which replays the rows of its trace (${scenario.workload.trace}): give them, as loadScenario reads them (simulate(v.scenario, { trace: v.trace }))` });
  }
  // A fault that can never fire ran the run to its end, its test of the failure path passing without a failure.
  const { fault, runtime } = options as SimulateOptions;
  if (fault !== undefined && !problems.some((p) => p.key === 'fault')) {
    const racks = scenario.cluster.racks;
    const whole = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;
    if (!whole(fault.rack) || !whole(fault.epoch)) problems.push({ key: 'fault', type: true, message: 'must be { rack, epoch }, each a whole number from 0' });
    else if ((runtime ?? 'inprocess') !== 'threads') problems.push({ key: 'fault', type: true, message: 'applies to runtime "threads" (racks on worker threads): in-process it would never fire' });
    else if (fault.rack >= racks) problems.push({ key: 'fault', type: false, message: `rack ${fault.rack} is not in the cluster (${racks} rack${racks === 1 ? ', numbered 0' : `s, numbered 0 to ${racks - 1}`}): it would never fire` });
  }
  if (problems.length === 0) return;
  const message = `simulate: bad options:\n${problems.map((p) => `options.${p.key}: ${p.message}`).join('\n')}`;
  throw problems.some((p) => p.type) ? new TypeError(message) : new RangeError(message);
}

export async function simulate(scenario: Scenario, options: SimulateOptions = {}): Promise<Result> {
  // A Scenario is what parseScenario returns; a caller may have changed one since (or built one by hand).
  const bad = parsedScenarioErrors(scenario);
  if (bad.length > 0) throw new TypeError(`simulate: the scenario is not one parseScenario returns:\n${bad.join('\n')}`);
  // A scenario file's variants are applied by loadScenario (or resolveVariant), never here: a whole file through
  // parseScenario ran its base alone, as variant "", without a word.
  const variants = Object.keys(scenario.variants ?? {});
  if (variants.length > 0) {
    throw new TypeError(`simulate: the scenario has variants (${variants.map((v) => JSON.stringify(v)).join(', ')}), which simulate does not apply (it would run the base scenario alone): run each as loadScenario gives it (loadScenario(file).variants, each { name, scenario, trace }), or parseScenario(resolveVariant(raw, overrides, [])) with a variant from variantsOf(raw)`);
  }
  // An sls workload names a trace file that loadScenario reads into a jobs workload; run as it is, it failed in the
  // engine (a plain Error naming src/cli/load-scenario.ts, which the package does not ship).
  if (scenario.workload.kind === 'sls') {
    throw new TypeError(`simulate: the scenario's workload is "sls" (${scenario.workload.format} trace ${scenario.workload.trace}), which loadScenario reads into a "jobs" workload before the run: run the variants loadScenario(file) gives`);
  }
  checkOptions(options, scenario);
  // The sizes loadScenario checks, checked for a scenario from parseScenario too: one past them runs for hours.
  const over = workloadLimitErrors(scenario, options.trace, processLastSubmits);
  if (over.length > 0) throw new RangeError(`simulate: the scenario passes a limit (README, Limits):\n${over.join('\n')}`);
  const solver = policies.find(scenario.scheduler.policy).needsSolver ? await loadSolver() : undefined;
  const started = performance.now();
  // built here on build threads, or to tell its progress; else by the master (the same workload: the master's view and stream)
  const told = options.onBuildProgress && buildTicker(options.onBuildProgress, options.progressEveryMs);
  const view = (): Topology => schedulerView(makeTopology(scenario.cluster, scenario.seed), scenario.cluster.network.rackAware);
  const workload = (options.buildThreads ?? 1) > 1 || told !== undefined
    ? await buildWorkloadOnThreads(scenario, view(), makeRng(scenario.seed), options.trace, options.buildThreads ?? 1, undefined, told, keptMix(scenario))
    : undefined;
  const master = new MasterActor(scenario, { workload, observer: options.observer, timeDecisions: options.timeDecisions, everyHeartbeat: options.everyHeartbeat, trace: options.trace, scan: options.scan, solver });
  const runtime = options.runtime ?? 'inprocess';
  const progress = options.onProgress === undefined ? undefined : new ProgressTicker(options.onProgress, options.progressEveryMs);
  const transport = runtime === 'threads'
    ? await runThreads(master, { workers: options.workers, fault: options.fault, onWorkers: options.onWorkers, solveEveryChange: options.everyHeartbeat, progress })
    : progress === undefined
      ? { ...runInProcess(master, { codec: options.codec, inspect: options.inspect, solveEveryChange: options.everyHeartbeat }), workers: 0 }
      // a listener's run lets the event loop turn as it tells it (a Ctrl-C clears a terminal's bar then)
      : { ...(await runInProcessYielding(master, { codec: options.codec, inspect: options.inspect, solveEveryChange: options.everyHeartbeat, progress })), workers: 0 };
  // A fault of an epoch past the run's end never fired: the run's end would read as the failure path's test passing.
  if (options.fault !== undefined) {
    const at = (options.fault.epoch * master.topology.heartbeatMs) / 1000;
    throw new RangeError(`simulate: bad options:\noptions.fault: rack ${options.fault.rack}'s epoch ${options.fault.epoch} (simulated time ${at.toFixed(3)} s) comes after the run's end: the fault never fired`);
  }
  const wallMs = performance.now() - started;
  const outcome = master.outcome();
  // The resolved scenario, with the heartbeat interval the run used (Hadoop's when the scenario leaves it out), and the
  // wait gate's waits (Hadoop's default from that interval).
  const { variants: _variants, ...resolved } = scenario;
  const heartbeatMs = master.topology.heartbeatMs;
  const config = { ...resolved, cluster: { ...resolved.cluster, heartbeatMs }, scheduler: { ...resolved.scheduler, delay: resolvedDelay(resolved.scheduler.delay, heartbeatMs) } };
  const body = { scenario: scenario.name, variant: options.variant ?? '', seed: scenario.seed, ...outcome };
  const stats = master.scheduler.stats;
  const events = stats.heartbeats + stats.arrivals + stats.taskFinishes;
  // Microseconds to the nanosecond: a decision takes 40 ns to tens of us, so 0.01 us steps kept one or two digits of a
  // p50 (201 ns was written 0.2); the histogram keeps three.
  const us = (ns: number): number => Math.round(ns) / 1000;
  const percentiles = (h: typeof master.decisionNs): Latency => {
    const s = h.summary();
    return { count: h.totalCount, mean: us(s.mean), p50: us(s.p50), p90: us(s.p90), p99: us(s.p99), p999: us(s.p999), max: us(s.max) };
  };
  const run: RunInfo = {
    runtime,
    workers: transport.workers,
    wallMs: Math.round(wallMs),
    epochs: master.epochs,
    events,
    heartbeats: stats.heartbeats,
    eventsPerSecond: Math.round(events / Math.max(wallMs / 1000, 1e-6)),
    bytesPerEpoch: Math.round((transport.bytesToRacks + transport.bytesFromRacks) / Math.max(1, master.epochs)),
    masterMs: Math.round(transport.masterMs),
    racksMs: Math.round(transport.racksMs),
    // Only when the decisions were timed: untimed, there is no latency to report (not a latency of 0).
    ...(options.timeDecisions === false ? {} : { decisionUs: percentiles(master.decisionNs), launchUs: percentiles(master.launchNs) }),
    ...(options.timeDecisions === false || master.tickNs.totalCount === 0 ? {} : { tickUs: percentiles(master.tickNs) }),
  };
  if (solver !== undefined) run.solver = solver.report();
  // The digest covers the outcome; config (the resolved input) is echoed beside it, so a new defaulted field changes no digest.
  // In README's order: the run's names, its config, the outcome, run, digest.
  const { scenario: name, variant, seed, ...rest } = body;
  return { scenario: name, variant, seed, config, ...rest, run, digest: digestOf(body) };
}

export { digestOf };
