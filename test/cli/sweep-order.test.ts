/**
 * The order a sweep hands out its points: each unknown group once (largest first), then known groups dearest first;
 * runAll keeping the workers busy until done or stopped; the results log stopping on a failed write, and writing
 * its waiting lines at a signal that ends the sweep.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseScenario } from '../../src/core/scenario.js';
import type { Result } from '../../src/actors/simulate.js';
import type { SweepPoint } from '../../src/cli/sweep-file.js';
import { PointQueue, workloadSize } from '../../src/cli/sweep-order.js';
import type { PointRecord } from '../../src/cli/sweep-aggregate.js';
import { ResultsLog } from '../../src/cli/sweep-output.js';
import { runAll } from '../../src/cli/sweep-run.js';

function scenario(nodesPerRack: number, jobs: number) {
  const parsed = parseScenario({ cluster: { racks: 2, nodesPerRack }, workload: { kind: 'facebook', jobs } });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.value;
}

/** Points of groups a (small), b (large), c (middle), two seeds each, in index order. */
const points = ['a', 'b', 'c'].flatMap((group, g) => [0, 1].map((seed) => ({
  group, index: 2 * g + seed, name: `${group}${seed}`, scenario: scenario([5, 20, 10][g], 100), trace: undefined,
})));
const names = (q: PointQueue<(typeof points)[number]>, n: number): string[] => Array.from({ length: n }, () => q.next()?.name ?? '-');

describe('PointQueue', () => {
  it('sizes a workload as nodes x jobs', () => {
    expect(workloadSize(scenario(10, 300))).toBe(20 * 300);
  });

  it('with nothing known: one point of each group, largest first, then the rest of the started groups', () => {
    expect(names(new PointQueue(points), 7)).toEqual(['b0', 'c0', 'a0', 'b1', 'c1', 'a1', '-']);
  });

  it('puts known groups dearest first, after the groups still unknown', () => {
    const q = new PointQueue(points, [{ group: 'a', run: { wallMs: 900 } }, { group: 'b', run: { wallMs: 100 } }]);
    expect(names(q, 2)).toEqual(['c0', 'a0']); // c is unknown: learned first; then a, the dearest known
    q.learn('c', 5000);
    expect(names(q, 4)).toEqual(['c1', 'a1', 'b0', 'b1']);
  });

  it('averages what it learns of a group', () => {
    const q = new PointQueue(points.filter((p) => p.group !== 'c'));
    q.learn('a', 100);
    q.learn('a', 700); // mean 400
    q.learn('b', 500);
    expect(names(q, 4)).toEqual(['b0', 'b1', 'a0', 'a1']);
  });
});

describe('runAll', () => {
  /** A pool of `size` workers whose tasks finish in submission order, a tick apart; counts the tasks it ran. */
  const fakePool = (size: number) => {
    const ran: unknown[] = [];
    const pool = {
      size,
      run: (task: unknown) => { ran.push(task); return new Promise<Result>((done) => setTimeout(() => done({ run: { wallMs: 1 } } as Result), 1)); },
      close: async () => {},
    };
    return { pool, ran };
  };
  const asPoints = points as unknown as SweepPoint[];

  it('runs every point, each once', async () => {
    const { pool, ran } = fakePool(2);
    let ok = 0;
    await runAll(pool, new PointQueue(asPoints), () => ok++, () => {}, {});
    expect([ran.length, ok]).toEqual([6, 6]);
  });

  it('hands out no more once stopped (a results log that cannot be written: the rest ran for nothing)', async () => {
    const { pool, ran } = fakePool(1);
    let ok = 0;
    await runAll(pool, new PointQueue(asPoints), () => ok++, () => {}, {}, () => ok >= 1);
    // One worker and one point waiting for it when the first answered: those two, none after.
    expect([ran.length, ok]).toEqual([2, 2]);
  });

  it('resolves at once when stopped before the first point', async () => {
    const { pool, ran } = fakePool(2);
    await runAll(pool, new PointQueue(asPoints), () => {}, () => {}, {}, () => true);
    expect(ran).toHaveLength(0);
  });
});

