/**
 * `hfsim run --dry-run`: what a run would simulate, without simulating it. The scenario, its trace, allocation files,
 * plugins and flags are loaded and checked as for a run (so every error and warning a run gives before it starts
 * comes here too), and each variant's workload is planned as the master plans it (the same seed gives the same jobs),
 * then described: a line a variant, or with --json an object a variant. Nothing is written.
 */
import { makeRng } from '../core/rng.js';
import { makeTopology, schedulerView } from '../core/topology.js';
import { planWorkload } from '../core/workload.js';
import { counted } from './format.js';
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

/** What a variant would run: its workload planned as MasterActor plans it (same topology view, same seeded stream). */
export function planVariant(v: LoadedVariant): PlannedVariant {
  const s = v.scenario;
  const c = s.cluster;
  const { jobs } = planWorkload(s, schedulerView(makeTopology(c, s.seed), c.network.rackAware), makeRng(s.seed), v.trace);
  let maps = 0;
  let reduces = 0;
  for (const j of jobs) {
    maps += j.blocks.length;
    reduces += j.reduces;
  }
  const nodes = c.racks * c.nodesPerRack;
  return {
    variant: v.name, seed: s.seed, policy: s.scheduler.policy, delay: s.scheduler.delay.mode, network: c.network.model,
    replication: s.scheduler.replication?.policy ?? null, jobs: jobs.length, maps, reduces, racks: c.racks, nodes,
    mapSlots: nodes * c.mapSlotsPerNode, reduceSlots: nodes * c.reduceSlotsPerNode,
  };
}

/** A plan in format.ts describe()'s words, after the policy, gate and network model. */
export function planLine(p: PlannedVariant): string {
  const replication = p.replication === null ? '' : `, replication ${p.replication}`;
  return `${p.policy}, delay ${p.delay}, ${p.network} network${replication}; ${counted(p.jobs, 'job')} (${counted(p.maps, 'map')}, ${counted(p.reduces, 'reduce')}), ` +
    `${counted(p.nodes, 'node')} in ${counted(p.racks, 'rack')}, ${p.mapSlots.toLocaleString('en-US')} map + ${p.reduceSlots.toLocaleString('en-US')} reduce slots, seed ${p.seed}`;
}

/** The dry run's output: the table's text, or with `json` the plans as a JSON array (one --variant: an array of one). */
export function dryRunOutput(loaded: LoadedScenario, json: boolean): string {
  const plans = loaded.variants.map(planVariant);
  if (json) return JSON.stringify(plans, null, 2) + '\n';
  // A name's newline or escape shown escaped, as the comparison's titles are.
  const lines = [`${loaded.name}: ${counted(plans.length, 'variant')} would run (--dry-run: nothing simulated, no file written)`];
  for (const p of plans) lines.push(`  ${JSON.stringify(p.variant).slice(1, -1)}: ${planLine(p)}`);
  return lines.join('\n') + '\n';
}
