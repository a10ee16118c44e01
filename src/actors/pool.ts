/**
 * A pool of workers for whole simulations (a sweep's points, a scenario's variants): `size` workers started at
 * once and kept warm until close, each running one task at a time, tasks handed out in the order they were
 * submitted (so a caller that submits the longest first gets longest-processing-time-first).
 *
 * Two kinds. 'processes' (the default): forked Node processes, each with its own V8 platform, heap and GC helper
 * threads; on 16 cores they do not queue behind each other's background compiles and collections the way 16
 * isolates of one process do behind its 4 shared platform threads. 'threads': piscina worker threads in this
 * process (lighter to start, shared platform). A worker that dies fails its task and is replaced; when this
 * process dies, its forked workers see their IPC channel close and exit (nothing outlives a killed run). A task given
 * a limit of wall time that runs past it fails with OverTimeLimit, and its worker is ended (a process by SIGKILL, its
 * threads with it; a thread terminated) and replaced: a plugin's endless loop cannot be interrupted any other way.
 *
 * A task goes to a worker process as soon as the worker is free, even while it is still starting: the worker
 * listens before it loads the task module and runs what it was sent once loaded, so a caller can start a pool, do
 * its own work meanwhile (read the scenario, run a variant itself) and lose nothing to the workers' start-up.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { clockMs } from './clock.js';
import { isTypeScript, poolEntry, siblingModule } from './workers.js';
import { rethrown } from './task-failure.js';
import type { FromChild, TaskAnswer, ToChild } from '../messages/pool.js';

export type PoolKind = 'processes' | 'threads';
export const POOL_KINDS: readonly PoolKind[] = ['processes', 'threads'];

/** Times of one task on a worker process, in ms on clock.ts's clock (one for all processes of the machine). */
export interface TaskTiming {
  /** The worker (0 .. size - 1; a replaced worker keeps its number) and the task's place in that worker process's life (1: its first). */
  worker: number;
  nth: number;
  /** Handed to the worker; begun there (after the worker loaded the task module); ended there; its answer read here. */
  sentAt: number;
  startedAt: number;
  endedAt: number;
  receivedAt: number;
}

/** When each worker process was forked and when it had loaded the task module (undefined: not yet). */
export interface WorkerStart {
  spawnedAt: number;
  readyAt: number | undefined;
}

export interface TaskPool<T, R> {
  readonly size: number;
  /**
   * Runs the task on the next free worker (tasks start in submission order); with `limitMs`, fails it with
   * OverTimeLimit once it has run that long on its worker (not counting its wait for one), ending that worker.
   */
  run(task: T, limitMs?: number): Promise<R>;
  /** Stops every worker; waits for them to exit (wait false: lets them exit on their own, this process not waiting). */
  close(wait?: boolean): Promise<void>;
  /** Worker processes only: when each worker started (the current process of each worker number). */
  starts?(): WorkerStart[];
  /** Worker processes only: resolves once every task handed out so far has been written to its worker's channel. */
  flushed?(): Promise<void>;
}

/** A task ended at its limit of wall time (TaskPool.run's limitMs): its worker was ended and replaced. */
export class OverTimeLimit extends Error {
  constructor(readonly limitMs: number, readonly worker: 'process' | 'thread') {
    super(`it ran past its limit of ${limitMs / 1000} s of wall time: its worker ${worker} was ended and replaced`);
    this.name = 'OverTimeLimit';
  }
}

/** The task of a pool that runs whole simulations: sweep-task.ts, one resolved scenario in, its Result out. */
export const SIMULATION_TASK = siblingModule(import.meta.url, 'sweep-task');

export interface PoolOptions {
  /** Node and V8 flags of each worker process (processes only: V8 flags are per process); default: workerFlags. */
  execArgv?: readonly string[];
  /** Processes only: told each task's times as its answer arrives. */
  onTiming?: (timing: TaskTiming, task: unknown) => void;
}

