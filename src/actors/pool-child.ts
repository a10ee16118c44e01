/**
 * A forked worker of pool.ts: imports the task module named by its first argument, runs each task it is sent (one
 * at a time, in order) and answers with the value or the error (task-failure.ts), and the task's start and end
 * times; what its code throws outside a task's call is told to the pool, which ends this worker. It listens before it loads the module (tasks sent while it starts wait for the module), and exits when its
 * channel to the pool closes (the pool closed it), and within a quarter of a second of the death of the process that
 * started it while a task runs (orphan-watch.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { clockMs as now } from './clock.js';
import { endRunsWhenOrphaned } from './orphan-watch.js';
import { failure } from './task-failure.js';
import type { FromChild, ToChild } from '../messages/pool.js';

const [moduleHref] = process.argv.slice(2);
/** This worker's own way out: a task replaces process.exit while it runs (sweep-task.ts). */
const exit = process.exit.bind(process);
const loaded = import(moduleHref) as Promise<{ default: (task: unknown) => Promise<unknown> }>;
endRunsWhenOrphaned(process.ppid); // its runs end it once the process that started it has died (orphan-watch.ts)

let chain: Promise<unknown> = loaded;
/** The id of the task running now, if one is; whether code outside the tasks threw (this worker is ending). */
let running: number | undefined;
/**
 * The id of the task whose run set the timer or callback running now (Node carries it into them). A timer a plugin
 * module sets as it loads carries the id of the worker's first task, which imported it (sweep-task.ts): thrown during a
 * later task, that task runs again on a fresh worker, where it is the first.
 */
const setBy = new AsyncLocalStorage<number>();
let broken = false;
process.on('message', (m: ToChild<unknown>) => {
  chain = chain.then(async () => {
    // A broken worker runs nothing more: the pool runs a task sent after the crash on this worker's replacement.
    if (broken) return;
    const { default: run } = await loaded;
    running = m.id;
    const startedAt = now();
    let reply: FromChild<unknown>;
    try {
      const value = await setBy.run(m.id, () => run(m.task));
      reply = { id: m.id, startedAt, endedAt: now(), ok: true, value };
    } catch (err) {
      reply = { id: m.id, startedAt, endedAt: now(), ok: false, ...failure(err) };
    }
    say(reply);
    running = undefined;
  });
});
process.on('disconnect', () => exit(process.exitCode ?? 0));
await loaded; // a module that cannot load ends this process (the pool sees it exit before 'ready')
// Once loaded, code a task ran (a plugin's) that throws from a timer or callback it set ends this worker, as it ends
// the CLI's own process (plugins.ts endOnPluginCrash): the pool is told what was thrown and during which task, fails
// that task with it and disconnects this worker; thrown after its task answered, it is said here in one line. Node's
// stack trace went to the stderr the workers share, and the task running then read "exited (code 1)".
process.on('uncaughtException', (err) => {
  if (broken) return; // told once: this worker is on its way out
  broken = true;
  const thrown = (err instanceof Error ? err.message : String(err)).split('\n')[0];
  process.exitCode = 1;
  const thrower = setBy.getStore() ?? running;
  if (thrower === undefined || thrower !== running) process.stderr.write(`hfsim: code on a worker process threw after its task had answered (a timer or callback it set, such as a --plugin's): ${thrown}\n`);
  if (!process.connected) exit(1);
  say({ crashed: thrown, during: thrower });
});
say({ ready: true });

/** Sends to the pool; a channel closed meanwhile (the pool closed, or died) is no error: 'disconnect' ends this process. */
function say(m: FromChild<unknown>): void {
  if (process.connected) process.send!(m, undefined, {}, () => undefined);
}

