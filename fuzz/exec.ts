/** Runs one CLI command of a case in its folder, under a time limit and a resident-memory limit. */
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Limits {
  /** Wall-clock limit of one command. */
  timeoutMs: number;
  /** Resident memory limit of one command (the process with its worker threads), MB. */
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
  peakMb: number;
}

const KEEP = 32 << 20;

/** Resident MB of a process and its descendants (the CLI runs variants in child processes). */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter((x) => x !== '');
    return (m ? Number(m[1]) / 1024 : 0) + children.reduce((sum, child) => sum + rssMb(Number(child)), 0);
  } catch {
    return 0;
  }
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
    const mb = child.pid === undefined ? 0 : rssMb(child.pid);
    peakMb = Math.max(peakMb, mb);
    if (mb > limits.memoryMb) kill('memory');
  }, 100);
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      done({
        argv, code, signal, over, stdoutCut, peakMb: Math.round(peakMb), ms: Date.now() - started,
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
