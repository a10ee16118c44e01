/**
 * Runs a sweep's points as whole simulations on a pool of warm workers (src/actors/pool.ts), longest first where
 * known (sweep-order.ts), appending each finished point to the results log as it finishes, without pausing the
 * others (sweep-output.ts); with resume, only the points the log lacks. Progress goes to stderr.
 */
import { existsSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ENDING_SIGNALS, atEndingSignal } from './ending-signals.js';
import { SweepProgress } from './sweep-progress.js';
import type { Result } from '../actors/simulate.js';
import type { SweepTask } from '../actors/sweep-task.js';
import { OverTimeLimit, type PoolKind, SIMULATION_TASK, type TaskPool, type TaskTiming, type WorkerStart, startPool } from '../actors/pool.js';
import { clockMs } from '../actors/clock.js';
import { InputError, failureLines } from './errors.js';
import { warnOnce } from './warn.js';
import type { PointRecord } from './sweep-aggregate.js';
import { type Sweep, type SweepPoint, shardOf } from './sweep-file.js';
import { PointQueue } from './sweep-order.js';
import { MANIFEST, type Manifest, RESULTS, ResultsLog, checkAggregateFiles, entriesBesideTemps, inPointOrder, manifestOf, onePerPoint, readManifest, readRecords, removeSweepTemps, sweepWrites, writeAggregates, writeInPointOrder } from './sweep-output.js';
import { OutputNotWritten, writeOutputs } from './output.js';
import { makeOutputDir } from './output-paths.js';
import { lockOutput } from './output-lock.js';
import { adoptPrestartedPool } from './prestart.js';
import { sweepChanges } from './sweep-changes.js';

export interface SweepOptions {
  out: string;
  parallel: number;
  /** Worker processes (default) or threads: src/actors/pool.ts. */
  pool?: PoolKind;
  /** Node and V8 flags of each worker process (bench/sweep.js --worker-flags). */
  workerFlags?: readonly string[];
  resume?: boolean;
  shard?: { index: number; count: number };
  /** Progress on stderr: a bar on a terminal, else lines; false for none. */
  progress?: boolean;
  /** File URLs of plugin modules each worker imports before its first point (the caller has loaded them too). */
  plugins?: string[];
  /** false: the points do not time their decisions (--no-time-decisions): no decisionUs metrics. */
  timeDecisions?: boolean;
  /** --point-timeout: seconds of wall time a point may run on its worker; past it, it fails and its worker is replaced. */
  pointTimeout?: number;
  /**
   * The command that goes on with this sweep (`hfsim sweep FILE --out DIR --resume ...`): given, a signal that ends the
   * sweep says on stderr how many points are in results.jsonl and that this command runs the rest (stoppedNote).
   */
  resumeCommand?: string;
  /** Filled with where the time went (bench/sweep-phases.ts reads it); worker processes only report points' times. */
  timings?: SweepTimings;
}

/** Times of one sweep run, in ms on clock.ts's clock, for the bench's breakdown. */
export interface SweepTimings {
  startedAt: number;
  /** The pool was started (after the output directory's manifest was written). */
  poolAt: number;
  workers: WorkerStart[];
  /** Per point as its answer arrived: its times on its worker, and the ms this thread spent recording and logging it. */
  points: Array<TaskTiming & { mainMs: number }>;
  /** Every point answered; every line written and synced; aggregates written; the workers exited. */
  answeredAt: number;
  loggedAt: number;
  finalizedAt: number;
  closedAt: number;
}

export interface SweepOutcome {
  dir: string;
  manifest: Manifest;
  /** Points of this shard, already done before this run, and run now. */
  total: number;
  skipped: number;
  ran: number;
  /** The worker processes (or threads) the points ran on: --parallel, or fewer when fewer points were left to run. */
  workers: number;
  records: PointRecord[];
}