/**
 * The default flags of `size` worker processes. A pool that fills every core collects garbage on each worker's own
 * thread (--single-threaded-gc): V8's parallel GC helpers would find no idle core, only other workers to slow down.
 * The 64-point sweep on 16 workers of 16 cores: 3.08-3.09 s with it, 3.40-3.61 s without (summed point time 37.2
 * against 42.2 s). A smaller pool leaves its workers' helpers the idle cores.
 */
export function workerFlags(size: number): string[] {
  return size >= availableParallelism() ? ['--single-threaded-gc'] : [];
}

/** A pool whose task is the default export of the module at `moduleUrl`. */
export function startPool<T, R>(kind: PoolKind, size: number, moduleUrl: URL, options: PoolOptions = {}): TaskPool<T, R> {
  return kind === 'threads' ? threadPool<T, R>(size, moduleUrl)
    : new ProcessPool<T, R>(size, moduleUrl, options.execArgv ?? workerFlags(size), options.onTiming);
}

/**
 * Piscina, imported only when a thread pool is asked for (a process pool need not load it). Its threads run
 * pool-thread.ts, which runs the task and answers with its value or its failure, as a worker process does.
 */
function threadPool<T, R>(size: number, moduleUrl: URL): TaskPool<T, R> {
  const entry = poolEntry(siblingModule(import.meta.url, 'pool-thread'), { task: moduleUrl.href });
  const pool = import('piscina').then(({ Piscina }) => new Piscina<T, TaskAnswer<R>>({ ...entry, minThreads: size, maxThreads: size, idleTimeout: 60_000 }));
  const threads = new ThreadGate(size);
  const run = async (task: T, limitMs?: number): Promise<R> => {
    let answer: TaskAnswer<R>;
    if (limitMs !== undefined) await threads.take(); // piscina queues what it is given: the limit counts from a free thread
    const abort = limitMs === undefined ? undefined : new AbortController();
    const timer = abort && setTimeout(() => abort.abort(), limitMs);
    try {
      // piscina terminates the thread of an aborted task that runs, and starts another
      answer = await (await pool).run(task, abort && { signal: abort.signal });
    } catch (err) {
      throw abort?.signal.aborted ? new OverTimeLimit(limitMs!, 'thread') : threadExit(err);
    } finally {
      if (abort !== undefined) {
        clearTimeout(timer);
        threads.give();
      }
    }
    return answered(answer);
  };
  return { size, run, close: async () => (await pool).destroy() };
}

/** At most `size` tasks handed to piscina at once, the others waiting here in order. */
class ThreadGate {
  private taken = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}

  take(): Promise<void> {
    if (this.taken < this.size) {
      this.taken++;
      return Promise.resolve();
    }
    return new Promise((go) => this.waiting.push(go));
  }

  /** Hands the place to the next waiting task, if any. */
  give(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.taken--;
  }
}

/** Piscina's "worker exited with code: 3" in a process pool's words ("its worker process exited (code 3)"). */
function threadExit(err: unknown): unknown {
  const code = err instanceof Error ? /^worker exited with code: (-?\d+)$/.exec(err.message)?.[1] : undefined;
  return code === undefined ? err : new Error(`its worker thread exited (code ${code})`);
}

/** A worker thread's answer: the task's value, or what it threw, thrown again. */
function answered<R>(a: TaskAnswer<R>): R {
  if (a.ok) return a.value;
  throw rethrown(a);
}

interface Pending<T, R> {
  id: number;
  task: T;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
  sentAt: number;
  /** Its limit of wall time on a worker, and the timer that ends it there (started once the worker has loaded). */
  limitMs?: number;
  timer?: NodeJS.Timeout;
}

interface Slot<T, R> {
  child: ChildProcess;
  index: number;
  spawnedAt: number;
  /** The task module is loaded (until then, a task sent waits in the worker). */
  readyAt?: number;
  /** Tasks this worker process has answered. */
  done: number;
  busy?: Pending<T, R>;
}

/** Worker processes of one number killed before they were ready, in a row, that are replaced; one more closes the pool. */
const MAX_START_KILLS = 3;

