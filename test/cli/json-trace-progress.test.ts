/**
 * Progress while an SLS JSON or Rumen trace is read: a SWIM trace's rows were told (a bar on a terminal, a line every
 * 30 s in a log), these traces showed nothing, though 156 MB of SLS JSON took 15 s to read. Now the bytes of their
 * jobs read are told the same way, and the read pauses between them, so a Ctrl-C clears the bar.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRumenTrace } from '../../src/cli/rumen.js';
import { parseSlsTrace } from '../../src/cli/sls.js';
import { slsJobsWorkloadSteps } from '../../src/cli/sls-workload.js';
import { drained } from '../../src/cli/steps.js';
import { convertedScenarioSteps } from '../../src/cli/converted-check.js';
import { parseScenario } from '../../src/core/scenario.js';
import { rumenTrace, slsTrace } from './json-trace-helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

describe.each([['SLS JSON', parseSlsTrace, slsTrace], ['Rumen', parseRumenTrace, rumenTrace]] as const)('%s: the trace tells the bytes it has read', (_, parse, trace) => {
  it('every so many bytes and at the end, each time with the total, and reads the same jobs', () => {
    const text = trace(8_000); // about 6 MB
    const told: Array<[number, number]> = [];
    const read = parse(text, 't.json', (bytes, total) => told.push([bytes, total]));
    const total = Buffer.byteLength(text);
    expect(told.length).toBeGreaterThan(2);
    expect(told.every(([, t]) => t === total)).toBe(true);
    expect(told.map(([b]) => b)).toEqual([...told.map(([b]) => b)].sort((a, b) => a - b));
    expect(told.at(-1)).toEqual([total, total]);
    expect(read).toEqual(parse(text, 't.json'));
  });
});

describe.each([['sls', slsTrace], ['rumen', rumenTrace]] as const)('hfsim run of a %s trace', (format, trace) => {
  const dir = mkdtempSync(join(tmpdir(), `hfsim-${format}-progress-`));
  writeFileSync(join(dir, 'jobs.json'), trace(3_000)); // more bytes than are read between tellings
  const scenario = join(dir, 's.json');
  writeFileSync(scenario, JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'sls', format, trace: 'jobs.json' } }));
  // stderr taken for a wide terminal (the bar's line whole), and a wall clock that moves a second at each look: the load is then "long"
  const LONG_ON_TTY = ['--import', 'data:text/javascript,process.stderr.isTTY=true;process.stderr.columns=200;let t=0;performance.now=()=>(t+=1000);'];
  const env = { ...process.env, TERM: 'xterm-256color' };

  it('shows the trace read on a terminal, in bytes (it showed nothing); --no-progress shows nothing, and the table is the same', () => {
    const shown = spawnSync(process.execPath, [...LONG_ON_TTY, CLI, 'run', scenario, '--dry-run'], { encoding: 'utf8', env });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stderr).toMatch(new RegExp(`reading ${join(dir, 'jobs.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[[=-]+\\] \\d+/\\d+ bytes \\| \\d+ s`));
    const quiet = spawnSync(process.execPath, [...LONG_ON_TTY, CLI, 'run', scenario, '--dry-run', '--no-progress'], { encoding: 'utf8', env });
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(shown.stdout);
  });

  it('in a log: a line once 30 s have passed', () => {
    const r = spawnSync(process.execPath, ['--import', 'data:text/javascript,process.stderr.isTTY=false;let t=0;performance.now=()=>(t+=30000);', CLI, 'run', scenario, '--dry-run'], { encoding: 'utf8', env });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^run: reading [^\n]*jobs\.json: \d+\/\d+ bytes, \d+ s\n/);
    // its build places no blocks (each map's input is listed at its container's host): it printed "0/0 blocks placed"
    expect(r.stderr).not.toMatch(/blocks placed|building the workload/);
  });
});

/** `hfsim run --dry-run` of a 12,000-job SLS trace in a new folder (`prefix`), its stderr a terminal's, and the trace's path as a pattern. */
function dryRunOnTerminal(prefix: string): { stderr: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'jobs.json'), slsTrace(12_000));
  const scenario = join(dir, 's.json');
  writeFileSync(scenario, JSON.stringify({ name: 's', cluster: { racks: 1, nodesPerRack: 4, mapSlotsPerNode: 2, reduceSlotsPerNode: 1 }, scheduler: { policy: 'fifo' }, workload: { kind: 'sls', trace: 'jobs.json' } }));
  const r = spawnSync(process.execPath, ['--import', 'data:text/javascript,process.stderr.isTTY=true;process.stderr.columns=200;let t=0;performance.now=()=>(t+=1000);', CLI, 'run', scenario, '--dry-run'], { encoding: 'utf8', env: { ...process.env, TERM: 'xterm-256color' } });
  expect(r.status, r.stderr).toBe(0);
  return { stderr: r.stderr, file: join(dir, 'jobs.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&') };
}