export async function runSweep(sweep: Sweep, options: SweepOptions): Promise<SweepOutcome> {
  if (options.timings) options.timings.startedAt = clockMs();
  const dir = options.out;
  const manifest = manifestOf(sweep, options.shard);
  const mine = options.shard ? shardOf(sweep.points, options.shard) : sweep.points;
  refuseForeignOutput(dir, options.resume);
  makeOutputDir(dir, '--out');
  // Taken before results.jsonl is read: a line cut short is cut off the file below, and another writer's line
  // being written looks the same.
  const unlock = lockOutput(dir, '--out');
  try {
    return await runLocked(options, dir, manifest, mine, recordsKept(dir, manifest, mine, options, true));
  } finally {
    unlock();
  }
}

/** A folder with files but no manifest is someone else's: a sweep writes sweep.json before any result, and never replaces such files. */
export function refuseForeignOutput(dir: string, resume: boolean | undefined): void {
  if (existsSync(join(dir, MANIFEST)) || !existsSync(dir) || !statSync(dir).isDirectory() || entriesBesideTemps(dir).length === 0) return;
  throw new InputError(resume
    ? `${dir}: --resume: holds files but no ${MANIFEST}, so no sweep to resume (a sweep writes ${MANIFEST} first): pass the folder of the sweep's output, or an empty or new folder with --out`
    : `${dir}: holds files but no ${MANIFEST}: not a sweep output; choose an empty or new folder with --out`);
}

/**
 * The results an output folder already holds for this sweep's points (`mine`, its shard's): none in a new folder. An
 * earlier sweep's results are refused unless resuming, and then only the same sweep's, same shard. `repair`: a line
 * cut short (a full disk, a kill) is cut off the file, as a sweep that goes on must (appended onto, it made the whole
 * log unreadable); without it (--dry-run) nothing is written.
 */
export function recordsKept(dir: string, manifest: Manifest, mine: readonly SweepPoint[], options: Pick<SweepOptions, 'resume' | 'timeDecisions'>, repair: boolean): PointRecord[] {
  if (!existsSync(join(dir, MANIFEST))) return [];
  const old = readManifest(dir);
  if (!options.resume) {
    if (readRecords(dir).length > 0) throw new InputError(`${dir}: holds results of an earlier sweep: pass --resume to finish it, or choose another --out`);
    if (repair) readRecords(dir, true);
    return [];
  }
  if (old.hash !== manifest.hash) throw new InputError(`${dir}: --resume: ${sweepChanges(old, manifest)} changed since this output was made`);
  if (JSON.stringify(old.shard ?? null) !== JSON.stringify(manifest.shard ?? null)) {
    throw new InputError(`${dir}: --resume: this output is ${old.shard ? `shard ${old.shard.index}/${old.shard.count}` : 'unsharded'}; pass the same --shard`);
  }
  // The same sweep: each line must be a result of one of its points (an edited line went into aggregate.csv).
  const records = onePerPoint(readRecords(dir, repair, manifest), new Set(mine.map((p) => p.id)), join(dir, RESULTS));
  const timed = records.filter((r) => r.run.decisionUs !== undefined).length;
  const want = options.timeDecisions !== false;
  if (timed !== (want ? records.length : 0) && records.length < mine.length) {
    const mixed = want
      ? `${records.length - timed} of the ${records.length} points run before were not timed (--no-time-decisions); the rest will be`
      : `${timed} of the ${records.length} points run before were timed; the rest will not be (--no-time-decisions)`;
    warnOnce(`${dir}: --resume: ${mixed}: the aggregate's decisionUs rows count only the timed points`);
  }
  return records;
}

/** The sweep's run once its output folder is its own (lockOutput). */
async function runLocked(options: SweepOptions, dir: string, manifest: Manifest, mine: readonly SweepPoint[], records: PointRecord[]): Promise<SweepOutcome> {
  checkAggregateFiles(dir);
  removeSweepTemps(dir);
  writeOutputs([[join(dir, MANIFEST), JSON.stringify(manifest, null, 1) + '\n']], sweepWrites(dir));

  const done = new Set(records.map((r) => r.id));
  const todo = mine.filter((p) => !done.has(p.id));
  const progress = new SweepProgress(mine.length, done.size, options.progress ?? true, process.stderr, Math.max(1, Math.min(options.parallel, mine.length - done.size)));
  const log = new ResultsLog(dir);
  // last of the signal's parts: after the log has written its waiting lines, and after the bar's line is cleared
  const unnote = options.resumeCommand === undefined ? undefined
    : atEndingSignal(ENDING_SIGNALS, (signal) => sayStopped(stoppedNote(signal, done.size + log.linesInFile, mine.length, join(dir, RESULTS), options.resumeCommand!)));
  try {
    return await runLogged(options, dir, manifest, mine, records, done, todo, progress, log);
  } finally {
    unnote?.();
  }
}

