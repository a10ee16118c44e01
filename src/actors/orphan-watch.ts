/**
 * How a forked pool worker (pool-child.ts) ends once the process that started it has died while a task holds its main
 * thread, where its channel's 'disconnect' is never heard: a point at scale runs for minutes, and ran on to its end
 * after the sweep or run that started it had been killed. hfsim's own simulation looks between epochs (inprocess.ts),
 * at no cost; a --plugin's code may never return (`for (;;) {}`: such workers spun on alone at 100% of a core until
 * killed by hand), so a worker about to run plugin code also starts a thread of its own that looks every quarter of a
 * second, whatever the main thread does. Only then: a thread costs a worker about 50 ms of start and 11 MB (a pool of
 * 2 ready in 445 ms without it, 510 ms with it here).
 */
import { Worker } from 'node:worker_threads';

const ORPHAN_CHECK_MS = 250;

/** The process that started this one, where this is a pool's worker (endRunsWhenOrphaned); else undefined. */
let parent: number | undefined;
let checkAt = 0;
let watching = false;

/** Ends this process at once: a task replaces process.exit while it runs (sweep-task.ts), and nothing is left to do. */
const end = (): void => {
  process.kill(process.pid, 'SIGKILL');
};

/** This process is a pool's worker, started by `parentPid`: its runs end it once that process has died. */
export function endRunsWhenOrphaned(parentPid: number): void {
  parent = parentPid;
}

/** Between epochs (inprocess.ts): ends this worker if its parent has died, looking at most every ORPHAN_CHECK_MS. */
export function endIfOrphaned(nowMs: number): void {
  if (parent === undefined || nowMs < checkAt) return;
  checkAt = nowMs + ORPHAN_CHECK_MS;
  if (process.ppid !== parent) end();
}

const WATCH = `const { workerData } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, ${ORPHAN_CHECK_MS});`;

/** Before plugin code runs on this worker (sweep-task.ts): the thread that watches for the parent's death, once. */
export function watchWhilePluginsRun(): void {
  if (parent === undefined || watching) return;
  watching = true;
  new Worker(WATCH, { eval: true, workerData: parent, execArgv: [] }).unref(); // not the worker's --import tsx or heap flags
}
