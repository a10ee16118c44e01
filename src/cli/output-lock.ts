/**
 * One writer at a time for a sweep's output folder: a lock file made with O_EXCL holding the writer's pid and host.
 * Two sweeps (or merges) into one --out each rewrote results.jsonl from their own points, and one shard's lines were
 * lost with exit 0 (two shards of a CI matrix given one --out). A lock left by a process that is gone, on this host,
 * is taken over; one of another host is not (its process cannot be seen from here): the message says how to clear it.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError, osReason } from './errors.js';

/** The lock's name in the folder (a sweep's readers pass over it, as they pass over temp files). */
export const OUTPUT_LOCK = '.hfsim-writer.lock';

/** The signals a user or a scheduler ends a sweep with: the lock goes with the process. */
const RELEASED_ON = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Whether process `pid` runs on this host (one of another user's answers EPERM: it runs). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dir`'s lock (the folder must exist), or throws an InputError naming the process that holds it. The lock is
 * released by the function returned, or at this process's exit or a SIGINT, SIGTERM or SIGHUP that ends it.
 */
export function lockOutput(dir: string, flag: string): () => void {
  const file = join(dir, OUTPUT_LOCK);
  const host = hostname();
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new InputError(`${flag} ${dir}: cannot write there (${osReason(err)})`);
      let holder: string;
      try {
        holder = readFileSync(file, 'utf8');
      } catch {
        continue; // released between the two calls
      }
      const [pidText, lockHost] = holder.trim().split(' ');
      const pid = Number(pidText);
      const alive = !Number.isSafeInteger(pid) || pid <= 0 ? false : lockHost !== undefined && lockHost !== host ? true : pid !== process.pid && running(pid);
      if (alive) {
        const who = lockHost !== undefined && lockHost !== host ? `on host ${lockHost} (pid ${pid})` : `(pid ${pid})`;
        throw new InputError(`${flag} ${dir}: another hfsim ${who} is writing this output: wait for it to end, or give each sweep or shard its own --out (if none is running, remove ${file})`);
      }
      rmSync(file, { force: true }); // its process is gone
      continue;
    }
    try {
      writeSync(fd, `${process.pid} ${host}\n`);
    } finally {
      closeSync(fd);
    }
    let held = true;
    // A signal ends the process by its default action (no 'exit' event): the lock is removed first, then the signal
    // raised again with no listener of this one left, so the process ends by it as before.
    const onSignal = (signal: NodeJS.Signals): void => {
      release();
      process.kill(process.pid, signal);
    };
    const release = (): void => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      for (const s of RELEASED_ON) process.off(s, onSignal);
      rmSync(file, { force: true });
    };
    process.on('exit', release);
    for (const s of RELEASED_ON) process.on(s, onSignal);
    return release;
  }
  throw new InputError(`${flag} ${dir}: could not take the writer's lock ${file}: another hfsim keeps taking it`);
}