/**
 * What a sweep ended by a signal kept, and how to go on: `hfsim: sweep stopped by SIGINT: 12 of 36 points are in
 * out/results.jsonl; hfsim sweep s.json --out out --resume runs the other 24`.
 */
export function stoppedNote(signal: NodeJS.Signals, kept: number, total: number, results: string, resume: string): string {
  const rest = total - kept;
  const then = rest > 0 ? `runs the other ${rest}` : 'writes its aggregates';
  return `hfsim: sweep stopped by ${signal}: ${kept} of ${total} point${total === 1 ? '' : 's'} ${kept === 1 ? 'is' : 'are'} in ${results}; ${resume} ${then}\n`;
}

/**
 * Writes `text` to stderr at once: the signal ends the process before the event loop turns again, and a write to a
 * pipe by process.stderr may wait for it. Stderr that refuses it (closed, full) drops it.
 */
function sayStopped(text: string): void {
  try {
    writeSync(2, text);
  } catch { /* no stderr to tell */ }
}

/** The sweep's points run, once its results log is open. */
async function runLogged(options: SweepOptions, dir: string, manifest: Manifest, mine: readonly SweepPoint[], records: PointRecord[], done: ReadonlySet<string>,
  todo: readonly SweepPoint[], progress: SweepProgress, log: ResultsLog): Promise<SweepOutcome> {
  const t = options.timings;
  const failures: string[] = [];
  const queue = new PointQueue(todo, records);
  if (t) t.poolAt = clockMs();
  const timing = new Map<unknown, TaskTiming>();
  const size = Math.min(options.parallel, todo.length);
  // Workers main.ts started while this process loaded (prestart.ts), when they are what this sweep would start.
  const early = (options.pool ?? 'processes') === 'processes' && options.workerFlags === undefined && t === undefined ? adoptPrestartedPool<SweepTask, Result>(size) : undefined;
  const pool = todo.length === 0 ? undefined : early ?? startPool<SweepTask, Result>(options.pool ?? 'processes', size, SIMULATION_TASK,
    { execArgv: options.workerFlags, onTiming: t && ((x, task) => timing.set(task, x)) });
  let closing: Promise<void> | undefined;
  try {
    if (pool) await runAll(pool, queue, (point, result, task) => {
      const handled = clockMs();
      const record = toRecord(point, result);
      log.append(record);
      records.push(record);
      queue.learn(point.group, result.run.wallMs);
      progress.tick();
      const times = timing.get(task);
      if (t && times) t.points.push({ ...times, mainMs: clockMs() - handled });
    }, (point, err) => {
      failures.push(pointFailure(point, overLimitWords(err)));
      progress.tick(true);
    }, { plugins: options.plugins, timeDecisions: options.timeDecisions },
    // A log that cannot take more lines (a full disk) stops the sweep: its points would run for nothing.
    () => log.failure !== undefined, options.pointTimeout === undefined ? undefined : options.pointTimeout * 1000);
    if (t) t.answeredAt = clockMs();
  } finally {
    progress.stop();
    if (t && pool?.starts) t.workers = pool.starts();
    closing = pool?.close(); // the workers exit while the log is synced and the aggregates written
    try {
      await log.close();
    } catch (err) {
      await closing;
      throw err;
    }
  }
  if (t) t.loggedAt = clockMs();
  // With points failed too: the aggregates are of the points results.jsonl holds (an incomplete merge's, there before
  // a --resume, stayed beside the lines it added). Written before the point-order rewrite, which needs room for a
  // second copy of the lines: where a full disk refused it, no aggregate was written either, and every --resume
  // failed the same way, saying only "the file there is unchanged".
  const sorted = inPointOrder(records);
  try {
    const failed = (): string => `${failures.length} of ${todo.length} points failed (the others are kept, and aggregated; --resume reruns the failed)\n${failures.join('\n')}`;
    try {
      writeAggregates(dir, manifest, sorted);
    } catch (err) {
      // a full disk said only "aggregate.json: not written (...)"; an error of the aggregates' making is no disk's
      if (!(err instanceof OutputNotWritten)) throw err;
      const also = failures.length > 0 ? `\n${failed().replace(', and aggregated;', ';')}` : '';
      throw new Error(`${err.message}; the points run are kept in ${join(dir, RESULTS)}; free room and run the sweep again with --resume to write the aggregates${also}`);
    }
    // results.jsonl stays as appended (in the order the points finished) until every point has run
    if (failures.length > 0) throw new Error(failed());
    try {
      writeInPointOrder(dir, sorted, log.written);
    } catch (err) {
      if (!(err instanceof OutputNotWritten)) throw err;
      throw new Error(`${err.message}: it holds every point of the sweep, in the order they were written (hfsim report and sweep merge read it so), and the aggregates are written; to have it in point order, free room for a second copy of it and run the sweep again with --resume`);
    }
    if (t) t.finalizedAt = clockMs();
  } finally {
    await closing; // the workers have exited, whichever way this ends
  }
  if (t) t.closedAt = clockMs();
  return { dir, manifest, total: mine.length, skipped: done.size, ran: todo.length, workers: pool === undefined ? 0 : size, records };
}


