/** The worker pool (src/actors/pool.ts), both kinds: values and errors come back; a worker that dies is replaced; a simulation's result is the in-process one. */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POOL_KINDS, SIMULATION_TASK, type TaskTiming, startPool, workerFlags } from '../../src/actors/pool.js';
import { simulate, type Result } from '../../src/actors/simulate.js';
import type { SweepTask } from '../../src/actors/sweep-task.js';
import { parseScenario } from '../../src/core/scenario.js';
import type { PoolTestTask } from './pool-task.js';

const TASK = new URL('./pool-task.ts', import.meta.url);
const alive = (pid: number): boolean => { try { process.kill(pid, 0); return true; } catch { return false; } };

/** Whether process `pid` has ended within `ms`. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((done) => setTimeout(done, 20))) if (!alive(pid)) return true;
  return !alive(pid);
}

/** Linux: this process's live children (from /proc: the 4th field of each stat is the parent, the 3rd the state). */
function childPids(): number[] {
  return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      const fields = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[1]) === process.pid && fields[0] !== 'Z' ? [Number(d)] : [];
    } catch {
      return [];
    }
  });
}

describe.each(POOL_KINDS)('a pool of %s', (kind) => {
  it('returns each task\'s value, and a task\'s error as its rejection without stopping the others', async () => {
    const pool = startPool<PoolTestTask, unknown>(kind, 2, TASK);
    try {
      const values = [{ a: [1, 2] }, 'x', 3, new Float64Array([0.5])];
      const runs = values.map((value) => pool.run({ kind: 'echo', value }));
      const bad = pool.run({ kind: 'throw', message: 'point 7 failed' }).then(() => 'no error', (err: Error) => err.message);
      expect(await Promise.all(runs)).toEqual(values);
      expect(await bad).toBe('point 7 failed');
      expect(await pool.run({ kind: 'echo', value: 'after' })).toBe('after');
    } finally {
      await pool.close();
    }
  });

  it('rejects a task that threw a value that is not an Error with the value, or its String where it cannot be sent; an Error keeps its name (threads: null resolved, a Symbol or function read {}, QuotaError read Error)', async () => {
    const pool = startPool<PoolTestTask, unknown>(kind, 1, TASK);
    const reason = (what: 'null' | 'undefined' | 'symbol' | 'function' | 'ownClass') => pool.run({ kind: 'throwValue', what }).then(() => 'no error', (err: unknown) => err);
    try {
      expect(await reason('null')).toBe(null);
      expect(await reason('undefined')).toBe(undefined);
      const symbol = await reason('symbol');
      expect(symbol).toBeInstanceOf(Error);
      expect((symbol as Error).message).toBe('Symbol(s)');
      expect((await reason('function') as Error).message).toMatch(/^function f\(\) ?\{\}$/); // tsx may drop the space
      const own = await reason('ownClass') as Error;
      expect([own.name, own.message]).toEqual(['QuotaError', '']);
      expect(await pool.run({ kind: 'echo', value: 'after' })).toBe('after');
    } finally {
      await pool.close();
    }
  });

  it('fails the task of a worker that exits in its own kind\'s words, and runs the next (threads read piscina\'s "worker exited with code: 7")', async () => {
    const pool = startPool<PoolTestTask, unknown>(kind, 1, TASK);
    try {
      await expect(pool.run({ kind: 'exit' })).rejects.toThrow(new RegExp(`^its worker ${kind === 'processes' ? 'process' : 'thread'} exited \\(code 7\\)$`));
      expect(await pool.run({ kind: 'echo', value: 'after' })).toBe('after');
    } finally {
      await pool.close();
    }
  });

  it('runs a simulation with the in-process result and digest', async () => {
    const parsed = parseScenario({
      name: 'pooled', cluster: { racks: 2, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 },
      workload: { kind: 'generated', groups: [{ name: 'g', count: 6, maps: 5, mapMs: 8000, reduces: 1, intervalMs: 3000 }] },
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const pool = startPool<SweepTask, Result>(kind, 1, SIMULATION_TASK);
    try {
      const pooled = await pool.run({ scenario: parsed.value, variant: 'v' });
      const local = await simulate(parsed.value, { variant: 'v' });
      expect(pooled.digest).toBe(local.digest);
      expect(pooled.jobs).toEqual(local.jobs);
    } finally {
      await pool.close();
    }
  });
});

describe('a pool of processes', () => {
  it('fails the task of a worker that dies and runs the next on a fresh worker; close leaves no worker running', async () => {
    const pool = startPool<PoolTestTask, unknown>('processes', 1, TASK);
    const first = await pool.run({ kind: 'pid' }) as number;
    await expect(pool.run({ kind: 'exit' })).rejects.toThrow(/worker process exited \(code 7\)/);
    const second = await pool.run({ kind: 'pid' }) as number;
    expect(second).not.toBe(first);
    await pool.close();
    expect(alive(second)).toBe(false);
    await expect(pool.run({ kind: 'pid' })).rejects.toThrow(/closed/);
  });

  /** The parent's stdout and stderr, and its exit code, running pool-crash-parent.ts with `kind`. */
  async function crashParent(kind: 'throwLater' | 'throwAfter' | 'throwDuringNext'): Promise<{ out: string; err: string; code: number | null }> {
    const parent = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./pool-crash-parent.ts', import.meta.url)), kind], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    parent.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    parent.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const code = await new Promise<number | null>((done) => parent.on('close', done));
    return { out, err, code };
  }

  it('fails the task whose code throws from a timer with that error, in one line: not Node\'s stack trace on the shared stderr, nor "exited (code 1)", and runs the next', async () => {
    const { out, err, code } = await crashParent('throwLater');
    expect(out).toBe('its worker process ended: code outside the task threw (a timer or callback it set): late boom\nafter\n');
    expect(err).not.toMatch(/^\s+at /m);
    expect(err).not.toContain('late boom');
    expect(code).toBe(0);
  });

  it('says in one line on stderr what a task\'s timer threw after its answer, and runs the next task on a fresh worker, not failing it', async () => {
    const { out, err, code } = await crashParent('throwAfter');
    expect(out).toBe('answered\nafter\n');
    expect(err).toBe('hfsim: code on a worker process threw after its task had answered (a timer or callback it set, such as a --plugin\'s): late boom\n');
    expect(code).toBe(0);
  });

  it('places a timer\'s crash on the task that set it: one that fires while the worker runs the next task says so in one line and runs that next task again on a fresh worker, not failing it', async () => {
    const { out, err, code } = await crashParent('throwDuringNext');
    expect(out).toBe('answered\nafter\n');
    expect(err).toBe('hfsim: code on a worker process threw after its task had answered (a timer or callback it set, such as a --plugin\'s): late boom\n');
    expect(code).toBe(0);
  });

  it('starts its workers with --single-threaded-gc when they fill every core, else with the flags given', async () => {
    const cores = availableParallelism();
    expect(workerFlags(cores)).toEqual(['--single-threaded-gc']);
    if (cores > 1) expect(workerFlags(cores - 1)).toEqual([]);
    const full = startPool<PoolTestTask, string[]>('processes', cores, TASK);
    const given = startPool<PoolTestTask, string[]>('processes', 1, TASK, { execArgv: ['--max-semi-space-size=8'] });
    try {
      expect(await full.run({ kind: 'execArgv' })).toContain('--single-threaded-gc');
      const flags = await given.run({ kind: 'execArgv' });
      expect(flags).toContain('--max-semi-space-size=8');
      expect(flags).not.toContain('--single-threaded-gc');
    } finally {
      await Promise.all([full.close(), given.close()]);
    }
  });

  it('a worker exits when the process that started it is killed, even in the middle of a task', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./pool-parent.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((done) => parent.stdout.once('data', (d: Buffer) => done(Number(d.toString().trim()))));
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    for (let i = 0; i < 500 && alive(pid); i++) await new Promise((r) => setTimeout(r, 10));
    expect(alive(pid), 'the worker outlived its pool').toBe(false);
  });

  it('takes tasks while its workers start, and reports when each started and each task\'s times', async () => {
    const timings: TaskTiming[] = [];
    const pool = startPool<PoolTestTask, unknown>('processes', 2, TASK, { onTiming: (t) => timings.push(t) });
    try {
      const runs = [1, 2, 3, 4].map((value) => pool.run({ kind: 'echo', value }));
      await pool.flushed!(); // written to the workers' channels before either has loaded the task module
      expect(pool.starts!().some((w) => w.readyAt === undefined)).toBe(true);
      expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
      for (const w of pool.starts!()) expect(w.readyAt).toBeGreaterThanOrEqual(w.spawnedAt);
      expect(timings).toHaveLength(4);
      for (const t of timings) {
        expect(t.sentAt).toBeLessThanOrEqual(t.startedAt);
        expect(t.startedAt).toBeLessThanOrEqual(t.endedAt);
        expect(t.endedAt).toBeLessThanOrEqual(t.receivedAt);
      }
      const nths = (w: number) => timings.filter((t) => t.worker === w).map((t) => t.nth);
      expect([...nths(0), ...nths(1)].sort()).toEqual([...nths(0).map((_, i) => i + 1), ...nths(1).map((_, i) => i + 1)].sort());
    } finally {
      await pool.close();
    }
  });

  // run --parallel, a variant failed in this process: close(false) disconnected a worker whose large answer this
  // process had begun to read while its own variant held the event loop; Node closes a channel only once the message
  // it reads ends, and drops the message then, so the channel (kept referenced) never closed, nor did the command.
  it('close(false) ends a busy worker whose answer is being read, so nothing holds this process', async () => {
    const pool = startPool<PoolTestTask, unknown>('processes', 1, TASK);
    const pid = await pool.run({ kind: 'pid' }) as number;
    pool.run({ kind: 'big', mb: 64 }).catch(() => undefined);
    // the moment the race needs, made sure of: the channel has read part of the answer (the flag Node 20 keeps on the
    // channel's handle, which its _disconnect reads)
    const child = (pool as unknown as { slots: Array<{ child: Record<symbol, unknown> }> }).slots[0].child;
    const channel = child[Object.getOwnPropertySymbols(child).find((k) => k.description === 'kChannelHandle')!] as { buffering?: boolean } | null;
    for (const end = Date.now() + 10_000; channel?.buffering !== true && Date.now() < end;) await new Promise((done) => setImmediate(done));
    expect(channel?.buffering).toBe(true);
    await pool.close(false);
    expect(await goneWithin(pid, 5000)).toBe(true);
  });

  // A worker killed as it started (from outside, or out of memory as it loaded) closed the pool as one that cannot load
  // the task module: every point of a sweep left failed, "the worker pool is closed", beside a healthy worker.
  it('replaces a worker killed before it is ready and runs its task; killed four times in a row, closes saying so', { skip: process.platform !== 'linux' }, async () => {
    // Each worker process waits a second before it loads anything, so a kill lands before it is ready; its flag carries
    // a token to find this pool's processes by (other test files' children share this process).
    const token = `pool-start-kill-${process.pid}-${Date.now()}`;
    const execArgv = ['--import', `data:text/javascript,/*${token}*/const end=Date.now()+1000;while(Date.now()<end);`];
    const killStarts = async (times: number): Promise<Set<number>> => {
      const seen = new Set<number>();
      while (seen.size < times) {
        for (const pid of childPids()) {
          if (seen.has(pid) || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(token)) continue;
          seen.add(pid);
          process.kill(pid, 'SIGKILL');
        }
        await new Promise((done) => setTimeout(done, 2));
      }
      return seen;
    };
    const pool = startPool<PoolTestTask, unknown>('processes', 1, TASK, { execArgv });
    const task = pool.run({ kind: 'pid' });
    const killed = await killStarts(3);
    const ran = await task as number;
    expect([killed.has(ran), alive(ran)]).toEqual([false, true]); // its fourth process ran it
    await pool.close();
    const doomed = startPool<PoolTestTask, unknown>('processes', 1, TASK, { execArgv });
    const lost = doomed.run({ kind: 'pid' });
    lost.catch(() => undefined);
    await killStarts(4);
    await expect(lost).rejects.toThrow('its worker process exited (SIGKILL) before it could take a task');
    await expect(doomed.run({ kind: 'pid' })).rejects.toThrow("the worker pool closed: worker 0's process exited (SIGKILL) before it could take a task, 4 times in a row");
    await doomed.close();
  });

  it('fails every task at once when a worker cannot load the task module', async () => {
    const pool = startPool<PoolTestTask, unknown>('processes', 2, new URL('./no-such-task.ts', import.meta.url));
    await expect(pool.run({ kind: 'pid' })).rejects.toThrow(/before it could take a task/);
    await pool.close();
  });
});
