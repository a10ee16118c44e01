/** `hfsim run --dry-run`: every check a run makes before it starts, the plan a run would simulate, and nothing written. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function hfsim(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Plan { variant: string; seed: number; policy: string; delay: string; network: string; replication: string | null; jobs: number; maps: number; reduces: number; racks: number; nodes: number; mapSlots: number; reduceSlots: number }
interface RunResult {
  variant: string; seed: number; summary: { jobs: number; maps: number; reduces: number };
  config: { cluster: { racks: number; nodesPerRack: number; mapSlotsPerNode: number; reduceSlotsPerNode: number; network: { model: string } };
    scheduler: { policy: string; delay: { mode: string }; replication?: { policy: string } } };
}

/** What a run's results say it simulated, in a plan's fields. */
function simulated(r: RunResult): Plan {
  const c = r.config.cluster;
  const s = r.config.scheduler;
  const nodes = c.racks * c.nodesPerRack;
  return { variant: r.variant, seed: r.seed, policy: s.policy, delay: s.delay.mode, network: c.network.model, replication: s.replication?.policy ?? null,
    jobs: r.summary.jobs, maps: r.summary.maps, reduces: r.summary.reduces, racks: c.racks, nodes, mapSlots: nodes * c.mapSlotsPerNode, reduceSlots: nodes * c.reduceSlotsPerNode };
}

describe('hfsim run --dry-run', () => {
  // Drawn workloads (facebook, generated: their sizes come from the seed), a trace (swim) and an SLS trace converted
  // to jobs: the plan is what the run then simulates.
  it.each([
    ['scenarios/sticky-slots.json', []],
    ['scenarios/swim-first50.json', []],
    ['scenarios/sls-sample.json', []],
    ['scenarios/head-of-line.json', ['--seed', '7', '--set', 'cluster.racks=3']],
    ['scenarios/dsbra.json', ['--set', 'cluster.network.model=fluid']],
  ])('%s %j: the jobs, maps, reduces and cluster of each variant are those the run simulates', (file, extra) => {
    const dry = hfsim('run', file, ...extra, '--dry-run', '--json');
    expect(dry.code, dry.stderr).toBe(0);
    const plans = JSON.parse(dry.stdout) as Plan[];
    const run = hfsim('run', file, ...extra, '--json', '--no-progress', '--no-time-decisions');
    expect(run.code, run.stderr).toBe(0);
    const parsed = JSON.parse(run.stdout) as RunResult | RunResult[];
    const results = Array.isArray(parsed) ? parsed : [parsed];
    expect(plans).toEqual(results.map(simulated));
    expect(plans.every((p) => p.jobs > 0 && p.maps > 0)).toBe(true);
  }, 120_000);

  it('prints a line a variant, with its policy, gate and network model, and says nothing ran', () => {
    const r = hfsim('run', 'scenarios/fb-macro-io.json', '--dry-run', '--set', 'cluster.network.model=fluid');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^fb-macro-io: 3 variants would run \(--dry-run: nothing simulated, no file written\)$/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^ {2}Fair \+ delay: fair, delay wait, fluid network; 100 jobs \(26,410 maps, [\d,]+ reduces\), 100 nodes in 4 racks, 400 map \+ 200 reduce slots, seed 1$/);
    expect(r.stdout).not.toMatch(/digest/);
  });

  it('checks the output files as a run does, and writes none of them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-dry-'));
    const out = join(dir, 'r.json');
    const csv = join(dir, 'jobs.csv');
    const r = hfsim('run', 'scenarios/sticky-slots.json', '--dry-run', '--out', out, '--jobs-csv', csv);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(csv)).toBe(false);
    const same = hfsim('run', 'scenarios/sticky-slots.json', '--dry-run', '--out', out, '--jobs-csv', out);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/--out.*--jobs-csv|--jobs-csv.*--out/);
    const missing = join(dir, 'no', 'such', 'r.json');
    const inMissingDir = hfsim('run', 'scenarios/sticky-slots.json', '--dry-run', '--out', missing);
    expect(inMissingDir.code).toBe(2);
    expect(inMissingDir.stderr).toBe(hfsim('run', 'scenarios/sticky-slots.json', '--out', missing).stderr);
  });

  it('bad input is refused as a run refuses it: exit 2, the field named, no plan printed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-dry-'));
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ name: 'bad', cluster: { racks: 0, nodesPerRack: 2 }, workload: { kind: 'facebook', jobs: 3 } }));
    const dry = hfsim('run', file, '--dry-run');
    const run = hfsim('run', file);
    expect(dry.code).toBe(2);
    expect(dry.stderr).toBe(run.stderr);
    expect(dry.stderr).toMatch(/cluster\.racks/);
    expect(dry.stdout).toBe('');
  });

  it('--parallel beside --runtime threads says the variants would run one after another (it said they run)', () => {
    const r = hfsim('run', 'scenarios/fb-macro-io.json', '--dry-run', '--parallel', '4', '--runtime', 'threads');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('hfsim: warning: --parallel 4: with --runtime threads the 3 variants would run one after another (side by side applies to in-process runs)\n');
  });

  it('is refused beside --check-shortcuts, which runs every variant', () => {
    const r = hfsim('run', 'scenarios/sticky-slots.json', '--dry-run', '--check-shortcuts');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--dry-run.*--check-shortcuts|--check-shortcuts.*--dry-run/);
  });

  it('--variant plans only the variants named', () => {
    const r = hfsim('run', 'scenarios/fb-macro-io.json', '--dry-run', '--json', '--variant', 'FIFO');
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Plan[]).map((p) => p.variant)).toEqual(['FIFO']);
  });

  it("builds each variant's plugins as a run does: a --plugin whose create() throws fails the dry run as it fails the run", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hfsim-dry-'));
    const plugin = join(dir, 'throws.mjs');
    writeFileSync(plugin, `import { registerPolicy } from ${JSON.stringify(join(ROOT, 'dist', 'src', 'index.js'))};\nregisterPolicy('broken', { description: 'x', create: () => { throw new Error('no queue for you'); } });\n`);
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ name: 'p', cluster: { racks: 1, nodesPerRack: 2 }, scheduler: { policy: 'broken' }, workload: { kind: 'facebook', jobs: 2 } }));
    const dry = hfsim('run', file, '--plugin', plugin, '--dry-run');
    const run = hfsim('run', file, '--plugin', plugin, '--no-progress');
    expect(run.code).toBe(1);
    expect(dry.code).toBe(run.code);
    expect(dry.stderr).toMatch(/no queue for you/);
    expect(dry.stderr).toBe(run.stderr);
    expect(dry.stdout).toBe('');
  });
});
