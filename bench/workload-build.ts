/**
 * A workload's build time (the jobs and their blocks placed in HDFS), fb2010-day's by default (24,442 jobs, 16 M
 * blocks): on one thread (buildWorkload) and on the cores (src/actors/place-threads.ts), alternating in one process,
 * with the blocks checked identical:
 *   npm run build && node dist/bench/workload-build.js [scenario.json] [--repeat 3] [--threads n]
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { buildWorkloadOnThreads } from '../src/actors/place-threads.js';
import { loadScenario } from '../src/cli/load-scenario.js';
import type { BlockStore } from '../src/core/hdfs.js';
import { makeRng } from '../src/core/rng.js';
import { makeTopology } from '../src/core/topology.js';
import { buildWorkload } from '../src/core/workload.js';
import { readFlags } from './flags.js';

const flags = readFlags({ script: 'workload-build', usage: 'usage: node dist/bench/workload-build.js [scenario.json] [--repeat 3] [--threads n]', flags: { '--repeat': 'value', '--threads': 'value' }, positionals: { min: 0, max: 1 } });
const file = flags.positionals[0] ?? join(import.meta.dirname, '..', '..', 'scenarios', 'fb2010-day.json');
const threads = flags.count('--threads', availableParallelism(), 1);
const repeat = flags.count('--repeat', 3, 1);
const { scenario: s, trace } = flags.input(() => loadScenario(file).variants[0]);
const topology = makeTopology(s.cluster, s.seed);

/** A sum over every replica and count, position-weighted: equal stores give equal sums. */
function fingerprint(b: BlockStore): number {
  let h = 0;
  for (let id = 0; id < b.blocks; id++) {
    h = (Math.imul(h, 31) + b.replicaCount(id)) | 0;
    for (let i = 0; i < b.replicaCount(id); i++) h = (Math.imul(h, 31) + b.replica(id, i)) | 0;
  }
  return h;
}

let one: number | undefined;
for (let i = 0; i < repeat; i++) {
  for (const t of [1, threads]) {
    const started = performance.now();
    const w = t === 1 ? buildWorkload(s, topology, makeRng(s.seed), trace) : await buildWorkloadOnThreads(s, topology, makeRng(s.seed), trace, t);
    const ms = Math.round(performance.now() - started);
    const f = fingerprint(w.blocks);
    if (one !== undefined && f !== one) throw new Error(`${t} threads: the blocks differ from one thread's`);
    one = f;
    console.log(`${s.name}: ${w.jobs.length} jobs, ${w.blocks.blocks} blocks built in ${ms} ms on ${t} thread${t > 1 ? 's' : ''}`);
  }
}
console.log('blocks identical on every build');
