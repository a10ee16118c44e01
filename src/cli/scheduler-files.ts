/**
 * Scheduler configuration files a scenario names, relative to its own file: scheduler.allocationFile (Fair
 * Scheduler: MR1 fair-scheduler.xml or a YARN allocation file) and scheduler.capacitySchedulerFile (YARN's
 * capacity-scheduler.xml). Each is read and merged under the scenario's own scheduler fields: a field the scenario
 * sets wins, and a pool, user or queue the scenario lists replaces the file's entry of the same name.
 */
import { dirname, isAbsolute, join } from 'node:path';
import { type KindSlots, readAllocationFile } from './allocation.js';
import { readCapacityFile } from './capacity-file.js';
import { warnOnce } from './warn.js';
import { clusterSlots } from '../core/scenario.js';

/**
 * `raw` with its files merged in, and the allocation file's queueMaxResourcesDefault in slots, if it has one: the cap
 * of a pool a job names that no list holds (resolve-scenario.ts withCreatedPoolCaps).
 */
export function applySchedulerFiles(raw: Record<string, unknown>, scenarioFile: string): { raw: Record<string, unknown>; maxSlotsDefault?: KindSlots } {
  const scheduler = raw.scheduler;
  if (typeof scheduler !== 'object' || scheduler === null || Array.isArray(scheduler)) return { raw };
  const s = scheduler as Record<string, unknown>;
  // Relative to the scenario file's folder, joined to its path as given (errors name the file as the user would).
  const path = (name: unknown): string | undefined => (typeof name === 'string' && name !== '' ? (isAbsolute(name) ? name : join(dirname(scenarioFile), name)) : undefined);
  // Only the policies that read a file have it read; under the others the schema refuses it, saying so.
  const allocationFile = s.policy === 'hfs' || s.policy === 'capacity' ? path(s.allocationFile) : undefined;
  const capacityFile = s.policy === 'capacity' ? path(s.capacitySchedulerFile) : undefined;
  if (allocationFile === undefined && capacityFile === undefined) return { raw };
  let merged: Record<string, unknown> = { ...s };
  let maxSlotsDefault: KindSlots | undefined;
  const cluster = clusterSlots(raw.cluster); // parsed once for both files
  if (allocationFile !== undefined) {
    // A percentage (maxResources "50%") is a share of the cluster's slots: this scenario's, variant and --set applied.
    const { warnings, maxSlotsDefault: fileDefault, ...alloc } = readAllocationFile(allocationFile, cluster);
    maxSlotsDefault = fileDefault;
    for (const w of warnings ?? []) warnOnce(w);
    // The file's queues have the default already; the scenario's pools (its own, or replacing the file's) get it here.
    // Under capacity a pool's caps are not read: nothing is added.
    const own = (field: 'pools' | 'parentPools'): unknown => (fileDefault === undefined || s.policy !== 'hfs' || !Array.isArray(s[field]) ? s[field]
      : (s[field] as unknown[]).map((p, i) => withMaxDefault(p, fileDefault, `${scenarioFile}: scheduler.${field}[${i}]`, allocationFile)));
    merged = { ...withoutUndefined(alloc), ...merged, pools: mergeByName(alloc.pools, own('pools')), users: mergeByName(alloc.users, s.users) };
    if (alloc.parentPools !== undefined) merged.parentPools = mergeByName(alloc.parentPools, own('parentPools'));
    else if (s.parentPools !== undefined) merged.parentPools = own('parentPools');
  }
  if (capacityFile !== undefined) {
    const { warnings, ...capacity } = readCapacityFile(capacityFile);
    for (const w of warnings ?? []) warnOnce(w);
    // YARN waits at most one missed opportunity a node: min(nodes, node-locality-delay) (getActualNodeLocalityDelay).
    if (capacity.delay?.mode === 'skip' && !('invalid' in cluster)) capacity.delay = { mode: 'skip', maxSkips: Math.min(cluster.nodes, capacity.delay.maxSkips) };
    merged = { ...withoutUndefined(capacity), ...merged, queues: mergeByName(capacity.queues, s.queues) };
    if (capacity.parentQueues !== undefined) merged.parentQueues = mergeByName(capacity.parentQueues, s.parentQueues);
  }
  return { raw: { ...raw, scheduler: merged }, maxSlotsDefault };
}

/**
 * A pool the scenario lists, given the allocation file's queueMaxResourcesDefault for each kind it sets no cap of
 * (YARN: every queue that sets no maxResources has the default); a min share above it is lowered to it, told, as YARN
 * runs such a queue (its fair share is capped by its max). Anything but an object is left for the schema to refuse.
 */
function withMaxDefault(pool: unknown, caps: KindSlots, at: string, file: string): unknown {
  if (typeof pool !== 'object' || pool === null || Array.isArray(pool)) return pool;
  const p: Record<string, unknown> = { ...pool };
  for (const [min, max, kind] of [['minMaps', 'maxMaps', 'maps'], ['minReduces', 'maxReduces', 'reduces']] as const) {
    if (p[max] !== undefined) continue;
    p[max] = caps[kind];
    if (typeof p[min] !== 'number' || p[min] <= caps[kind]) continue;
    warnOnce(`${at}.${min} ${p[min]} is above ${file}'s queueMaxResourcesDefault (${caps[kind]} ${kind}), its ${max}, as the pool sets none: run, as YARN runs it, with its min share lowered to ${caps[kind]}`);
    p[min] = caps[kind];
  }
  return p;
}

/**
 * The file's entries, each replaced by the scenario's of the same name; a replacing entry keeps the file's entry's
 * place in the tree (its `parent`) unless it sets one itself, so overriding a queue's weight does not move it to root.
 */
function mergeByName(fromFile: Array<{ name: string; parent?: string }>, fromScenario: unknown): unknown {
  if (!Array.isArray(fromScenario)) return fromFile;
  const byName = new Map(fromFile.map((x) => [x.name, x]));
  const named = new Set<unknown>();
  const mine = fromScenario.map((x) => {
    if (typeof x !== 'object' || x === null) return x;
    const name = (x as { name?: unknown }).name;
    named.add(name);
    const file = typeof name === 'string' ? byName.get(name) : undefined;
    return file?.parent === undefined || 'parent' in x ? x : { ...x, parent: file.parent };
  });
  return [...fromFile.filter((x) => !named.has(x.name)), ...mine];
}

function withoutUndefined(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
