/**
 * One writer at a time for a sweep's output folder: a lock file made with O_EXCL holding the writer's pid, host and
 * (Linux) start time. Two sweeps (or merges) into one --out each rewrote results.jsonl from their own points, and one
 * shard's lines were lost with exit 0 (two shards of a CI matrix given one --out). A lock left by a process that is
 * gone, on this host, is taken over (so is one whose pid another process has since: its start time differs); one of
 * another host is not (its process cannot be seen from here): the message says how to clear it.
 */
import { type Stats, closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { ENDING_SIGNALS, atEndingSignal } from './ending-signals.js';
import { InputError, osReason } from './errors.js';

/** The lock's name in the folder (a sweep's readers pass over it, as they pass over temp files). */
export const OUTPUT_LOCK = '.hfsim-writer.lock';

/** The lock held for a moment by the one process taking over a stale lock (staleTakenOver), passed over as OUTPUT_LOCK is. */
export const OUTPUT_LOCK_BREAKER = `${OUTPUT_LOCK}.break`;

/**
 * Whether process `pid` runs on this host (one of another user's answers EPERM: it runs). A zombie does not: a writer
 * killed (kill -9) whose parent has not reaped it yet still answers signal 0, and `timeout -s KILL 600 hfsim sweep ...
 * || hfsim sweep ... --resume` was refused for its own dead sweep (its orphan waited seconds for init here).
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const state = procStat(pid)?.state;
  return state !== 'Z' && state !== 'X';
}

/**
 * Linux: process `pid`'s state (Z or X: ended, awaiting its parent's wait()) and start time (clock ticks after boot)
 * from /proc/<pid>/stat; undefined elsewhere or when it cannot be read.
 */
function procStat(pid: number): { state: string; start: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) S ...": the name may hold spaces and parentheses, so the fields follow the last ')'; the state is the
  // 3rd field, the start time the 22nd
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], start: fields[19] ?? '' };
}

/** This process's start time as the lock holds it (procStat's; empty where there is none). */
const ownStart = (): string => procStat(process.pid)?.start ?? '';

/** Sleeps `ms` on this thread (between tries of a lock being written). */
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** A lock file found empty this long after it was made is a writer that died between making and writing it. */
const EMPTY_STALE_MS = 5_000;

/**
 * Takes `dir`'s lock (the folder must exist), or throws an InputError naming the process that holds it. The lock is
 * released by the function returned, or at this process's exit; and at a SIGINT, SIGTERM or SIGHUP that ends the
 * process (one no other listener handles: a library user's own handler is left to decide).
 */
export function lockOutput(dir: string, flag: string): () => void {
  const file = join(dir, OUTPUT_LOCK);
  const host = hostname();
  const start = ownStart();
  const mine = `${process.pid} ${host}${start === '' ? '' : ` ${start}`}\n`;
  let held = false;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    stopListening();
    removeIfHolds(file, mine);
  };
  // The listeners come first: a signal that arrives while the lock is being made then waits for the event loop (the
  // lock is whole by then) instead of ending the process with the file made and nothing written in it, or written
  // and no listener yet to remove it. A signal ends the process by its default action (no 'exit' event): the lock is
  // removed first, and the process still ends by the signal.
  const stopListening = atEndingSignal(ENDING_SIGNALS, release, { unheardOnly: true });
  try {
    takeLock(file, host, mine, dir, flag);
  } catch (err) {
    stopListening();
    throw err;
  }
  held = true;
  process.on('exit', release);
  return release;
}

/** Makes `file` holding `mine`, taking over a lock whose process is gone; throws an InputError naming a live one. */
function takeLock(file: string, host: string, mine: string, dir: string, flag: string): void {
  // Tries for as long as an empty lock, or a takeover's breaker, takes to turn stale, and a little more: 50 tries of
  // 20 ms gave up after a second on a breaker a dead process left, "another hfsim keeps taking it", with none running.
  for (const deadline = Date.now() + EMPTY_STALE_MS + 2_000; Date.now() < deadline;) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new InputError(`${flag} ${dir}: cannot write there (${osReason(err)})`);
      let holder: string;
      let seen: Stats;
      try {
        seen = statSync(file);
        holder = readFileSync(file, 'utf8');
      } catch {
        continue; // released between the two calls
      }
      if (holder === '') {
        // made and not yet written by its holder (a moment): busy, unless it has stayed empty for long
        if (Date.now() - seen.mtimeMs < EMPTY_STALE_MS) {
          pause(20);
          continue;
        }
      } else {
        const who = liveHolder(holder, host);
        if (who !== undefined) throw heldError(who, dir, flag, file);
      }
      if (!staleTakenOver(file, holder, seen)) pause(20); // its process is gone: removed, unless another is removing it
      continue;
    }
    try {
      writeSync(fd, mine);
    } finally {
      closeSync(fd);
    }
    return;
  }
  throw new InputError(`${flag} ${dir}: could not take the writer's lock ${file}: another hfsim keeps taking it`);
}

