/**
 * The seeds: the shipped examples (scenarios/, scenarios/allocations/, data/traces/), each with the files it refers to
 * copied beside it under their own names, so that a case is a self-contained folder.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { type Donors, slots } from './json-mutate.js';

export interface Seed {
  /** The file the command names (scenario or sweep). */
  main: string;
  files: Record<string, string>;
}

export interface Corpus {
  root: string;
  scenarios: Seed[];
  /** Scenario seeds that read an allocation file (MR1, YARN or capacity-scheduler.xml), and those that replay a trace (SWIM .tsv, SLS JSON, Rumen JSON). */
  allocations: Seed[];
  traces: Seed[];
  /** The shipped sweeps, cut to at most two values an axis and one seed, so a case runs in seconds. */
  sweeps: Seed[];
  donors: Donors;
  /** Lines of the shipped Facebook traces, for trace mutations. */
  traceLines: string[];
}

/** Scenarios that take more than a few seconds: donors of fields, never run as seeds. */
const HEAVY = ['fb2009-day.json', 'fb2010-day.json', 'scale-3000.json', 'scale-10000.json', 'facebook-day-600.json'];

/** The repository root: the nearest folder above `from` whose package.json is hfsim's. */
export function repoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'hfsim') return dir;
    if (dirname(dir) === dir) throw new Error(`no hfsim package.json above ${from}`);
  }
}

/** The fields (and variants' field paths) that name a file, relative to the scenario or sweep. */
const REFERENCES = new Set(['trace', 'allocationFile', 'scheduler.allocationFile', 'capacitySchedulerFile', 'scheduler.capacitySchedulerFile', 'workload.trace', 'base']);

/**
 * Reads a scenario or sweep file; every file it names is copied into `files` under its base name, or, where another
 * file (the main one included: a scenario sls-sample.json replaying a trace sls-sample.json) has that name, under
 * name-2, name-3, ...; the field is renamed so. `names` maps each file copied to its name.
 */
function localize(file: string, files: Record<string, string>, names: Map<string, string>): unknown {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  for (const s of slots(doc)) {
    if (!REFERENCES.has(String(s.key)) || typeof s.value !== 'string') continue;
    const target = resolve(dirname(file), s.value);
    let name = names.get(target);
    if (name === undefined) {
      const ext = extname(target);
      const stem = basename(target, ext);
      name = basename(target);
      for (let k = 2; name in files; k++) name = `${stem}-${k}${ext}`;
      names.set(target, name);
      files[name] = ''; // taken before a base's own references are read
      files[name] = s.key === 'base' ? JSON.stringify(localize(target, files, names), null, 2) + '\n' : readFileSync(target, 'utf8');
    }
    (s.parent as Record<string, unknown>)[s.key as string] = name;
  }
  return doc;
}

function seedOf(file: string, edit?: (doc: Record<string, unknown>) => void): Seed {
  const main = basename(file);
  const files: Record<string, string> = { [main]: '' }; // the main file's name is its own
  const doc = localize(file, files, new Map([[resolve(file), main]])) as Record<string, unknown>;
  edit?.(doc);
  files[main] = JSON.stringify(doc, null, 2) + '\n';
  return { main, files };
}

function trimSweep(doc: Record<string, unknown>): void {
  const axes = (doc.axes ?? {}) as Record<string, unknown[]>;
  for (const [k, values] of Object.entries(axes)) axes[k] = values.slice(0, k === 'variant' ? 1 : 2);
  doc.seeds = [1];
}

/** The trace file a seed's workload replays (a SWIM .tsv, an SLS or Rumen JSON), or undefined. */
export function traceOf(seed: Seed): string | undefined {
  const workload = (JSON.parse(seed.files[seed.main]) as { workload?: { trace?: unknown } }).workload;
  const name = workload?.trace;
  return typeof name === 'string' && name !== seed.main && name in seed.files ? name : undefined;
}

export function loadCorpus(root: string): Corpus {
  const dir = join(root, 'scenarios');
  const jsonFiles = (d: string) => readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => join(d, f));
  const all = [...jsonFiles(dir), ...jsonFiles(join(dir, 'allocations'))];
  const isSweep = (f: string) => f.endsWith('.sweep.json');
  const scenarios = all.filter((f) => !isSweep(f) && !HEAVY.includes(basename(f))).map((f) => seedOf(f));
  const sweeps = all.filter(isSweep).map((f) => seedOf(f, trimSweep));
  // Donors from the light examples only: a grafted Facebook-day workload is a legitimately long run, not a finding.
  const donors = all.filter((f) => !HEAVY.includes(basename(f))).flatMap((f) => slots(JSON.parse(readFileSync(f, 'utf8')))
    .filter((s) => s.path.split('.').length <= 5 && JSON.stringify(s.value).length < 2000)
    .map((s) => ({ path: s.path, value: s.value })));
  const traceDir = join(root, 'data', 'traces');
  const traceLines = readdirSync(traceDir).filter((f) => f.endsWith('.tsv')).sort()
    .flatMap((f) => readFileSync(join(traceDir, f), 'utf8').split('\n').filter((l) => l !== ''));
  return {
    root,
    scenarios,
    allocations: scenarios.filter((s) => Object.keys(s.files).some((f) => f.endsWith('.xml'))),
    traces: scenarios.filter((s) => traceOf(s) !== undefined),
    sweeps,
    donors,
    traceLines,
  };
}