describe('ResultsLog', () => {
  it('a write that fails (a full disk: /dev/full) stops it, named by its file, and close() throws that', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-log-'));
    symlinkSync('/dev/full', join(dir, 'results.jsonl'));
    const log = new ResultsLog(dir);
    expect(log.failure).toBeUndefined();
    log.append({ id: 'a' } as PointRecord);
    for (let i = 0; i < 100 && log.failure === undefined; i++) await new Promise((r) => setTimeout(r, 5));
    const message = `${join(dir, 'results.jsonl')}: cannot append results (no space left on device): the points logged before are kept; --resume runs the rest`;
    expect(log.failure?.message).toBe(message);
    await expect(log.close()).rejects.toThrow(message);
  });

  it('a write the disk fills part way leaves no line cut short: the file ends at its last whole line (pandas read it whole)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-log-'));
    const path = join(dir, 'results.jsonl');
    const probe = await open(join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    // the disk takes the first line and half of the second, then is full
    let calls = 0;
    const write = vi.spyOn(proto, 'write').mockImplementation(((buf: Buffer, off: number) => {
      calls++;
      if (calls > 1) return Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
      const n = buf.indexOf(10, off) + 6 - off;
      appendFileSync(path, buf.subarray(off, off + n));
      return Promise.resolve({ bytesWritten: n, buffer: buf });
    }) as never);
    try {
      writeFileSync(path, '{"id":"old"}\n');
      const log = new ResultsLog(dir);
      log.append({ id: 'a' } as PointRecord);
      log.append({ id: 'b' } as PointRecord);
      log.append({ id: 'c' } as PointRecord);
      await expect(log.close()).rejects.toThrow('no space left on device');
      expect(readFileSync(path, 'utf8')).toBe('{"id":"old"}\n{"id":"a"}\n');
      expect(log.linesInFile).toBe(1);
    } finally {
      write.mockRestore();
    }
  });

  it('a signal that ends the sweep first writes the lines still waiting for the disk (a point shown done was lost, and run again by --resume)', async () => {
    // SIGUSR2 stands in for SIGINT, SIGTERM and SIGHUP (no test runner listens to it); process.kill is stubbed, so
    // the signal raised again ends nothing here
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'hfsim-log-'));
      const log = new ResultsLog(dir, ['SIGUSR2']);
      const a = { id: 'a' } as PointRecord;
      const b = { id: 'b' } as PointRecord;
      log.append(a); // its write has begun, not ended
      log.append(b); // waits for it
      process.emit('SIGUSR2', 'SIGUSR2');
      // what the process leaves on disk as the signal ends it, before its event loop turns again
      expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n');
      expect(kill.mock.calls).toEqual([[process.pid, 'SIGUSR2']]);
      await log.close();
      expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n'); // each once
      expect(process.listenerCount('SIGUSR2')).toBe(0);
    } finally {
      kill.mockRestore();
      process.removeAllListeners('SIGUSR2');
    }
  });

  it('and the lines of a write not yet returned (libuv\'s threads had not run it when the signal ended the process)', async () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-log-'));
    const probe = await open(join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    // a write handed over that has not run yet: it returns when the test says, having written nothing
    let returns: (() => void) | undefined;
    const write = vi.spyOn(proto, 'write').mockImplementation(((buf: Buffer, off: number) =>
      new Promise((done) => { returns = () => done({ bytesWritten: buf.length - off, buffer: buf }); })) as never);
    try {
      const log = new ResultsLog(dir, ['SIGUSR2']);
      log.append({ id: 'a' } as PointRecord);
      for (let i = 0; i < 200 && returns === undefined; i++) await new Promise((r) => setTimeout(r, 5));
      expect(returns).toBeDefined();
      log.append({ id: 'b' } as PointRecord); // waits for it
      process.emit('SIGUSR2', 'SIGUSR2');
      expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n');
      write.mockRestore();
      returns!();
      await log.close();
      expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n');
    } finally {
      write.mockRestore();
      kill.mockRestore();
      process.removeAllListeners('SIGUSR2');
    }
  });

  it('and a write at the signal that the file-size limit stops part way is cut back to the last whole line', () => {
    // A child under `ulimit -f 1` (1,024 bytes; Node ignores SIGXFSZ, so the write fails EFBIG): 1,000 bytes of whole
    // lines, then the signal writes two lines of 30 bytes, of which the limit takes 24. The signal ends the child.
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-log-'));
    const line = `{"id":"old","pad":"${'x'.repeat(78)}"}\n`; // 100 bytes
    writeFileSync(join(dir, 'results.jsonl'), line.repeat(10));
    const before = readFileSync(join(dir, 'results.jsonl'), 'utf8');
    expect(before.length).toBe(1000);
    const script = join(dir, 'child.mjs');
    writeFileSync(script, `const { ResultsLog } = await import(${JSON.stringify(join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'sweep-output.js'))});
const log = new ResultsLog(${JSON.stringify(dir)}, ['SIGUSR2']);
log.append({ id: 'a'.repeat(19) });
log.append({ id: 'b'.repeat(19) });
process.emit('SIGUSR2', 'SIGUSR2');
`);
    const r = spawnSync('bash', ['-c', 'ulimit -f 1; exec "$0" "$1"', process.execPath, script], { encoding: 'utf8' });
    expect(r.signal, r.stderr).toBe('SIGUSR2');
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe(before);
  });

  it('closed, it listens to no signal', async () => {
    const log = new ResultsLog(mkdtempSync(join(tmpdir(), 'hfsim-log-')), ['SIGUSR2']);
    log.append({ id: 'a' } as PointRecord);
    await log.close();
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });

  it('one that cannot be opened (a folder of its name) is bad input at once, before any point runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-log-'));
    mkdirSync(join(dir, 'results.jsonl'));
    expect(() => new ResultsLog(dir)).toThrow(expect.objectContaining({ name: 'InputError', message: `${join(dir, 'results.jsonl')}: cannot append results (a directory, not a file)` }));
  });
});

