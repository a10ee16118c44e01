/**
 * sweep merge counts each point once by onePerPoint (sweep-output.ts), the rule --resume and report use: one point
 * with two digests is refused naming both files it came from; a shard whose sweep.json or results.jsonl was edited is
 * refused naming the file and the field, as report refuses it.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IncompleteError } from '../../src/cli/errors.js';
import { OUTPUT_LOCK } from '../../src/cli/output-lock.js';
import type { PointRecord } from '../../src/cli/sweep-aggregate.js';
import { merge, mergeAction } from '../../src/cli/sweep-merge.js';
import { onePerPoint } from '../../src/cli/sweep-output.js';
import { type Line, hfsim, lines, otherOutcome, smallSweep, tmp } from './sweep-helpers.js';

let s0: string;
let s1: string;

/** Run before the next lockOutput call (a merge taking its lock): what another process did just before it. */
const beforeLock = vi.hoisted(() => ({ run: undefined as (() => void) | undefined }));
vi.mock('../../src/cli/output-lock.js', async (original) => {
  const real = await original<typeof import('../../src/cli/output-lock.js')>();
  return {
    ...real,
    lockOutput: (dir: string, flag: string) => {
      const run = beforeLock.run;
      beforeLock.run = undefined;
      run?.();
      return real.lockOutput(dir, flag);
    },
  };
});

