/** `hfsim run`'s progress display: a terminal's bar from a second into a variant, a log's line every 30 s, nothing for short runs. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RunProgressDisplay, simulatedClock } from '../../src/cli/run-progress.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function fakeStream(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { isTTY, columns: 120, write: (s: string) => { out.push(s); return true; } } };
}

describe('simulatedClock', () => {
  it('writes h:mm:ss, hours past a day', () => {
    expect(simulatedClock(0)).toBe('0:00:00');
    expect(simulatedClock(3_723_999)).toBe('1:02:03');
    expect(simulatedClock(30 * 3_600_000)).toBe('30:00:00');
  });
});

describe('RunProgressDisplay', () => {
  // a terminal that draws in place, whatever TERM the tests run under (a CI's may be dumb); the TERM=dumb test stubs its own
  beforeEach(() => {
    vi.stubEnv('TERM', 'xterm-256color');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a trace read (loading), on a terminal: a bar of rows read from a second into the command, cleared when the trace is read', () => {
    let now = 0;
    const { out, stream } = fakeStream(true);
    const display = new RunProgressDisplay(stream, { now: () => now });
    display.loading('big.tsv', 10_000, 1_000_000);
    expect(out).toEqual([]);
    now = 1_500;
    display.loading('big.tsv', 400_000, 1_000_000);
    const drawn = out.join('');
    expect(drawn).toContain('reading big.tsv [');
    expect(drawn).toContain('] 400000/1000000 rows | 2 s');
    const before = out.join('').length;
    now = 3_000;
    display.loading('big.tsv', 1_000_000, 1_000_000);
    expect(out.join('').slice(before)).toContain('\x1b[2K'); // the line cleared (clearOnComplete), so the table prints alone
  });

  it('a trace read (loading), in a log: a line once 30 s of the command have passed, none before; none for a short load', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const display = new RunProgressDisplay(stream, { now: () => now });
    now = 29_999;
    display.loading('big.tsv', 500_000, 1_000_000);
    expect(out).toEqual([]);
    now = 30_000;
    display.loading('big.tsv', 600_000, 1_000_000);
    now = 40_000;
    display.loading('big.tsv', 1_000_000, 1_000_000);
    expect(out).toEqual(['run: reading big.tsv: 600000/1000000 rows, 30 s\n']);
  });

  it('a workload built (building), on a terminal: a bar of blocks placed from a second into the variant, cleared before the variant\'s own bar', () => {
    let now = 5_000; // the command has run 5 s (a trace read): the build's second counts from the variant's start
    const { out, stream } = fakeStream(true);
    const display = new RunProgressDisplay(stream, { now: () => now });
    const build = display.building('Fair');
    const run = display.variant('Fair');
    build({ blocksPlaced: 1_000_000, blocks: 46_000_000 });
    expect(out).toEqual([]);
    now = 6_500;
    build({ blocksPlaced: 12_000_000, blocks: 46_000_000 });
    const drawn = out.join('');
    expect(drawn).toContain('Fair: building the workload [');
    expect(drawn).toContain('] 12000000/46000000 blocks placed | 2 s');
    now = 9_000;
    build({ blocksPlaced: 46_000_000, blocks: 46_000_000 });
    const built = out.join('');
    expect(built.slice(drawn.length)).toContain('\x1b[2K'); // cleared once built
    run({ simulatedMs: 60_000, jobsFinished: 1, jobs: 10 });
    expect(out.join('').slice(built.length)).toContain('Fair [');
    expect(out.join('').slice(built.length)).not.toContain('building');
    display.stop();
  });

  it('a workload\'s jobs drawn (building, jobsDrawn told), on a terminal: a bar of jobs drawn, then the blocks\' bar in its place', () => {
    let now = 0;
    const { out, stream } = fakeStream(true);
    const display = new RunProgressDisplay(stream, { now: () => now });
    const build = display.building('Fair');
    now = 1_500;
    build({ jobsDrawn: 400_000, jobs: 1_000_000, blocksPlaced: 0, blocks: 0 });
    const drawn = out.join('');
    expect(drawn).toContain('Fair: drawing the jobs [');
    expect(drawn).toContain('] 400000/1000000 jobs drawn | 2 s');
    now = 2_500;
    build({ blocksPlaced: 5_000_000, blocks: 46_000_000 });
    const placing = out.join('').slice(drawn.length);
    expect(placing).toContain('\x1b[2K'); // the drawing's bar cleared
    expect(placing).toContain('] 5000000/46000000 blocks placed | 3 s');
    build({ blocksPlaced: 46_000_000, blocks: 46_000_000 });
    display.stop();
  });

  it('a workload built (building), in a log: a line once 30 s of the command have passed; none for a short build; a variant named "" is "the workload"', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const display = new RunProgressDisplay(stream, { now: () => now });
    const quick = display.building('quick');
    now = 20_000;
    quick({ blocksPlaced: 10, blocks: 10 });
    const build = display.building('');
    now = 30_000;
    build({ blocksPlaced: 300, blocks: 1000 });
    now = 31_000;
    build({ blocksPlaced: 1000, blocks: 1000 });
    expect(out).toEqual(['run: building the workload: 300/1000 blocks placed, 10 s\n']);
  });

  it('in a log: a line once 30 s have passed, then every 30 s, none before', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const display = new RunProgressDisplay(stream, { now: () => now });
    const tell = display.variant('Fair + delay');
    const at = (ms: number, done: number) => { now = ms; tell({ simulatedMs: done * 60_000, jobsFinished: done, jobs: 100 }); };
    at(0, 0);
    at(29_999, 10);
    expect(out).toEqual([]);
    at(30_000, 20);
    at(45_000, 30);
    at(60_000, 40);
    expect(out).toEqual([
      'run: Fair + delay: 20/100 jobs finished, simulated 0:20:00, 30 s\n',
      'run: Fair + delay: 40/100 jobs finished, simulated 0:40:00, 60 s\n',
    ]);
  });

  it('in a log: a line every 30 s of the command, whichever variant runs then (variants of 20 s each printed none)', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const display = new RunProgressDisplay(stream, { now: () => now });
    for (const [k, name] of ['FIFO', 'Naive fair', 'Fair + delay', 'Fair + delay, 10:1'].entries()) {
      const tell = display.variant(name);
      for (let t = 0; t <= 20_000; t += 5_000) {
        now = k * 20_000 + t;
        tell({ simulatedMs: t * 60, jobsFinished: t / 1_000, jobs: 20 });
      }
    }
    expect(out).toEqual([
      'run: Naive fair: 10/20 jobs finished, simulated 0:10:00, 10 s\n',
      'run: Fair + delay: 20/20 jobs finished, simulated 0:20:00, 20 s\n',
    ]);
  });

  it('on a terminal: nothing in the first second, nor for a run that ends within it; then a bar, cleared at the end', () => {
    let now = 0;
    const { out, stream } = fakeStream(true);
    const display = new RunProgressDisplay(stream, { now: () => now });
    const quick = display.variant('quick');
    quick({ simulatedMs: 3000, jobsFinished: 1, jobs: 10 });
    now = 900;
    quick({ simulatedMs: 9000, jobsFinished: 10, jobs: 10 });
    expect(out.join('')).toBe('');
    now = 1000;
    const slow = display.variant('slow');
    now = 1500;
    slow({ simulatedMs: 30_000, jobsFinished: 2, jobs: 10 });
    expect(out.join('')).toBe('');
    now = 2100;
    slow({ simulatedMs: 90_000, jobsFinished: 5, jobs: 10 });
    const drawn = out.join('');
    expect(drawn).toContain('slow [');
    expect(drawn).toContain('5/10 jobs | simulated 0:01:30 | 1 s');
    display.stop();
    expect(out.join('').slice(drawn.length)).toContain('\x1b[2K'); // the line cleared (clearOnComplete)
    // no terminal mode switched (cursor hidden, wrap off) that a Ctrl-C, which ends the run by its signal, left so
    expect(out.join('')).not.toMatch(/\x1b\[\?(25|7)[lh]/);
  });

  it('on a TERM=dumb terminal (Emacs\'s M-x shell): a log\'s lines, no bar or "running" line (their escapes showed as text)', () => {
    vi.stubEnv('TERM', 'dumb');
    try {
      let now = 0;
      const { out, stream } = fakeStream(true);
      const display = new RunProgressDisplay(stream, { now: () => now });
      display.starting('slow');
      const slow = display.variant('slow');
      now = 2000;
      slow({ simulatedMs: 30_000, jobsFinished: 2, jobs: 10 });
      expect(out).toEqual([]);
      now = 30_000;
      slow({ simulatedMs: 90_000, jobsFinished: 5, jobs: 10 });
      display.stop();
      expect(out).toEqual(['run: slow: 5/10 jobs finished, simulated 0:01:30, 30 s\n']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('a bar fits the terminal: its width from 10 to 40 characters, by what else the line holds', () => {
    for (const [columns, width] of [[200, 40], [100, 32], [80, 12], [40, 10]]) {
      let now = 0;
      const { out, stream } = fakeStream(true);
      stream.columns = columns;
      const tell = new RunProgressDisplay(stream, { now: () => now }).variant('Fair + delay');
      now = 1500;
      tell({ simulatedMs: 36_000_000, jobsFinished: 8310, jobs: 24442 });
      const line = out.join('').split('\x1b[1G').at(-1)!.replace(/\x1b\[0K$/, '');
      if (columns >= 80) expect(line).toMatch(/^Fair \+ delay \[[=-]+\] 8310\/24442 jobs \| simulated 10:00:00 \| 2 s$/);
      expect(line.match(/\[([=-]+)\]/)![1].length).toBe(width);
      if (columns >= 80) expect(line.length).toBeLessThan(columns);
    }
  });

  it('a name of wide characters (CJK, emoji) still fits the terminal: the line is cut by columns, not UTF-16 units', () => {
    for (const name of ['公平调度器 + 延迟调度 实验组 一二三四五六七八九十', '🚀'.repeat(40), 'fair {value} {bar}']) {
      for (const columns of [80, 40]) {
        let now = 0;
        const { out, stream } = fakeStream(true);
        stream.columns = columns;
        const tell = new RunProgressDisplay(stream, { now: () => now }).variant(name);
        now = 1500;
        tell({ simulatedMs: 36_000_000, jobsFinished: 8310, jobs: 24442 });
        const lines = out.join('').split('\x1b[1G').slice(1).map((l) => l.replace(/\x1b\[0K$/, ''));
        expect(lines.length).toBe(1);
        for (const line of lines) {
          expect(stringWidth(line)).toBeLessThan(columns); // wider, it wrapped, and each redraw left a row behind
          expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no half of a surrogate pair
        }
        if (name.includes('{') && columns === 80) expect(lines[0].startsWith('fair {value} {bar} [')).toBe(true); // a name, not placeholders
      }
    }
  });

  it('variants side by side: a line for the variants this process waits for, and one as each ends on a worker; a bar drawn is cleared first', () => {
    let now = 0;
    const { out, stream } = fakeStream(true);
    const display = new RunProgressDisplay(stream, { now: () => now });
    display.poolDone('Naive fair', 1, 3); // within the command's first second: nothing
    expect(out).toEqual([]);
    const here = display.variant('FIFO');
    now = 1500;
    here({ simulatedMs: 30_000, jobsFinished: 2, jobs: 10 });
    expect(out.join('')).toContain('FIFO [');
    const drawn = out.length;
    display.waiting(['Naive fair', 'Fair + delay']);
    expect(out.slice(drawn).join('')).toContain('\x1b[2K'); // the bar cleared before the line
    display.poolDone('Fair + delay', 2, 3);
    display.poolDone('', 3, 3);
    const lines = out.join('').split('\n').filter((l) => l.includes('run:')).map((l) => l.slice(l.indexOf('run:'))); // past the bar's clearing
    expect(lines).toEqual([
      'run: waiting for Naive fair, Fair + delay on worker processes',
      'run: Fair + delay finished on a worker process (2/3 variants)',
      'run: run finished on a worker process (3/3 variants)',
    ]);
  });

  it('variants side by side in a log: their lines from 30 s into the command, none before', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const display = new RunProgressDisplay(stream, { now: () => now });
    now = 29_999;
    display.waiting(['FIFO']);
    display.poolDone('FIFO', 1, 2);
    expect(out).toEqual([]);
    now = 30_000;
    display.poolDone('Naive fair', 2, 2);
    expect(out).toEqual(['run: Naive fair finished on a worker process (2/2 variants)\n']);
  });
});

describe('hfsim run --no-progress', () => {
  it('prints the same bins and digest, and a short run prints no progress either way', () => {
    const args = [CLI, 'run', join(ROOT, 'scenarios', 'fb-macro-io.json'), '--variant', 'FIFO', '--set', 'workload.jobs=20'];
    const withProgress = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const without = spawnSync(process.execPath, [...args, '--no-progress'], { encoding: 'utf8' });
    expect(withProgress.status).toBe(0);
    expect(without.status).toBe(0);
    // The bins and the digest (the summary's wall and decision-time columns differ run to run).
    const table = (s: string) => s.split('Summary')[0] + s.split('\n').filter((l) => l.startsWith('digest')).join('\n');
    expect(table(without.stdout)).toContain('digest FIFO: ');
    expect(table(without.stdout)).toBe(table(withProgress.stdout));
    expect(withProgress.stderr).toBe('');
    expect(without.stderr).toBe('');
  });
});

describe('hfsim run on a terminal, variants one after another', () => {
  // stderr taken for a terminal (the line 'running <variant>...' is written only there)
  const TTY = ['--import', 'data:text/javascript,process.stderr.isTTY=true'];
  // a terminal that draws in place whatever TERM the test itself runs under (a CI's may be dumb)
  const env = { ...process.env, TERM: 'xterm-256color' };
  const args = [CLI, 'run', join(ROOT, 'scenarios', 'fb-macro-io.json'), '--set', 'workload.jobs=20', '--parallel', '1'];

  it('--no-progress writes no "running <variant>..." line (it did), and without it each such line clears the end of the one before', () => {
    const without = spawnSync(process.execPath, [...TTY, ...args, '--no-progress'], { encoding: 'utf8', env });
    expect(without.status).toBe(0);
    expect(without.stderr).toBe(''); // it wrote "\x1b[K" (erase the line), with no line drawn to erase
    const withProgress = spawnSync(process.execPath, [...TTY, ...args], { encoding: 'utf8', env });
    expect(withProgress.status).toBe(0);
    // "running Naive fair..." then "running FIFO..." would have read "running FIFO...air..." on the screen
    expect(withProgress.stderr).toContain('running FIFO...\x1b[K\rrunning Naive fair...\x1b[K\rrunning Fair + delay...\x1b[K\r');
  });

  it('a short run that draws nothing (one variant, or --json) leaves nothing on stderr: no erase of a line never drawn', () => {
    for (const extra of [['--variant', 'FIFO'], ['--json']]) {
      const r = spawnSync(process.execPath, [...TTY, ...args, ...extra], { encoding: 'utf8', env });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
  });
});

describe('hfsim run --parallel', () => {
  it('a short run side by side prints no progress either, and the same digests as with --no-progress', () => {
    const args = [CLI, 'run', join(ROOT, 'scenarios', 'fb-macro-io.json'), '--set', 'workload.jobs=30', '--parallel', '2'];
    const withProgress = spawnSync(process.execPath, args, { encoding: 'utf8' });
    const without = spawnSync(process.execPath, [...args, '--no-progress'], { encoding: 'utf8' });
    expect(withProgress.status).toBe(0);
    expect(without.status).toBe(0);
    expect(withProgress.stderr).toBe('');
    expect(without.stderr).toBe('');
    const digests = (s: string) => s.split('\n').filter((l) => l.startsWith('digest')).join('\n');
    expect(digests(withProgress.stdout)).toContain('digest FIFO: ');
    expect(digests(withProgress.stdout)).toBe(digests(without.stdout));
  });
});
