/**
 * One writer at a time in a sweep's output folder: two sweeps given one --out each rewrote results.jsonl from their
 * own points, and a shard's lines were lost with exit 0. The second is refused, naming the first; a lock left by a
 * process that is gone is taken over; none is left behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_LOCK, OUTPUT_LOCK_BREAKER, lockOutput, staleTakenOver } from '../../src/cli/output-lock.js';
import { CLI, ROOT, base, hfsim, lines, smallSweep, tmp, writeJson } from './sweep-helpers.js';
import { endsWithTest } from '../ends-with-test.js';

/** A pid no process has: one that just exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

/**
 * Three processes that for 2 s take `dir`'s lock, note "in" and "out" around a millisecond holding it, then run `after`
 * (the lock's `release`, say); checks that no two held it at once, and returns how many times it was held.
 */
async function raceHolds(dir: string, after: string): Promise<number> {
  const log = join(dir, 'log');
  const lock = JSON.stringify(join(ROOT, 'dist', 'src', 'cli', 'output-lock.js'));
  const script = `import { appendFileSync, writeFileSync } from 'node:fs';\nimport { lockOutput } from ${lock};\n`
    + `for (const end = Date.now() + 2000; Date.now() < end;) { let release; try { release = lockOutput(${JSON.stringify(dir)}, '--out'); } catch { continue; }\n`
    + `appendFileSync(${JSON.stringify(log)}, 'in\\n'); for (const t = Date.now() + 1; Date.now() < t;); appendFileSync(${JSON.stringify(log)}, 'out\\n'); ${after} }\n`;
  writeFileSync(join(dir, 'race.mjs'), script);
  const runs = Array.from({ length: 3 }, () => new Promise<number | null>((done) => endsWithTest(spawn(process.execPath, [join(dir, 'race.mjs')], { stdio: 'ignore' })).on('exit', done)));
  expect(await Promise.all(runs)).toEqual([0, 0, 0]);
  const events = readFileSync(log, 'utf8').trim().split('\n');
  let holding = 0;
  for (const e of events) {
    holding += e === 'in' ? 1 : -1;
    expect(holding).toBeLessThanOrEqual(1);
  }
  return events.length / 2;
}