beforeAll(() => {
  const file = smallSweep();
  s0 = join(tmp('merge-s0'), 'out');
  s1 = join(tmp('merge-s1'), 'out');
  for (const [shard, out] of [['0/2', s0], ['1/2', s1]]) {
    const r = hfsim('sweep', file, '--shard', shard, '--out', out, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
  }
});

const copy = (dir: string): string => {
  const to = join(tmp('merge-copy'), 'out');
  cpSync(dir, to, { recursive: true });
  return to;
};

describe('onePerPoint', () => {
  const rec = (id: string, digest: string): PointRecord => ({ id, digest }) as PointRecord;
  it('counts a point once, keeps only the points asked for, and names where two digests of one point came from', () => {
    const [a, b, c] = [rec('p1', 'a'.repeat(64)), rec('p1', 'a'.repeat(64)), rec('p2', 'c'.repeat(64))];
    expect(onePerPoint([a, b, c, rec('p9', 'x')], new Set(['p1', 'p2']), 'f.jsonl')).toEqual([a, c]);
    const other = rec('p1', 'b'.repeat(64));
    expect(() => onePerPoint([a, other], new Set(['p1']), 'f.jsonl')).toThrow('f.jsonl: point p1 appears twice, with digests aaaaaaaaaaaa and bbbbbbbbbbbb');
    const from = new Map([[a, 'x/results.jsonl'], [other, 'y/results.jsonl']]);
    expect(() => onePerPoint([a, other], new Set(['p1']), (r) => from.get(r)!))
      .toThrow('y/results.jsonl: point p1 has digest bbbbbbbbbbbb, x/results.jsonl has aaaaaaaaaaaa');
  });
});

describe('sweep merge', () => {
  it('one point with two digests in two shards: exit 2 naming both shards\' files (it said "another shard"), nothing written', () => {
    const t1 = copy(s1);
    const line = lines(s0)[0];
    const other = otherOutcome(line);
    appendFileSync(join(t1, 'results.jsonl'), JSON.stringify(other) + '\n');
    const out = join(tmp('merge-out'), 'out');
    const r = hfsim('sweep', 'merge', s0, t1, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: ${join(t1, 'results.jsonl')}: point ${line.id} has digest ${other.digest.slice(0, 12)}, ${join(s0, 'results.jsonl')} has ${line.digest.slice(0, 12)}`);
    expect(existsSync(out)).toBe(false);
  });

  it('an --out holding only the temp file of a killed merge\'s first sweep.json write is merged into and the temp removed (it was refused: holds files but no sweep.json)', () => {
    const out = join(tmp('merge-temp'), 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'sweep.json.4000000000'), '{\n "na');
    writeFileSync(join(out, '.hfsim-temps'), 'sweep.json.4000000000\n'); // as the write listed it before writing it
    const r = hfsim('sweep', 'merge', s0, s1, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['aggregate.csv', 'aggregate.json', 'results.jsonl', 'sweep.json']);
    expect(lines(out)).toHaveLength(12);
  });

  it('one point with two digests in one shard: named as --resume names it', () => {
    const t0 = copy(s0);
    const line = lines(s0)[1];
    const other = otherOutcome(line);
    appendFileSync(join(t0, 'results.jsonl'), JSON.stringify(other) + '\n');
    expect(() => merge([t0, s1])).toThrow(`${join(t0, 'results.jsonl')}: point ${line.id} appears twice, with digests ${line.digest.slice(0, 12)} and ${other.digest.slice(0, 12)}`);
  });

  it('a folder named twice, or by two paths, is merged once and counted once (it said "merged 2 directories")', () => {
    const out = join(tmp('merge-twice'), 'm');
    const r = hfsim('sweep', 'merge', s0, s1, s0, join(s1, '..', 'out'), '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: merged 2 directories, 12 of 12 points; /);
  });

  it('an input that is no folder is named as such, before anything is read or made (it was "DIR/sweep.json: cannot read sweep manifest file")', () => {
    const out = join(tmp('merge-out'), 'out');
    const missing = join(tmp('merge-missing'), 'shard-1');
    expect(() => mergeAction([s0, missing], { out })).toThrow(`${missing}: cannot read it (no such file or directory): each input of sweep merge is the --out folder of a shard of the sweep`);
    const file = join(tmp('merge-file'), 'results.jsonl');
    writeFileSync(file, '');
    expect(() => mergeAction([file, s0], { out })).toThrow(`${file}: not a folder: each input of sweep merge is the --out folder of a shard of the sweep`);
    expect(existsSync(out)).toBe(false);
  });

  it('a merge whose aggregate.json the disk cannot take leaves --out\'s results and aggregate.csv as they were (they were the new merge\'s beside the old aggregate.json, exit 1)', () => {
    const out = join(tmp('merge-full'), 'out');
    expect(hfsim('sweep', 'merge', s0, '--out', out).code).toBe(4); // half the points
    const before = ['results.jsonl', 'aggregate.csv'].map((f) => readFileSync(join(out, f), 'utf8'));
    rmSync(join(out, 'aggregate.json'));
    symlinkSync('/dev/full', join(out, 'aggregate.json'));
    const r = hfsim('sweep', 'merge', s1, '--out', out);
    expect([r.code, r.stderr]).toEqual([1, `hfsim: sweep merge failed: ${join(out, 'aggregate.json')}: not written whole (no space left on device); nor were the other outputs written: ${join(out, 'results.jsonl')}, ${join(out, 'aggregate.csv')}\n`]);
    expect(['results.jsonl', 'aggregate.csv'].map((f) => readFileSync(join(out, f), 'utf8'))).toEqual(before);
    expect(readdirSync(out).sort()).toEqual(['aggregate.csv', 'aggregate.json', 'results.jsonl', 'sweep.json']);
  });

  it('a line repeated, in one shard or in both, counts once', () => {
    const t0 = copy(s0);
    const first = readFileSync(join(s0, 'results.jsonl'), 'utf8').split('\n')[0];
    appendFileSync(join(t0, 'results.jsonl'), first + '\n');
    const { records } = merge([t0, s1, s0]);
    expect(records.map((r) => r.index)).toEqual([...Array(12).keys()]);
  });

  it('a shard whose sweep.json or results.jsonl was edited: refused naming the file and the field (it merged a line of no point: 13 of 12 points)', () => {
    const edited = copy(s1);
    const manifest = JSON.parse(readFileSync(join(edited, 'sweep.json'), 'utf8'));
    manifest.axes[1].values = ['1', '3'];
    writeFileSync(join(edited, 'sweep.json'), JSON.stringify(manifest));
    expect(() => merge([s0, edited])).toThrow(new RegExp(`^${join(edited, 'sweep.json')}: axes\\[1\\]\\.values: point 0 \\(id [0-9a-f]+\\) has hdfs\\.replication=1, not among them`));

    const stray = copy(s1);
    const line = lines(s1)[0];
    appendFileSync(join(stray, 'results.jsonl'), JSON.stringify({ ...line, id: '0'.repeat(16) } satisfies Line) + '\n');
    const out = join(tmp('merge-out'), 'out');
    const r = hfsim('sweep', 'merge', s0, stray, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`hfsim: ${join(stray, 'results.jsonl')}:7: id: point ${'0'.repeat(16)} is not a point of sweep.json`);
  });
  it('shards timed otherwise (one swept with --no-time-decisions) warn that the aggregate\'s decisionUs rows count only the timed points, as --resume warns; it said nothing', () => {
    const untimed = copy(s1);
    const stripped = lines(s1).map((l) => {
      const { decisionUs: _d, launchUs: _l, tickUs: _t, ...run } = l.run as Record<string, unknown>;
      return JSON.stringify({ ...l, run });
    });
    writeFileSync(join(untimed, 'results.jsonl'), stripped.join('\n') + '\n');
    const r = hfsim('sweep', 'merge', s0, untimed, '--out', join(tmp('merge-out'), 'out'));
    expect(r.code, r.stderr).toBe(0);
    const n = lines(s0).length + stripped.length;
    expect(r.stderr).toContain(`hfsim: warning: sweep merge: ${lines(s0).length} of the ${n} points were timed, ${stripped.length} not (--no-time-decisions): the aggregate's decisionUs rows count only the timed points`);
    const timed = hfsim('sweep', 'merge', s0, s1, '--out', join(tmp('merge-out'), 'out'));
    expect(timed.code, timed.stderr).toBe(0);
    expect(timed.stderr).not.toContain('timed');
  });

  it('a shard a live sweep still writes is named in an incomplete merge\'s message: its points may yet come (it said only to --resume the merge, running them twice)', () => {
    const running = copy(s0);
    writeFileSync(join(running, OUTPUT_LOCK), `${process.pid} ${hostname()}\n`); // this test's process: alive
    const stale = copy(s0);
    writeFileSync(join(stale, OUTPUT_LOCK), `2147483647 ${hostname()}\n`); // a pid no process has: not named
    // a live pid that started at another time than the lock's writer: the pid reused since (a restarted container's
    // pids count from 1 again), not named; it was, and its folder refused
    const reused = copy(s0);
    const start = readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
    writeFileSync(join(reused, OUTPUT_LOCK), `${process.pid} ${hostname()} ${Number(start) + 1}\n`);
    writeFileSync(join(running, OUTPUT_LOCK), `${process.pid} ${hostname()} ${start}\n`); // this test's process, as a lock of its own would hold it
    const r = hfsim('sweep', 'merge', running, stale, reused, '--out', join(tmp('merge-out'), 'out'));
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`\n${running} is still being written by another hfsim (pid ${process.pid}) (if none is running, remove ${join(running, OUTPUT_LOCK)})\nmerge again once it ends; if points are missing then, run them with: hfsim sweep `);
    expect(r.stderr).not.toContain(`${stale} is still`);
    expect(r.stderr).not.toContain(`${reused} is still`);
    const done = hfsim('sweep', 'merge', running, s1, '--out', join(tmp('merge-out'), 'out'));
    expect([done.code, done.stderr]).toEqual([0, '']); // nothing missing: nothing said
  });

  it('two merges into one new --out, the other finishing while this one read its inputs: its points are merged in (they were written over, and this merge exited 4 naming them)', () => {
    const out = join(tmp('merge-race'), 'out');
    const quiet = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      beforeLock.run = () => expect(() => mergeAction([s1], { out })).toThrow(IncompleteError); // the other: one shard
      mergeAction([s0], { out });
    } finally {
      quiet.mockRestore();
    }
    expect(lines(out).map((l) => l.id).sort()).toEqual([...lines(s0), ...lines(s1)].map((l) => l.id).sort());
    expect(readdirSync(out).sort()).toEqual(['aggregate.csv', 'aggregate.json', 'results.jsonl', 'sweep.json']);
  });
});
