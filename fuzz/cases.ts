/**
 * A case: a folder of files (a seed, mutated) and the commands to run in it. Case i of seed s is generated from its
 * own random stream, so `--seed s --case i` regenerates it alone, whatever ran before or beside it.
 */
import { type Corpus, type Seed, traceOf } from './corpus.js';
import { runFlags, sweepFlags } from './flags.js';
import { mutateGently, mutateJson, mutateJsonText, slots } from './json-mutate.js';
import { type Chooser, chooser } from './random.js';
import { mutateSls } from './sls-mutate.js';
import { mutateTsv } from './tsv-mutate.js';
import { stringifyPretty } from './values.js';
import { mutateXml } from './xml-mutate.js';

export const KINDS = ['scenario', 'allocation', 'trace', 'sweep', 'flags'] as const;
export type Kind = (typeof KINDS)[number];

export interface Case {
  seed: number;
  index: number;
  kind: Kind;
  files: Record<string, string>;
  /** CLI argument lists, run in order in the case's folder; "@..." lists are fuzzer actions (exec.ts). */
  steps: string[][];
  /** What was done to the seed, in order. */
  mutations: string[];
}

export function generateCase(corpus: Corpus, seed: number, index: number, kinds: readonly Kind[] = KINDS): Case {
  const c = chooser(seed, `case/${index}`);
  const kind = c.pick(kinds);
  const make = { scenario: scenarioCase, allocation: allocationCase, trace: traceCase, sweep: sweepCase, flags: flagsCase }[kind];
  const { files, steps, mutations } = make(c, corpus);
  return { seed, index, kind, files, steps, mutations };
}

type Made = Pick<Case, 'files' | 'steps' | 'mutations'>;

const copy = (s: Seed): Record<string, string> => ({ ...s.files });

/** 1 to 3 structural mutations of a JSON file (or, a third of the time, 1 to 4 gentle ones), now and then damage to its text. */
function mutateJsonFile(c: Chooser, corpus: Corpus, files: Record<string, string>, name: string, mutations: string[]): void {
  let doc: unknown = JSON.parse(files[name]);
  const gentle = c.chance(1 / 3);
  for (let n = 1 + (gentle ? c.int(4) : c.weighted([6, 3, 1])); n > 0; n--) {
    const m = (gentle ? mutateGently : mutateJson)(c, doc, corpus.donors);
    doc = m.doc;
    mutations.push(`${name}: ${m.what}`);
  }
  let text = stringifyPretty(doc, c.chance(0.8));
  if (!gentle && c.chance(0.08)) {
    const m = mutateJsonText(c, text);
    text = m.text;
    mutations.push(`${name}: ${m.what}`);
  }
  files[name] = text;
}

function runSteps(c: Chooser, seed: Seed, files: Record<string, string>, flagChance: number): string[][] {
  const argv = ['run', seed.main];
  if (c.chance(0.7)) argv.push('--json');
  while (c.chance(flagChance)) argv.push(...runFlags(c, fieldPaths(files[seed.main]), variantNames(files[seed.main])));
  return [argv];
}

function scenarioCase(c: Chooser, corpus: Corpus): Made {
  const seed = c.pick(corpus.scenarios);
  const files = copy(seed);
  const mutations: string[] = [];
  mutateJsonFile(c, corpus, files, seed.main, mutations);
  return { files, steps: runSteps(c, seed, files, 0.15), mutations };
}

function allocationCase(c: Chooser, corpus: Corpus): Made {
  let seed = c.pick(corpus.allocations);
  const mutations: string[] = [];
  const xmls = Object.keys(seed.files).filter((f) => f.endsWith('.xml'));
  if (c.chance(0.3)) {
    // An allocation file under another example's pools and workload.
    const host = c.pick(corpus.scenarios.filter((s) => !s.main.startsWith('swim')));
    const doc = JSON.parse(host.files[host.main]) as Record<string, Record<string, unknown>>;
    const xml = c.pick(xmls);
    doc.scheduler = { ...doc.scheduler, policy: c.pick(['hfs', 'hfs', 'capacity', 'fair']), allocationFile: xml };
    if (doc.scheduler.pools && c.chance(0.5)) delete doc.scheduler.pools;
    mutations.push(`${host.main} with scheduler.allocationFile ${xml}, policy ${String(doc.scheduler.policy)}`);
    seed = { main: host.main, files: { ...host.files, ...Object.fromEntries(xmls.map((x) => [x, seed.files[x]])), [host.main]: JSON.stringify(doc, null, 2) } };
  }
  const files = copy(seed);
  for (let n = 1 + c.int(3); n > 0; n--) {
    const name = c.pick(xmls);
    const m = mutateXml(c, files[name]);
    files[name] = m.text;
    mutations.push(`${name}: ${m.what}`);
  }
  return { files, steps: runSteps(c, seed, files, 0.1), mutations };
}

