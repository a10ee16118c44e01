/**
 * A parent pool whose min share is below its children's: under preemption a child starved past its min-share timeout
 * has a slot's holder killed, and the root's order offers the freed slot to the parent that is below no min share of
 * its own no sooner than to the holder's, which can take it again: the run may kill without end and stop with "kills
 * tasks before any can end" (README, Pools, preemption, capacity). YARN runs such a tree as written, so hfsim does too,
 * told at load, naming the parent and the children whose min shares it does not cover.
 */
import type { Scenario } from '../core/scenario.js';
import { ownsPoolShares } from '../core/framework/builtins.js';
import { andList } from '../core/shown-value.js';
import { ownEntries, schedulerFilePath } from './scheduler-files.js';
import { warnOnce } from './warn.js';

type Entry = { name: string; parent?: string; minMaps: number; minReduces: number; minSharePreemptionTimeoutMs?: number };
const KINDS = ['minMaps', 'minReduces'] as const;
const SHOWN_CHILDREN = 3;

export function warnParentMinsBelowChildren(raw: Record<string, unknown>, scenario: Scenario, scenarioFile: string): void {
  const s = scenario.scheduler;
  if (s.parentPools.length === 0 || !s.preemption.enabled || s.preemption.policy !== 'hfs' || ownsPoolShares(s.policy)) return;
  const children = new Map<string, Entry[]>();
  for (const c of [...s.pools, ...s.parentPools] as Entry[]) {
    if (c.parent !== undefined) children.set(c.parent, [...(children.get(c.parent) ?? []), c]);
  }
  const leaves = new Set(s.pools.map((p) => p.name));
  // A pool whose own min share of the kind can start a kill: it has one, and a min-share timeout (its own or the default).
  const mayKill = (c: Entry, min: (typeof KINDS)[number]): boolean => leaves.has(c.name)
    ? c[min] > 0 && (c.minSharePreemptionTimeoutMs ?? s.minSharePreemptionTimeoutMs) !== undefined
    : (children.get(c.name) ?? []).some((g) => mayKill(g, min));
  const own = new Map(ownEntries(raw, 'parentPools').map((p, i) => [p?.name, i]));
  const file = schedulerFilePath(s.allocationFile, scenarioFile);
  for (const parent of s.parentPools) {
    const under = children.get(parent.name) ?? [];
    for (const min of KINDS) {
      const sum = under.reduce((total, c) => total + c[min], 0);
      if (sum <= parent[min] || !under.some((c) => mayKill(c, min))) continue;
      const named = under.filter((c) => c[min] > 0).map((c) => `"${c.name}" ${c[min]}`);
      const shown = named.length <= SHOWN_CHILDREN ? andList(named) : `${named.slice(0, SHOWN_CHILDREN).join(', ')} and ${named.length - SHOWN_CHILDREN} more`;
      const i = own.get(parent.name);
      const fromFile = i === undefined && file !== undefined;
      const at = fromFile ? `${file}: parent pool "${parent.name}": ${min} ${parent[min]}` : `${scenarioFile}: scheduler.parentPools[${i ?? '?'}].${min} ${parent[min]}`;
      warnOnce(`${at} is below its children's ${sum} (${shown}): preemption for a child's min share can kill without end (the parent, below no min share of its own, is not offered the freed slot first, so the pool it was taken from may take it back), and such a run stops with "kills tasks before any can end"; give parent pool "${parent.name}" ${min} at least ${sum}${fromFile ? ' (its <minResources> in the file)' : ''}, or lower its children's`);
    }
  }
}