/**
 * Who holds a lock whose file reads `holder` ("pid host start"), if that process may still run: one on another host is
 * taken to, as it cannot be looked at. On this host a process of that pid that started at another time is another
 * process, the pid reused (a container restarted under its hostname counts pids from 1 again): the lock is stale. A
 * lock without a start time (an hfsim before 2026-11-29, or no /proc) is held while its pid runs.
 */
function liveHolder(holder: string, host: string): string | undefined {
  const [pidText, lockHost, lockStart] = holder.trim().split(' ');
  const pid = Number(pidText);
  const elsewhere = lockHost !== undefined && lockHost !== host;
  const sameProcess = (): boolean => {
    const now = lockStart === undefined ? undefined : procStat(pid);
    return now === undefined || now.start === lockStart;
  };
  const alive = Number.isSafeInteger(pid) && pid > 0 && (elsewhere || (pid !== process.pid && running(pid) && sameProcess()));
  if (!alive) return undefined;
  return elsewhere ? `on host ${lockHost} (pid ${pid})` : `(pid ${pid})`;
}

const heldError = (who: string, dir: string, flag: string, file: string): InputError =>
  new InputError(`${flag} ${dir}: another hfsim ${who} is writing this output: wait for it to end, or give each sweep or shard its own --out (if none is running, remove ${file})`);

/**
 * Refuses, as lockOutput would, a folder whose lock a live process holds, without taking it or removing a stale one
 * (a dry run's check: it writes nothing).
 */
export function refuseIfLocked(dir: string, flag: string): void {
  const who = writerOf(dir);
  if (who !== undefined) throw heldError(who, dir, flag, join(dir, OUTPUT_LOCK));
}

/**
 * Who writes `dir` now, as liveHolder names it ("(pid 12)"): a sweep or merge still running there; undefined for no
 * lock, a stale one, or one being made (empty: taken as free).
 */
export function writerOf(dir: string): string | undefined {
  let holder: string;
  try {
    holder = readFileSync(join(dir, OUTPUT_LOCK), 'utf8');
  } catch {
    return undefined; // none
  }
  return holder === '' ? undefined : liveHolder(holder, hostname());
}

/** Removes the lock if it still holds `content` (another process's lock, taken since, stays). */
/**
 * Removes the stale lock `file` reading `holder` as `seen` statted it, one process at a time: whether this one did
 * (false: another is removing one now). Two processes that read the same stale lock could each read it and remove it,
 * the second removing the lock the first had just made in its place, so that both wrote the folder. A takeover holds
 * the breaker (made with O_EXCL) and removes the lock only if it is still the file found stale, the same inode and
 * time: an empty stale lock reads as a new one does in the moment between its making and its writing. A breaker left
 * by a process that died holding it (older than EMPTY_STALE_MS: a takeover holds it for microseconds) is removed.
 */
export function staleTakenOver(file: string, holder: string, seen: Stats): boolean {
  const breaker = join(dirname(file), OUTPUT_LOCK_BREAKER);
  try {
    closeSync(openSync(breaker, 'wx'));
  } catch {
    try {
      if (Date.now() - statSync(breaker).mtimeMs >= EMPTY_STALE_MS) rmSync(breaker, { force: true });
    } catch { /* gone already */ }
    return false;
  }
  try {
    const now = statSync(file);
    if (now.ino === seen.ino && now.mtimeMs === seen.mtimeMs) removeIfHolds(file, holder);
  } catch { /* gone already */ } finally {
    rmSync(breaker, { force: true });
  }
  return true;
}

function removeIfHolds(file: string, content: string): void {
  try {
    if (readFileSync(file, 'utf8') === content) rmSync(file, { force: true });
  } catch { /* gone already */ }
}