class ProcessPool<T, R> implements TaskPool<T, R> {
  private readonly queue: Array<Pending<T, R>> = [];
  private readonly slots: Array<Slot<T, R>> = [];
  private nextId = 0;
  private closing = false;
  /** Why the pool closed itself (its workers could not start), for the tasks run after. */
  private closedWhy: string | undefined;
  /** By worker number: its processes killed by a signal before they were ready, in a row (an outside kill, memory). */
  private readonly startKills: number[] = [];
  /** Sends not yet written out, and who waits for there to be none. */
  private sending = 0;
  private waiting: Array<() => void> = [];

  constructor(readonly size: number, private readonly moduleUrl: URL, private readonly flags: readonly string[],
    private readonly onTiming?: (timing: TaskTiming, task: T) => void) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(i));
    this.holdOpen();
  }

  run(task: T, limitMs?: number): Promise<R> {
    if (this.closing) return Promise.reject(new Error(this.closedWhy ?? 'the worker pool is closed'));
    return new Promise<R>((resolve, reject) => {
      const p: Pending<T, R> = { id: this.nextId++, task, sentAt: 0, limitMs,
        resolve: (r) => { clearTimeout(p.timer); resolve(r); },
        reject: (e) => { clearTimeout(p.timer); reject(e); } };
      this.queue.push(p);
      this.dispatch();
    });
  }

  flushed(): Promise<void> {
    return this.sending === 0 ? Promise.resolve() : new Promise((done) => this.waiting.push(done));
  }

  starts(): WorkerStart[] {
    return this.slots.map((s) => ({ spawnedAt: s.spawnedAt, readyAt: s.readyAt }));
  }

  async close(wait = true): Promise<void> {
    this.closing = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the worker pool was closed'));
    await Promise.all(this.slots.map(({ child, busy }) => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      if (wait) {
        child.once('exit', () => done());
        child.ref();
      } else {
        child.unref(); // this process need not wait for it: it exits once its channel is closed
        (child.channel as { unref(): void } | undefined | null)?.unref();
        done();
      }
      // A busy worker's task is given up: it is killed. Disconnected, one whose answer this process was reading (the
      // variant it ran itself held the event loop meanwhile) never closed its channel, which holdOpen had kept
      // referenced: `run --parallel` whose other variant had failed hung for ever (Node waits for that message's end
      // before it closes a channel, and drops the message once it has begun to close).
      if (child.connected && busy === undefined) child.disconnect(); // pool-child exits when its channel closes
      else child.kill('SIGKILL');
    })));
  }

  private spawn(index: number): Slot<T, R> {
    const entry = siblingModule(import.meta.url, 'pool-child');
    const child = fork(fileURLToPath(entry), [this.moduleUrl.href], {
      serialization: 'advanced', // structured clone, as between threads
      execArgv: [...this.flags, ...(isTypeScript(entry) ? ['--import', 'tsx'] : [])],
      // its stdout is this process's stderr: a worker answers by its channel, and what a --plugin's code prints there
      // went into run --json's JSON on stdout (stdout.ts keepStdoutForOutput)
      stdio: ['ignore', 2, 'inherit', 'ipc'],
    });
    const slot: Slot<T, R> = { child, index, spawnedAt: clockMs(), done: 0 };
    child.on('message', (m: FromChild<R>) => {
      if ('ready' in m) {
        slot.readyAt = clockMs();
        this.startKills[index] = 0;
        if (slot.busy !== undefined) this.limit(slot, slot.busy);
        return;
      }
      if ('crashed' in m) { // the worker is broken: the task it ran then fails with what was thrown, and it goes (see 'exit')
        const p = slot.busy;
        slot.busy = undefined;
        if (p !== undefined && p.id === m.during) p.reject(new Error(`its worker process ended: code outside the task threw (a timer or callback it set): ${m.crashed}`));
        // sent after the crash: its replacement runs it, unless the pool is closing (close() rejected the queue then)
        else if (p !== undefined) {
          clearTimeout(p.timer); // its limit starts again on the worker that runs it
          if (this.closing) p.reject(new Error('the worker pool is closed'));
          else this.queue.unshift(p);
        }
        if (slot.child.connected) slot.child.disconnect();
        return;
      }
      const p = slot.busy;
      if (p === undefined || p.id !== m.id) return;
      slot.busy = undefined;
      slot.done++;
      this.onTiming?.({ worker: slot.index, nth: slot.done, sentAt: p.sentAt, startedAt: m.startedAt, endedAt: m.endedAt, receivedAt: clockMs() }, p.task);
      if (m.ok) p.resolve(m.value);
      else p.reject(rethrown(m));
      this.dispatch();
    });
    child.on('exit', (code, signal) => {
      const p = slot.busy;
      slot.busy = undefined;
      const exited = `exited (${signal ?? `code ${code}`})`;
      const why = `its worker process ${exited}`;
      // Killed by a signal before it was ready (from outside, or out of memory as it loaded): the task sent to it never
      // began, and a fresh worker takes it; a few such deaths in a row, or an exit of its own (it could not load the
      // task module: a fresh one would fail the same way), close the pool. One killed start failed every point left.
      const restart = slot.readyAt === undefined && signal !== null && !this.closing && (this.startKills[index] = (this.startKills[index] ?? 0) + 1) <= MAX_START_KILLS;
      if (restart && p !== undefined) this.queue.unshift(p);
      else p?.reject(new Error(slot.readyAt === undefined ? `${why} before it could take a task` : why));
      if (this.closing) return;
      if (slot.readyAt === undefined && !restart) {
        this.closing = true;
        this.closedWhy = `the worker pool closed: worker ${index}'s process ${exited} before it could take a task${signal === null ? '' : `, ${MAX_START_KILLS + 1} times in a row`}`;
        for (const q of this.queue.splice(0)) q.reject(new Error(`${why} before it could take a task`));
        return;
      }
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.spawn(index); // a fresh worker for the tasks still queued
      this.dispatch();
    });
    child.on('error', () => { /* reported by 'exit' */ });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (slot.busy !== undefined || !slot.child.connected) continue;
      const p = this.queue.shift()!;
      slot.busy = p;
      p.sentAt = clockMs();
      this.sending++;
      slot.child.send({ id: p.id, task: p.task } satisfies ToChild<T>, undefined, {}, () => {
        if (--this.sending === 0) for (const done of this.waiting.splice(0)) done();
      });
      if (slot.readyAt !== undefined) this.limit(slot, p);
    }
    this.holdOpen();
  }

  /**
   * Starts the task's limit on its worker, which has loaded (a worker's start is not the task's): past it, the task
   * fails and the worker is killed, SIGKILL, as code in an endless loop hears nothing else; 'exit' replaces it.
   */
  private limit(slot: Slot<T, R>, p: Pending<T, R>): void {
    if (p.limitMs === undefined) return;
    p.timer = setTimeout(() => {
      if (slot.busy !== p) return;
      slot.busy = undefined;
      slot.child.kill('SIGKILL');
      slot.child.disconnect(); // at once: a task dispatched before its 'exit' went to the dying worker and failed with it
      p.reject(new OverTimeLimit(p.limitMs!, 'process'));
    }, p.limitMs);
  }

  /**
   * Idle workers do not keep this process alive (a pool started ahead of need, in case, must not hold up an exit
   * when the command ends another way); busy ones do, until their answers arrive, and so do all while tasks wait
   * (for a worker that is being replaced).
   */
  private holdOpen(): void {
    const busy = this.queue.length > 0 || this.slots.some((s) => s.busy !== undefined);
    for (const { child } of this.slots) {
      const channel = child.channel as { ref(): void; unref(): void } | undefined | null;
      if (busy) {
        child.ref();
        channel?.ref();
      } else {
        child.unref();
        channel?.unref();
      }
    }
  }
}
