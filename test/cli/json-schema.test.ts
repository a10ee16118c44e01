/**
 * The JSON Schemas in schema/: generated from the zod schemas and in step with them, they accept every scenario and
 * sweep in scenarios/ (and examples/) and reject what zod rejects (a sample of bad inputs; checks zod makes in code are left out).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR, jsonSchemaFiles } from '../../src/cli/json-schema.js';
import { sweepSchema } from '../../src/cli/sweep-file.js';
import { parseScenario } from '../../src/core/scenario.js';
import { jobsScenario } from '../helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const ajv = new Ajv({ allErrors: true });
const validScenario = ajv.compile(read(`${SCHEMA_DIR}/scenario.schema.json`) as object);
const validSweep = ajv.compile(read(`${SCHEMA_DIR}/sweep.schema.json`) as object);

const files = readdirSync(join(ROOT, 'scenarios'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).sort();
const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json')).sort();

describe('JSON Schema', () => {
  it.each(jsonSchemaFiles())('$file is what the zod schemas generate now', ({ file, text }) => {
    const onDisk = readFileSync(join(ROOT, SCHEMA_DIR, file), 'utf8');
    expect(onDisk === text, `${SCHEMA_DIR}/${file} is out of date with the zod schemas: run \`npm run schema\` and commit ${SCHEMA_DIR}/`).toBe(true);
  });

  it.each(files)('accepts scenarios/%s', (file) => {
    const raw = read(`scenarios/${file}`);
    const check = file.includes('.sweep.') ? validSweep : validScenario;
    expect(check(raw), ajv.errorsText(check.errors)).toBe(true);
  });

  it.each(examples)('accepts examples/%s', (file) => {
    expect(validScenario(read(`examples/${file}`)), ajv.errorsText(validScenario.errors)).toBe(true);
  });

  it('holds the built-in policies only, and leaves variants\' overrides to hfsim (README, "Editor support")', () => {
    const srwf = read('examples/srwf.json') as Record<string, any>;
    expect(validScenario({ ...srwf, scheduler: { ...srwf.scheduler, policy: 'srwf' } })).toBe(false);
    expect(validScenario({ ...srwf, variants: { Bad: { 'cluster.racks': 'four', 'no.such.field': 1 } } })).toBe(true);
    expect(validScenario({ ...srwf, variants: { Bad: 5 } })).toBe(false);
  });

  it('accepts a "$schema" key, as zod does', () => {
    const raw = { $schema: '../schema/scenario.schema.json', ...jobsScenario() };
    expect(validScenario(raw)).toBe(true);
    expect(parseScenario(raw).ok).toBe(true);
    const sweep = { $schema: '../schema/sweep.schema.json', base: 'x.json', axes: { 'cluster.racks': [1, 2] } };
    expect(validSweep(sweep)).toBe(true);
    expect(sweepSchema.safeParse(sweep).success).toBe(true);
  });

  const bad: Array<[string, (s: Record<string, any>) => void]> = [
    ['an unknown top-level field', (s) => (s.nmae = 'x')],
    ['an unknown cluster field', (s) => (s.cluster.rack = 4)],
    ['zero racks', (s) => (s.cluster.racks = 0)],
    ['a fractional node count', (s) => (s.cluster.nodesPerRack = 2.5)],
    ['a string for a number', (s) => (s.cluster.mapSlotsPerNode = '2')],
    ['an unknown policy', (s) => (s.scheduler = { policy: 'lottery' })],
    ['an unknown delay mode', (s) => (s.scheduler = { delay: { mode: 'sometimes' } })],
    ['skip without maxSkips', (s) => (s.scheduler = { delay: { mode: 'skip' } })],
    ['a negative seed', (s) => (s.seed = -1)],
    ['slow start above 1', (s) => (s.tasks = { slowStart: 1.5 })],
    ['no workload', (s) => delete s.workload],
    ['an unknown workload kind', (s) => (s.workload = { kind: 'poisson' })],
    ['a job without mapMs', (s) => delete s.workload.jobs[0].mapMs],
    ['an unknown priority', (s) => (s.workload.jobs[0].priority = 'URGENT')],
    ['an empty job list', (s) => (s.workload.jobs = [])],
    ['a queue above 100%', (s) => (s.scheduler = { queues: [{ name: 'q', capacity: 120 }] })],
    ['a pool with weight 0', (s) => (s.scheduler = { pools: [{ name: 'p', weight: 0 }] })],
    ['a non-string $schema', (s) => (s.$schema = 7)],
    // each policy's config as its schema has it (the JSON Schema took any object for policyConfig and replication.config)
    ['a config for a policy that has none', (s) => (s.scheduler = { policy: 'fair', policyConfig: { frameworks: 'pool' } })],
    ['a config for the default policy, which has none', (s) => (s.scheduler = { policyConfig: { refuseMs: 5000 } })],
    ['an offers config value it does not take', (s) => (s.scheduler = { policy: 'offers', policyConfig: { frameworks: 'pools' } })],
    ['a misspelled Quincy cost', (s) => (s.scheduler = { policy: 'quincy', policyConfig: { killcost: 2 } })],
    ['an unknown replication policy', (s) => (s.scheduler = { replication: { policy: 'hot' } })],
    ['a misspelled DSBRA setting', (s) => (s.scheduler = { replication: { policy: 'dsbra', config: { alfa: 1 } } })],
    ['a DSBRA setting beside policy', (s) => (s.scheduler = { replication: { policy: 'dsbra', alpha: 1 } })],
    ['a field the hfs preemption\'s config does not have', (s) => (s.scheduler = { preemption: { config: { victims: 'newest' } } })],
  ];

  const good: Array<[string, Record<string, unknown>]> = [
    ['offers with its config', { policy: 'offers', policyConfig: { frameworks: 'pool', inner: 'fifo', refuseMs: 5000 } }],
    ['quincy with its config', { policy: 'quincy', policyConfig: { kills: false, rackLocalCost: 3 } }],
    ['dsbra with its config', { replication: { policy: 'dsbra', config: { alpha: 1, average: 'read' } } }],
    ['popular-small with its config', { replication: { policy: 'popular-small', config: { maxBlocks: 5 } } }],
    ['static with none', { replication: { policy: 'static' } }],
    ['an empty policyConfig', { policy: 'hfs', policyConfig: {} }],
  ];

  it.each(good)('accepts %s, as zod does', (_what, scheduler) => {
    const raw = { ...jobsScenario(), scheduler };
    expect(parseScenario(raw).ok).toBe(true);
    expect(validScenario(raw), ajv.errorsText(validScenario.errors)).toBe(true);
  });

  it.each(bad)('rejects %s, as zod does', (_what, spoil) => {
    const raw = structuredClone(jobsScenario()) as Record<string, any>;
    spoil(raw);
    expect(parseScenario(raw).ok).toBe(false);
    expect(validScenario(raw)).toBe(false);
  });

  const badSweeps: Array<[string, unknown]> = [
    ['no base', { axes: {} }],
    ['an unknown field', { base: 'x.json', axis: {} }],
    ['an empty axis', { base: 'x.json', axes: { seed: [] } }],
    ['a fractional seed', { base: 'x.json', seeds: [1.5] }],
    ['a base that is a number', { base: 3 }],
    ['an unknown chart field', { base: 'x.json', charts: [{ metric: 'm', colour: 'red' }] }],
  ];

  it.each(badSweeps)('rejects a sweep with %s, as zod does', (_what, raw) => {
    expect(sweepSchema.safeParse(raw).success).toBe(false);
    expect(validSweep(raw)).toBe(false);
  });
});

describe('npm run schema on a disk that cannot take a file', () => {
  it('leaves schema/ as it was and says which file, exit 1 (scenario.schema.json was cut to the 8 KB that fitted, and a stack trace)', () => {
    // A copy of the compiled script beside its own schema/ (it writes the one beside dist/), so the checkout's stays.
    const copy = mkdtempSync(join(tmpdir(), 'hfsim-schema-'));
    for (const dir of ['src', 'bench', 'scripts']) cpSync(join(ROOT, 'dist', dir), join(copy, 'dist', dir), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    cpSync(join(ROOT, SCHEMA_DIR), join(copy, SCHEMA_DIR), { recursive: true });
    const before = readdirSync(join(copy, SCHEMA_DIR)).map((f) => [f, readFileSync(join(copy, SCHEMA_DIR, f), 'utf8')]);
    // 8 KB: the two small schemas fit, scenario.schema.json (40 KB) does not
    const r = spawnSync('bash', ['-c', 'ulimit -f 8 && exec "$0" "$@"', process.execPath, join(copy, 'dist', 'scripts', 'schema.js')], { cwd: copy, encoding: 'utf8', timeout: 60_000 });
    expect([r.status, r.signal], r.stderr).toEqual([1, null]);
    expect(r.stderr).toMatch(/^schema: \S+\/schema\/\S+\.schema\.json: not written \(file too large\); the file there is unchanged/);
    expect(r.stderr).not.toContain('    at ');
    const after = readdirSync(join(copy, SCHEMA_DIR)).map((f) => [f, readFileSync(join(copy, SCHEMA_DIR, f), 'utf8')]);
    expect(after).toEqual(before);
  });
});
