/**
 * hfsim as a user's TypeScript project meets it (README, "Plugins"): a project with hfsim in its node_modules
 * compiles a policy, a gate and a preemption of its own with README's tsconfig.json (strict), against the
 * types package.json's "exports" names, and `hfsim run --plugin` runs the compiled files. Installed alone,
 * @types/node is not read by TypeScript 6 ("Cannot find name 'node:worker_threads'" in hfsim's types).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, tmp, writeJson } from './sweep-helpers.js';

/** The tsconfig.json README gives for a plugin's project (the indented line after it says so). */
function readmeTsconfig(): unknown {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = text.replace(/\s+/g, ' ').indexOf('A tsconfig.json that compiles a plugin written in src/');
  expect(at, 'README gives a tsconfig.json that compiles a plugin').toBeGreaterThanOrEqual(0);
  const block = text.split('\n').find((l) => l.startsWith('    { "compilerOptions"'));
  expect(block, 'an indented { "compilerOptions": ... } line after it').toBeDefined();
  return JSON.parse(block!);
}

const POLICIES = `import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, RUNNING, SortedJobQueue, reduceRef, registerGate, registerPolicy, registerPreemption, z,
  type Job, type Locality, type LocalityGate, type NodeId, type PoolSet, type RunningTaskReader, type SlotKind, type Tick, type Victim,
  type ClusterConfig, type JobType, type ParentPoolConfig, type PoolConfig, type Priority, type SchedulingMode } from 'hfsim';

// the types of a job's spec, a pool's settings and the scenario's parts, by name (they were not exported: TS2305)
export const urgent = (p: Priority): boolean => p === 'VERY_HIGH' || p === 'HIGH';
export const heavy = (t: JobType): boolean => t === 'cpu';
export const mapSlots = (c: ClusterConfig): number => c.racks * c.nodesPerRack * c.mapSlotsPerNode;
export const fifoInside = (mode: SchedulingMode, pool: PoolConfig, parent?: ParentPoolConfig): string => \`\${parent?.name ?? ''}/\${pool.name}: \${mode}\`;

const left = (job: Job): number => job.maps - job.finishedMaps + job.reduces - job.finishedReduces;
registerPolicy('srjf', {
  description: 'shortest remaining job first, small jobs kept off rack 0',
  config: z.strictObject({ reserve: z.number().int().min(0).optional() }),
  permits: ['skipIdleHeartbeats', 'passAll'],
  create: (cfg, ctx) => ({
    createQueue: () => new SortedJobQueue((a, b) => left(a) - left(b) || a.spec.submitMs - b.spec.submitMs || a.index - b.index),
    ...(cfg.reserve === undefined ? {} : { filter: { admits: (job: Job, node: NodeId) => node >= ctx.topology.nodesPerRack || job.maps > cfg.reserve! } }),
  }),
});

// a tick as an object literal typed Tick that advances its own nextTickMs (readonly, it failed with TS2540)
registerPolicy('ticking', {
  description: 'FIFO with a tick that counts the active intervals',
  create: (_cfg, ctx) => {
    let active = 0;
    const tick: Tick = {
      nextTickMs: 0,
      skipIdle(limitMs: number): void { this.nextTickMs = Math.max(this.nextTickMs, limitMs - (limitMs % ctx.topology.heartbeatMs)); },
      tick(isActive: boolean): void { if (isActive) active++; this.nextTickMs += ctx.topology.heartbeatMs; },
      killed(): void {},
    };
    return { createQueue: () => new SortedJobQueue((a, b) => a.spec.submitMs - b.spec.submitMs || a.index - b.index), tick };
  },
});

registerGate('growing', {
  description: 'a skip count whose threshold grows with the job\\'s non-local launches',
  config: z.strictObject({ base: z.number().int().min(0).default(2) }),
  create: (cfg, ctx): LocalityGate => {
    const skips = new Int32Array(ctx.jobs);
    const remote = new Int32Array(ctx.jobs);
    return {
      allowed(job: Job): Locality {
        const t = cfg.base + remote[job.index];
        return skips[job.index] >= 2 * t ? OFF_RACK : skips[job.index] >= t ? RACK_LOCAL : NODE_LOCAL;
      },
      skipped(job: Job): void { skips[job.index]++; },
      launched(job: Job, locality: Locality): void { if (locality === NODE_LOCAL) skips[job.index] = 0; else remote[job.index]++; },
    };
  },
});

registerPreemption('oldest', {
  description: 'oldest running tasks first, from pools above their fair share',
  create: () => ({
    victims(pools: PoolSet, kind: SlotKind, nowMs: number, running: RunningTaskReader): Victim[] {
      let wanted = 0;
      for (const pool of pools.pools) {
        const s = pool.share(kind);
        if (nowMs - s.lastTimeAtMinShare > pool.minShareTimeoutMs) wanted += Math.max(0, Math.min(s.minShare, s.demand) - s.running);
      }
      const out: Victim[] = [];
      for (const pool of pools.pools) {
        let spare = Math.floor(pool.share(kind).running - pool.share(kind).fairShare);
        if (!pool.preemptable) continue;
        const tasks: Victim[] = [];
        for (const job of pool.jobs) {
          if (kind === 'map') { for (let m = 0; m < job.maps; m++) if (job.mapState[m] === RUNNING) tasks.push({ job, task: m, startMs: running.mapStartMs(job, m) }); }
          else for (let r = 0; r < job.reduces; r++) if (job.reduceState[r] === RUNNING) tasks.push({ job, task: reduceRef(r), startMs: job.reduceStartMs[r] });
        }
        tasks.sort((a, b) => a.startMs - b.startMs || a.job.index - b.job.index || a.task - b.task);
        for (const t of tasks) { if (wanted <= 0 || spare <= 0) break; out.push(t); wanted--; spare--; }
      }
      return out;
    },
  }),
});
`;

