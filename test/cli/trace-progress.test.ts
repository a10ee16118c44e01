/**
 * Progress while a trace loads: a 465 MB SWIM trace (1,000,000 rows) took 34 s to load with nothing on stderr, where a
 * run shows a bar from a second in on a terminal and a line every 30 s in a log (README "Progress"). Now its rows are
 * told as they are read, the same way.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSwimTrace } from '../../src/cli/trace.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

/** A SWIM trace of `rows` jobs a second apart. */
const trace = (rows: number): string => Array.from({ length: rows }, (_, i) => `j${i}\t${i + 1}\t1\t1000\t0\t0\n`).join('');

describe('parseSwimTrace tells the rows it has read', () => {
  it('every so many rows and at the end, each time with the total', () => {
    const told: Array<[number, number]> = [];
    parseSwimTrace(trace(40_000), 't.tsv', (rows, total) => told.push([rows, total]));
    expect(told.length).toBeGreaterThan(1);
    expect(told.every(([, total]) => total === 40_000)).toBe(true);
    expect(told.map(([rows]) => rows)).toEqual([...told.map(([rows]) => rows)].sort((a, b) => a - b));
    expect(told.at(-1)).toEqual([40_000, 40_000]);
  });
});

describe('hfsim run of a SWIM scenario', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-trace-progress-'));
  // more rows than parseSwimTrace reads between tellings (a trace read at one go is never drawn: it is read)
  writeFileSync(join(dir, 'small.tsv'), trace(20_000));
  const scenario = join(dir, 's.json');
  writeFileSync(scenario, JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'swim', trace: 'small.tsv', tracedNodes: 4 } }));
  // stderr taken for a terminal, and a wall clock that moves a second at each look: the load is then "long"
  const LONG_ON_TTY = ['--import', 'data:text/javascript,process.stderr.isTTY=true;let t=0;performance.now=()=>(t+=1000);'];
  const env = { ...process.env, TERM: 'xterm-256color' };

  it('shows the trace read on a terminal; --no-progress shows nothing, and the table is the same', () => {
    const shown = spawnSync(process.execPath, [...LONG_ON_TTY, CLI, 'run', scenario, '--dry-run'], { encoding: 'utf8', env });
    expect(shown.status).toBe(0);
    expect(shown.stderr).toContain(`reading ${join(dir, 'small.tsv')} [`);
    const quiet = spawnSync(process.execPath, [...LONG_ON_TTY, CLI, 'run', scenario, '--dry-run', '--no-progress'], { encoding: 'utf8', env });
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(shown.stdout);
  });

  it('a bad row after the bar is drawn: the bar cleared, the error on its own line, exit 2 (the bar drew on: the command never ended)', () => {
    writeFileSync(join(dir, 'bad.tsv'), `${trace(20_000)}jbad\tx\t1\t1000\t0\t0\n`);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...JSON.parse(readFileSync(scenario, 'utf8')), workload: { kind: 'swim', trace: 'bad.tsv', tracedNodes: 4 } }));
    const r = spawnSync(process.execPath, [...LONG_ON_TTY, CLI, 'run', bad, '--dry-run'], { encoding: 'utf8', env, timeout: 20_000 });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`reading ${join(dir, 'bad.tsv')} [`);
    // after the bar's line is erased (it read '... rows | 2 s\x1b[0Khfsim: ...', the bar redrawn after it)
    expect(r.stderr).toMatch(/\x1b\[2Khfsim: [^\n]*bad\.tsv:20001: [^\n]*\n$/);
  });
});

describe('hfsim sweep of a SWIM scenario', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hfsim-sweep-trace-progress-'));
  writeFileSync(join(dir, 'small.tsv'), trace(20_000));
  writeFileSync(join(dir, 's.json'), JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'swim', trace: 'small.tsv', tracedNodes: 4 } }));
  const sweep = join(dir, 'x.sweep.json');
  writeFileSync(sweep, JSON.stringify({ name: 'x', base: 's.json', axes: { 'scheduler.policy': ['fifo', 'fair'] } }));
  const env = { ...process.env, TERM: 'xterm-256color' };
  const run = (clock: string, ...flags: string[]) => spawnSync(process.execPath, ['--import', `data:text/javascript,${clock}`, CLI, 'sweep', sweep, '--out', join(dir, 'out'), '--dry-run', ...flags],
    { encoding: 'utf8', env, timeout: 60_000 });

  it('shows the trace read as hfsim run does: a bar on a terminal, nothing with --no-progress (it showed nothing)', () => {
    const onTTY = 'process.stderr.isTTY=true;let t=0;performance.now=()=>(t+=1000);';
    const shown = run(onTTY);
    expect(shown.status).toBe(0);
    expect(shown.stderr).toContain(`reading ${join(dir, 'small.tsv')} [`);
    expect(shown.stderr).toMatch(/\x1b\[2K/); // cleared once read, so the sweep's own output prints alone
    const quiet = run(onTTY, '--no-progress');
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(shown.stdout);
  });

  it('in a log: a line of the sweep\'s own once 30 s have passed', () => {
    const r = run('process.stderr.isTTY=false;let t=0;performance.now=()=>(t+=30000);');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^sweep: reading ${join(dir, 'small.tsv').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+/20000 rows, \\d+ s\\n`));
  });
});
