/**
 * A signal that ends a command runs each module's part once, in order, and still ends the process by the signal
 * (src/cli/ending-signals.ts): a progress bar on a terminal that a Ctrl-C (SIGINT) or a kill (SIGTERM) ends leaves its
 * line clear, an output's lock goes with the process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atEndingSignal } from '../../src/cli/ending-signals.js';
import { OUTPUT_LOCK } from '../../src/cli/output-lock.js';
import { RunProgressDisplay } from '../../src/cli/run-progress.js';
import { rumenTrace, slsTrace } from './json-trace-helpers.js';
import { endsWithTest } from '../ends-with-test.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
// stderr taken for a terminal, as run-progress.test.ts does: the bar is drawn only there; 120 columns, so that a bar
// naming a temporary file (the suite's own folder, test/private-tmp.ts) fits with its counts
const TTY = ['--import', 'data:text/javascript,process.stderr.isTTY=true;process.stderr.columns=120'];
// a terminal that draws in place whatever TERM the test itself runs under (a CI's may be dumb: no bar is drawn there)
const TERMINAL_ENV = { ...process.env, TERM: 'xterm-256color' };

/** Runs the CLI, sends `signal` once stderr shows `drawn` (`afterMs` later), and gives back stderr and how the process ended. */
async function interrupted(args: string[], drawn: string, signal: NodeJS.Signals, afterMs = 300): Promise<{ stderr: string; signal: NodeJS.Signals | null; code: number | null }> {
  // ended with the test: one that failed before its signal (`drawn` never shown) left its run going for half an hour
  const child: ChildProcess = endsWithTest(spawn(process.execPath, [...TTY, CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: TERMINAL_ENV }));
  let stderr = '';
  let sent = false;
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    if (!sent && stderr.includes(drawn)) {
      sent = true;
      setTimeout(() => child.kill(signal), afterMs); // a redraw or two later: mid-run
    }
  });
  const [code, ended] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  return { stderr, signal: ended, code };
}