// README's library example, its import of examples/srwf.js (JavaScript, untyped) swapped for the project's own file, and
// the variant named by its type (LoadedVariant: README's `{ name, scenario, trace }`).
const RUN = `import { loadScenario, simulate, type LoadedVariant } from 'hfsim';
await import('./policies.js');                // registers 'srjf', 'growing', 'oldest'
const v: LoadedVariant = loadScenario(process.argv[2], [], undefined, 'SRJF + growing').variants[0];
console.log((await simulate(v.scenario, { variant: v.name, trace: v.trace })).digest);
`;

describe('a TypeScript project of the user\'s own', () => {
  it('compiles its plugins with README\'s tsconfig.json under --strict, and runs them from the CLI and the library with one digest', () => {
    const dir = tmp('consumer');
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
    symlinkSync(ROOT, join(dir, 'node_modules', 'hfsim'), 'dir'); // as npm install <path> links it
    symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-policies', private: true, type: 'module' }));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'policies.ts'), POLICIES);
    writeFileSync(join(dir, 'src', 'run.ts'), RUN);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(readmeTsconfig()));
    const tscBin = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    // @types/node installed but not named in "types": TypeScript 6 does not read it, and hfsim's types do not compile.
    const { types: _types, ...unnamed } = (readmeTsconfig() as { compilerOptions: Record<string, unknown> }).compilerOptions;
    writeFileSync(join(dir, 'tsconfig.unnamed.json'), JSON.stringify({ compilerOptions: { ...unnamed, noEmit: true }, include: ['src'] }));
    const without = spawnSync(process.execPath, [tscBin, '-p', join(dir, 'tsconfig.unnamed.json')], { encoding: 'utf8' });
    expect(without.stdout).toContain("Cannot find name 'node:worker_threads'");
    const tsc = spawnSync(process.execPath, [tscBin, '-p', dir], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);

    const scenario = writeJson(dir, 'mine.json', {
      name: 'mine', seed: 2,
      cluster: { racks: 2, nodesPerRack: 5, mapSlotsPerNode: 2, reduceSlotsPerNode: 1, heartbeatMs: 3000 },
      scheduler: { policy: 'hfs', delay: { mode: 'growing' }, pools: [{ name: 'a', minMaps: 10, minSharePreemptionTimeoutMs: 15000 }, { name: 'b' }],
        preemption: { enabled: true, policy: 'oldest', intervalMs: 15000 } },
      workload: { kind: 'generated', groups: [{ name: 'b', count: 2, maps: 40, mapMs: 60000, intervalMs: 1000 }, { name: 'a', count: 4, maps: 10, mapMs: 10000, startMs: 20000, intervalMs: 10000 }] },
      variants: { 'SRJF + growing': { 'scheduler.policy': 'srjf', 'scheduler.policyConfig': { reserve: 20 }, 'scheduler.pools': null, 'scheduler.preemption': null }, 'HFS, oldest first': {} },
    });
    const cli = spawnSync(process.execPath, [CLI, 'run', scenario, '--plugin', join(dir, 'dist', 'policies.js'), '--no-progress'], { cwd: dir, encoding: 'utf8' });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^HFS, oldest first +[1-9]\d* +[\d.]+$/m); // the preemption killed tasks
    const digest = /^digest SRJF \+ growing: ([0-9a-f]{64})$/m.exec(cli.stdout)?.[1];
    expect(digest).toBeDefined();
    const lib = spawnSync(process.execPath, [join(dir, 'dist', 'run.js'), scenario], { cwd: dir, encoding: 'utf8' });
    expect(lib.status, lib.stderr).toBe(0);
    expect(lib.stdout.trim()).toBe(digest);
  }, 60_000);
});

