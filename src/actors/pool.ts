/**
 * A pool of workers for whole simulations (a sweep's points, a scenario's variants): `size` workers started at
 * once and kept warm until close, each running one task at a time, tasks handed out in the order they were
 * submitted (so a caller that submits the longest first gets longest-processing-time-first).
 *
 * Two kinds. 'processes' (the default): forked Node processes, each with its own V8 platform, heap and GC helper
 * threads; on 16 cores they do not queue behind each other's background compiles and collections the way 16
 * isolates of one process do behind its 4 shared platform threads. 'threads': piscina worker threads in this
 * process (lighter to start, shared platform). A worker that dies fails its task and is replaced; when this
 * process dies, its forked workers see their IPC channel close and exit (nothing outlives a killed run).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { isTypeScript, poolEntry, siblingModule } from './workers.js';

export type PoolKind = 'processes' | 'threads';
export const POOL_KINDS: readonly PoolKind[] = ['processes', 'threads'];

export interface TaskPool<T, R> {
  readonly size: number;
  /** Runs the task on the next free worker (tasks start in submission order). */
  run(task: T): Promise<R>;
  /** Stops every worker; waits for them to exit. */
  close(): Promise<void>;
}

/** The task of a pool that runs whole simulations: sweep-task.ts, one resolved scenario in, its Result out. */
export const SIMULATION_TASK = siblingModule(import.meta.url, 'sweep-task');

export interface PoolOptions {
  /** Node and V8 flags of each worker process (processes only: V8 flags are per process); default: workerFlags. */
  execArgv?: readonly string[];
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
  return kind === 'threads' ? threadPool<T, R>(size, moduleUrl) : new ProcessPool<T, R>(size, moduleUrl, options.execArgv ?? workerFlags(size));
}

function threadPool<T, R>(size: number, moduleUrl: URL): TaskPool<T, R> {
  const pool = new Piscina<T, R>({ ...poolEntry(moduleUrl), minThreads: size, maxThreads: size, idleTimeout: 60_000 });
  return { size, run: (task) => pool.run(task), close: () => pool.destroy() };
}

/** Messages between the pool and pool-child.ts. */
export type ToChild<T> = { id: number; task: T };
export type FromChild<R> = { ready: true } | { id: number; ok: true; value: R } | { id: number; ok: false; message: string };

interface Pending<T, R> {
  id: number;
  task: T;
  resolve: (r: R) => void;
  reject: (e: Error) => void;
}

interface Slot<T, R> {
  child: ChildProcess;
  /** The task module is loaded (a task sent before would be lost). */
  ready: boolean;
  busy?: Pending<T, R>;
}

class ProcessPool<T, R> implements TaskPool<T, R> {
  private readonly queue: Array<Pending<T, R>> = [];
  private readonly slots: Array<Slot<T, R>> = [];
  private nextId = 0;
  private closing = false;

  constructor(readonly size: number, private readonly moduleUrl: URL, private readonly flags: readonly string[]) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  run(task: T): Promise<R> {
    if (this.closing) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the worker pool was closed'));
    await Promise.all(this.slots.map(({ child }) => new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      if (child.connected) child.disconnect(); // pool-child exits when its channel closes
      else child.kill();
    })));
  }

  private spawn(): Slot<T, R> {
    const entry = siblingModule(import.meta.url, 'pool-child');
    const child = fork(fileURLToPath(entry), [this.moduleUrl.href], {
      serialization: 'advanced', // structured clone, as between threads
      execArgv: [...this.flags, ...(isTypeScript(entry) ? ['--import', 'tsx'] : [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot<T, R> = { child, ready: false };
    child.on('message', (m: FromChild<R>) => {
      if ('ready' in m) {
        slot.ready = true;
        this.dispatch();
        return;
      }
      const p = slot.busy;
      if (p === undefined || p.id !== m.id) return;
      slot.busy = undefined;
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.message));
      this.dispatch();
    });
    child.on('exit', (code, signal) => {
      const p = slot.busy;
      slot.busy = undefined;
      if (this.closing) return;
      const why = `its worker process exited (${signal ?? `code ${code}`})`;
      p?.reject(new Error(why));
      if (!slot.ready) { // it could not even load the task module: a fresh one would fail the same way
        this.closing = true;
        for (const q of this.queue.splice(0)) q.reject(new Error(`${why} before it could take a task`));
        return;
      }
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.spawn(); // a fresh worker for the tasks still queued
      this.dispatch();
    });
    child.on('error', () => { /* reported by 'exit' */ });
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.busy !== undefined || !slot.child.connected) continue;
      const p = this.queue.shift()!;
      slot.busy = p;
      slot.child.send({ id: p.id, task: p.task } satisfies ToChild<T>);
    }
  }
}