/** The queue as first written: a scan of every pending point per hand-out (the specification of the order). */
class ScanQueue<P extends { group: string; index: number; size: number }> {
  private readonly pending: P[];
  private readonly known = new Map<string, { totalMs: number; n: number }>();
  private readonly started = new Set<string>();
  constructor(points: readonly P[]) { this.pending = [...points]; }
  learn(group: string, wallMs: number): void {
    const c = this.known.get(group) ?? { totalMs: 0, n: 0 };
    c.totalMs += wallMs;
    c.n++;
    this.known.set(group, c);
  }
  next(): P | undefined {
    if (this.pending.length === 0) return undefined;
    const rank = (p: P): [number, number] => {
      const c = this.known.get(p.group);
      if (c !== undefined) return [1, c.totalMs / c.n];
      return this.started.has(p.group) ? [0, p.size] : [2, p.size];
    };
    let best = 0;
    let bestRank = rank(this.pending[0]);
    for (let i = 1; i < this.pending.length; i++) {
      const r = rank(this.pending[i]);
      if (r[0] > bestRank[0] || (r[0] === bestRank[0] && r[1] > bestRank[1])) [best, bestRank] = [i, r];
    }
    const [point] = this.pending.splice(best, 1);
    this.started.add(point.group);
    return point;
  }
}

describe('PointQueue against the scan it replaced', () => {
  const sizes = [scenario(5, 10), scenario(10, 10), scenario(20, 10)];
  it('hands out the same points in the same order over random sweeps and costs learned as points finish', () => {
    let seed = 12345;
    const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    for (let trial = 0; trial < 200; trial++) {
      const groups = 1 + rand(12);
      const seeds = 1 + rand(4);
      const list = Array.from({ length: groups }, (_, g) => ({ g, s: rand(3) })).flatMap(({ g, s }) => Array.from({ length: seeds }, (_, k) => ({
        group: `g${g}`, index: g * seeds + k, scenario: sizes[s], size: workloadSize(sizes[s]), trace: undefined,
      })));
      const a = new PointQueue(list);
      const b = new ScanQueue(list);
      const running: string[] = [];
      for (;;) {
        // a worker may finish a point (its group's cost is learned) before the next hand-out
        while (running.length > 0 && rand(2) === 0) {
          const [g] = running.splice(rand(running.length), 1);
          const ms = 100 * (1 + rand(5));
          a.learn(g, ms);
          b.learn(g, ms);
        }
        const x = a.next();
        expect(x?.index, `trial ${trial}`).toBe(b.next()?.index);
        if (x === undefined) break;
        running.push(x.group);
      }
    }
  });

  it('50,000 points of one seed each are handed out in well under a second each thousand (the scan took minutes)', () => {
    const s = scenario(5, 10);
    const list = Array.from({ length: 50_000 }, (_, i) => ({ group: `g${i}`, index: i, scenario: s, trace: undefined }));
    const q = new PointQueue(list);
    const started = performance.now();
    let n = 0;
    while (q.next() !== undefined) if (++n % 7 === 0) q.learn(`g${n - 3}`, n % 100);
    expect(n).toBe(50_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