describe('the sweep output lock', () => {
  it('a sweep into an output another live hfsim writes is refused, exit 2, naming it; the folder is left as it was', () => {
    const file = smallSweep();
    const out = join(tmp('lock'), 'out');
    mkdirSync(out);
    writeFileSync(join(out, OUTPUT_LOCK), `${process.pid} ${hostname()}\n`); // this test's process: alive
    const r = hfsim('sweep', file, '--out', out, '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: --out ${out}: another hfsim (pid ${process.pid}) is writing this output: wait for it to end, or give each sweep or shard its own --out (if none is running, remove ${join(out, OUTPUT_LOCK)})`);
    expect(readdirSync(out)).toEqual([OUTPUT_LOCK]);
  });

  it('a lock of another host is not taken over (its process cannot be seen from here)', () => {
    const out = join(tmp('lock-host'), 'out');
    mkdirSync(out);
    writeFileSync(join(out, OUTPUT_LOCK), `${deadPid()} some-other-host\n`);
    const r = hfsim('sweep', smallSweep(), '--out', out, '--no-progress');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('another hfsim on host some-other-host (pid ');
  });

  it('a lock whose process is gone is taken over, and the sweep leaves no lock behind', () => {
    const out = join(tmp('lock-stale'), 'out');
    mkdirSync(out);
    writeFileSync(join(out, OUTPUT_LOCK), `${deadPid()} ${hostname()}\n`);
    const r = hfsim('sweep', smallSweep(), '--shard', '0/6', '--out', out, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    expect(lines(out)).toHaveLength(2);
    expect(existsSync(join(out, OUTPUT_LOCK))).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))('a lock whose process was killed and is not yet reaped (a zombie) is taken over', async () => {
    // `timeout -s KILL` kills itself with the sweep, whose orphan then waits for init to reap it (seconds here): a
    // --resume right after was refused, "another hfsim (pid N) is writing this output", for its own dead sweep.
    // A shell that starts a child and execs a sleep never reaps that child: it stays a zombie until the sleep ends. The
    // child ends only when told, once the shell is the sleep (ended before, the shell could reap it first).
    const parent = spawn('sh', ['-c', 'exec 3<&0; (read x <&3) & echo $!; exec sleep 30'], { stdio: ['pipe', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((done) => parent.stdout.once('data', (b: Buffer) => done(b.toString()))));
      const read = (file: string): string | undefined => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return undefined;
        }
      };
      for (const end = Date.now() + 10_000; read(`/proc/${parent.pid}/comm`)?.trim() !== 'sleep' && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
      parent.stdin.end(); // the child reads the end of its input and ends: a zombie of the sleep's
      const state = () => read(`/proc/${pid}/stat`)?.replace(/^.*\) /s, '')[0];
      for (const end = Date.now() + 10_000; state() !== 'Z' && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
      expect(state()).toBe('Z');
      const out = join(tmp('lock-zombie'), 'out');
      mkdirSync(out);
      writeFileSync(join(out, OUTPUT_LOCK), `${pid} ${hostname()}\n`);
      const r = hfsim('sweep', smallSweep(), '--shard', '0/6', '--out', out, '--no-progress');
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(out, OUTPUT_LOCK))).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('a SIGTERM mid-sweep, even one in the moment the lock is made, ends it by the signal, as before, and takes the lock with it', async () => {
    // Sent as soon as the lock file is seen (a spin, not a timer): the old code, whose listeners came after the lock
    // was written, left the lock behind in each run of this test (and in CI once, with a 20 ms timer's wait).
    const dir = tmp('lock-signal');
    writeJson(dir, 'base.json', { ...base, workload: { kind: 'facebook', jobs: 1000 }, variants: undefined });
    const file = writeJson(dir, 's.sweep.json', { name: 's', base: 'base.json', seeds: [1, 2, 3, 4, 5, 6, 7, 8] });
    for (let i = 0; i < 4; i++) {
      const out = join(dir, `out${i}`);
      const child = endsWithTest(spawn(process.execPath, [CLI, 'sweep', file, '--out', out, '--no-progress', '--parallel', '1'], { cwd: ROOT, stdio: 'ignore' }));
      const ended = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
      for (const end = Date.now() + 20_000; !existsSync(join(out, OUTPUT_LOCK)) && Date.now() < end;); // spins: a timer's wait let the moment pass
      child.kill('SIGTERM');
      expect(await ended).toBe('SIGTERM');
      expect(existsSync(join(out, OUTPUT_LOCK))).toBe(false);
    }
  });

  it('three processes taking the lock over and over never hold it at once (one read it in the moment between made and written, and took it too)', async () => {
    const dir = tmp('lock-race');
    expect(await raceHolds(dir, 'release();')).toBeGreaterThan(0);
  });

  it('three processes taking over stale locks together never hold it at once: a takeover is one process\'s at a time (two that read one stale lock could each remove it, the second the first\'s new lock)', async () => {
    const dir = tmp('lock-stale-race');
    // Each holder leaves its lock stale (a dead pid's, as a kill -9 leaves it) instead of releasing it.
    expect(await raceHolds(dir, `writeFileSync(${JSON.stringify(join(dir, OUTPUT_LOCK))}, '${deadPid()} ' + ${JSON.stringify(hostname())} + '\\n');`)).toBeGreaterThan(1);
    expect(existsSync(join(dir, OUTPUT_LOCK_BREAKER))).toBe(false);
  });

  it('a takeover\'s breaker left by a process that died holding it is waited out until stale, then removed (it gave up after a second: "another hfsim keeps taking it", with none running)', () => {
    const dir = tmp('lock-breaker');
    writeFileSync(join(dir, OUTPUT_LOCK), `${deadPid()} ${hostname()}\n`);
    writeFileSync(join(dir, OUTPUT_LOCK_BREAKER), '');
    const aged = (Date.now() - 4_200) / 1000; // stale in 0.8 s: a second of tries gave up before it
    utimesSync(join(dir, OUTPUT_LOCK_BREAKER), aged, aged);
    const t0 = Date.now();
    const release = lockOutput(dir, '--out');
    expect(Date.now() - t0).toBeGreaterThan(500);
    expect(readFileSync(join(dir, OUTPUT_LOCK), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    expect(existsSync(join(dir, OUTPUT_LOCK_BREAKER))).toBe(false);
    release();
    expect(existsSync(join(dir, OUTPUT_LOCK))).toBe(false);
  });
  it('an empty stale lock is removed only if it is still the file found stale: a new lock reads empty too, in the moment between its making and its writing (a review made two holders so)', () => {
    const dir = tmp('lock-empty-stale');
    const file = join(dir, OUTPUT_LOCK);
    writeFileSync(file, '');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(file, old, old);
    const seen = statSync(file);
    rmSync(file); // another took it over, and made its own lock, not yet written
    writeFileSync(file, '');
    expect(staleTakenOver(file, '', seen)).toBe(true);
    expect(existsSync(file)).toBe(true);
    utimesSync(file, old, old);
    expect(staleTakenOver(file, '', statSync(file))).toBe(true); // the one found stale is removed
    expect(existsSync(file)).toBe(false);
  });
});