// The conversion after the read (a job's maps placed at its hosts, the jobs listed) took 1.7 s for 200,000 jobs with
// no bar: the read's bar ended, and the command seemed to hang. It tells its jobs as the read tells its bytes.
describe('the jobs converted after an SLS or Rumen read', () => {
  it('are told every so many jobs and at the end, and give the same workload', () => {
    const jobs = parseSlsTrace(slsTrace(12_000), 't.json').jobs;
    const told: Array<[number, number]> = [];
    const cluster = { racks: 1, nodesPerRack: 4, replication: 3 };
    const w = { kind: 'sls', trace: 't.json', format: 'sls', type: 'io' } as never;
    const workload = drained(slsJobsWorkloadSteps(jobs, w, cluster, 't.json', undefined, (done, total) => told.push([done, total])));
    expect(told).toEqual([[5_000, 12_000], [10_000, 12_000], [12_000, 12_000]]);
    expect(workload).toEqual(drained(slsJobsWorkloadSteps(jobs, w, cluster, 't.json')));
  });

  it('show a bar on a terminal after the read\'s', () => {
    const { stderr, file } = dryRunOnTerminal('hfsim-sls-converting-');
    expect(stderr).toMatch(new RegExp(`reading ${file} \\[[=-]+\\] \\d+/\\d+ bytes[^]*converting ${file} \\[[=-]+\\] 5000/12000 jobs converted \\| \\d+ s`));
  });
});

// The check of the converted jobs as a scenario's (1.6-3.1 s for 200,000 jobs, one synchronous parse) showed nothing
// either, once the conversion's bar ended. It is parsed a slice of jobs at a time, told as the conversion is.
describe('the converted jobs checked as a scenario\'s', () => {
  const base = { name: 's', cluster: { racks: 1, nodesPerRack: 4 }, scheduler: { policy: 'fifo' } };
  const converted = (): { kind: 'jobs'; files: Array<Record<string, unknown>>; jobs: Array<Record<string, unknown>> } => {
    const jobs = parseSlsTrace(slsTrace(12_000), 't.json').jobs;
    const w = { kind: 'sls', trace: 't.json', format: 'sls', type: 'io' } as never;
    return drained(slsJobsWorkloadSteps(jobs, w, { racks: 1, nodesPerRack: 4, replication: 3 }, 't.json')) as never;
  };

  it('are told every so many jobs and at the end, and give the scenario parseScenario gives', () => {
    const workload = converted();
    const told: Array<[number, number]> = [];
    const checked = drained(convertedScenarioSteps(base, workload, (done, total) => told.push([done, total])));
    expect(told).toEqual([[5_000, 12_000], [10_000, 12_000], [12_000, 12_000]]);
    expect(checked).toEqual(parseScenario({ ...base, workload }));
    expect(JSON.stringify(checked)).toBe(JSON.stringify(parseScenario({ ...base, workload })));
  });

  it('give parseScenario\'s errors, in its order, where a slice fails', () => {
    const workload = converted();
    workload.jobs[11_000].mapMs = -1;
    workload.jobs[3].pool = '';
    workload.files[7_000].blocks = 0;
    const errors = parseScenario({ ...base, workload });
    expect(errors.ok).toBe(false);
    expect(drained(convertedScenarioSteps(base, workload))).toEqual(errors);
  });

  it('show a bar on a terminal after the conversion\'s', () => {
    const { stderr, file } = dryRunOnTerminal('hfsim-sls-checking-');
    expect(stderr).toMatch(new RegExp(`converting ${file} \\[[=-]+\\] 5000/12000 jobs converted[^]*checking ${file} \\[[=-]+\\] 5000/12000 jobs checked \\| \\d+ s`));
  });
});
