/** Runs one CLI command of a case in its folder, under a time limit and a resident-memory limit. */
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Limits {
  /** Wall-clock limit of one command. */
  timeoutMs: number;
  /**
   * Resident memory limit, MB, of each process of a command: the CLI process with its worker threads, and each worker
   * process it starts (a sweep's pool, side-by-side variants). A worker process runs points or variants as the command
   * itself would, so each has the command's budget, and the command's total grows with the workers it starts: a sweep
   * on 16 cores is 16 workers of 65-130 MB beside the CLI's 75 (over 1,024 MB together, by design).
   */
  memoryMb: number;
}

export interface Outcome {
  argv: string[];
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the fuzzer killed the command for going over a limit. */
  over?: 'time' | 'memory';
  stdout: string;
  /** Stdout was longer than the fuzzer keeps (the result checks are skipped). */
  stdoutCut: boolean;
  stderr: string;
  ms: number;
  /** The largest resident MB one process of the command reached (what the limit applies to). */
  peakMb: number;
  /** The largest resident MB of all its processes together, and how many processes that was. */
  peakTotalMb: number;
  processes: number;
}

const KEEP = 32 << 20;

/** Resident MB of a process and of each of its descendants (any thread's children: the CLI forks its workers). */
function treeRssMb(pid: number, out: number[] = []): number[] {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    out.push(m ? Number(m[1]) / 1024 : 0);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter((x) => x !== '');
      for (const child of children) treeRssMb(Number(child), out);
    }
  } catch {
    // the process ended between the reads
  }
  return out;
}

/** Whether a command whose processes are resident at `rssMb` is over its limit: any one process over it (Limits). */
export function overMemory(rssMb: readonly number[], limitMb: number): boolean {
  return rssMb.some((mb) => mb > limitMb);
}

/** `head`: close our end of stdout after that many bytes, as `hfsim ... | head -c n` does. */
export function runCli(cli: string, dir: string, argv: string[], limits: Limits, head?: number): Promise<Outcome> {
  const started = Date.now();
  // The heap limit sits under the resident limit, so a heap that runs away dies as V8's own out-of-memory error.
  const heap = Math.max(64, Math.floor(limits.memoryMb * 0.75));
  const child = spawn(process.execPath, [`--max-old-space-size=${heap}`, cli, ...argv], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a kill takes its child processes too
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let outBytes = 0;
  let errBytes = 0;
  let stdoutCut = false;
  child.stdout.on('data', (b: Buffer) => {
    if (head !== undefined && outBytes + b.length >= head) {
      out.push(b.subarray(0, head - outBytes));
      outBytes = head;
      stdoutCut = true;
      child.stdout.destroy();
      return;
    }
    if (outBytes + b.length > KEEP) stdoutCut = true;
    else out.push(b);
    outBytes += b.length;
  });
  child.stderr.on('data', (b: Buffer) => {
    if (errBytes < KEEP) err.push(b);
    errBytes += b.length;
  });
  let over: Outcome['over'];
  let peakMb = 0;
  let peakTotalMb = 0;
  let processes = 0;
  const kill = (why: 'time' | 'memory') => {
    if (over === undefined) over = why;
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL'); // the group is gone already
    }
  };
  if (head === 0) {
    stdoutCut = true;
    child.stdout.destroy();
  }
  const timer = setTimeout(() => kill('time'), limits.timeoutMs);
  const poll = setInterval(() => {
    const rss = child.pid === undefined ? [] : treeRssMb(child.pid);
    const total = rss.reduce((a, b) => a + b, 0);
    peakMb = Math.max(peakMb, ...rss);
    if (total > peakTotalMb) [peakTotalMb, processes] = [total, rss.length];
    if (overMemory(rss, limits.memoryMb)) kill('memory');
  }, 100);
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      done({
        argv, code, signal, over, stdoutCut, peakMb: Math.round(peakMb), peakTotalMb: Math.round(peakTotalMb), processes, ms: Date.now() - started,
        stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}

/**
 * A fuzzer action between commands (argv[0] starts with "@"): "@append file text", "@truncate file bytes",
 * "@write file text". Damages an output the next command reads. ("@head n command..." is a command whose stdout
 * is closed after n bytes: the fuzzer loop runs it.)
 */
export function runAction(dir: string, argv: string[]): void {
  const [action, file, arg] = argv;
  const path = join(dir, file);
  try {
    if (action === '@append') appendFileSync(path, arg);
    else if (action === '@truncate') truncateSync(path, Number(arg));
    else if (action === '@write') writeFileSync(path, arg);
    else throw new Error(`unknown fuzzer action ${action}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; // the command before wrote nothing: nothing to damage
  }
}
