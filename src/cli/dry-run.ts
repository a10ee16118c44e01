/**
 * `hfsim run --dry-run`: what a run would simulate, without simulating it. The scenario, its trace, allocation files,
 * plugins and flags are loaded and checked as for a run, and each variant's master is built as the run builds it: its
 * workload (the same seed gives the same jobs and blocks), its scheduler and the plugins' create() (so every error and
 * warning a run gives before its first heartbeat comes here too). Then it is described: a line a variant, or with
 * --json an object a variant. Nothing is simulated or written.
 */
import { loadSolver } from '../actors/highs-solver.js';
import { type BuildListener, buildTicker } from '../actors/run-progress.js';
import { MasterActor } from '../actors/master-actor.js';
import { buildWorkloadOnThreads } from '../actors/place-threads.js';
import { keptMix } from '../actors/last-submits.js';
import { policies } from '../core/framework/builtins.js';
import { makeRng } from '../core/rng.js';
import { makeTopology, schedulerView } from '../core/topology.js';
import { counted, describeShape, oneLine } from './format.js';
import type { LoadedScenario, LoadedVariant } from './load-scenario.js';

/** One variant's plan (--dry-run --json prints an array of these). */
export interface PlannedVariant {
  variant: string;
  seed: number;
  policy: string;
  delay: string;
  network: string;
  /** The replication policy's name; null: none. */
  replication: string | null;
  jobs: number;
  maps: number;
  reduces: number;
  racks: number;
  nodes: number;
  mapSlots: number;
  reduceSlots: number;
}

/**
 * What a variant would run: its workload built as MasterActor builds it (same topology view, same seeded stream), and
 * its master built on it, as simulate() builds it (the solver loaded for a policy that needs one).
 */
export async function planVariant(v: LoadedVariant, building?: BuildListener): Promise<PlannedVariant> {
  const s = v.scenario;
  const c = s.cluster;
  // on this thread, as a run's (a Ctrl-C while it is told clears the bar)
  const workload = await buildWorkloadOnThreads(s, schedulerView(makeTopology(c, s.seed), c.network.rackAware), makeRng(s.seed), v.trace, 1, undefined, building && buildTicker(building), keptMix(s));
  const solver = policies.find(s.scheduler.policy).needsSolver ? await loadSolver() : undefined;
  new MasterActor(s, { workload, trace: v.trace, solver, timeDecisions: false }); // built for its checks, run never
  let maps = 0;
  let reduces = 0;
  for (const j of workload.jobs) {
    maps += j.blocks.length;
    reduces += j.reduces;
  }
  const nodes = c.racks * c.nodesPerRack;
  return {
    variant: v.name, seed: s.seed, policy: s.scheduler.policy, delay: s.scheduler.delay.mode, network: c.network.model,
    replication: s.scheduler.replication?.policy ?? null, jobs: workload.jobs.length, maps, reduces, racks: c.racks, nodes,
    mapSlots: nodes * c.mapSlotsPerNode, reduceSlots: nodes * c.reduceSlotsPerNode,
  };
}

/** A plan: its policy, gate and network model, then format.ts's words for a run's jobs and cluster. */
export function planLine(p: PlannedVariant): string {
  const replication = p.replication === null ? '' : `, replication ${p.replication}`;
  return `${p.policy}, delay ${p.delay}, ${p.network} network${replication}; ${describeShape(p)}`;
}

/**
 * The dry run's output: the table's text, or with `json` the plans as a JSON array (one --variant: an array of one);
 * `building` gives the listener of each variant's workload build (its progress, as a run's).
 */
export async function dryRunOutput(loaded: LoadedScenario, json: boolean, building?: (variant: string) => BuildListener): Promise<string> {
  const plans: PlannedVariant[] = [];
  for (const v of loaded.variants) plans.push(await planVariant(v, building?.(v.name))); // one at a time: a variant's workload may be large
  if (json) return JSON.stringify(plans, null, 2) + '\n';
  // A name's newline or escape shown escaped, as the comparison shows it.
  const lines = [`${oneLine(loaded.name)}: ${counted(plans.length, 'variant')} would run (--dry-run: nothing simulated, no file written)`];
  for (const p of plans) lines.push(`  ${oneLine(p.variant)}: ${planLine(p)}`);
  return lines.join('\n') + '\n';
}