describe('a progress bar interrupted on a terminal', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('hfsim run: %s clears the bar\'s line (it was left half-drawn under the prompt) and ends the run by the signal', async (signal) => {
    // a run of many seconds, so the bar (a second in) is drawn and the signal comes while the simulation runs
    const r = await interrupted(['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=20000'], ' jobs | simulated ', signal);
    expect(r.signal, r.stderr.slice(-300)).toBe(signal);
    expect(r.stderr).toContain('FIFO [');
    expect(r.stderr.endsWith('\r\x1b[K'), JSON.stringify(r.stderr.slice(-120))).toBe(true);
  });

  it.each([[[] as string[]], [['--dry-run']]])('hfsim run %j: a Ctrl-C while the workload is built clears the build bar\'s line (it was left on screen), as the run\'s own bar', async (extra) => {
    // 100,000 jobs of the Facebook mix: 26 M blocks, seconds of building on one thread (a dry run's, and --runtime threads --workers 1's)
    const r = await interrupted(['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', 'workload.jobs=100000', ...extra], ' blocks placed | ', 'SIGINT');
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT');
    expect(r.stderr).not.toContain(' jobs | simulated '); // ended while building
    expect(r.stderr.endsWith('\r\x1b[K'), JSON.stringify(r.stderr.slice(-120))).toBe(true);
  }, 30_000);

  it.each([[[] as string[]], [['--dry-run']]])('hfsim run %j: a Ctrl-C while the jobs are drawn clears the drawing bar\'s line (it was left on screen: the jobs were drawn without the event loop turning)', async (extra) => {
    // a million generated jobs (the most a workload may have): seconds of drawing, each job a file of 4 blocks (a Facebook
    // mix's jobs are drawn by its size check at load). Of one block each, they were drawn in 1.2 s on a fast machine: the
    // bar's first draw (1 s in) came 0.2 s before the drawing's end, and the signal, later than that on a loaded one,
    // while the blocks were placed, before their bar: the run ended with nothing to clear.
    const generated = { kind: 'generated', groups: [{ name: 'g', count: 1_000_000, maps: 4, mapMs: 1000, intervalMs: 1 }] };
    const r = await interrupted(['run', 'scenarios/fb-macro-io.json', '--variant', 'FIFO', '--set', `workload=${JSON.stringify(generated)}`, ...extra], ' jobs drawn | ', 'SIGINT', 0);
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT');
    expect(r.stderr).not.toContain(' blocks placed | '); // ended while drawing
    expect(r.stderr.endsWith('\r\x1b[K'), JSON.stringify(r.stderr.slice(-120))).toBe(true);
  }, 60_000);

  it('hfsim run: a Ctrl-C while a SWIM trace is read clears the reading bar\'s line (it was left on screen: the trace was read inside the synchronous loadScenario) and ends the run by SIGINT', async () => {
    // a million rows: seconds of reading, the bar drawn from a second in
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-trace-bar-'));
    writeFileSync(join(dir, 'day.tsv'), Array.from({ length: 1_000_000 }, (_, i) => `j${i}\t${i + 1}\t1\t1000\t0\t0\n`).join(''));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'swim', trace: 'day.tsv', tracedNodes: 4 } }));
    const r = await interrupted(['run', join(dir, 's.json')], ' rows | ', 'SIGINT');
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT'); // a shell reads 130
    // the reading bar the last thing drawn (ended while reading), then its line cleared
    expect(r.stderr, JSON.stringify(r.stderr.slice(-120))).toMatch(/\x1b\[1Greading [^\x1b]*day\.tsv \[[=-]+\] \d+\/1000000 rows[^\x1b]*\x1b\[0K\r\x1b\[K$/);
  }, 60_000);

  it.each([['sls', slsTrace], ['rumen', rumenTrace]] as const)('hfsim run: a Ctrl-C while a %s JSON trace is read clears the reading bar\'s line (such a trace showed no bar) and ends the run by SIGINT', async (format, trace) => {
    // 40,000 jobs, about 35 MB: seconds of reading, the bar drawn from a second in
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-'));
    writeFileSync(join(dir, 'jobs.json'), trace(40_000));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'sls', format, trace: 'jobs.json' } }));
    const r = await interrupted(['run', join(dir, 's.json')], ' bytes | ', 'SIGINT');
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT'); // a shell reads 130
    expect(r.stderr, JSON.stringify(r.stderr.slice(-120))).toMatch(/\x1b\[1Greading [^\x1b]*jobs\.json \[[=-]+\] \d+\/\d+ bytes[^\x1b]*\x1b\[0K\r\x1b\[K$/);
  }, 60_000);

  it('hfsim run: a Ctrl-C while an SLS trace\'s converted jobs are checked clears the checking bar\'s line and ends the run by SIGINT', async () => {
    // 40,000 jobs: the check, a slice of 5,000 jobs at a time, takes a fraction of a second, so the signal goes at once
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-'));
    writeFileSync(join(dir, 'jobs.json'), slsTrace(40_000));
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'sls', trace: 'jobs.json' } }));
    // (its bar drawn and its listener set from the first slice on; a Ctrl-C between the two ended the run mid-draw, by
    // the kernel: the line was left cut before its erase)
    const r = await interrupted(['run', join(dir, 's.json')], ' jobs checked | ', 'SIGINT', 0);
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT');
    // the checking bar's line cleared by the listener, or, where the signal came (on a loaded machine) after the check's
    // last slices, by the bar's own end with nothing drawn after: either way the line is left clear
    const tail = JSON.stringify(r.stderr.slice(-120));
    expect(r.stderr, tail).toMatch(/\x1b\[1Gchecking [^\x1b]*jobs\.json \[[=-]+\] \d+\/40000 jobs checked[^\x1b]*\x1b\[0K(\r\x1b\[K|\x1b8\x1b\[1G\x1b\[2K)$/);
  }, 60_000);

  it.each(['swim', 'sls'] as const)('hfsim sweep: a Ctrl-C while a %s trace is read clears the reading bar\'s line (it was left on screen: the sweep read the trace without the event loop turning) and ends the sweep by SIGINT', async (kind) => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-'));
    const trace = kind === 'swim' ? Array.from({ length: 1_000_000 }, (_, i) => `j${i}\t${i + 1}\t1\t1000\t0\t0\n`).join('') : slsTrace(40_000);
    writeFileSync(join(dir, 'day.txt'), trace);
    const workload = kind === 'swim' ? { kind, trace: 'day.txt', tracedNodes: 4 } : { kind, trace: 'day.txt' };
    writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload }));
    writeFileSync(join(dir, 'x.sweep.json'), JSON.stringify({ name: 'x', base: 's.json', axes: { 'scheduler.policy': ['fifo', 'fair'] } }));
    const out = join(dir, 'out');
    const r = await interrupted(['sweep', join(dir, 'x.sweep.json'), '--out', out], kind === 'swim' ? ' rows | ' : ' bytes | ', 'SIGINT');
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT'); // a shell reads 130
    expect(r.stderr, JSON.stringify(r.stderr.slice(-120))).toMatch(/\x1b\[1Greading [^\x1b]*day\.txt \[[=-]+\] \d+\/\d+ (rows|bytes)[^\x1b]*\x1b\[0K\r\x1b\[K$/);
    expect(existsSync(out)).toBe(false); // ended before anything was written
  }, 60_000);

  it('hfsim sweep: a Ctrl-C clears the bar\'s line, says what it kept, releases the output\'s lock and ends the sweep by SIGINT', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hfsim-bar-')), 'out');
    const r = await interrupted(['sweep', 'scenarios/skip-count.sweep.json', '--parallel', '1', '--out', out], ' points | ', 'SIGINT');
    expect(r.signal, r.stderr.slice(-300)).toBe('SIGINT');
    // then, on the cleared line, what it kept and how to go on
    expect(r.stderr, JSON.stringify(r.stderr.slice(-300))).toMatch(/\r\x1b\[Khfsim: sweep stopped by SIGINT: \d+ of 24 points (?:is|are) in [^\n]+; hfsim sweep scenarios\/skip-count\.sweep\.json --out \S+ --resume runs the other \d+\n$/);
    expect(existsSync(join(out, OUTPUT_LOCK))).toBe(false);
  });
});