// A small sweep of the user's own beside it: its --set pairs a constant (as const: readonly), as a script keeps them.
// Its report names the parts of a result it reads by their types.
const SWEEP = `import { loadScenario, simulate, type BinResult, type LocalityShare, type MapAssignmentResult, type NetworkResult, type PoolResult,
  type ReplicationResult, type SolverReport, type Summary } from 'hfsim';
const sets = [['workload.jobs', 30], ['cluster.racks', 2]] as const;
const line = (s: Summary, bins: readonly BinResult[], local: LocalityShare | undefined): string => \`\${s.meanResponseMs} \${bins.length} \${local?.node}\`;
const extras = (p?: PoolResult[], n?: NetworkResult, r?: ReplicationResult, m?: MapAssignmentResult, q?: SolverReport): number => (p?.length ?? 0) + (n ? 1 : 0) + (r ? 1 : 0) + (m ? 1 : 0) + (q ? 1 : 0);
for (const seed of [1, 2]) {
  const v = loadScenario('examples/srwf.json', sets, seed, 'SRWF + delay').variants[0];
  const r = await simulate(v.scenario, { variant: v.name, trace: v.trace });
  console.log(seed, line(r.summary, r.bins, r.bins[0]?.locality), extras(r.pools, r.network, r.replication, r.mapAssignment, r.run.solver));
}
`;

describe("README's library example in a project of the user's own", () => {
  it('typechecks as README shows it under README\'s tsconfig.json with exactOptionalPropertyTypes (a variant\'s trace is optional, and simulate takes it as given), beside a sweep whose --set pairs are readonly and whose report names a result\'s parts by their types', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
    const from = text.indexOf("    import { loadScenario, simulate } from 'hfsim';");
    expect(from, "README's library example").toBeGreaterThan(0);
    let to = from;
    while (text[to + 1]?.startsWith('    ')) to++;
    const example = text.slice(from, to + 1).map((l) => l.slice(4)).join('\n');
    expect(example).toContain('trace: v.trace');
    const dir = tmp('consumer-example');
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
    symlinkSync(ROOT, join(dir, 'node_modules', 'hfsim'), 'dir');
    symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-runs', private: true, type: 'module' }));
    mkdirSync(join(dir, 'src', 'examples'), { recursive: true });
    writeFileSync(join(dir, 'src', 'run.ts'), example);
    writeFileSync(join(dir, 'src', 'examples', 'srwf.ts'), "import { registerPolicy, SortedJobQueue, compareFifo } from 'hfsim';\nregisterPolicy('srwf', { description: 'x', create: () => ({ createQueue: () => new SortedJobQueue(compareFifo) }) });\n");
    writeFileSync(join(dir, 'src', 'sweep.ts'), SWEEP);
    const { compilerOptions } = readmeTsconfig() as { compilerOptions: Record<string, unknown> };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, exactOptionalPropertyTypes: true, noEmit: true }, include: ['src'] }));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000);
});

describe('a plugin run under another copy\'s CLI', () => {
  it('names the hfsim the plugin imports and tells to run it with that copy\'s CLI (it said only "registered no plugin")', () => {
    // The user's project has its own hfsim (here a stand-in of one file); the CLI run is this checkout's.
    const dir = tmp('consumer-other-copy');
    const other = join(dir, 'node_modules', 'hfsim');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'package.json'), JSON.stringify({ name: 'hfsim', type: 'module', exports: './index.js' }));
    writeFileSync(join(other, 'index.js'), 'export const registerPolicy = () => {};\n');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-policies', private: true, type: 'module' }));
    writeFileSync(join(dir, 'mine.js'), "import { registerPolicy } from 'hfsim';\nregisterPolicy('mine', {});\n");
    const r = spawnSync(process.execPath, [CLI, 'run', join(ROOT, 'examples', 'srwf.json'), '--plugin', './mine.js'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`hfsim: --plugin ./mine.js: registered no plugin in this hfsim (${ROOT}): it imports the hfsim in ${other}; run it with that one's CLI (npx hfsim in its project)\n`);
  });
});