/**
 * Keeps every worker busy: one point running on each, and one more waiting in the pool, which a worker takes the
 * moment it finishes, before this thread has read and logged its result; resolves when all have finished.
 */
export function runAll<P extends SweepPoint>(pool: TaskPool<SweepTask, Result>, queue: PointQueue<P>, ok: (p: P, r: Result, task: SweepTask) => void,
  failed: (p: P, err: unknown) => void, extra: Pick<SweepTask, 'plugins' | 'timeDecisions'>, stopped: () => boolean = () => false, limitMs?: number): Promise<void> {
  return new Promise((allDone) => {
    let running = 0;
    const feed = (): void => {
      while (running < pool.size + 1) {
        const p = stopped() ? undefined : queue.next();
        if (p === undefined && running === 0) allDone(); // nothing (more) to run and nothing running
        if (p === undefined) return;
        running++;
        const task: SweepTask = { scenario: p.scenario, variant: p.variant, trace: p.trace, ...extra };
        pool.run(task, limitMs)
          .then((result) => ok(p, result, task))
          .catch((err: unknown) => failed(p, err))
          .finally(() => {
            running--;
            feed();
            if (running === 0) allDone();
          });
      }
    };
    feed();
  });
}

function toRecord(point: SweepPoint, result: Result): PointRecord {
  const { config: _config, ...rest } = result;
  return { id: point.id, index: point.index, group: point.group, values: point.values, ...rest };
}

export function describePoint(p: { values: Record<string, unknown>; seed: number }): string {
  return [...Object.entries(p.values).map(([k, v]) => `${k}=${JSON.stringify(v)}`), `seed=${p.seed}`].join(', ');
}

/** A point ended at --point-timeout, in the flag's words (the pool's name no flag). */
function overLimitWords(err: unknown): unknown {
  if (!(err instanceof OverTimeLimit)) return err;
  return new Error(`it ran past --point-timeout ${err.limitMs / 1000} (seconds of wall time): its worker ${err.worker} was ended and replaced, and the other points ran on ` +
    '(a --plugin policy that never returns runs so, as does a point longer than the limit); --resume runs it again');
}

/**
 * A failed point's lines: the point, then the failure as `hfsim run` gives it (failureLines: an object that is not an
 * Error as JSON, a string or number bare, an Error without a message by its name, where in a --plugin file it was thrown; a point read
 * "[object Object]", or nothing, and never where its plugin threw).
 */
function pointFailure(point: SweepPoint, err: unknown): string {
  return `point ${describePoint(point)}: ${failureLines(err).join('\n')}`;
}