describe('a progress bar\'s Ctrl-C listener', () => {
  beforeEach(() => {
    vi.stubEnv('TERM', 'xterm-256color');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a bar is drawn and cleared only while its Ctrl-C listener is set (without one the kernel ends the process mid-draw: a line cut before its erase)', () => {
    let now = 0;
    const listening: number[] = [];
    const guarded = { isTTY: true, columns: 120, write: (_: string) => { listening.push(process.listenerCount('SIGINT')); return true; } };
    const before = process.listenerCount('SIGINT');
    const display = new RunProgressDisplay(guarded, { now: () => now });
    now = 1_500;
    display.loading('jobs.json', 5_000, 40_000, true, 'jobs converted');
    display.loading('jobs.json', 5_000, 40_000, true, 'jobs checked'); // a stage's bar for the next's
    display.loading('jobs.json', 40_000, 40_000, true, 'jobs checked');
    const run = display.variant('');
    now = 3_000;
    run({ jobs: 10, jobsFinished: 5, simulatedMs: 1000 } as Parameters<typeof run>[0]);
    display.end();
    expect(listening.length).toBeGreaterThan(4);
    expect(listening.every((n) => n === before + 1), String(listening)).toBe(true);
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});

describe('atEndingSignal', () => {
  // SIGUSR2: a signal no test runner listens to; process.kill is stubbed, so the raised signal ends nothing here
  const SIGNAL = 'SIGUSR2';
  afterEach(() => {
    vi.restoreAllMocks();
    process.removeAllListeners(SIGNAL);
  });

  it('runs each part once, the prepended one first, and raises the signal again once, after the last', () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    const ran: string[] = [];
    atEndingSignal([SIGNAL], () => ran.push(`lock, raised ${kill.mock.calls.length}`), { unheardOnly: true });
    atEndingSignal([SIGNAL], () => ran.push(`bar, raised ${kill.mock.calls.length}`), { prepend: true });
    process.emit(SIGNAL, SIGNAL);
    expect(ran).toEqual(['bar, raised 0', 'lock, raised 0']);
    expect(kill.mock.calls).toEqual([[process.pid, SIGNAL]]);
    expect(process.listenerCount(SIGNAL)).toBe(0);
  });

  it('unheardOnly leaves a signal someone else listens to to them; stopped, a part neither runs nor raises', () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    const theirs = vi.fn();
    process.on(SIGNAL, theirs);
    const part = vi.fn();
    atEndingSignal([SIGNAL], part, { unheardOnly: true });
    expect(process.listenerCount(SIGNAL)).toBe(1);
    process.removeListener(SIGNAL, theirs);
    const stop = atEndingSignal([SIGNAL], part);
    stop();
    process.emit(SIGNAL, SIGNAL);
    expect([part.mock.calls.length, kill.mock.calls.length, theirs.mock.calls.length]).toEqual([0, 0, 0]);
  });
});