function traceCase(c: Chooser, corpus: Corpus): Made {
  const seed = c.pick(corpus.traces);
  const files = copy(seed);
  const mutations: string[] = [];
  const trace = traceOf(seed)!;
  // a SWIM trace line by line; an SLS JSON trace as its stream of job objects
  const mutate = trace.endsWith('.tsv') ? (text: string) => mutateTsv(c, text, corpus.traceLines) : (text: string) => mutateSls(c, text);
  for (let n = 1 + c.int(3); n > 0; n--) {
    const m = mutate(files[trace]);
    files[trace] = m.text;
    mutations.push(`${trace}: ${m.what}`);
  }
  if (c.chance(0.3)) mutateJsonFile(c, corpus, files, seed.main, mutations);
  return { files, steps: runSteps(c, seed, files, 0.1), mutations };
}

function sweepCase(c: Chooser, corpus: Corpus): Made {
  const seed = c.pick(corpus.sweeps);
  const files = copy(seed);
  const mutations: string[] = [];
  if (c.chance(0.2)) {
    const doc = JSON.parse(files[seed.main]) as { axes?: Record<string, unknown> };
    const axes = doc.axes ?? {};
    // Three points run; a million should be refused before anything runs (a thousand would be a legitimately long sweep).
    const n = c.pick([3, 1_000_000]);
    const axis = c.pick([...Object.keys(axes), 'cluster.racks', 'seed', 'tasks.durationJitter', 'scheduler.delay.maxSkips']);
    axes[axis] = Array.from({ length: n }, (_, i) => i);
    doc.axes = axes;
    files[seed.main] = JSON.stringify(doc, null, 2);
    mutations.push(`${seed.main}: axis ${axis} = 0..${n - 1}`);
  } else {
    const base = Object.keys(files).find((f) => f !== seed.main);
    mutateJsonFile(c, corpus, files, base !== undefined && c.chance(0.15) ? base : seed.main, mutations);
  }
  const argv = ['sweep', seed.main, ...(c.chance(0.9) ? ['--no-progress'] : [])];
  while (c.chance(0.15)) argv.push(...sweepFlags(c));
  return { files, steps: [argv], mutations };
}

/** Unmutated examples under mutated command lines, alone or in pipelines (run then report; shards then merge; resume). */
function flagsCase(c: Chooser, corpus: Corpus): Made {
  const mutations: string[] = [];
  if (c.chance(0.6)) {
    const seed = c.pick(corpus.scenarios);
    const files = copy(seed);
    const steps = runSteps(c, seed, files, 0);
    for (let n = 1 + c.int(3); n > 0; n--) steps[0].push(...runFlags(c, fieldPaths(files[seed.main]), variantNames(files[seed.main])));
    if (c.chance(0.15)) steps[0][1] = c.pick(['missing.json', '.', Object.keys(files).find((f) => f !== seed.main) ?? 'x.json']);
    if (c.chance(0.15)) steps[0] = ['@head', c.pick(['0', '1', '100', '4096']), ...steps[0], '--json'];
    else if (c.chance(0.2)) steps.push(['report', c.pick(['r.json', 'missing.json', seed.main, '.']), '--html', c.pick(['r.html', 'missing/r.html'])]);
    mutations.push(`flags: ${steps.map((s) => s.join(' ')).join(' ; ')}`);
    return { files, steps, mutations };
  }
  const seed = c.pick(corpus.sweeps);
  const files = copy(seed);
  const sweep = ['sweep', seed.main, '--no-progress'];
  let steps: string[][];
  switch (c.int(3)) {
    case 0:
      steps = [[...sweep, '--shard', '0/2', '--out', 'a'], [...sweep, '--shard', c.pick(['1/2', '0/2', '1/3']), '--out', 'b'],
        ['sweep', 'merge', 'a', c.pick(['b', 'a', 'missing']), '--out', c.pick(['m', 'a', 'missing/m'])], ['report', 'm', '--html', 'm.html']];
      break;
    case 1:
      steps = [[...sweep, '--out', 'o'], c.pick([['@append', 'o/results.jsonl', '{"id":'], ['@truncate', 'o/results.jsonl', '10'],
        ['@write', 'o/sweep.json', '{}'], ['@append', 'o/results.jsonl', '\n\n[]\n']]), [...sweep, '--out', 'o', '--resume']];
      break;
    default:
      steps = [[...sweep, ...sweepFlags(c), ...sweepFlags(c)]];
      if (c.chance(0.2)) steps[0] = ['@head', c.pick(['0', '10', '200']), ...steps[0]];
  }
  mutations.push(`flags: ${steps.map((s) => s.join(' ')).join(' ; ')}`);
  return { files, steps, mutations };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Leaf field paths of a JSON document, for --set. */
function fieldPaths(text: string): string[] {
  return slots(parse(text), 2000).filter((s) => typeof s.value !== 'object' || s.value === null).map((s) => s.path);
}

function variantNames(text: string): string[] {
  const doc = parse(text) as { variants?: unknown } | undefined;
  return doc && typeof doc.variants === 'object' && doc.variants !== null ? Object.keys(doc.variants) : [];
}
