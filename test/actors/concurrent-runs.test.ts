/**
 * A library caller's runs at once (Promise.all) give what they give one after another: nothing of one run leaks into
 * another through module state (the registries, the HiGHS runtime Quincy shares, the codec's packer, a plugin's
 * module), though in-process runs that report progress let the event loop turn every 100 ms and so interleave. The
 * compiled library, as a user's project imports it (threads runtime included).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_DIR } from '../helpers.js';

type Api = typeof import('../../src/index.js');
const api = (await import(join(import.meta.dirname, '..', '..', 'dist', 'src', 'index.js'))) as Api;

// A policy of the user's own that keeps per-run state (sized by context.jobs, in what create() returns).
api.registerPolicy('concurrent-runs-lrf', {
  description: 'fewest maps launched first (as its own events counted them), then least remaining',
  create: (_config, context) => {
    const launched = new Int32Array(context.jobs);
    const left = (j: import('../../src/index.js').Job): number => j.maps - j.finishedMaps;
    return {
      createQueue: () => new api.SortedJobQueue((a, b) => launched[a.index] - launched[b.index] || left(a) - left(b) || a.index - b.index),
      events: { mapLaunched: (job) => { launched[job.index]++; } },
    };
  },
});

/** Most 150-500 ms alone, long enough to yield: pools and preemption, Quincy's solver, offers, DSBRA, capacity, the fluid network, and the user's policy. */
const RUNS: Array<[file: string, variant: string, sets?: Array<[string, unknown]>]> = [
  ['head-of-line.json', 'Fair + skip D=10'],
  ['preemption.json', 'Kill (preemption)'],
  ['quincy.json', 'Quincy, no kills'],
  ['hierarchical.json', 'HFS + delay + preemption'],
  ['offers.json', 'Offers, pools as frameworks'],
  ['dsbra.json', 'delay + DSBRA'],
  ['capacity.json', 'Capacity 60/20/20'],
  ['fb-macro-io-oversub.json', 'Fair + delay, 10:1'],
  ['fb-macro-io.json', 'Fair + delay', [['workload.jobs', 40], ['scheduler.policy', 'concurrent-runs-lrf']]],
];

describe('runs at once from one process', () => {
  it('give each run the digest it has alone, interleaved, with the threads runtime beside in-process runs', async () => {
    const variants = RUNS.map(([file, variant, sets]) => api.loadScenario(join(SCENARIO_DIR, file), sets ?? [], undefined, variant).variants[0]);
    const alone: string[] = [];
    for (const v of variants) alone.push((await api.simulate(v.scenario, { variant: v.name, timeDecisions: false })).digest);

    const told: number[] = []; // which run each progress report came from, in the order they came
    const atOnce = await Promise.all(variants.map((v, i) => api.simulate(v.scenario, {
      variant: v.name, timeDecisions: false, progressEveryMs: 0, onProgress: () => told.push(i),
      ...(i === 1 ? { runtime: 'threads' as const, workers: 2 } : {}),
    }).then((r) => r.digest)));
    expect(atOnce).toEqual(alone);

    // They did interleave: some run reported between another's first and last report.
    const interleaved = variants.some((_v, i) => {
      const first = told.indexOf(i);
      const last = told.lastIndexOf(i);
      return told.slice(first, last).some((j) => j !== i);
    });
    expect(interleaved).toBe(true);
  }, 60_000); // 13 s alone on a busy 2-core VM, 20 s beside other test files
});
